/**
 * A users API on the real HTTP fixture, shared by the binding tests: `GET /users`,
 * `GET /users/:id` (404 when missing), a database to edit, and a gate that holds every
 * answer so a test can look at the pending state. Exports are live bindings: `start()`
 * assigns `server`, `getUser` and `getUsers`.
 */
import { RestEndpoint } from '../../src/index.js';
import { User, makeUsers } from './models.js';
import { json, startServer, type TestServer } from './server.js';

export let server: TestServer;
export const db = new Map<string, { id: string; name: string; isAdmin: boolean }>();
export let getUser: RestEndpoint<'/users/:id', {}, 'GET', unknown, any, typeof User>;
export let getUsers: RestEndpoint<'/users', {}, 'GET', unknown, any, (typeof User)[]>;
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
  getUser = new RestEndpoint({ urlPrefix: server.url, path: '/users/:id', schema: User });
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
