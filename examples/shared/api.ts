/**
 * The issue tracker's models and endpoints, shared by the Solid and the Preact app.
 * The API is served on the same origin (examples/server.mjs), so paths are relative.
 */
import { All, Entity, Query, RestEndpoint, resource } from 'signal-cache';

export class User extends Entity {
  id = '';
  name = '';
  pk() {
    return this.id;
  }
  static override key = 'User';
}

export class Issue extends Entity {
  id = '';
  title = '';
  open = true;
  /** Nested entity: stored once as a User row, read back as a User. */
  author: User | undefined = undefined;
  pk() {
    return this.id;
  }
  static override key = 'Issue';
  static override schema = { author: User };
}

/** Issues a page of `getIssues`. */
export const PAGE_SIZE = 5;

/** `GET /api/issues?page=n` → one page of issues, newest first. */
export const getIssues = new RestEndpoint({
  path: '/api/issues',
  searchParams: {} as { page: number },
  schema: [Issue],
  name: 'getIssues',
});

/** get, create (POST), partialUpdate (PATCH) and delete of one issue. */
export const IssueResource = resource({ path: '/api/issues/:id', schema: Issue });

/**
 * Close or reopen an issue, shown at once: the row changes before the server answers,
 * and a failure rolls it back (an optimistic update).
 */
export const toggleIssue = IssueResource.partialUpdate.extend({
  name: 'toggleIssue',
  getOptimisticResponse(_snap, params: { id: string }, body: { open: boolean }) {
    return { id: params.id, open: body.open };
  },
});

/** How many of the cached issues are open: recomputed only when an issue changes. */
export const openCount = new Query(new All(Issue), (issues) => issues.filter((issue) => issue.open).length);

/** Every cached page of the list: after a create or a delete, the mounted page refetches. */
export const isIssueList = (key: string) => key.startsWith('GET /api/issues?');
