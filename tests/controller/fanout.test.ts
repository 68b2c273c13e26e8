// "A reader re-runs only when a row it read changes", counted exactly.
import Decimal from 'decimal.js';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller, Entity, RestEndpoint, effect } from '../../src/index.js';
import { User, allUsers, makeUsers } from '../_fixtures/models.js';
import { json, startServer, type TestServer } from '../_fixtures/server.js';

class Price extends Entity {
  exchangePair = '';
  price = new Decimal(0);
  updatedAt = new Date(0);
  override pk() {
    return this.exchangePair;
  }
  static override key = 'Price';
  static override schema = { price: Decimal, updatedAt: (iso: string) => new Date(iso) };
}

const fanout = suite<{ server: TestServer; users: ReturnType<typeof makeUsers> }>('fan-out');

fanout.before.each(async (ctx) => {
  ctx.users = makeUsers(1000);
  ctx.server = await startServer();
  ctx.server.route('GET', '/users', (_req, res) => json(res, 200, ctx.users));
  ctx.server.route('GET', '/users/:id', (req, res) =>
    json(
      res,
      200,
      ctx.users.find((u) => u.id === req.params.id),
    ),
  );
});
fanout.after.each((ctx) => ctx.server.close());

fanout('1000 single-row readers: updating one row re-runs exactly one', async ({ server, users }) => {
  const ctrl = new Controller();
  const getUsers = new RestEndpoint({ urlPrefix: server.url, path: '/users', schema: [User] });
  const getUser = new RestEndpoint({ urlPrefix: server.url, path: '/users/:id', schema: User });
  await ctrl.fetch(getUsers);
  const runs = new Array(1000).fill(0);
  const stops = users.map((u, i) =>
    effect(() => {
      ctrl.get(User, { id: u.id });
      runs[i]++;
    }),
  );
  users[500].name = 'changed';
  await ctrl.fetch(getUser, { id: 'u501' });
  const rerun = runs.map((n, i) => (n > 1 ? i : -1)).filter((i) => i >= 0);
  assert.equal(rerun, [500]);
  assert.is(runs[500], 2);
  stops.forEach((stop) => stop());
});

fanout('a 1000-row response re-runs an all-rows reader once', async ({ server, users }) => {
  const ctrl = new Controller();
  const getUsers = new RestEndpoint({ urlPrefix: server.url, path: '/users', schema: [User] });
  let runs = 0;
  let seen = 0;
  const stop = effect(() => {
    seen = ctrl.get(allUsers)?.length ?? 0;
    runs++;
  });
  await ctrl.fetch(getUsers);
  assert.is(runs, 2);
  assert.is(seen, 1000);
  users.forEach((u) => (u.name += '!'));
  ctrl.invalidate(getUsers);
  await ctrl.fetch(getUsers);
  assert.is(runs, 3, 'all 1000 rows changed in one response: one re-run');
  stop();
});

fanout('an identical refetch re-runs nothing', async ({ server }) => {
  const ctrl = new Controller();
  const getUsers = new RestEndpoint({ urlPrefix: server.url, path: '/users', schema: [User] });
  await ctrl.fetch(getUsers);
  let runs = 0;
  const stop1 = effect(() => {
    ctrl.get(allUsers);
    ctrl.response(getUsers).value;
    runs++;
  });
  const stop2 = effect(() => {
    ctrl.get(User, { id: 'u1' });
    runs++;
  });
  const before = ctrl.get(allUsers);
  await ctrl.fetch(getUsers);
  await ctrl.fetch(getUsers);
  assert.is(runs, 2);
  assert.is(ctrl.get(allUsers), before);
  stop1();
  stop2();
});

fanout('identical deserialized fields (Decimal, Date) write nothing', async ({ server }) => {
  const ctrl = new Controller();
  let body = { exchangePair: 'BTC-USD', price: '12345.678901234567890123', updatedAt: '2026-11-01T10:00:00Z' };
  server.route('GET', '/price/:pair', (_req, res) => json(res, 200, body));
  const getPrice = new RestEndpoint({ urlPrefix: server.url, path: '/price/:pair', schema: Price });
  const first = await ctrl.fetch(getPrice, { pair: 'BTC-USD' });
  assert.ok(first.price instanceof Decimal);
  assert.is(first.price.toString(), '12345.678901234567890123');
  let runs = 0;
  const stop = effect(() => {
    ctrl.get(Price, { exchangePair: 'BTC-USD' });
    runs++;
  });
  ctrl.invalidate(getPrice, { pair: 'BTC-USD' });
  await ctrl.fetch(getPrice, { pair: 'BTC-USD' });
  assert.is(runs, 1, 'identical Decimal and Date: no re-run');
  body = { ...body, price: '12345.678901234567890124' };
  await ctrl.fetch(getPrice, { pair: 'BTC-USD' });
  assert.is(runs, 2, 'a change in the 24th digit re-runs');
  stop();
});

fanout('untouched rows keep identity; only the changed user is a new object', async ({ server, users }) => {
  const ctrl = new Controller();
  const getUsers = new RestEndpoint({ urlPrefix: server.url, path: '/users', schema: [User] });
  const before = await ctrl.fetch(getUsers);
  users[3].isAdmin = !users[3].isAdmin;
  ctrl.invalidate(getUsers);
  const after = await ctrl.fetch(getUsers);
  const changed = after.map((u: User, i: number) => (u === before[i] ? -1 : i)).filter((i: number) => i >= 0);
  assert.equal(changed, [3]);
});

fanout.run();
