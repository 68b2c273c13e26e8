// Reactive Data Client's Controller vocabulary: key filters, value/signal reader pairs,
// destructured methods, unsubscribe by endpoint and args.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller, Endpoint, effect } from '../../src/index.js';
import { User } from '../_fixtures/models.js';
import { endpoint } from '../_fixtures/schema.js';
import { db, getUser, getUsers, reset, server, start } from '../_fixtures/usersApi.js';

//#region filters
const filters = suite('Controller.invalidateAll / expireAll');

filters('take { testKey } or a function; only cached responses whose key passes change', () => {
  const ctrl = new Controller();
  const a = endpoint('listA', [User]);
  const b = endpoint('listB', [User]);
  ctrl.setResponse(a, [{ id: 'u1' }]);
  ctrl.setResponse(b, [{ id: 'u2' }]);
  ctrl.invalidateAll({ testKey: (key) => key.startsWith('listA') });
  assert.is(ctrl.getMeta(a).invalidated, true);
  assert.is(ctrl.getMeta(b).invalidated, false);
  ctrl.invalidateAll((key) => key.startsWith('listB'));
  assert.is(ctrl.getMeta(b).invalidated, true);

  const now = ctrl.getMeta(a).expiresAt;
  assert.ok(now > 0);
  ctrl.expireAll({ testKey: (key) => key.startsWith('listB') });
  assert.is(ctrl.getMeta(a).expiresAt, now);
  assert.is(ctrl.getMeta(b).expiresAt, 0);
  ctrl.expireAll();
  assert.is(ctrl.getMeta(a).expiresAt, 0);
});

filters('with no filter every cached response changes, in one batch', () => {
  const ctrl = new Controller();
  const a = endpoint('listA', [User]);
  const b = endpoint('listB', [User]);
  ctrl.setResponse(a, []);
  ctrl.setResponse(b, []);
  let runs = 0;
  const stop = effect(() => {
    ctrl.getMeta(a);
    ctrl.getMeta(b);
    runs++;
  });
  ctrl.invalidateAll();
  assert.is(runs, 2);
  assert.ok(ctrl.getMeta(a).invalidated && ctrl.getMeta(b).invalidated);
  stop();
});
//#endregion

//#region readers
const readers = suite('Controller readers: a signal and its value');

readers('get ↔ query, getResponse ↔ response, getMeta ↔ meta, getError ↔ meta().error', () => {
  const ctrl = new Controller();
  const list = endpoint('list', [User]);
  assert.is(ctrl.getResponse(list), undefined);
  ctrl.setResponse(list, [{ id: 'u1', name: 'Ada' }]);
  assert.is(ctrl.getResponse(list), ctrl.response(list).value);
  assert.is((ctrl.getResponse(list) as User[])[0], ctrl.get(User, 'u1'));
  assert.is(ctrl.get(User, 'u1'), ctrl.query(User, 'u1').value);
  assert.is(ctrl.getMeta(list), ctrl.meta(list).value);
  assert.is(ctrl.getError(list), ctrl.meta(list).value.error);
});

readers('each value reader is tracked inside an effect', () => {
  const ctrl = new Controller();
  const list = endpoint('list', [User]);
  const seen: unknown[] = [];
  const stop = effect(
    () => void seen.push([(ctrl.getResponse(list) as User[] | undefined)?.length, ctrl.getMeta(list).invalidated]),
  );
  ctrl.setResponse(list, [{ id: 'u1' }]);
  ctrl.invalidate(list);
  assert.equal(seen, [
    [undefined, false],
    [1, false],
    [1, true],
  ]);
  stop();
});
//#endregion

//#region destructuring
const destructuring = suite('Controller methods destructured');
destructuring.before(start);
destructuring.after(() => server.close());

destructuring('const { fetch, get, getResponse, setResponse, invalidate, subscribe } = ctrl works', async () => {
  reset(2);
  const ctrl = new Controller();
  const { fetch, get, getResponse, setResponse, invalidate, fetchIfStale, subscribe, unsubscribe, subscriptionCount } =
    ctrl;
  const users = await fetch(getUsers);
  assert.is(users.length, 2);
  assert.is(get(User, 'u1'), users[0]);
  assert.is(getResponse(getUsers), users);
  setResponse(getUser, { id: 'u1' }, { id: 'u1', name: 'Set' });
  assert.is(get(User, 'u1')!.name, 'Set');
  invalidate(getUsers);
  db.set('u1', { id: 'u1', name: 'Fresh', isAdmin: false });
  await fetchIfStale(getUsers);
  assert.is(get(User, 'u1')!.name, 'Fresh');
  subscribe(getUser, { id: 'u2' });
  assert.is(subscriptionCount(getUser, { id: 'u2' }), 1);
  unsubscribe(getUser, { id: 'u2' });
  assert.is(subscriptionCount(getUser, { id: 'u2' }), 0);
});

destructuring('a subclass override is the method bound', () => {
  let metaReads = 0;
  class AppController extends Controller {
    override getMeta(...args: Parameters<Controller['getMeta']>) {
      metaReads++;
      return super.getMeta(...args);
    }
  }
  const { getMeta } = new AppController();
  getMeta(endpoint('list', [User]));
  assert.is(metaReads, 1);
});
//#endregion

//#region unsubscribe
const unsubscribing = suite('Controller.unsubscribe');

unsubscribing('drops one subscription of equal args; more unsubscribes than subscribes are harmless', () => {
  const ctrl = new Controller();
  const ticker = new Endpoint(async ({ id }: { id: string }) => ({ id }), { name: 'ticker', pollFrequency: 60_000 });
  ctrl.subscribe(ticker, { id: 'a' });
  ctrl.subscribe(ticker, { id: 'a' });
  ctrl.subscribe(ticker, { id: 'b' });
  ctrl.unsubscribe(ticker, { id: 'a' });
  assert.is(ctrl.subscriptionCount(ticker, { id: 'a' }), 1);
  ctrl.unsubscribe(ticker, { id: 'a' });
  ctrl.unsubscribe(ticker, { id: 'a' });
  assert.is(ctrl.subscriptionCount(ticker, { id: 'a' }), 0);
  assert.is(ctrl.subscriptionCount(ticker, { id: 'b' }), 1, 'other args keep theirs');
  ctrl.unsubscribe(ticker, { id: 'b' });
});
//#endregion

filters.run();
readers.run();
destructuring.run();
unsubscribing.run();
