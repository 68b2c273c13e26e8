/**
 * The Manager pipeline: every Controller operation is an action that passes through the
 * managers' middlewares, in order, before it takes effect.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  type ActionTypes,
  Controller,
  type Manager,
  type Middleware,
  actionTypes,
  getDefaultManagers,
} from '../../src/index.js';
import { FakeTimers } from '../_fixtures/fakeTimers.js';
import { User } from '../_fixtures/models.js';
import { sleep, waitFor } from '../_fixtures/time.js';
import { db, getUser, getUsers, reset, server, start, updateUser } from '../_fixtures/usersApi.js';

/** A manager that records the type of every action it sees, under `name`. */
function recorder(log: string[], name = '') {
  return {
    middleware: ((_controller) => (next) => (action) => {
      log.push(`${name}${action.type}`);
      return next(action);
    }) as Middleware,
    cleanup() {},
  } satisfies Manager;
}

/** A manager made of one middleware. */
const manager = (middleware: Middleware): Manager => ({ middleware, cleanup() {} });

const pipeline = suite('Controller managers: the pipeline');
pipeline.before(start);
pipeline.before.each(() => reset(3));
pipeline.after(() => server.close());

pipeline('every operation is an action of its own type, seen by each middleware in order', async () => {
  const log: string[] = [];
  const timers = new FakeTimers();
  const ctrl = new Controller({ timers, gcInterval: 0, managers: [recorder(log, 'a:'), recorder(log, 'b:')] });
  await ctrl.fetch(getUsers);
  assert.equal(log, ['a:rdc/fetch', 'b:rdc/fetch', 'a:rdc/setresponse', 'b:rdc/setresponse']);
  const expected = (type: string) => [`a:${type}`, `b:${type}`];
  const step = (run: () => unknown, type: string) => {
    log.length = 0;
    run();
    assert.equal(log, expected(type), type);
  };
  step(() => ctrl.set(User, { id: 'u1' }, { id: 'u1', name: 'Ada' }), actionTypes.SET);
  step(() => ctrl.setResponse(getUser, { id: 'u1' }, { id: 'u1', name: 'Bo' }), actionTypes.SET_RESPONSE);
  step(() => ctrl.setError(getUser, { id: 'u2' }, new Error('gone')), actionTypes.SET_RESPONSE);
  step(() => ctrl.invalidate(getUsers), actionTypes.INVALIDATE);
  step(() => ctrl.invalidateAll({ testKey: () => false }), actionTypes.INVALIDATEALL);
  step(() => ctrl.expireAll(), actionTypes.EXPIREALL);
  step(() => ctrl.resetEntireStore(), actionTypes.RESET);
  await ctrl.fetch(getUsers);
  timers.advance(120_000);
  step(() => ctrl.gc(), actionTypes.GC);
});

pipeline("actions carry data-client's fields", async () => {
  const seen: ActionTypes[] = [];
  const ctrl = new Controller({ gcInterval: 0, managers: [manager(() => (next) => (a) => (seen.push(a), next(a)))] });
  const users = await ctrl.fetch(getUsers);
  const [fetch, set] = seen;
  assert.is(fetch.type, 'rdc/fetch');
  if (fetch.type !== actionTypes.FETCH || set.type !== actionTypes.SET_RESPONSE) throw new Error('types');
  assert.is(fetch.endpoint, getUsers);
  assert.equal(fetch.args, []);
  assert.is(fetch.key, getUsers.key());
  assert.type(fetch.meta.fetchedAt, 'number');
  assert.type(fetch.meta.resolve, 'function');
  assert.type(fetch.meta.reject, 'function');
  assert.is(fetch.meta.promise instanceof Promise, true);
  assert.is(set.endpoint, getUsers);
  assert.is(set.key, getUsers.key());
  assert.is(set.error, false);
  assert.equal(set.response, [...db.values()], 'the fetched (processed) value, before normalization');
  assert.equal(Object.keys(set.meta).sort(), ['date', 'expiresAt', 'fetchedAt']);
  assert.is(set.meta.fetchedAt, fetch.meta.fetchedAt, 'the fetch start');
  assert.is(set.meta.expiresAt - set.meta.date, 60_000, 'dataExpiryLength');
  assert.is(users.length, 3);
});

