/**
 * Mounted keys (a binding's view or `ctrl.subscribe`) follow invalidation and expiry:
 * each mark refetches them once, and cached data keeps showing meanwhile.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller, RestEndpoint } from '../../src/index.js';
import { User } from '../_fixtures/models.js';
import { FakeTimers } from '../_fixtures/fakeTimers.js';
import { sleep } from '../_fixtures/server.js';
import { db, getUser, getUsers, hold, reset, server, start } from '../_fixtures/usersApi.js';

const mounted = suite('mounted keys');
mounted.before(start);
mounted.after(() => server.close());

const settle = () => sleep(15);
/** Resolves once `test()` holds (checked every 5 ms; fails after 3 s). */
async function until(test: () => boolean, what: string) {
  for (let waited = 0; !test(); waited += 5) {
    if (waited > 3000) assert.unreachable(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

mounted('invalidate refetches a subscribed key once; the old data shows until the answer', async () => {
  reset(3);
  const ctrl = new Controller();
  await ctrl.fetch(getUsers);
  const stop = ctrl.subscribe(getUsers);
  await settle();
  assert.is(server.count('GET', '/users'), 1, 'fresh data is not refetched on subscribe');

  db.set('u4', { id: 'u4', name: 'user 4', isAdmin: false });
  const open = hold();
  ctrl.invalidate(getUsers);
  ctrl.invalidate(getUsers);
  await until(() => server.count('GET', '/users') === 2, 'the refetch');
  await settle();
  assert.is(server.count('GET', '/users'), 1 + 1, 'one request for two invalidations in a row');
  assert.is(ctrl.response(getUsers).value!.length, 3, 'stale data keeps showing');
  open();
  await until(() => ctrl.response(getUsers).value!.length === 4, 'the new data');
  assert.is(ctrl.meta(getUsers).value.invalidated, false);
  stop();

  ctrl.invalidate(getUsers);
  await settle();
  assert.is(server.count('GET', '/users'), 2, 'an unsubscribed key is only marked');
  assert.is(ctrl.meta(getUsers).value.invalidated, true);
});

mounted('invalidateAll and expireAll refetch the mounted keys that pass the test, each once', async () => {
  reset(3);
  const ctrl = new Controller();
  await Promise.all([ctrl.fetch(getUsers), ctrl.fetch(getUser, { id: 'u1' }), ctrl.fetch(getUser, { id: 'u2' })]);
  const stops = [ctrl._mount(getUsers), ctrl._mount(getUsers), ctrl._mount(getUser, { id: 'u1' })];
  server.requests.length = 0;

  ctrl.invalidateAll();
  await until(() => server.requests.length >= 2, 'the refetches');
  await settle();
  assert.equal(server.requests.map((r) => r.path).sort(), ['/users', '/users/u1'], 'u2 is not mounted');

  server.requests.length = 0;
  ctrl.expireAll((key) => key.includes('/users/'));
  await until(() => server.requests.length >= 1, 'the refetch');
  await settle();
  assert.equal(
    server.requests.map((r) => r.path),
    ['/users/u1'],
  );
  assert.ok(ctrl.isStale(getUser, { id: 'u2' }), 'the unmounted key is stale, for its next read');

  for (const stop of stops) stop();
  server.requests.length = 0;
  ctrl.invalidateAll();
  await settle();
  assert.is(server.requests.length, 0, 'nothing mounted, nothing sent');
});

mounted('a mounted key refetches when its data expires, and stops with the last unmount', async () => {
  reset(2);
  const timers = new FakeTimers();
  timers.time = 1; // meta's fetchedAt is 0 only for "never fetched"
  const ctrl = new Controller({ timers, gcInterval: 0 });
  const short = new RestEndpoint({ urlPrefix: server.url, path: '/users', schema: [User], dataExpiryLength: 1000 });
  const stop = ctrl._mount(short);
  await until(() => ctrl.meta(short).value.fetchedAt !== 0, 'the fetch on mount');
  assert.is(server.count('GET', '/users'), 1);
  timers.advance(999);
  await settle();
  assert.is(server.count('GET', '/users'), 1, 'not before expiry');
  timers.advance(1);
  await until(() => ctrl.meta(short).value.fetchedAt === 1001, 'the refetch at expiry');
  assert.is(server.count('GET', '/users'), 2);
  timers.advance(1000);
  await until(() => server.count('GET', '/users') === 3, 'the next expiry');
  await until(() => ctrl.meta(short).value.fetchedAt === 2001, 'its answer');
  stop();
  assert.is(timers.size, 0, 'the expiry timer is cleared');
  timers.advance(5000);
  await settle();
  assert.is(server.count('GET', '/users'), 3, 'no refetch after unmount');
});

mounted('a failed refetch waits for a retry instead of looping', async () => {
  reset(2);
  const ctrl = new Controller();
  await ctrl.fetch(getUser, { id: 'u1' });
  const stop = ctrl._mount(getUser, { id: 'u1' });
  db.delete('u1');
  ctrl.invalidate(getUser, { id: 'u1' });
  await until(() => ctrl.getError(getUser, { id: 'u1' }) !== undefined, 'the error');
  assert.match(String(ctrl.getError(getUser, { id: 'u1' })), /404/);
  await sleep(30);
  assert.is(server.count('GET', '/users/u1'), 2, 'one failed refetch, no more');
  assert.is(ctrl.response(getUser, { id: 'u1' }).value!.name, 'user 1', 'cached data survives the failure');
  stop();
});

mounted.run();
