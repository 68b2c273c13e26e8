import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller, Endpoint, NetworkError, RestEndpoint } from '../../src/index.js';
import { User } from '../_fixtures/models.js';
import { json, startServer, type TestServer } from '../_fixtures/server.js';

let server: TestServer;
/** Holds `GET /slow` until released; set once the request arrived. */
let release: (() => void) | undefined;

const identity = suite('Controller errors keep their identity');
identity.before(async () => {
  server = await startServer();
  server.route('GET', '/missing', (_req, res) => json(res, 404, { error: 'nope' }));
  server.route('GET', '/users/:id', (req, res) => json(res, 200, { id: req.params.id, name: `v${server.requests.length}` }));
  server.route('GET', '/slow/:id', async (req, res) => {
    await new Promise<void>((resolve) => (release = () => resolve()));
    json(res, 200, { id: req.params.id, name: 'slow' });
  });
});
identity.after(() => server.close());

identity('a NetworkError thrown by a plain Endpoint reaches the caller and the meta unchanged', async () => {
  const ctrl = new Controller();
  const url = `${server.url}/missing`;
  const plain = new Endpoint(async function plain() {
    const response = await fetch(url);
    throw new NetworkError(response);
  });
  const error = await ctrl.fetch(plain).catch((e) => e);
  assert.instance(error, NetworkError);
  assert.is(error.status, 404);
  assert.is(error.message, `GET ${url} failed with 404 Not Found`, 'message untouched');
  assert.is(ctrl.getError(plain), error, 'the meta holds the same object');
});

identity('an AbortError keeps its name; any Error passes through as the same object', async () => {
  const ctrl = new Controller();
  const abort = new DOMException('The operation was aborted.', 'AbortError');
  const plainError = new TypeError('bad');
  const a = new Endpoint(() => Promise.reject(abort), { name: 'a' });
  const b = new Endpoint(() => Promise.reject(plainError), { name: 'b' });
  assert.is(await ctrl.fetch(a).catch((e) => e), abort);
  assert.is((await ctrl.fetch(b).catch((e) => e)) as Error, plainError);
});

identity('a thrown non-Error is wrapped naming the endpoint, even when its String() throws', async () => {
  const ctrl = new Controller();
  const hostile = { toString: () => { throw new Error('no'); } };
  const thrower = new Endpoint(() => Promise.reject(hostile), { name: 'getThing' });
  const str = new Endpoint(() => Promise.reject('down'), { name: 'getOther' });
  const first = await ctrl.fetch(thrower).catch((e) => e);
  assert.instance(first, Error);
  assert.match(first.message, /^getThing: threw a value of type object/);
  assert.is(first.cause, hostile);
  const second = await ctrl.fetch(str).catch((e) => e);
  assert.is(second.message, 'getOther: threw "down"');
  assert.is(ctrl.getError(str), second);
});

identity('an invalidate during a fetch survives that fetch\'s answer', async () => {
  const ctrl = new Controller();
  const getSlow = new RestEndpoint({ urlPrefix: server.url, path: '/slow/:id', schema: User });
  await ctrl.fetch(getUserOf(), { id: 'u1' });
  const pending = ctrl.fetch(getSlow, { id: 's1' });
  while (release === undefined) await new Promise((r) => setTimeout(r, 2));
  ctrl.invalidate(getSlow, { id: 's1' });
  release();
  const value = await pending;
  assert.is(value.name, 'slow', 'the answer is stored');
  assert.ok(ctrl.meta(getSlow, { id: 's1' }).value.invalidated, 'still invalidated');
  assert.ok(ctrl.isStale(getSlow, { id: 's1' }), 'still stale: the next read refetches');
  // An invalidate before a fetch is cleared by that fetch's answer.
  const getUser = getUserOf();
  ctrl.invalidate(getUser, { id: 'u1' });
  const again = ctrl.fetch(getUser, { id: 'u1' });
  await again;
  assert.not.ok(ctrl.isStale(getUser, { id: 'u1' }));
});

function getUserOf() {
  return new RestEndpoint({ urlPrefix: server.url, path: '/users/:id', schema: User });
}

identity.run();
