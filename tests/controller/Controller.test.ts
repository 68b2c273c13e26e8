import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller, Invalidate, NetworkError, RestEndpoint, SchemaError, effect } from '../../src/index.js';
import { FakeTimers, until } from '../_fixtures/fakeTimers.js';
import { User, allUsers, makeUsers } from '../_fixtures/models.js';
import { json, send, sleep, startServer, type TestServer } from '../_fixtures/server.js';

let server: TestServer;
let users = makeUsers(3);
const endpoints = () => ({
  getUsers: new RestEndpoint({ urlPrefix: server.url, path: '/users', schema: [User], name: 'getUsers' }),
  getUser: new RestEndpoint({ urlPrefix: server.url, path: '/users/:id', schema: User, name: 'getUser' }),
  updateUser: new RestEndpoint({
    urlPrefix: server.url,
    path: '/users/:id',
    method: 'PATCH',
    schema: User,
    name: 'updateUser',
  }),
});

function setup(context: any) {
  return async () => {
    server = await startServer();
    users = makeUsers(3);
    server.route('GET', '/users', (_req, res) => json(res, 200, users));
    server.route('GET', '/users/:id', (req, res) => {
      const user = users.find((u) => u.id === req.params.id);
      if (user) json(res, 200, user);
      else json(res, 404, { error: 'not found' });
    });
    server.route('PATCH', '/users/:id', (req, res) => {
      const user = users.find((u) => u.id === req.params.id)!;
      Object.assign(user, JSON.parse(req.body));
      json(res, 200, user);
    });
    context.ctrl = new Controller();
  };
}
const teardown = () => server.close();

//#region fetch
const fetching = suite<{ ctrl: Controller }>('Controller.fetch');
fetching.before.each(setup(fetching));
fetching.after.each(teardown);

fetching('resolves with the denormalized response, which is the cached view value', async () => {
  const ctrl = (fetching as any).ctrl as Controller;
  const { getUsers } = endpoints();
  const list = await ctrl.fetch(getUsers);
  assert.is(list.length, 3);
  assert.ok(list[0] instanceof User);
  assert.is(ctrl.response(getUsers).value, list);
  assert.is(ctrl.get(User, { id: 'u2' }), list[1]);
});

fetching('identical GETs in flight share one request; mutations never do', async () => {
  const ctrl = (fetching as any).ctrl as Controller;
  const { getUsers, updateUser } = endpoints();
  const [a, b] = await Promise.all([ctrl.fetch(getUsers), ctrl.fetch(getUsers)]);
  assert.is(a, b);
  assert.is(server.count('GET', '/users'), 1);
  await Promise.all([
    ctrl.fetch(updateUser, { id: 'u1' }, { name: 'x' }),
    ctrl.fetch(updateUser, { id: 'u1' }, { name: 'x' }),
  ]);
  assert.is(server.count('PATCH', '/users/u1'), 2);
});

fetching('a mutation response updates the row every view shows', async () => {
  const ctrl = (fetching as any).ctrl as Controller;
  const { getUsers, updateUser } = endpoints();
  await ctrl.fetch(getUsers);
  const view = ctrl.response(getUsers);
  const first = view.value![0];
  await ctrl.fetch(updateUser, { id: 'u1' }, { name: 'Renamed' });
  assert.is(view.value![0].name, 'Renamed');
  assert.is.not(view.value![0], first);
});

fetching('a missing path parameter rejects before any request', async () => {
  const ctrl = (fetching as any).ctrl as Controller;
  const { getUser } = endpoints();
  try {
    await ctrl.fetch(getUser, {} as any);
    assert.unreachable('should reject');
  } catch (error) {
    assert.match((error as Error).message, /getUser/);
    assert.match((error as Error).message, /"id"/);
  }
  assert.is(server.requests.length, 0);
});
//#endregion

//#region errors
const errors = suite<{ ctrl: Controller }>('Controller errors');
errors.before.each(setup(errors));
errors.after.each(teardown);

