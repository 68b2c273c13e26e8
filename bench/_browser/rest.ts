/**
 * The REST calls of the libraries that take a fetch function (TanStack Query, the plain
 * baselines): `fetch` + JSON, the same requests signal-cache's and data-client's endpoints send.
 */
import type { Issue, IssueState, User } from './fixtures.js';
import type { Library } from './harness.js';
import { request } from './server.js';

export interface ListArgs {
  count: number;
  state?: IssueState;
}

export const api = {
  issues: ({ count, state }: ListArgs) =>
    request<Issue[]>('GET', `/issues?count=${count}${state === undefined ? '' : `&state=${state}`}`),
  issue: (number: number) => request<Issue>('GET', `/issues/${number}`),
  updateIssue: (number: number, fields: Partial<Issue>) => request<Issue>('PATCH', `/issues/${number}`, fields),
  updateUser: (login: string, fields: Partial<User>) => request<User>('PATCH', `/users/${login}`, fields),
  createIssue: (title: string, login: string) =>
    request<Issue>('POST', '/issues?state=open', { title, user: { login } }),
  deleteIssue: (number: number) => request<{ number: number }>('DELETE', `/issues/${number}`),
};

/**
 * The writes of a page that refreshes after each (TanStack's invalidation, the baselines'
 * refetch): the request, then `refresh()`; errors are logged.
 */
export function refetching(refresh: () => unknown, resetStore: () => void = () => {}): Library {
  const write = (p: Promise<unknown>) => void p.then(refresh).catch((error) => console.error(error));
  return {
    updateIssueTitle: (number, title) => write(api.updateIssue(number, { title })),
    updateUserName: (login, name) => write(api.updateUser(login, { name })),
    createIssue: (title, login) => write(api.createIssue(title, login)),
    deleteIssue: (number) => write(api.deleteIssue(number)),
    moveIssue: (number, state) => write(api.updateIssue(number, { state })),
    resetStore,
  };
}