pipeline('a middleware that does not call next stops the action: nothing is sent or written', async () => {
  const stopUsers = manager(() => (next) => (action) => {
    if (action.type === actionTypes.FETCH && action.key === getUsers.key()) return Promise.resolve();
    if (action.type === actionTypes.SET) return Promise.resolve();
    return next(action);
  });
  const ctrl = new Controller({ gcInterval: 0, managers: [stopUsers] });
  let settled = false;
  ctrl.fetch(getUsers).finally(() => (settled = true));
  ctrl.set(User, { id: 'u9' }, { id: 'u9', name: 'never' });
  await ctrl.fetch(getUser, { id: 'u1' });
  await sleep(30);
  assert.is(server.count('GET', '/users'), 0, 'the stopped fetch sent nothing');
  assert.is(server.count('GET', '/users/u1'), 1, 'other fetches go through');
  assert.is(settled, false, "a stopped fetch settles only if a middleware settles its meta's promise");
  assert.is(ctrl.get(User, { id: 'u9' }), undefined, 'the stopped set wrote nothing');
});

pipeline('a middleware may answer a fetch itself through its meta', async () => {
  const answering = manager(() => (next) => (action) => {
    if (action.type !== actionTypes.FETCH) return next(action);
    action.meta.resolve('from the manager');
    return Promise.resolve();
  });
  const ctrl = new Controller({ gcInterval: 0, managers: [answering] });
  assert.is(await ctrl.fetch(getUsers), 'from the manager');
  assert.is(server.count('GET', '/users'), 0);
});

pipeline('a middleware that passes on a changed action changes what takes effect', async () => {
  // Every user's name upper-cased before it is stored; the fetch resolves with what was stored.
  const upper = manager(() => (next) => (action) => {
    if (action.type !== actionTypes.SET_RESPONSE || action.error) return next(action);
    const shout = (u: { name: string }) => ({ ...u, name: u.name.toUpperCase() });
    const response = Array.isArray(action.response) ? action.response.map(shout) : shout(action.response);
    return next({ ...action, response });
  });
  const ctrl = new Controller({ gcInterval: 0, managers: [upper] });
  const users = await ctrl.fetch(getUsers);
  assert.equal(
    users.map((u) => u.name),
    ['USER 1', 'USER 2', 'USER 3'],
  );
  assert.is(ctrl.get(User, { id: 'u2' })!.name, 'USER 2');
  ctrl.setResponse(getUser, { id: 'u1' }, { id: 'u1', name: 'Ada', isAdmin: false });
  assert.is(ctrl.get(User, { id: 'u1' })!.name, 'ADA');
});

pipeline('a failure turned into a response by a middleware resolves the fetch', async () => {
  const fallback = manager(() => (next) => (action) => {
    if (action.type === actionTypes.SET_RESPONSE && action.error)
      return next({ ...action, error: false, response: { id: 'u404', name: 'placeholder', isAdmin: false } });
    return next(action);
  });
  const ctrl = new Controller({ gcInterval: 0, managers: [fallback] });
  const user = await ctrl.fetch(getUser, { id: 'u404' });
  assert.is(user.name, 'placeholder');
  assert.is(ctrl.getError(getUser, { id: 'u404' }), undefined);
});