errors('a 404 rejects with NetworkError, is kept in meta, and cached data stays', async () => {
  const ctrl = (errors as any).ctrl as Controller;
  const { getUser } = endpoints();
  const u1 = await ctrl.fetch(getUser, { id: 'u1' });
  users = users.filter((u) => u.id !== 'u1');
  ctrl.invalidate(getUser, { id: 'u1' });
  try {
    await ctrl.fetch(getUser, { id: 'u1' });
    assert.unreachable('should reject');
  } catch (error) {
    assert.instance(error, NetworkError);
    assert.is((error as NetworkError).status, 404);
    assert.match((error as Error).message, /getUser/);
  }
  assert.instance(ctrl.getError(getUser, { id: 'u1' }), NetworkError);
  assert.is(ctrl.response(getUser, { id: 'u1' }).value, u1, 'cached data survives');
});

errors('a body of the wrong shape rejects with SchemaError naming the endpoint; nothing is written', async () => {
  const ctrl = (errors as any).ctrl as Controller;
  const { getUsers } = endpoints();
  await ctrl.fetch(getUsers);
  // A mounted reader holds the view: an unwatched one may be collected across the await and
  // computed again, a new array of the same rows.
  let runs = 0;
  const stop = effect(() => {
    ctrl.get(allUsers);
    runs++;
  });
  const before = ctrl.get(allUsers);
  server.route('GET', '/users', (_req, res) => json(res, 200, 'not a list'));
  ctrl.invalidate(getUsers);
  const error = await ctrl.fetch(getUsers).catch((e) => e);
  stop();
  assert.instance(error, SchemaError);
  assert.match(error.message, /^getUsers: expected an array/);
  assert.is(ctrl.get(allUsers), before);
  assert.is(runs, 1);
});

errors('one row without a pk rejects the whole response and writes nothing', async () => {
  const ctrl = (errors as any).ctrl as Controller;
  const { getUsers } = endpoints();
  server.route('GET', '/users', (_req, res) =>
    json(res, 200, [{ id: 'u1', name: 'fine' }, { name: 'no id' }, { id: 'u3', name: 'fine too' }]),
  );
  let runs = 0;
  const stop = effect(() => {
    ctrl.get(User, { id: 'u1' });
    runs++;
  });
  const error = await ctrl.fetch(getUsers).catch((e) => e);
  assert.instance(error, SchemaError);
  assert.match(error.message, /getUsers: User at response\[1\] has no usable pk/);
  assert.is(ctrl.get(User, { id: 'u1' }), undefined);
  assert.is(ctrl.get(allUsers), undefined);
  assert.is(runs, 1, 'no reader re-ran');
  stop();
});

errors('truncated JSON rejects naming the endpoint; cached data stays', async () => {
  const ctrl = (errors as any).ctrl as Controller;
  const { getUsers } = endpoints();
  const list = await ctrl.fetch(getUsers);
  server.route('GET', '/users', (_req, res) =>
    send(res, 200, '[{"id":"u1","na', { 'content-type': 'application/json' }),
  );
  ctrl.invalidate(getUsers);
  const error = await ctrl.fetch(getUsers).catch((e) => e);
  assert.instance(error, Error);
  assert.match(error.message, /getUsers/);
  assert.match(error.message, /JSON/);
  assert.is(ctrl.response(getUsers).value, list);
  assert.is(ctrl.getError(getUsers), error);
});
//#endregion

//#region staleness
const stale = suite<{ ctrl: Controller }>('Controller.fetchIfStale');
stale.before.each(setup(stale));
stale.after.each(teardown);

stale('fetches when missing, not while fresh, again when expired or invalidated', async () => {
  let now = 1000;
  const ctrl = new Controller({ clock: () => now });
  const { getUsers } = endpoints();
  await ctrl.fetchIfStale(getUsers);
  await ctrl.fetchIfStale(getUsers);
  assert.is(server.count('GET', '/users'), 1);
  now += 60_000;
  await ctrl.fetchIfStale(getUsers);
  assert.is(server.count('GET', '/users'), 2);
  ctrl.invalidate(getUsers);
  assert.ok(ctrl.isStale(getUsers));
  await ctrl.fetchIfStale(getUsers);
  assert.is(server.count('GET', '/users'), 3);
  ctrl.expireAll();
  await ctrl.fetchIfStale(getUsers);
  assert.is(server.count('GET', '/users'), 4);
});

