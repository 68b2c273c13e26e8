import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller, Query, effect } from '../../src/index.js';
import { cellCount } from '../_fixtures/cells.js';
import { User, allUsers } from '../_fixtures/models.js';
import { collect, collectUntil } from '../_fixtures/time.js';
import { dev } from '../_fixtures/env.js';

const views = suite('views');

views('equal args give the same signal; reading again without a subscriber gives the same object', () => {
  const ctrl = new Controller();
  ctrl.set(User, { id: 'u1', name: 'Ada' });
  const count = new Query(allUsers, (users: User[]) => users.length);
  assert.is(ctrl.query(count), ctrl.query(count, {}));
  assert.is(ctrl.query(User, { id: 'u1' }), ctrl.query(User, { id: 'u1' }));
  const view = ctrl.query(allUsers);
  assert.is(view.value, view.value);
  assert.is(ctrl.get(allUsers), view.value);
});

views('a view nothing references is reclaimed; a referenced one survives', async () => {
  const ctrl = new Controller();
  ctrl.set(User, { id: 'u1', name: 'Ada' });
  const kept = ctrl.query(User, { id: 'u1' });
  const keptValue = kept.value;
  let weak: WeakRef<object> | undefined;
  (() => {
    const dropped = ctrl.query(User, { id: 'u2' });
    dropped.value;
    weak = new WeakRef(dropped);
    for (let i = 0; i < 2000; i++) ctrl.query(User, { id: `x${i}` }).value;
  })();
  assert.ok(ctrl._viewCount >= 2002);
  await collectUntil(() => weak!.deref() === undefined && ctrl._viewCount < 100, 'the dropped views collected');
  assert.is(ctrl.query(User, { id: 'u1' }), kept, 'a referenced view is still the same signal');
  assert.is(kept.value, keptValue);
});

views('a view read by an effect stays alive through the effect', async () => {
  const ctrl = new Controller();
  ctrl.set(User, { id: 'u1', name: 'Ada' });
  const names: string[] = [];
  const stop = effect(() => {
    names.push(ctrl.get(User, { id: 'u1' })?.name ?? '-');
  });
  await collect();
  ctrl.set(User, { id: 'u1', name: 'Grace' });
  assert.equal(names, ['Ada', 'Grace']);
  stop();
});

views('mounting and unmounting readers many times grows neither the view table nor the row table', async () => {
  const ctrl = new Controller({ gcInterval: 0 });
  const cells = () => cellCount(ctrl);
  ctrl.set(User, { id: 'u1', name: 'Ada' });
  // A reader of a missing id that stays mounted keeps its placeholder.
  const stopLive = effect(() => void ctrl.get(User, { id: 'missing-live' }));
  for (let round = 0; round < 20; round++) {
    const stops = Array.from({ length: 200 }, (_, i) => effect(() => void ctrl.get(User, { id: `u${round}-${i}` })));
    stops.forEach((stop) => stop());
  }
  await collectUntil(() => ctrl._viewCount < 100, 'the views of the unmounted readers collected');
  // Each unmounted reader of a missing id left one placeholder row cell: freed once its
  // reader left, at the end of that task, without a sweep.
  assert.is(cells(), 2, 'the row and the placeholder still watched');
  assert.is(ctrl.gc(), 0, 'nothing left for a sweep');
  assert.is(ctrl.get(User, { id: 'u1' })?.name, 'Ada', 'a written row stays');
  stopLive();
  await Promise.resolve();
  assert.is(cells(), 1, 'the placeholder of the last reader, once it left');
});

views('a value that is not a schema is rejected by name, not by a WeakMap', () => {
  const ctrl = new Controller();
  for (const bad of [42, 'User', null, undefined, true]) {
    const schema = bad as unknown as typeof User;
    for (const read of [() => ctrl.get(schema), () => ctrl.query(schema)]) {
      assert.throws(read, /get\/query: expected a schema/);
    }
  }
  try {
    ctrl.get('User' as unknown as typeof User);
    assert.unreachable();
  } catch (error) {
    assert.is((error as Error).name, 'SchemaError');
    // (The production message names no value.)
    assert.match((error as Error).message, dev ? /got "User"/ : /expected a schema/);
  }
});

views.run();
