import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller, RestEndpoint } from '../../src/index.js';
import { FakeTimers, until } from '../_fixtures/fakeTimers.js';
import { User } from '../_fixtures/models.js';
import { json, startServer, type TestServer } from '../_fixtures/server.js';

let server: TestServer;
let timers: FakeTimers;
let ctrl: Controller;
const getUsers = () => new RestEndpoint({ urlPrefix: server.url, path: '/users', schema: [User] });
const polls = () => server.count('GET', '/users');

const polling = suite('Controller.subscribe polling');
polling.before(async () => {
  server = await startServer();
  server.route('GET', '/users', (_req, res) => json(res, 200, [{ id: 'u1', name: 'Ada' }]));
});
polling.before.each(async () => {
  server.requests.length = 0;
  timers = new FakeTimers();
  ctrl = new Controller({ timers, gcInterval: 0 });
});
polling.after(() => server.close());

/**
 * Advances the fake clock by `ms` (at most one period: ticks while a poll is in flight
 * share it) and waits for the requests it started to be answered.
 */
async function tick(ms: number, expected: number) {
  const before = polls();
  timers.advance(ms);
  const meta = ctrl.meta(getUsers());
  if (expected > before) await until(() => meta.peek().fetchedAt === timers.time);
  else await new Promise((r) => setTimeout(r, 20));
  assert.is(polls(), expected, `after ${timers.time} ms`);
}

polling('polls at the fastest frequency among the subscribers, whatever the mount order', async () => {
  const plain = getUsers();
  const fast = plain.extend({ pollFrequency: 20 });
  const stopPlain = ctrl.subscribe(plain);
  await ctrl.fetchIfStale(plain);
  assert.equal(timers.intervals(), [], 'a subscriber without pollFrequency does not poll');
  const stopFast = ctrl.subscribe(fast);
  assert.equal(timers.intervals(), [20], 'the 20 ms subscriber that joined later polls');
  await tick(20, 2);
  await tick(20, 3);
  stopFast();
  assert.equal(timers.intervals(), [], 'polling stops with the last polling subscriber');
  assert.is(ctrl.subscriptionCount(plain), 1);
  await tick(100, 3);
  stopPlain();
  assert.is(ctrl.subscriptionCount(plain), 0);
});

polling('the timer restarts only when the minimum frequency changes', async () => {
  const slow = getUsers().extend({ pollFrequency: 100 });
  const fast = slow.extend({ pollFrequency: 30 });
  const stopSlow = ctrl.subscribe(slow);
  const stopSlow2 = ctrl.subscribe(slow);
  await ctrl.fetchIfStale(slow);
  assert.equal(timers.intervals(), [100]);
  const stopFast = ctrl.subscribe(fast);
  assert.equal(timers.intervals(), [30]);
  const stopFast2 = ctrl.subscribe(fast);
  await tick(30, 2);
  // Leaving the 30 ms group while a member stays: no restart, the tick keeps its phase.
  stopFast2();
  await tick(30, 3);
  stopFast();
  assert.equal(timers.intervals(), [100], 'back to the slow frequency');
  stopSlow();
  assert.equal(timers.intervals(), [100], 'one slow subscriber left');
  await tick(100, 4);
  stopSlow2();
  assert.is(timers.size, 0);
});

polling("unsubscribe(endpoint) removes the subscriber of that endpoint's frequency", async () => {
  const slow = getUsers().extend({ pollFrequency: 100 });
  const fast = slow.extend({ pollFrequency: 10 });
  ctrl.subscribe(slow);
  ctrl.subscribe(fast);
  assert.equal(timers.intervals(), [10]);
  ctrl.unsubscribe(fast);
  assert.equal(timers.intervals(), [100]);
  ctrl.unsubscribe(slow);
  assert.equal(timers.intervals(), []);
  assert.is(ctrl.subscriptionCount(slow), 0);
});

polling.run();