stale('invalidate(endpoint, null) names no request and does nothing, as in data-client', async () => {
  const ctrl = (stale as any).ctrl as Controller;
  const { getUser } = endpoints();
  await ctrl.fetch(getUser, { id: 'u1' });
  assert.not.throws(() => ctrl.invalidate(getUser, null));
  assert.not.ok(ctrl.isStale(getUser, { id: 'u1' }));
  await ctrl.fetchIfStale(getUser, { id: 'u1' });
  assert.is(server.count('GET', '/users/u1'), 1);
});

stale('dataExpiryLength 0 retains no response', async () => {
  const ctrl = (stale as any).ctrl as Controller;
  const getRaw = new RestEndpoint({ urlPrefix: server.url, path: '/users', dataExpiryLength: 0, name: 'getRaw' });
  const value = await ctrl.fetch(getRaw);
  assert.is(value.length, 3);
  assert.is(ctrl.response(getRaw).value, undefined);
  await ctrl.fetchIfStale(getRaw);
  assert.is(server.count('GET', '/users'), 2);
});
//#endregion

//#region ordering
const ordering = suite<{ ctrl: Controller }>('Controller ordering');
ordering.before.each(setup(ordering));
ordering.after.each(teardown);

ordering('a response whose request started earlier never overwrites a later-started one', async () => {
  const ctrl = (ordering as any).ctrl as Controller;
  const { getUsers, getUser } = endpoints();
  const log: string[] = [];
  // The list request is held until the later-started row request has answered, so the order
  // of answers is fixed by the test, not by timing.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let arrived!: () => void;
  const listArrived = new Promise<void>((resolve) => (arrived = resolve));
  server.route('GET', '/users', async (_req, res) => {
    const snapshot = users.map((u) => ({ ...u }));
    arrived();
    await released;
    log.push('list answered');
    json(res, 200, snapshot);
  });
  const slowList = ctrl.fetch(getUsers); // starts first, with the old name
  await listArrived;
  users[0].name = 'New name';
  log.push('row changed');
  await ctrl.fetch(getUser, { id: 'u1' }); // starts later, answers first
  log.push('row answered');
  release();
  await slowList;
  assert.equal(log, ['row changed', 'row answered', 'list answered']);
  assert.is(ctrl.get(User, { id: 'u1' })!.name, 'New name');
  assert.is(ctrl.response(getUsers).value![0].name, 'New name');
});
//#endregion

//#region polling
const polling = suite<{ ctrl: Controller }>('Controller.subscribe');
polling.before.each(setup(polling));
polling.after.each(teardown);

polling('polls at pollFrequency, reference-counted; identical data notifies no one', async () => {
  const timers = new FakeTimers();
  const ctrl = new Controller({ timers });
  const { getUsers } = endpoints();
  const polled = getUsers.extend({ pollFrequency: 25 });
  const meta = ctrl.meta(polled);
  const requests = () => server.count('GET', '/users');
  /** Moves the fake clock one period and waits for the poll it started (if any) to be written. */
  const period = async (expectPoll: boolean) => {
    timers.advance(25);
    if (expectPoll) await until(() => meta.peek().fetchedAt === timers.time);
    else await sleep(20);
  };
  let runs = 0;
  const stop = effect(() => {
    ctrl.response(polled).value;
    runs++;
  });
  const a = ctrl.subscribe(polled);
  const b = ctrl.subscribe(polled);
  assert.is(ctrl.subscriptionCount(polled), 2);
  await until(() => meta.peek().fetchedAt === timers.time && ctrl.response(polled).peek() !== undefined);
  assert.is(requests(), 1, 'two subscribers, one initial request');
  await period(true);
  await period(true);
  assert.is(requests(), 3, 'one request per period');
  assert.is(runs, 2, 'one run before data, one when it arrived; identical polls re-ran nothing');
  a();
  await period(true);
  assert.is(requests(), 4, 'still polling with one subscriber');
  b();
  await period(false);
  await period(false);
  assert.is(requests(), 4, 'polling stopped with the last subscriber');
  assert.is(ctrl.subscriptionCount(polled), 0);
  stop();
});
//#endregion

