/**
 * A users API on the real HTTP fixture, shared by the binding tests: `GET /users`,
 * `GET /users/:id` (404 when missing), `GET /pages/:n` (two users a page), `PATCH` and
 * `DELETE /users/:id`, a database to edit, and a gate that holds every answer so a test
 * can look at the pending state. Exports are live bindings: `start()` assigns `server`
 * and the endpoints.
 */
import { Invalidate, RestEndpoint } from '../../src/index.js';
import { User, makeUsers } from './models.js';
import { json, startServer, type TestServer } from './server.js';

export let server: TestServer;
export const db = new Map<string, { id: string; name: string; isAdmin: boolean }>();
export let getUser: RestEndpoint<'/users/:id', {}, 'GET', unknown, any, typeof User>;
export let getUsers: RestEndpoint<'/users', {}, 'GET', unknown, any, (typeof User)[]>;
export let getPage: RestEndpoint<'/pages/:n', {}, 'GET', unknown, any, (typeof User)[]>;
export let updateUser: RestEndpoint<'/users/:id', {}, 'PATCH', unknown, any, typeof User>;
export let deleteUser: RestEndpoint<'/users/:id', {}, 'DELETE', unknown, any, Invalidate>;
/** Users a page of `GET /pages/:n`. */
export const PAGE_SIZE = 2;
/** Requests wait for this before answering, so a test can look at the pending state. */
let gate: Promise<void> = Promise.resolve();

/** Starts the server and creates the endpoints. */
export async function start() {
  server = await startServer();
  server.route('GET', '/users', async (_req, res) => {
    await gate;
    json(res, 200, [...db.values()]);
  });
  server.route('GET', '/users/:id', async (req, res) => {
    await gate;
    const user = db.get(req.params.id);
    if (user) json(res, 200, user);
    else json(res, 404, { error: 'not found' });
  });
  server.route('GET', '/pages/:n', async (req, res) => {
    await gate;
    const start = (Number(req.params.n) - 1) * PAGE_SIZE;
    json(res, 200, [...db.values()].slice(start, start + PAGE_SIZE));
  });
  server.route('PATCH', '/users/:id', async (req, res) => {
    await gate;
    const user = db.get(req.params.id);
    if (!user) return json(res, 404, { error: 'not found' });
    Object.assign(user, JSON.parse(req.body));
    json(res, 200, user);
  });
  server.route('DELETE', '/users/:id', async (req, res) => {
    await gate;
    if (!db.delete(req.params.id)) return json(res, 404, { error: 'not found' });
    json(res, 200, { id: req.params.id });
  });
  getUser = new RestEndpoint({ urlPrefix: server.url, path: '/users/:id', schema: User });
  getPage = new RestEndpoint({ urlPrefix: server.url, path: '/pages/:n', schema: [User] });
  updateUser = new RestEndpoint({ urlPrefix: server.url, path: '/users/:id', method: 'PATCH', schema: User });
  deleteUser = new RestEndpoint({
    urlPrefix: server.url,
    path: '/users/:id',
    method: 'DELETE',
    schema: new Invalidate(User),
  });
  getUsers = new RestEndpoint({ urlPrefix: server.url, path: '/users', schema: [User] });
}

/** Fills the database with `n` users, forgets the recorded requests, opens the gate. */
export function reset(n: number) {
  db.clear();
  for (const user of makeUsers(n)) db.set(user.id, user);
  server.requests.length = 0;
  gate = Promise.resolve();
}

/** Closes the gate; the returned function opens it. */
export function hold(): () => void {
  let open!: () => void;
  gate = new Promise((resolve) => (open = resolve));
  return open;
}
