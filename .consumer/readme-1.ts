import { Controller, Entity, RestEndpoint, Query, All, effect } from 'signal-cache';

class User extends Entity {
  id = '';
  name = '';
  isAdmin = false;
  pk() { return this.id; }
  static key = 'User';
}

const getUsers = new RestEndpoint({ urlPrefix: 'https://api.example.com', path: '/users', schema: [User] });
const getUser = new RestEndpoint({ urlPrefix: 'https://api.example.com', path: '/users/:id', schema: User });
const userCount = new Query(new All(User), (users, { isAdmin } = {}) =>
  isAdmin === undefined ? users.length : users.filter((u) => u.isAdmin === isAdmin).length);

const ctrl = new Controller();
await ctrl.fetch(getUsers);

// Re-runs only when the admin count's inputs change; `undefined` until cached.
effect(() => console.log('admins', ctrl.get(userCount, { isAdmin: true })));
// Re-runs only when user 1's row changes, whichever response wrote it.
effect(() => console.log('user 1', ctrl.get(User, { id: '1' })?.name));

await ctrl.fetch(getUser, { id: '2' }); // user 2 changed: only readers of user 2 re-run
export {};