fetching.run();
errors.run();
stale.run();
ordering.run();
polling.run();

const errorExpiry = suite('Controller error expiry');

errorExpiry('a current error is not refetched on every read; after errorExpiryLength it is', async () => {
  const server = await startServer();
  try {
    server.route('GET', '/broken', (_req, res) => json(res, 500, { error: 'down' }));
    let now = 0;
    const ctrl = new Controller({ clock: () => now });
    const getBroken = new RestEndpoint({
      urlPrefix: server.url,
      path: '/broken',
      errorExpiryLength: 500,
      name: 'getBroken',
    });
    const first = await ctrl.fetchIfStale(getBroken).catch((e) => e);
    assert.instance(first, NetworkError);
    assert.not.ok(ctrl.isStale(getBroken), 'a current error is not stale');
    const again = await ctrl.fetchIfStale(getBroken).catch((e) => e);
    assert.is(again, first, 'the same error, without a request');
    assert.is(server.count('GET', '/broken'), 1);
    now = 500;
    assert.ok(ctrl.isStale(getBroken));
    await ctrl.fetchIfStale(getBroken).catch(() => undefined);
    assert.is(server.count('GET', '/broken'), 2);
  } finally {
    await server.close();
  }
});

errorExpiry.run();

//#region Entity endpoints, fetching state
const detail = suite<{ ctrl: Controller }>('Controller: an Entity endpoint reads a row another response cached');
detail.before.each(setup(detail));
detail.after.each(teardown);

detail('resolves from the row while the response that stored it is fresh, then fetches', async () => {
  let now = 1000;
  const ctrl = new Controller({ clock: () => now });
  const { getUsers, getUser } = endpoints();
  await ctrl.fetch(getUsers);
  assert.is(ctrl.response(getUser, { id: 'u2' }).value, ctrl.get(User, { id: 'u2' }), 'the view reads the row');
  assert.is(ctrl.isStale(getUser, { id: 'u2' }), false);
  const user = await ctrl.fetchIfStale(getUser, { id: 'u2' });
  assert.is(user.name, 'user 2');
  assert.is(server.count('GET', '/users/u2'), 0, 'no request');
  assert.ok(ctrl.isStale(getUser, { id: 'u9' }), 'a row nobody cached is missing');

  now += 60_001;
  assert.ok(ctrl.isStale(getUser, { id: 'u2' }), 'stale once the list that vouched for it expired');
  await ctrl.fetchIfStale(getUser, { id: 'u2' });
  assert.is(server.count('GET', '/users/u2'), 1);
});

detail('a fetched response whose entity was removed is stale', async () => {
  const ctrl = (detail as any).ctrl as Controller;
  const { getUser } = endpoints();
  await ctrl.fetch(getUser, { id: 'u1' });
  assert.is(ctrl.isStale(getUser, { id: 'u1' }), false);
  ctrl.set(new Invalidate(User), { id: 'u1' });
  assert.is(ctrl.response(getUser, { id: 'u1' }).value, undefined);
  assert.ok(ctrl.isStale(getUser, { id: 'u1' }));
});

detail('isFetching is true while a GET of the key is in flight, and tracked', async () => {
  const ctrl = (detail as any).ctrl as Controller;
  const { getUsers, getUser } = endpoints();
  const seen: boolean[] = [];
  const stop = effect(() => {
    seen.push(ctrl.isFetching(getUsers));
  });
  const request = ctrl.fetch(getUsers);
  assert.is(ctrl.isFetching(getUser, { id: 'u1' }), false, 'another key');
  await request;
  assert.equal(seen, [false, true, false]);
  stop();
});

detail.run();
//#endregion
