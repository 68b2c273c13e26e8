/**
 * signal-cache's models and endpoints for W25, shared by its Solid and its Preact page:
 * entities with nested users and labels, `resource()` endpoints, optimistic writes and two
 * derived views (`Query`). Written as the README shows (Mutations, Lists after a mutation).
 */
import { type Controller, Entity, Query, resource } from 'signal-cache';
import type { IssueState } from './fixtures.js';
import { serverOrder, sortByTitle } from './fixtures.js';
import type { Library } from './harness.js';

export class Label extends Entity {
  id = 0;
  name = '';
  color = '';
  description = '';
  default = false;
  pk() {
    return this.id;
  }
  static override key = 'Label';
}

export class User extends Entity {
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
  static override key = 'User';
}

export class Issue extends Entity {
  id = 0;
  number = 0;
  title = '';
  body = '';
  state: IssueState = 'open';
  locked = false;
  comments = 0;
  labels: Label[] = [];
  user = undefined as unknown as User;
  htmlUrl = '';
  authorAssociation = 'NONE';
  createdAt = '';
  updatedAt = '';
  closedAt: string | null = null;
  pk() {
    return this.number;
  }
  static override key = 'Issue';
  static override schema = { user: User, labels: [Label] };
}

/** Lists are fetched by `count`, which does not filter: an added issue joins every list of its state. */
export const IssueResource = resource({
  path: '/issues/:number',
  searchParams: {} as { count?: number; state?: IssueState },
  schema: Issue,
  collection: { nonFilterArgumentKeys: ['count'] },
  dataExpiryLength: Infinity,
});

export const UserResource = resource({ path: '/users/:login', schema: User, dataExpiryLength: Infinity });

/** PATCH an issue; the new fields show at once. */
export const updateIssue = IssueResource.partialUpdate.extend({
  getOptimisticResponse: (_snap, params: { number: number }, body: Partial<Issue>) => ({
    number: params.number,
    ...body,
  }),
});

/** PATCH a user; every issue by them shows it at once. */
export const updateUser = UserResource.partialUpdate.extend({
  getOptimisticResponse: (_snap, params: { login: string }, body: Partial<User>) => ({ login: params.login, ...body }),
});

/** POST an issue: it joins the top of the matching lists at once, under a temporary number. */
export const createIssue = IssueResource.getList.unshift.extend({
  getOptimisticResponse: (snap, _params: { state?: IssueState }, body: { title: string; user: { login: string } }) => ({
    number: -snap.fetchedAt,
    ...body,
  }),
});

/** DELETE an issue: every list drops it at once. */
export const deleteIssue = IssueResource.delete.extend({
  getOptimisticResponse: (_snap, params: { number: number }) => params,
});

/** PATCH an issue's state: it leaves the lists of the old state and joins those of the new one at once. */
export const moveIssue = IssueResource.getList.move.extend({
  getOptimisticResponse: (_snap, params: { number: number }, body: { state: IssueState }) => ({
    number: params.number,
    ...body,
  }),
});

/** The list of `{ count }` sorted by title, recomputed only when an issue of it changes. */
export const sortedIssues = new Query(IssueResource.getList.schema, (issues, _args: { count: number }) =>
  sortByTitle(issues),
);

/**
 * A state list in the server's order: `move` appends the moved issue, the server lists by
 * number (serverOrder), so the view orders the list as the server would.
 */
export const stateIssues = new Query(
  IssueResource.getList.schema,
  (issues, _args: { state: IssueState; count: number }) => [...issues].sort(serverOrder),
);

/** The harness's writes through a Controller. */
export function library(ctrl: Controller): Library {
  const quiet = (p: Promise<unknown>) => void p.catch((error) => console.error(error));
  return {
    updateIssueTitle: (number, title) => quiet(ctrl.fetch(updateIssue, { number }, { title })),
    updateUserName: (login, name) => quiet(ctrl.fetch(updateUser, { login }, { name })),
    createIssue: (title, login) => quiet(ctrl.fetch(createIssue, { state: 'open' }, { title, user: { login } })),
    deleteIssue: (number) => quiet(ctrl.fetch(deleteIssue, { number })),
    moveIssue: (number, state) => quiet(ctrl.fetch(moveIssue, { number }, { state })),
    resetStore: () => ctrl.resetEntireStore(),
    gc: () => void ctrl.gc(),
  };
}
