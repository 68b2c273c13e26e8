import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller, NetworkError, RestEndpoint } from '../../src/index.js';
import { FakeTimers, until } from '../_fixtures/fakeTimers.js';
import { json, sleep, startServer, type TestServer } from '../_fixtures/server.js';

let server: TestServer;
let timers: FakeTimers;
let ctrl: Controller;
/** `GET /flaky` answers 503 this many times, then 200. */
let failures = 0;
const getFlaky = (options: { retry?: number; retryDelay?: (attempt: number) => number } = {}) =>
  new RestEndpoint({ urlPrefix: server.url, path: '/flaky', ...options });
const tries = () => server.count('GET', '/flaky');

const retry = suite('Controller retry');
retry.before(async () => {
  server = await startServer();
  server.route('GET', '/flaky', (_req, res) =>
    failures-- > 0 ? json(res, 503, { error: 'busy' }) : json(res, 200, { ok: true }),
  );
  server.route('GET', '/gone', (_req, res) => json(res, 404, { error: 'gone' }));
  server.route('POST', '/flaky', (_req, res) => json(res, 503, { error: 'busy' }));
});
retry.before.each(() => {
  server.requests.length = 0;
  timers = new FakeTimers();
  ctrl = new Controller({ timers, gcInterval: 0 });
});
retry.after(() => server.close());

retry('off by default: one try, the error is recorded', async () => {
  failures = 1;
  assert.instance(await ctrl.fetch(getFlaky()).catch((e) => e), NetworkError);
  assert.is(tries(), 1);
  assert.is(timers.size, 0);
});

retry('a soft failure is retried with exponential backoff; nothing is recorded until the last try', async () => {
  failures = 2;
  const endpoint = getFlaky({ retry: 3 });
  const pending = ctrl.fetch(endpoint);
  await until(() => tries() === 1 && timers.size === 1);
  assert.is(ctrl.getError(endpoint), undefined, 'not recorded while retrying');
  timers.advance(999);
  await sleep(10);
  assert.is(tries(), 1, 'first wait: 1000 ms');
  timers.advance(1);
  await until(() => tries() === 2 && timers.size === 1);
  timers.advance(1999);
  await sleep(10);
  assert.is(tries(), 2, 'second wait: 2000 ms');
  timers.advance(1);
  assert.equal(await pending, { ok: true });
  assert.is(tries(), 3);
  assert.is(ctrl.getError(endpoint), undefined);
});

retry('when every try fails the last error is recorded once; retryDelay sets the waits', async () => {
  failures = 10;
  const delays: number[] = [];
  const endpoint = getFlaky({ retry: 2, retryDelay: (attempt) => (delays.push(attempt), 5) });
  const pending = ctrl.fetch(endpoint).catch((e) => e);
  for (let i = 1; i <= 2; i++) {
    await until(() => tries() === i && timers.size === 1);
    timers.advance(5);
  }
  const error = await pending;
  assert.instance(error, NetworkError);
  assert.is(error.status, 503);
  assert.is(tries(), 3);
  assert.equal(delays, [0, 1]);
  assert.is(ctrl.getError(endpoint), error);
});

retry('hard failures and mutations are not retried', async () => {
  const gone = new RestEndpoint({ urlPrefix: server.url, path: '/gone', retry: 3 });
  assert.is((await ctrl.fetch(gone).catch((e) => e)).status, 404);
  assert.is(server.count('GET', '/gone'), 1);
  const post = new RestEndpoint({ urlPrefix: server.url, path: '/flaky', method: 'POST', retry: 3 });
  assert.is((await ctrl.fetch(post, {}).catch((e) => e)).status, 503);
  assert.is(server.count('POST', '/flaky'), 1);
  assert.is(timers.size, 0);
});

retry.run();
