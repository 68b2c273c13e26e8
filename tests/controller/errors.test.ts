import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller, Endpoint, NetworkError, RestEndpoint, SchemaError, TimeoutError } from '../../src/index.js';
import { FakeTimers, until } from '../_fixtures/fakeTimers.js';
import { User } from '../_fixtures/models.js';
import { json, send, startServer, type TestServer } from '../_fixtures/server.js';

let server: TestServer;
/** Holds `GET /slow` until released; set once the request arrived. */
let release: (() => void) | undefined;

const identity = suite('Controller errors keep their identity');
identity.before(async () => {
  server = await startServer();
  server.route('GET', '/missing', (_req, res) => json(res, 404, { error: 'nope' }));
  server.route('GET', '/users/:id', (req, res) =>
    json(res, 200, { id: req.params.id, name: `v${server.requests.length}` }),
  );
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

identity(
  'an abort stays an AbortError naming the endpoint, the original its cause; any other Error passes through as the same object',
  async () => {
    const ctrl = new Controller();
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    const plainError = new TypeError('bad');
    const a = new Endpoint(() => Promise.reject(abort), { name: 'a' });
    const b = new Endpoint(() => Promise.reject(plainError), { name: 'b' });
    const aborted = await ctrl.fetch(a).catch((e) => e);
    assert.instance(aborted, DOMException);
    assert.is(aborted.name, 'AbortError');
    assert.is(aborted.message, 'a: The operation was aborted.');
    assert.is(aborted.cause, abort);
    assert.is((await ctrl.fetch(b).catch((e) => e)) as Error, plainError);
  },
);

identity('a thrown non-Error is wrapped naming the endpoint, even when its String() throws', async () => {
  const ctrl = new Controller();
  const hostile = {
    toString: () => {
      throw new Error('no');
    },
  };
  const thrower = new Endpoint(() => Promise.reject(hostile), { name: 'getThing' });
  const str = new Endpoint(() => Promise.reject('down'), { name: 'getOther' });
  const first = await ctrl.fetch(thrower).catch((e) => e);
  assert.instance(first, Error);
  assert.is(first.message, 'getThing: threw object');
  assert.is(first.cause, hostile);
  const second = await ctrl.fetch(str).catch((e) => e);
  assert.is(second.message, 'getOther: threw down');
  assert.is(ctrl.getError(str), second);
});

identity("an invalidate during a fetch survives that fetch's answer", async () => {
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

//#region abort and timeout
const abort = suite('Controller abort and timeout');
/** Answers of `GET /held/:id`, released by the test; `closed` counts requests the client abandoned. */
let held: { id: string; answer: (name: string) => void }[] = [];
let closed = 0;
abort.before(async () => {
  server = await startServer();
  server.route('GET', '/held/:id', async (req, res) => {
    res.on('close', () => {
      if (!res.writableEnded) closed++;
    });
    const name = await new Promise<string>((answer) => held.push({ id: req.params.id, answer }));
    if (!res.destroyed) json(res, 200, { id: req.params.id, name });
  });
});
abort.before.each(() => {
  held = [];
  closed = 0;
  server.requests.length = 0;
});
abort.after(() => server.close());

const getHeld = () => new RestEndpoint({ urlPrefix: server.url, path: '/held/:id', schema: User });

abort(
  'an aborted request rejects with AbortError at once, records nothing, writes nothing, frees the key',
  async () => {
    const ctrl = new Controller();
    const ac = new AbortController();
    const endpoint = getHeld().extend({ signal: ac.signal });
    const first = ctrl.fetch(endpoint, { id: 'a' });
    await until(() => held.length === 1);
    ac.abort();
    const error = await first.catch((e) => e);
    assert.is(error.name, 'AbortError');
    assert.instance(error, DOMException);
    assert.is(
      error.message,
      `${server.url}/held/:id: This operation was aborted`,
      'named by urlPrefix + path, the default name',
    );
    assert.is(error.cause, ac.signal.reason, "the signal's reason is its cause");
    assert.is(ctrl.getError(endpoint, { id: 'a' }), undefined, 'no error recorded');
    assert.is(ctrl.response(endpoint, { id: 'a' }).value, undefined, 'nothing written');
    await until(() => closed === 1);
    // The key is free: the next fetch is a new request.
    const second = ctrl.fetch(getHeld(), { id: 'a' });
    await until(() => held.length === 2);
    held[1].answer('fresh');
    assert.is((await second).name, 'fresh');
    assert.is(server.count('GET', '/held/a'), 2);
  },
);

abort('an abort wins even when the endpoint ignores its signal; the late answer is never written', async () => {
  const ctrl = new Controller();
  const ac = new AbortController();
  let answer: (value: unknown) => void = () => {};
  const deaf = new Endpoint(() => new Promise((resolve) => (answer = resolve)), {
    name: 'deaf',
    schema: User,
    signal: ac.signal,
  });
  const pending = ctrl.fetch(deaf);
  ac.abort();
  assert.is((await pending.catch((e) => e)).name, 'AbortError');
  answer({ id: 'late', name: 'late' });
  await new Promise((r) => setTimeout(r, 5));
  assert.is(ctrl.get(User, { id: 'late' }), undefined);
  assert.is(ctrl.response(deaf).value, undefined);
});

abort('an already aborted signal sends no request', async () => {
  const ctrl = new Controller();
  const ac = new AbortController();
  ac.abort();
  const error = await ctrl.fetch(getHeld().extend({ signal: ac.signal }), { id: 'b' }).catch((e) => e);
  assert.is(error.name, 'AbortError');
  await new Promise((r) => setTimeout(r, 10));
  assert.is(server.requests.length, 0);
});

abort('a timeout aborts the request and records a TimeoutError naming the endpoint; cached data stays', async () => {
  const timers = new FakeTimers();
  const ctrl = new Controller({ timers, gcInterval: 0 });
  const endpoint = getHeld().extend({ timeout: 5000 });
  const first = ctrl.fetch(endpoint, { id: 'c' });
  await until(() => held.length === 1);
  held[0].answer('cached');
  await first;
  ctrl.invalidate(endpoint, { id: 'c' });
  const second = ctrl.fetch(endpoint, { id: 'c' });
  await until(() => held.length === 2);
  timers.advance(4999);
  assert.is(ctrl.getError(endpoint, { id: 'c' }), undefined, 'not yet');
  timers.advance(1);
  const error = await second.catch((e) => e);
  assert.instance(error, TimeoutError);
  assert.is(error.name, 'TimeoutError');
  assert.is(error.message, `${server.url}/held/:id timed out after 5000 ms`);
  assert.is(ctrl.getError(endpoint, { id: 'c' }), error, 'recorded as the error of the key');
  assert.is(ctrl.response(endpoint, { id: 'c' }).value?.name, 'cached', 'cached data survives');
  await until(() => closed === 1);
  assert.is(timers.size, 0, 'no timer left behind');
});

abort('a request answered in time clears its timeout', async () => {
  const timers = new FakeTimers();
  const ctrl = new Controller({ timers, gcInterval: 0 });
  const pending = ctrl.fetch(getHeld().extend({ timeout: 5000 }), { id: 'd' });
  await until(() => held.length === 1);
  assert.is(timers.size, 1);
  held[0].answer('in time');
  assert.is((await pending).name, 'in time');
  assert.is(timers.size, 0);
});

abort('an endpoint run with a timeout or a signal still names an unusable body as a NetworkError', async () => {
  server.route('GET', '/page/:id', (_req, res) =>
    send(res, 200, '<html>login</html>', { 'content-type': 'text/html' }),
  );
  server.route('GET', '/broken/:id', (_req, res) => send(res, 200, '{"id":', { 'content-type': 'application/json' }));
  const ctrl = new Controller();
  const ac = new AbortController();
  const page = new RestEndpoint({ urlPrefix: server.url, path: '/page/:id', schema: User, timeout: 5000 });
  const broken = new RestEndpoint({ urlPrefix: server.url, path: '/broken/:id', schema: User, signal: ac.signal });
  const html = await ctrl.fetch(page, { id: 'h' }).catch((e) => e);
  assert.instance(html, NetworkError);
  assert.is(html.status, 404);
  assert.ok(html.message.startsWith(`${server.url}/page/:id: `), html.message);
  const json = await ctrl.fetch(broken, { id: 'b' }).catch((e) => e);
  assert.instance(json, NetworkError);
  assert.is(json.status, 400);
  assert.ok(json.message.includes('not valid JSON'), json.message);
  assert.is(ctrl.getError(broken, { id: 'b' }), json);
});

abort('the last unsubscribe while a GET is in flight does not abort it: the answer is cached', async () => {
  const ctrl = new Controller();
  const endpoint = getHeld();
  const stop = ctrl.subscribe(endpoint, { id: 'e' });
  await until(() => held.length === 1);
  stop();
  assert.is(ctrl.subscriptionCount(endpoint, { id: 'e' }), 0);
  held[0].answer('kept');
  await until(() => ctrl.response(endpoint, { id: 'e' }).peek() !== undefined);
  assert.is(ctrl.response(endpoint, { id: 'e' }).peek()!.name, 'kept');
  assert.is(closed, 0);
});

abort.run();
//#endregion

//#region arguments of the wrong type
const wrong = suite('Controller: arguments of the wrong type');

/** Values that are no schema and no endpoint: what a caller passes by mistake. */
const NOT = [undefined, null, 42, 'User', 'x'] as const;

wrong('a schema argument that is no schema is a SchemaError naming the method; nothing is written', () => {
  const ctrl = new Controller();
  for (const bad of NOT) {
    const calls: [string, () => unknown][] = [
      ['get/query', () => (ctrl.get as (...args: unknown[]) => void)(bad)],
      ['get/query', () => (ctrl.query as unknown as (...args: unknown[]) => void)(bad)],
      ['set', () => (ctrl.set as (...args: unknown[]) => void)(bad, { id: '1' }, { id: '1', name: 'x' })],
      ['set', () => (ctrl.set as (...args: unknown[]) => void)(bad, { id: '1', name: 'x' })],
    ];
    for (const [name, call] of calls) {
      assert.throws(
        call,
        (e: Error) => e instanceof SchemaError && e.message.startsWith(`${name}: expected a schema`),
        `${name}(${String(bad)})`,
      );
    }
  }
  ctrl.set(User, { id: '1' }, { id: '1', name: 'Ada' });
  assert.is(ctrl.get(User, { id: '1' })!.name, 'Ada', 'the Controller stays usable');
});

wrong('an endpoint argument that is no endpoint is a TypeError naming the method', async () => {
  const ctrl = new Controller();
  for (const bad of [...NOT, {}]) {
    const what = `(${JSON.stringify(bad)})`;
    for (const [name, call] of [
      ['fetch', () => (ctrl.fetch as (...args: unknown[]) => Promise<unknown>)(bad)],
      ['fetchIfStale', () => (ctrl.fetchIfStale as (...args: unknown[]) => Promise<unknown>)(bad)],
    ] as const) {
      const error = await call().then(
        () => undefined,
        (e: Error) => e,
      );
      assert.instance(error, TypeError, `${name}${what}`);
      assert.ok(error!.message.startsWith(`${name}: expected an endpoint`), error!.message);
    }
    const calls: [string, () => unknown][] = [
      ['setResponse', () => (ctrl.setResponse as (...args: unknown[]) => void)(bad, [])],
      ['subscribe', () => (ctrl.subscribe as (...args: unknown[]) => void)(bad)],
    ];
    for (const [name, call] of calls) {
      assert.throws(
        call,
        (e: Error) => e instanceof TypeError && e.message.startsWith(`${name}: expected an endpoint`),
        `${name}${what}`,
      );
    }
  }
});

wrong.run();
//#endregion