pipeline('a middleware that waits: the action takes effect when it calls next', async () => {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const waiting = manager(() => (next) => async (action) => {
    if (action.type === actionTypes.SET_RESPONSE) await gate;
    return next(action);
  });
  const ctrl = new Controller({ gcInterval: 0, managers: [waiting] });
  let done = false;
  const users = ctrl.fetch(getUsers).then((u) => ((done = true), u));
  await waitFor(() => server.count('GET', '/users') === 1, 'the request');
  await sleep(20);
  assert.is(done, false, 'the answer waits for the middleware');
  assert.is(ctrl.getResponse(getUsers), undefined);
  release();
  assert.is((await users).length, 3);
  assert.is(ctrl.getResponse(getUsers)!.length, 3);
});

pipeline('the controller a middleware receives dispatches through every middleware, from the first', async () => {
  const log: string[] = [];
  // On each response of getUsers, the first user is also written as its own response.
  const follow = manager((controller) => (next) => async (action) => {
    await next(action);
    if (action.type === actionTypes.SET_RESPONSE && action.key === getUsers.key() && !action.error)
      controller.setResponse(getUser, { id: 'u1' }, action.response[0]);
  });
  const ctrl = new Controller({ gcInterval: 0, managers: [recorder(log), follow] });
  await ctrl.fetch(getUsers);
  await waitFor(() => ctrl.getResponse(getUser, { id: 'u1' }) !== undefined, 'the follow-up write');
  assert.equal(log, ['rdc/fetch', 'rdc/setresponse', 'rdc/setresponse']);
  assert.is(server.count('GET', '/users/u1'), 0);
});

pipeline('a mutation with an optimistic response dispatches OPTIMISTIC, then its answer', async () => {
  const log: string[] = [];
  const optimistic = updateUser.extend({
    getOptimisticResponse: (_snap: unknown, { id }: { id: string }, body: { name: string }) => ({ id, ...body }),
  });
  const ctrl = new Controller({ gcInterval: 0, managers: [recorder(log)] });
  await ctrl.fetch(getUser, { id: 'u1' });
  log.length = 0;
  const done = ctrl.fetch(optimistic, { id: 'u1' }, { name: 'Eve' });
  assert.is(ctrl.get(User, { id: 'u1' })!.name, 'Eve', 'shown at once');
  assert.equal(log, ['rdc/fetch', 'rdc/optimistic']);
  await done;
  assert.equal(log, ['rdc/fetch', 'rdc/optimistic', 'rdc/setresponse']);
});

pipeline('a stopped OPTIMISTIC shows nothing; the mutation still runs and writes its answer', async () => {
  const noOptimism = manager(
    () => (next) => (action) => (action.type === actionTypes.OPTIMISTIC ? Promise.resolve() : next(action)),
  );
  const optimistic = updateUser.extend({
    getOptimisticResponse: (_snap: unknown, { id }: { id: string }, body: { name: string }) => ({ id, ...body }),
  });
  const ctrl = new Controller({ gcInterval: 0, managers: [noOptimism] });
  await ctrl.fetch(getUser, { id: 'u1' });
  const done = ctrl.fetch(optimistic, { id: 'u1' }, { name: 'Eve' });
  assert.is(ctrl.get(User, { id: 'u1' })!.name, 'user 1');
  await done;
  assert.is(ctrl.get(User, { id: 'u1' })!.name, 'Eve');
});

pipeline('a stopped answer leaves the cache as it was; the fetch resolves with what the key holds', async () => {
  const dropAnswers = manager(
    () => (next) => (action) => (action.type === actionTypes.SET_RESPONSE ? Promise.resolve() : next(action)),
  );
  const ctrl = new Controller({ gcInterval: 0, managers: [dropAnswers] });
  assert.is(await ctrl.fetch(getUsers), undefined);
  assert.is(ctrl.getResponse(getUsers), undefined);
  await ctrl.fetch(getUser, { id: 'u404' }).then(
    () => assert.unreachable('a failure stays a failure'),
    (error: Error & { status?: number }) => assert.is(error.status, 404),
  );
  assert.is(ctrl.getError(getUser, { id: 'u404' }), undefined, 'and is not recorded');
});

