/**
 * W25 page: `@data-client/react` 0.10 (with `@data-client/rest` 0.9, as published) on React
 * 18, written as its docs show: `createResource` with `optimistic: true`, a Collection
 * whose `count` argument does not filter, `useDLE` for lists, `useSuspense` for one issue,
 * a `Query` read with `useCache` for the sorted view. 0.10's Collection has no `move`: a
 * state change is a PATCH, then the state lists are expired and refetch (`expireAll`).
 */
import { CacheProvider, type Controller, useCache, useController, useDLE, useSuspense } from '@data-client/react';
import { Entity, Query, type SnapshotInterface, createResource, schema } from '@data-client/rest';
import type { ComponentType } from 'react';
import type { Issue as IssueData, IssueState } from './fixtures.js';
import { serverOrder, sortByTitle } from './fixtures.js';
import { reportList } from './harness.js';
import { ListPanel, SortedPanel, StatePanel } from './vdom/components.js';
import { start } from './vdom/shell.js';

class LabelEntity extends Entity {
  id = 0;
  name = '';
  color = '';
  description = '';
  default = false;
  pk() {
    return `${this.id}`;
  }
  static key = 'Label';
}

class UserEntity extends Entity {
  id = 0;
  login = '';
  name = '';
  avatarUrl = '';
  htmlUrl = '';
  type = 'User';
  siteAdmin = false;
  company = '';
  blog = '';
  location = '';
  email = '';
  bio = '';
  publicRepos = 0;
  followers = 0;
  following = 0;
  createdAt = '';
  updatedAt = '';
  pk() {
    return this.login;
  }
  static key = 'User';
}

class IssueEntity extends Entity {
  id = 0;
  number = 0;
  title = '';
  body = '';
  state: IssueState = 'open';
  locked = false;
  comments = 0;
  labels: LabelEntity[] = [];
  user = UserEntity.fromJS();
  htmlUrl = '';
  authorAssociation = 'NONE';
  createdAt = '';
  updatedAt = '';
  closedAt: string | null = null;
  pk() {
    return `${this.number}`;
  }
  static key = 'Issue';
  static schema = { user: UserEntity, labels: [LabelEntity] };
}

/** Lists are fetched by `count`, which does not filter. */
class IssueCollection extends schema.Collection<any, any> {
  constructor(s: any, options?: any) {
    super(s, { ...options, nonFilterArgumentKeys: ['count'] });
  }
}

const IssueResource = createResource({
  path: '/issues/:number',
  schema: IssueEntity,
  Collection: IssueCollection as typeof schema.Collection,
  optimistic: true,
  dataExpiryLength: Infinity,
});

const UserResource = createResource({
  path: '/users/:login',
  schema: UserEntity,
  optimistic: true,
  dataExpiryLength: Infinity,
});

/** POST an issue to the top of the lists; shown at once under a temporary number. */
const createIssue = IssueResource.getList.unshift.extend({
  getOptimisticResponse(snap: SnapshotInterface, ...args: any[]) {
    return { ...args.at(-1), number: -snap.fetchedAt };
  },
});

const sortedIssues = new Query(IssueResource.getList.schema, (issues: any[]) => sortByTitle(issues));
const stateIssues = new Query(IssueResource.getList.schema, (issues: any[]) => [...issues].sort(serverOrder));

let controller: Controller;

function Bridge() {
  controller = useController();
  return null;
}

function List({ count, limit }: { count: number; limit?: number }) {
  const { data } = useDLE(IssueResource.getList, { count });
  if (!data) return null;
  reportList(data as any);
  return <ListPanel issues={data as any} limit={limit} />;
}

function Sorted({ count, limit }: { count: number; limit?: number }) {
  useDLE(IssueResource.getList, { count });
  const sorted = useCache(sortedIssues, { count });
  if (!sorted) return null;
  return <SortedPanel issues={sorted as any} limit={limit} />;
}

function StateList({ state, count, limit }: { state: IssueState; count: number; limit?: number }) {
  useDLE(IssueResource.getList, { state, count });
  const issues = useCache(stateIssues, { state, count });
  if (!issues) return null;
  return <StatePanel state={state} issues={issues as any} limit={limit} />;
}

function Issue({ number, Panel }: { number: number; Panel: ComponentType<{ issue: IssueData }> }) {
  const issue = useSuspense(IssueResource.get, { number });
  return <Panel issue={issue as any} />;
}

const quiet = (p: Promise<unknown>) => void p.catch((error) => console.error(error));
const isStateList = (key: string) => key.startsWith('GET /issues?') && key.includes('state=');

start(
  { List, Sorted, StateList, Issue },
  {
    updateIssueTitle: (number, title) => quiet(controller.fetch(IssueResource.partialUpdate, { number }, { title })),
    updateUserName: (login, name) => quiet(controller.fetch(UserResource.partialUpdate, { login }, { name })),
    createIssue: (title, login) =>
      quiet(controller.fetch(createIssue, { state: 'open' }, { title, user: { login } } as any)),
    deleteIssue: (number) => quiet(controller.fetch(IssueResource.delete, { number })),
    moveIssue: (number, state) =>
      quiet(
        controller
          .fetch(IssueResource.partialUpdate, { number }, { state })
          .then(() => controller.expireAll({ testKey: isStateList })),
      ),
    resetStore: () => void controller.resetEntireStore(),
  },
  (children) => (
    <CacheProvider devButton={null}>
      <Bridge />
      {children}
    </CacheProvider>
  ),
);
