import { window } from '../_fixtures/dom.js';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller, RestEndpoint, type Trigger } from '../../src/index.js';
import { FakeTimers, until } from '../_fixtures/fakeTimers.js';
import { User } from '../_fixtures/models.js';
import { json, sleep, startServer, type TestServer } from '../_fixtures/server.js';

let server: TestServer;
let timers: FakeTimers;
/** Hand-driven triggers: `focus(false)` hides the page, `online(true)` brings the network back. */
let focus: (on: boolean) => void;
let online: (on: boolean) => void;
const trigger =
  (set: (notify: (on: boolean) => void) => void): Trigger =>
  (notify) => {
    set(notify);
    return () => {};
  };
const getUsers = () =>
  new RestEndpoint({
    urlPrefix: server.url,
    path: '/users',
    schema: [User],
    pollFrequency: 100,
    dataExpiryLength: 150,
  });
const requests = () => server.count('GET', '/users');

function controller() {
  return new Controller({
    timers,
    gcInterval: 0,
    focus: trigger((n) => (focus = n)),
    online: trigger((n) => (online = n)),
  });
}

const triggers = suite('Controller refetch triggers');
triggers.before(async () => {
  server = await startServer();
  server.route('GET', '/users', (_req, res) => json(res, 200, [{ id: 'u1', name: 'Ada' }]));
});
triggers.before.each(() => {
  server.requests.length = 0;
  timers = new FakeTimers();
});
triggers.after(() => server.close());

triggers('polling pauses while hidden; on focus stale mounted data refetches once', async () => {
  const ctrl = controller();
  const stop = ctrl.subscribe(getUsers());
  await ctrl.fetchIfStale(getUsers());
  focus(false);
  timers.advance(100);
  timers.advance(100);
  await sleep(20);
  assert.is(requests(), 1, 'no poll while hidden');
  focus(true);
  await until(() => requests() === 2);
  await ctrl.fetchIfStale(getUsers());
  focus(true);
  await sleep(20);
  assert.is(requests(), 2, 'fresh data does not refetch on focus');
  stop();
});

triggers(
  'polling pauses while offline or hidden; when both are back, stale mounted data refetches, unmounted does not',
  async () => {
    const ctrl = controller();
    const other = new RestEndpoint({ urlPrefix: server.url, path: '/other', dataExpiryLength: 10 });
    server.route('GET', '/other', (_req, res) => json(res, 200, []));
    await ctrl.fetch(other);
    const stop = ctrl.subscribe(getUsers());
    await ctrl.fetchIfStale(getUsers());
    online(false);
    focus(false);
    timers.advance(100);
    timers.advance(100);
    await sleep(20);
    assert.is(requests(), 1, 'no poll while offline');
    focus(true);
    timers.advance(100);
    await sleep(20);
    assert.is(requests(), 1, 'focused but offline: no refetch, no poll');
    online(true);
    await until(() => requests() === 2);
    await ctrl.fetchIfStale(getUsers());
    timers.advance(100);
    await until(() => requests() === 3);
    assert.ok(ctrl.isStale(other), 'the unmounted key is stale');
    assert.is(server.count('GET', '/other'), 1, 'and was not refetched');
    stop();
  },
);

triggers(
  'in a browser the focus and online events of window are the default triggers; false turns them off',
  async () => {
    const ctrl = new Controller({ timers, gcInterval: 0 });
    const quiet = new Controller({ timers, gcInterval: 0, focus: false, online: false });
    const endpoint = getUsers();
    const stop = ctrl.subscribe(endpoint);
    const stopQuiet = quiet.subscribe(endpoint);
    await ctrl.fetchIfStale(endpoint);
    await quiet.fetchIfStale(endpoint);
    assert.is(requests(), 2);
    timers.time += 1000; // stale, without a poll tick
    window.dispatchEvent(new window.Event('focus'));
    await until(() => requests() === 3);
    window.dispatchEvent(new window.Event('online'));
    await sleep(20);
    assert.is(requests(), 3, 'the quiet controller never refetched; the fresh one had nothing stale');
    stop();
    stopQuiet();
  },
);

triggers(
  'a window without navigator or document (a partial DOM shim) gets the default triggers without throwing',
  async () => {
    const g = globalThis as { navigator?: unknown; document?: unknown };
    const saved = { navigator: g.navigator, document: g.document };
    delete g.navigator;
    delete g.document;
    try {
      const ctrl = new Controller({ timers, gcInterval: 0 });
      const stop = ctrl.subscribe(getUsers());
      await ctrl.fetchIfStale(getUsers());
      const before = requests();
      timers.time += 1000;
      window.dispatchEvent(new window.Event('online'));
      await until(() => requests() === before + 1);
      stop();
      ctrl.cleanup();
    } finally {
      Object.assign(g, saved);
    }
  },
);

triggers.run();
