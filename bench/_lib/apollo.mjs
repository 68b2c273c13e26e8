/**
 * Apollo side: `InMemoryCache` with `keyFields` type policies, written with
 * `writeQuery` / `writeFragment`, read with `readQuery` / `readFragment`, subscribed with
 * `cache.watch` (what `useFragment` / `watchFragment` build on). Data carries
 * `__typename`, as a GraphQL response does.
 */
import { InMemoryCache } from '@apollo/client/cache';
import { gql } from '@apollo/client';

export const typePolicies = {
  Project: { keyFields: ['id'] },
  BuildType: { keyFields: ['id'] },
  Row: { keyFields: ['id'] },
  User: { keyFields: ['id'] },
  Issue: { keyFields: ['id'] },
  IssueUser: { keyFields: ['id'] },
};

export function createCache() {
  return new InMemoryCache({ typePolicies });
}

export const PROJECTS = gql`
  query Projects {
    projects {
      id
      name
      description
      archived
      parentProjectId
      webUrl
      buildTypes {
        id
        name
        projectId
        description
        paused
        webUrl
      }
    }
  }
`;

export const BUILD_TYPE = gql`
  fragment BuildTypeFields on BuildType {
    id
    name
    projectId
    description
    paused
    webUrl
  }
`;

export const ROWS = gql`
  query Rows {
    rows {
      id
      name
      email
      age
      score
      active
    }
  }
`;

export const ROW = gql`
  fragment RowFields on Row {
    id
    name
    email
    age
    score
    active
  }
`;

export const ISSUES = gql`
  query Issues {
    issues {
      id
      number
      title
      state
      comments
      createdAt
      user {
        id
        login
        name
        avatarUrl
      }
    }
  }
`;

export const ISSUE = gql`
  fragment IssueFields on Issue {
    id
    number
    title
    state
    comments
    createdAt
    user {
      id
      login
      name
      avatarUrl
    }
  }
`;

export const ISSUE_USER = gql`
  fragment IssueUserFields on IssueUser {
    id
    login
    name
    avatarUrl
  }
`;

/**
 * Subscribes one watch per fragment id; `runs` counts callbacks after the immediate
 * first delivery.
 */
export function watchFragments(cache, fragment, ids) {
  const counter = { runs: 0, disposers: [] };
  const query = cache.getFragmentDoc(fragment);
  for (const id of ids) {
    let first = true;
    counter.disposers.push(
      cache.watch({
        query,
        id,
        optimistic: true,
        returnPartialData: true,
        immediate: true,
        callback() {
          if (first) first = false;
          else counter.runs++;
        },
      }),
    );
  }
  counter.dispose = () => counter.disposers.forEach((d) => d());
  return counter;
}
