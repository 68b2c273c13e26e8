import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Model } from '../../src/devtools/model.js';
import { Controller, Endpoint, effect, Invalidate, Query } from '../../src/index.js';
import { idOf } from '../../src/util/argsKey.js';
import { cellCount } from '../_fixtures/cells.js';
import { dev } from '../_fixtures/env.js';
import { allUsers, Post, User } from '../_fixtures/models.js';
import { collect, collectUntil } from '../_fixtures/time.js';

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

// A view that reads at least half of the rows of the tables its schema reaches follows the
// tables (their membership and writes), not each row: a write to any of their rows
// recomputes it, and its objects keep their identity, so readers run only for their rows.
const follow = suite('views follow their tables');

/** 100 posts with 10 authors; `ctrl.set([Post], …)` stores them as one list. */
function posts(ctrl: Controller, count = 100) {
  const list = Array.from({ length: count }, (_, i) => ({
    id: `p${i}`,
    title: `post ${i}`,
    author: { id: `u${i % 10}`, name: `user ${i % 10}` },
  }));
  ctrl.set(User, { id: 'other', name: 'not in the list' });
  ctrl.set(Post, { id: 'lone', title: 'not in the list' });
  return list;
}
const postList = new Endpoint(async () => [], { key: () => 'posts', schema: [Post] });
/** Counts the recomputations of every view of `ctrl`, as signal-cache/devtools does. */
function runsOf(ctrl: Controller): () => number {
  const model = new Model(ctrl, idOf);
  return () => model.views().reduce((sum, view) => sum + view.runs, 0);
}

follow('a large view follows its tables: other rows recompute it, readers run only when its data changes', () => {
  const ctrl = new Controller();
  ctrl.setResponse(postList, posts(ctrl));
  const runs = runsOf(ctrl);
  const view = ctrl.response(postList);
  let ran = 0;
  let seen: Post[] | undefined;
  const stop = effect(() => {
    ran++;
    seen = view.value as Post[];
  });
  const first = seen!;
  assert.is(first.length, 100);
  // A nested row it reaches: one new list, the ten posts of that author new, the rest kept.
  ctrl.set(User, { id: 'u3', name: 'Ada' });
  assert.is(ran, 2);
  const next = seen!;
  assert.is.not(next, first);
  assert.is(next.filter((p, i) => p !== first[i]).length, 10);
  assert.is(next[3]!.author!.name, 'Ada');
  assert.is(next[4], first[4]);
  // (The first walk read row by row and found the view large: from the second on, it follows.)
  // A row the view does not reach, in a table it follows: recomputed, the same list.
  const before = runs();
  ctrl.set(User, { id: 'other', name: 'renamed' });
  assert.is(runs(), before + 1, 'the view follows the User table');
  assert.is(ran, 2, 'its reader did not run');
  assert.is(view.value, next);
  // A row of the list edited.
  ctrl.set(Post, { id: 'p7', title: 'edited' });
  assert.is(seen![7]!.title, 'edited');
  assert.is(ran, 3);
  stop();
});

follow('a small view stays row by row: a write to a row it does not read does not recompute it', () => {
  const ctrl = new Controller();
  ctrl.setResponse(postList, posts(ctrl, 5));
  const runs = runsOf(ctrl);
  const view = ctrl.response(postList);
  const stop = effect(() => {
    view.value;
  });
  ctrl.set(User, { id: 'u1', name: 'Ada' });
  assert.is((view.value as Post[])[1]!.author!.name, 'Ada');
  const before = runs();
  ctrl.set(User, { id: 'other', name: 'renamed' });
  assert.is(runs(), before, 'not recomputed');
  ctrl.set(User, { id: 'u2', name: 'Bo' });
  assert.is(runs(), before + 1);
  stop();
});

follow('a view that shrinks goes back to its rows; one that grows follows again', () => {
  const ctrl = new Controller();
  const list = posts(ctrl);
  ctrl.setResponse(postList, list);
  const runs = runsOf(ctrl);
  const view = ctrl.response(postList);
  const stop = effect(() => {
    view.value;
  });
  ctrl.setResponse(postList, list.slice(0, 3));
  assert.is((view.value as Post[]).length, 3);
  ctrl.set(User, { id: 'other', name: 'renamed' });
  const shrunk = runs();
  ctrl.set(User, { id: 'other', name: 'renamed again' });
  assert.is(runs(), shrunk, 'row by row again');
  ctrl.set(User, { id: 'u2', name: 'Ada' });
  assert.is((view.value as Post[])[2]!.author!.name, 'Ada');
  ctrl.setResponse(postList, list);
  ctrl.set(User, { id: 'u5', name: 'Bo' });
  assert.is((view.value as Post[])[5]!.author!.name, 'Bo');
  const grown = runs();
  ctrl.set(User, { id: 'other', name: 'once more' });
  assert.is(runs(), grown + 1, 'following again');
  stop();
});

follow('a followed view sees rows that appear, leave and come back', () => {
  const ctrl = new Controller();
  const list = posts(ctrl).map((p, i) => (i === 0 ? { ...p, author: 'late' } : p));
  ctrl.setResponse(postList, list);
  const view = ctrl.response(postList);
  const stop = effect(() => {
    view.value;
  });
  for (let i = 0; i < 3; i++) ctrl.set(User, { id: 'other', name: `n${i}` });
  assert.is((view.value as Post[])[0]!.author, undefined, 'the author is not stored yet');
  ctrl.set(User, { id: 'late', name: 'Late' });
  assert.is((view.value as Post[])[0]!.author!.name, 'Late');
  ctrl.setResponse(new Endpoint(async () => 'p1', { key: () => 'del', schema: new Invalidate(Post) }), 'p1');
  assert.is((view.value as Post[]).length, 99);
  assert.not.ok((view.value as Post[]).some((p) => p.id === 'p1'));
  stop();
});

follow.run();