pipeline('what a middleware throws fails the operation', async () => {
  const boom = manager(() => (next) => (action) => {
    if (action.type === actionTypes.FETCH || action.type === actionTypes.SET) throw new Error('boom');
    return next(action);
  });
  const ctrl = new Controller({ gcInterval: 0, managers: [boom] });
  await ctrl.fetch(getUsers).then(
    () => assert.unreachable(),
    (error: Error) => assert.is(error.message, 'boom'),
  );
  assert.throws(() => ctrl.set(User, { id: 'u1' }, { id: 'u1' }), /boom/);
  assert.is(server.count('GET', '/users'), 0);
});

pipeline('setResponse throws a SchemaError through synchronous middlewares, writing nothing', () => {
  const log: string[] = [];
  const ctrl = new Controller({ gcInterval: 0, managers: [recorder(log)] });
  assert.throws(() => ctrl.setResponse(getUser, { id: 'u1' }, 'not a user' as never), /getUser|GET|User/);
  assert.is(ctrl.get(User, { id: 'u1' }), undefined);
  assert.equal(log, ['rdc/setresponse']);
});

pipeline('getMiddleware (the older spelling) is called once; init once the Controller is ready', () => {
  let made = 0;
  let inits = 0;
  let state: unknown;
  const seen: string[] = [];
  const legacy: Manager = {
    getMiddleware: () => () => (next) => (action) => {
      seen.push(action.type);
      return next(action);
    },
    init(s) {
      inits++;
      state = s;
    },
    cleanup() {},
  };
  const counting = { ...legacy, getMiddleware: () => (made++, legacy.getMiddleware!()) };
  const ctrl = new Controller({ gcInterval: 0, managers: [counting] });
  ctrl.set(User, { id: 'u1' }, { id: 'u1' });
  ctrl.set(User, { id: 'u2' }, { id: 'u2' });
  assert.is(made, 1);
  assert.equal(seen, ['rdc/set', 'rdc/set']);
  assert.is(inits, 1);
  assert.equal(Object.keys(state as object).sort(), [
    'endpoints',
    'entities',
    'entitiesMeta',
    'indexes',
    'lastReset',
    'meta',
    'optimistic',
  ]);
});

pipeline('dispatching while the middlewares are made is an error', () => {
  const eager = manager((controller) => {
    controller.set(User, { id: 'u1' }, { id: 'u1' });
    return (next) => next;
  });
  assert.throws(() => new Controller({ gcInterval: 0, managers: [eager] }), /constructing/);
});

pipeline('actions of other types pass through and do nothing at the end', async () => {
  const ctrl = new Controller({ gcInterval: 0, managers: [] });
  await ctrl.dispatch({ type: 'app/hello' } as never);
  assert.is(ctrl.getResponse(getUsers), undefined);
});

const subscriptions = suite('Controller managers: SUBSCRIBE and UNSUBSCRIBE');
subscriptions.before(start);
subscriptions.before.each(() => reset(3));
subscriptions.after(() => server.close());

subscriptions('a key dispatches SUBSCRIBE for its first mounted reader and UNSUBSCRIBE for its last', async () => {
  const log: string[] = [];
  const ctrl = new Controller({ gcInterval: 0, managers: [recorder(log)] });
  const subscribe = () => log.filter((t) => t === 'rdc/subscribe').length;
  const unsubscribe = () => log.filter((t) => t === 'rdc/unsubscribe').length;
  const a = ctrl.subscribe(getUsers);
  const b = ctrl._mount(getUsers);
  const c = ctrl.subscribe(getUsers);
  assert.is(ctrl.subscriptionCount(getUsers), 3);
  assert.is(subscribe(), 1);
  a();
  a();
  b();
  assert.is(unsubscribe(), 0, 'a reader is left');
  c();
  assert.is(unsubscribe(), 1);
  assert.is(ctrl.subscriptionCount(getUsers), 0);
  ctrl.subscribe(getUser, { id: 'u1' });
  ctrl.subscribe(getUser, { id: 'u2' });
  assert.is(subscribe(), 3, 'one per key');
  await waitFor(() => server.count('GET', '/users/u2') === 1, 'the mounted key fetched');
});

