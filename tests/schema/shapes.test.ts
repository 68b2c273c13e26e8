// Shapes: an empty response where the schema expects data, a bare string where it
// expects an entity, and null members of lists, each fetched from a real server.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Collection, Controller, NetworkError, RestEndpoint, SchemaError } from '../../src/index.js';
import { Post, User } from '../_fixtures/models.js';
import { json, send, startServer, type TestServer } from '../_fixtures/server.js';
import { dev } from '../_fixtures/env.js';

let server: TestServer;
let reply: (res: import('node:http').ServerResponse) => void;
const shapes = suite('shapes');
shapes.before.each(async () => {
  server = await startServer();
  server.route('GET', '/users', (_req, res) => reply(res));
  server.route('GET', '/list', (_req, res) => reply(res));
  server.route('GET', '/users/:id', (_req, res) => reply(res));
});
shapes.after.each(() => server.close());

const endpoints = () => ({
  getUsers: new RestEndpoint({ urlPrefix: server.url, path: '/users', schema: [User], name: 'getUsers' }),
  getList: new RestEndpoint({ urlPrefix: server.url, path: '/list', schema: new Collection([User]), name: 'getList' }),
  getUser: new RestEndpoint({ urlPrefix: server.url, path: '/users/:id', schema: User, name: 'getUser' }),
  getRaw: new RestEndpoint({ urlPrefix: server.url, path: '/users', name: 'getRaw' }),
});

shapes('a 204 or an empty 200 for a list endpoint is a SchemaError; the cached list stays', async () => {
  const { getUsers, getList } = endpoints();
  const ctrl = new Controller();
  reply = (res) => json(res, 200, [{ id: 'u1' }, { id: 'u2' }]);
  // Held across the awaits: a view nothing references may be reclaimed, and computed again
  // to a new array of the same rows (DESIGN rule 8).
  const views = [ctrl.response(getUsers), ctrl.response(getList)];
  const list = await ctrl.fetch(getUsers);
  const collection = await ctrl.fetch(getList);
  for (const empty of [
    (res: any) => send(res, 204, ''),
    (res: any) => send(res, 200, '', { 'content-type': 'application/json' }),
  ]) {
    reply = empty;
    ctrl.expireAll();
    for (const endpoint of [getUsers, getList]) {
      const error = await ctrl.fetch(endpoint).then(
        () => undefined,
        (e) => e,
      );
      assert.instance(error, SchemaError);
      assert.is(error.message, `${endpoint.name}: empty response`);
      assert.is(ctrl.getError(endpoint), error);
    }
    assert.is(views[0]!.value, list);
    assert.is(views[1]!.value, collection);
  }
});

shapes('an empty body for an entity endpoint is a SchemaError; without a schema it resolves null', async () => {
  const { getUser, getRaw } = endpoints();
  const ctrl = new Controller();
  reply = (res) => send(res, 204, '');
  const error = await ctrl.fetch(getUser, { id: 'u1' }).then(
    () => undefined,
    (e) => e,
  );
  assert.instance(error, SchemaError);
  assert.is(error.message, 'getUser: empty response');
  assert.is(await ctrl.fetch(getRaw), null);
});

shapes(
  'an HTML page for an entity endpoint is a NetworkError (status 404, as in data-client) naming the endpoint',
  async () => {
    const { getUser } = endpoints();
    const ctrl = new Controller();
    reply = (res) => send(res, 200, '<html><body>Sign in</body></html>', { 'content-type': 'text/html' });
    const error = await ctrl.fetch(getUser, { id: 'u1' }).then(
      () => undefined,
      (e) => e,
    );
    assert.instance(error, NetworkError);
    assert.is(error.status, 404);
    assert.match(error.message, /^getUser: GET \S+ answered HTML, not JSON/);
    if (dev) assert.match(error.message, 'the entity User needs JSON; no API endpoint may be configured');
    assert.is(ctrl.get(User, { id: 'u1' }), undefined);
  },
);

shapes('a JSON string at the root of an entity response is a SchemaError naming the endpoint', async () => {
  const { getUser } = endpoints();
  const ctrl = new Controller();
  reply = (res) => json(res, 200, 'u1');
  const error = await ctrl.fetch(getUser, { id: 'u1' }).then(
    () => undefined,
    (e) => e,
  );
  assert.instance(error, SchemaError);
  assert.match(error.message, /^getUser: expected a User object at the response, got /);
  assert.is(ctrl.get(User, { id: 'u1' }), undefined);
});

shapes('a string nested where an entity is expected stays a pk', async () => {
  const ctrl = new Controller();
  ctrl.set(User, { id: 'u2', name: 'Bob' });
  reply = (res) => json(res, 200, { id: 'p1', title: 'T', author: 'u2' });
  const getPost = new RestEndpoint({ urlPrefix: server.url, path: '/users/:id', schema: Post, name: 'getPost' });
  const post = await ctrl.fetch(getPost, { id: 'p1' });
  assert.is(post.author, ctrl.get(User, { id: 'u2' }));
});

shapes('null members of a list response are dropped, not stored', async () => {
  const { getUsers, getList } = endpoints();
  const ctrl = new Controller();
  reply = (res) => json(res, 200, [null, { id: 'u1' }, null, { id: 'u2' }]);
  const list = await ctrl.fetch(getUsers);
  assert.equal(
    list.map((u) => u.id),
    ['u1', 'u2'],
  );
  const collection = await ctrl.fetch(getList);
  assert.equal(
    collection.map((u) => u.id),
    ['u1', 'u2'],
  );
  assert.equal(ctrl.response(getUsers).value!.length, 2);
});

shapes.run();
