/** The playground's schema, endpoints and queries: what an app would write. */
import { All, Entity, Query, RestEndpoint } from '../../src/index.js';
import { mockFetch, type UserData } from './mockServer.js';

export class User extends Entity {
  id = '';
  name = '';
  isAdmin = false;
  pk() {
    return this.id;
  }
  static override key = 'User';
}

/** Every endpoint answers from the in-page mock server instead of the network. */
const mock = { fetchResponse: mockFetch };

export const getUsers = new RestEndpoint({ ...mock, path: '/users', schema: [User] });

export const createUser = new RestEndpoint({
  ...mock,
  path: '/users',
  method: 'POST',
  body: {} as { name: string },
  schema: User,
});

export const updateUser = new RestEndpoint({
  ...mock,
  path: '/users/:id',
  method: 'PATCH',
  body: {} as Partial<Omit<UserData, 'id'>>,
  schema: User,
});

/** Number of cached users; with `{ isAdmin }`, of those whose flag matches. */
export const userCount = new Query(new All(User), (users: User[], { isAdmin }: { isAdmin?: boolean } = {}) =>
  isAdmin === undefined ? users.length : users.filter((u) => u.isAdmin === isAdmin).length,
);
