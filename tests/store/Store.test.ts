// The signal tables: writes, equality before writing, ordering by fetch start, removal.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Collection, Controller, Endpoint, Entity, Invalidate, effect } from '../../src/index.js';
import { Post, User, allUsers } from '../_fixtures/models.js';
import { normalizeValue } from '../../src/schema/visit.js';
import { Staging } from '../../src/store/Staging.js';
import { Signal } from '@preact/signals-core';
import { Store } from '../../src/store/Store.js';

class Place extends Entity {
  id = '';
  name = '';
  address: { street: string; tags?: string[] } | null = null;
  meta: Record<string, unknown> = {};
  override pk() {
    return this.id;
  }
  static override key = 'Place';
}

/** Counts the runs of an effect reading `read()`. */
function runsOf(read: () => unknown) {
  const counter = { runs: 0, stop: () => {} };
  counter.stop = effect(() => {
    read();
    counter.runs++;
  });
  return counter;
}

/** An endpoint whose responses the test releases by hand, in any order. */
function manual<S>(name: string, schema: S) {
  const pending: ((value: unknown) => void)[] = [];
  const endpoint = new Endpoint((..._args: any[]) => new Promise<unknown>((resolve) => pending.push(resolve)), {
    name,
    schema: schema as any,
  });
  return { endpoint, pending };
}

//#region equality
const equality = suite('Store: equal data writes nothing');

equality('plain-object and array fields compare member by member', () => {
  const ctrl = new Controller();
  ctrl.set(Place, { id: 'p', address: { street: 'Main', tags: ['a'] }, meta: { n: 1, o: null } });
  const place = runsOf(() => ctrl.get(Place, 'p'));
  ctrl.set(Place, { id: 'p', address: { street: 'Main', tags: ['a'] }, meta: { o: null, n: 1 } });
  assert.is(place.runs, 1, 'equal nested objects (keys in another order) write nothing');
  ctrl.set(Place, { id: 'p', address: { street: 'Main', tags: ['a', 'b'] } });
  assert.is(place.runs, 2, 'a longer array');
  ctrl.set(Place, { id: 'p', meta: { n: 1, o: null, extra: true } });
  assert.is(place.runs, 3, 'an extra key');
  ctrl.set(Place, { id: 'p', meta: { n: 1, extra: true } });
  assert.is(place.runs, 4, 'a missing key');
  ctrl.set(Place, { id: 'p', meta: { n: 1, extra: false } });
  assert.is(place.runs, 5, 'a changed value');
  ctrl.set(Place, { id: 'p', address: null });
  assert.is(place.runs, 6, 'an object replaced by null');
  ctrl.set(Place, { id: 'p', address: null, meta: { n: 1, extra: false } });
  assert.is(place.runs, 6);
  place.stop();
});

equality('a field the stored row lacks is a change even when undefined-like values match', () => {
  const ctrl = new Controller();
  ctrl.set(User, { id: 'u1', name: 'Ada' });
  const user = runsOf(() => ctrl.get(User, { id: 'u1' }));
  ctrl.set(User, { id: 'u1', nickname: null });
  assert.is(user.runs, 2);
  assert.is((ctrl.get(User, { id: 'u1' }) as unknown as { nickname: null }).nickname, null);
  user.stop();
});
//#endregion

//#region ordering
const ordering = suite('Store: ordering by fetch start');

ordering('an older response merges under the newer row: only fields the row lacks are taken', async () => {
  const ctrl = new Controller();
  const { endpoint: getPlace, pending } = manual('getPlace', Place);
  const older = ctrl.fetch(getPlace.extend({ name: 'getPlaceOld' }), { id: 'p' });
  const newer = ctrl.fetch(getPlace, { id: 'p' });
  pending[1]({ id: 'p', name: 'new name' });
  await newer;
  const place = runsOf(() => ctrl.get(Place, 'p'));
  pending[0]({ id: 'p', name: 'old name', address: { street: 'Old street' } });
  await older;
  const row = ctrl.get(Place, 'p')!;
  assert.is(row.name, 'new name', 'the newer field stays');
  assert.equal(row.address, { street: 'Old street' }, 'the field the newer response lacked is taken');
  assert.is(place.runs, 2);
  place.stop();
});

ordering('an older response with nothing new writes nothing', async () => {
  const ctrl = new Controller();
  const { endpoint: getPlace, pending } = manual('getPlace', Place);
  const older = ctrl.fetch(getPlace.extend({ name: 'old' }), { id: 'p' });
  const newer = ctrl.fetch(getPlace, { id: 'p' });
  pending[1]({ id: 'p', name: 'new', address: null });
  await newer;
  const place = runsOf(() => ctrl.get(Place, 'p'));
  pending[0]({ id: 'p', name: 'old', address: { street: 'x' } });
  await older;
  assert.is(place.runs, 1);
  assert.is(ctrl.get(Place, 'p')!.name, 'new');
  place.stop();
});

