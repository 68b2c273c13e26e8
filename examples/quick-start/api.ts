// The quick start's models and endpoints, shared by its Solid, Preact and vanilla apps.
// The API is examples/server.mjs, on the same origin.
import { All, Entity, Query, RestEndpoint } from 'signal-cache';

export class User extends Entity {
  id = '';
  name = '';
  pk() {
    return this.id;
  }
  static key = 'User';
}

export class Issue extends Entity {
  id = '';
  title = '';
  open = true;
  author: User | undefined = undefined; // a nested entity: stored once, as a User row
  pk() {
    return this.id;
  }
  static key = 'Issue';
  static schema = { author: User };
}

/** GET /api/issues: the newest issues, each with its author. */
export const getIssues = new RestEndpoint({ path: '/api/issues', schema: [Issue] });

/** PATCH /api/issues/:id: shown at once, rolled back if the server refuses. */
export const setOpen = new RestEndpoint({
  path: '/api/issues/:id',
  method: 'PATCH',
  body: {} as { open: boolean },
  schema: Issue,
  getOptimisticResponse: (_snap, params: { id: string }, body: { open: boolean }) => ({ ...params, ...body }),
});

/** How many cached issues are open: counted again only when an issue changes. */
export const openCount = new Query(new All(Issue), (issues) => issues.filter((issue) => issue.open).length);