subscriptions('the SUBSCRIBE action names the endpoint, args and key of the first reader', () => {
  const seen: ActionTypes[] = [];
  const ctrl = new Controller({ gcInterval: 0, managers: [manager(() => (next) => (a) => (seen.push(a), next(a)))] });
  ctrl.subscribe(getUser, { id: 'u1' })();
  const [sub, , unsub] = seen.filter((a) => a.type !== actionTypes.FETCH);
  assert.equal(sub, { type: 'rdc/subscribe', endpoint: getUser, args: [{ id: 'u1' }], key: getUser.key({ id: 'u1' }) });
  assert.equal(unsub, undefined);
  assert.equal(seen.at(-1), {
    type: 'rdc/unsubscribe',
    endpoint: getUser,
    args: [{ id: 'u1' }],
    key: getUser.key({ id: 'u1' }),
  });
});

subscriptions('the default managers poll a subscribed key; a stopped SUBSCRIBE polls nothing', async () => {
  const timers = new FakeTimers();
  const polled = getUsers.extend({ pollFrequency: 100 });
  const noPolling = manager(
    () => (next) => (action) =>
      action.type === actionTypes.SUBSCRIBE || action.type === actionTypes.UNSUBSCRIBE
        ? Promise.resolve()
        : next(action),
  );
  const quiet = new Controller({ timers, gcInterval: 0, managers: [noPolling, ...getDefaultManagers()] });
  const ctrl = new Controller({ timers, gcInterval: 0 });
  const stops = [quiet.subscribe(polled), ctrl.subscribe(polled)];
  await waitFor(() => server.count('GET', '/users') === 2, 'the mounts fetch');
  await quiet.fetchIfStale(polled);
  await ctrl.fetchIfStale(polled);
  timers.advance(100);
  await waitFor(() => ctrl.getMeta(polled).fetchedAt === 100, 'one poll');
  timers.advance(100);
  await waitFor(() => server.count('GET', '/users') === 4, 'another poll');
  assert.equal(timers.intervals(), [100], 'only the Controller whose SUBSCRIBE went through polls');
  for (const stop of stops) stop();
  assert.equal(timers.intervals(), []);
});

const cleanup = suite('Controller.cleanup');
cleanup.before(start);
cleanup.before.each(() => reset(3));
cleanup.after(() => server.close());

cleanup("calls each manager's cleanup once and stops the Controller's timers", async () => {
  const timers = new FakeTimers();
  timers.time = 1; // (a fetch at 0 reads as never fetched)
  let cleaned = 0;
  const mine: Manager = { middleware: () => (next) => next, cleanup: () => cleaned++ };
  const ctrl = new Controller({ timers, gcInterval: 1000, managers: [...getDefaultManagers(), mine] });
  ctrl.subscribe(getUsers.extend({ pollFrequency: 50, dataExpiryLength: 500 }));
  await waitFor(() => ctrl.getResponse(getUsers) !== undefined, 'the data');
  assert.is(timers.size, 3, `the sweep, the poll and the expiry watch: ${timers.size}`);
  ctrl.cleanup();
  ctrl.cleanup();
  assert.is(cleaned, 1);
  assert.is(timers.size, 0, 'no timer left');
  timers.advance(10_000);
  await sleep(20);
  assert.is(server.count('GET', '/users'), 1, 'nothing polls or refetches');
  ctrl.invalidate(getUsers);
  await sleep(20);
  assert.is(server.count('GET', '/users'), 1, 'an invalidated mounted key is not refetched either');
  assert.is((await ctrl.fetch(getUsers)).length, 3, 'the cache still fetches when asked');
});

pipeline.run();
subscriptions.run();
cleanup.run();