ordering('an older list does not replace a newer one', async () => {
  const posts = new Collection([Post]);
  const ctrl = new Controller();
  const { endpoint: getPosts, pending } = manual('getPosts', posts);
  const older = ctrl.fetch(getPosts.extend({ name: 'old' }));
  const newer = ctrl.fetch(getPosts);
  pending[1]([{ id: 'p2' }]);
  pending[0]([{ id: 'p1' }]);
  await Promise.all([older, newer]);
  assert.equal(
    ctrl.get(posts)!.map((p) => p.id),
    ['p2'],
  );
});
ordering('a row removed by a newer response stays removed when an older response answers later', async () => {
  const ctrl = new Controller();
  ctrl.set(User, { id: 'u1', name: 'Ada' });
  const { endpoint: getUser, pending } = manual('getUser', User);
  const { endpoint: deleteUser, pending: deletes } = manual('deleteUser', new Invalidate(User));
  const older = ctrl.fetch(getUser, { id: 'u1' });
  const removal = ctrl.fetch(deleteUser.extend({ sideEffect: true }), { id: 'u1' });
  deletes[0]({ id: 'u1' });
  await removal;
  assert.is(ctrl.get(User, { id: 'u1' }), undefined);
  pending[0]({ id: 'u1', name: 'Ada, from before the delete' });
  await older;
  assert.is(ctrl.get(User, { id: 'u1' }), undefined, 'the older answer did not bring the row back');
});

ordering(
  "a response set while a fetch of its key is in flight is not replaced by that fetch's older answer",
  async () => {
    const ctrl = new Controller();
    const { endpoint: getPlaces, pending } = manual('getPlaces', [Place]);
    const older = ctrl.fetch(getPlaces);
    ctrl.setResponse(getPlaces, [{ id: 'p2', name: 'set later' }]);
    pending[0]([
      { id: 'p1', name: 'fetched earlier' },
      { id: 'p2', name: 'fetched earlier', address: { street: 'x' } },
    ]);
    await older;
    const list = ctrl.getResponse(getPlaces) as Place[];
    assert.equal(
      list.map((p) => p.id),
      ['p2'],
      'the newer response stays',
    );
    assert.is(list[0].name, 'set later');
    assert.equal(list[0].address, { street: 'x' }, 'the field the newer write lacked is merged under');
  },
);
//#endregion

//#region removal
const removal = suite('Store: removal');

removal('removing several rows in one response notifies readers of All once; the rows read undefined', () => {
  const ctrl = new Controller();
  ctrl.set([User], [{ id: 'u1' }, { id: 'u2' }, { id: 'u3' }]);
  const all = runsOf(() => ctrl.get(allUsers));
  ctrl.set([new Invalidate(User)], ['u1', 'u3', 'u9']);
  assert.is(all.runs, 2);
  assert.equal(
    ctrl.get(allUsers)!.map((u) => u.id),
    ['u2'],
  );
  ctrl.set([new Invalidate(User)], ['u1']);
  assert.is(all.runs, 2, 'removing a removed row writes nothing');
  all.stop();
});

removal('a removal staged before a write of the same row in one response lets the write stand', () => {
  const ctrl = new Controller();
  ctrl.set(User, { id: 'u1', name: 'Ada' });
  ctrl.set({ gone: new Invalidate(User), back: User }, { gone: 'u1', back: { id: 'u1', name: 'Back' } });
  assert.is(ctrl.get(User, { id: 'u1' })!.name, 'Back');
});
//#endregion

equality.run();
ordering.run();
removal.run();

const fresh = suite('Store: rows new to their table');

fresh('a new row is created holding its value; its signal is made by the first tracked read', () => {
  const store = new Store();
  const staging = new Staging('test', []);
  normalizeValue([User], [{ id: 'u1', name: 'Ada' }], staging, '');
  const placeholder = store._table('User')._cell('u0');
  store._commit(staging, 1);
  const cell = store._table('User')._cell('u1');
  assert.is((cell.peek() as { name: string }).name, 'Ada');
  assert.is(placeholder.peek(), undefined, 'a placeholder holds nothing');
  const signals = () => Object.values(cell).filter((v) => v instanceof Signal).length;
  assert.not.instance(cell, Signal, 'a cell is no signal');
  assert.is(signals(), 0, 'a row written and never read has no signal');
  const seen: unknown[] = [];
  const stop = effect(() => void seen.push((cell.value as { name: string } | undefined)?.name));
  assert.is(signals(), 1, 'the first tracked read made it');
  const again = new Staging('test', []);
  normalizeValue([User], [{ id: 'u1', name: 'Grace' }], again, '');
  store._commit(again, 2);
  assert.equal(seen, ['Ada', 'Grace'], 'a write reaches the reader');
  stop();
});

fresh.run();
