/** @jsxImportSource solid-js */
import { container, tick, waitFor } from '../_fixtures/dom.js';
import { For, Suspense, createComputed, createRoot, createSignal } from 'solid-js';
import { render } from 'solid-js/web';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Collection, Controller, Entity, Invalidate, RestEndpoint } from '../../src/index.js';
import { CacheProvider, createCache, createQuery, createSuspense } from '../../src/solid/index.js';
import { tableOf } from '../../src/solid/stable.js';
import { Post, User } from '../_fixtures/models.js';
import { collect } from '../_fixtures/time.js';
import { db, getUser, getUsers, reset, server, start } from '../_fixtures/usersApi.js';

/** Records DOM mutations below `root`, by kind. */
function watch(root: HTMLElement) {
  const seen = { text: 0, nodes: 0 };
  const observer = new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'characterData') seen.text++;
      else if (r.type === 'childList') seen.nodes++;
    }
  });
  observer.observe(root, { subtree: true, characterData: true, childList: true });
  return { seen, stop: () => observer.disconnect() };
}

const stable = suite('stable identity');
stable.before(start);
stable.after(() => server.close());

stable('renaming one entity through a fetch keeps every <For> row and updates one text', async () => {
  reset(50);
  const ctrl = new Controller();
  let created = 0;
  function Row(props: { user: User }) {
    created++;
    return <li>{props.user.name}</li>;
  }
  function List() {
    const users = createSuspense(getUsers);
    return (
      <ul>
        <For each={users()}>{(user) => <Row user={user} />}</For>
      </ul>
    );
  }
  const root = container();
  const dispose = render(
    () => (
      <CacheProvider controller={ctrl}>
        <Suspense fallback="loading">
          <List />
        </Suspense>
      </CacheProvider>
    ),
    root,
  );
  await waitFor(() => root.querySelectorAll('li').length === 50, 'the list');
  assert.is(created, 50);
  const { seen, stop } = watch(root);

  db.set('u7', { ...db.get('u7')!, name: 'Renamed' });
  await ctrl.fetch(getUser, { id: 'u7' });
  await tick();
  assert.is(root.querySelectorAll('li')[6].textContent, 'Renamed');
  assert.is(created, 50, 'no row component was created again');
  assert.equal(seen, { text: 1, nodes: 0 }, 'one text node changed, no node was replaced');

  // The list itself refetched with the new name: nothing changes on screen.
  await ctrl.fetch(getUsers);
  await tick();
  assert.is(created, 50);
  assert.equal(seen, { text: 1, nodes: 0 });
  stop();
  dispose();
});

stable('an entity is one object in every view; unchanged arrays keep their identity', async () => {
  reset(3);
  const ctrl = new Controller();
  await ctrl.fetch(getUsers);
  let list!: () => User[] | undefined;
  let one!: () => User | undefined;
  const dispose = render(
    () => (
      <CacheProvider controller={ctrl}>
        {(() => {
          list = createSuspense(getUsers) as () => User[] | undefined;
          one = createQuery(User, () => ({ id: 'u2' }));
          return null;
        })()}
      </CacheProvider>
    ),
    container(),
  );
  const before = list()!;
  const u2 = one()!;
  assert.is(before[1], u2, 'the list row and the detail are one object');
  assert.ok(u2 instanceof User, 'it keeps the class');
  assert.is(u2.pk(), 'u2', 'and its methods');
  assert.is.not(u2, ctrl.get(User, { id: 'u2' }), 'it is not the cache object (that one changes)');
  // The table holds stable objects weakly: one that is still held survives collection.
  for (let i = 0; i < 3; i++) {
    (globalThis as { gc?: () => void }).gc!();
    await tick();
  }

  ctrl.set(User, { id: 'u2' }, { id: 'u2', name: 'Two' });
  assert.is(one(), u2, 'same object after a change');
  assert.is(u2.name, 'Two', 'with the new field value');
  const after = list()!;
  assert.is.not(after, before, 'the array changed (a member changed)');
  assert.is(after[0], before[0]);
  assert.is(after[2], before[2]);

  ctrl.set(User, { id: 'u9' }, { id: 'u9', name: 'unrelated' });
  assert.is(list(), after, 'an unrelated write keeps the array');
  dispose();
});

stable('fields read in a computation re-run it only when that field changes', () => {
  const ctrl = new Controller();
  ctrl.set(User, { id: 'u1' }, { id: 'u1', name: 'Ada', isAdmin: false });
  let nameRuns = 0;
  let adminRuns = 0;
  const root = container();
  const dispose = render(
    () => (
      <CacheProvider controller={ctrl}>
        {(() => {
          const user = createQuery(User, () => ({ id: 'u1' }));
          return (
            <p>
              {(nameRuns++, user()?.name)}|{(adminRuns++, String(user()?.isAdmin))}
            </p>
          );
        })()}
      </CacheProvider>
    ),
    root,
  );
  assert.is(root.textContent, 'Ada|false');
  ctrl.set(User, { id: 'u1' }, { id: 'u1', name: 'Grace' });
  assert.is(root.textContent, 'Grace|false');
  assert.is(nameRuns, 2);
  assert.is(adminRuns, 1, 'the other field did not re-run');
  dispose();
});

stable('nested entities and cycles resolve to stable objects', () => {
  const ctrl = new Controller();
  ctrl.set(User, { id: 'a' }, { id: 'a', name: 'Ada', posts: [{ id: 'p1', title: 'One', author: 'a' }] });
  const [id, setId] = createSignal('p1');
  let post!: () => Post | undefined;
  let author!: () => User | undefined;
  const dispose = render(
    () => (
      <CacheProvider controller={ctrl}>
        {(() => {
          post = createQuery(Post, () => ({ id: id() }));
          author = createQuery(User, () => ({ id: 'a' }));
          return null;
        })()}
      </CacheProvider>
    ),
    container(),
  );
  const ada = author()!;
  assert.is(post()!.author, ada);
  assert.is(ada.posts[0], post(), 'the cycle closes on the same objects');
  assert.is(ada.posts[0].author, ada);
  ctrl.set(Post, { id: 'p1' }, { id: 'p1', title: 'Uno' });
  assert.is(ada.posts[0].title, 'Uno', 'the nested field updated in place');
  assert.is(author(), ada);
  setId('nope');
  assert.is(post(), undefined);
  dispose();
});

stable('stable objects are released once nothing shows them', async () => {
  reset(20);
  const ctrl = new Controller();
  await ctrl.fetch(getUsers);
  const refs: WeakRef<User>[] = [];
  const dispose = render(
    () => (
      <CacheProvider controller={ctrl}>
        {(() => {
          const users = createSuspense(getUsers);
          return <For each={users()}>{(user) => (refs.push(new WeakRef(user)), (<i>{user.name}</i>))}</For>;
        })()}
      </CacheProvider>
    ),
    container(),
  );
  assert.is(refs.length, 20);
  dispose();
  // gc() runs in a job of its own: a WeakRef read in a job keeps its target until that job ends.
  for (let i = 0; i < 20; i++) {
    await tick();
    (globalThis as { gc?: () => void }).gc!();
    await tick();
    if (refs.every((ref) => ref.deref() === undefined)) break;
  }
  assert.is(
    refs.filter((ref) => ref.deref() !== undefined).length,
    0,
    'no stable object outlives the view (the cache keeps its rows)',
  );
  assert.is(ctrl.get(User, { id: 'u1' })?.name, 'user 1');
});

/** A user whose pk look-ups are counted. */
class Counted extends Entity {
  id = '';
  name = '';
  static lookups = 0;
  override pk() {
    return this.id;
  }
  static override pk(value: object, ...rest: [unknown?, string?, (readonly unknown[])?]) {
    Counted.lookups++;
    return super.pk(value, ...rest);
  }
  static override key = 'Counted';
}

/** Mounts `read` in a root with a controller; returns the dispose. */
function mountWith(ctrl: Controller, read: () => void): () => void {
  return render(
    () => (
      <CacheProvider controller={ctrl}>
        {(() => {
          read();
          return null;
        })()}
      </CacheProvider>
    ),
    container(),
  );
}

/** User u1 written with `fields` and read by `createQuery` in a mounted root. */
function mountUser(fields: Partial<User>) {
  const ctrl = new Controller();
  ctrl.set(User, { id: 'u1' }, fields);
  let user!: () => User | undefined;
  const dispose = mountWith(ctrl, () => {
    user = createQuery(User, () => ({ id: 'u1' }));
  });
  return { ctrl, user, dispose };
}

/** 1,000 `Counted` rows written as the response of `get` and read through `createCache` in a mounted root. */
function mountLongList(ctrl: Controller, get: RestEndpoint<any>): { list: () => Counted[]; dispose: () => void } {
  ctrl.setResponse(
    get,
    Array.from({ length: 1000 }, (_, i) => ({ id: `c${i}`, name: `row ${i}` })),
  );
  let read!: () => Counted[] | undefined;
  const dispose = mountWith(ctrl, () => {
    read = createCache(get) as () => Counted[] | undefined;
  });
  return { list: () => read()!, dispose };
}

stable('a write to one row of a long list translates that row only', () => {
  const ctrl = new Controller();
  const { list, dispose } = mountLongList(ctrl, new RestEndpoint({ path: '/counted', schema: [Counted] }));
  const before = list()!;
  assert.is(before.length, 1000);
  Counted.lookups = 0;
  ctrl.set(Counted, { id: 'c500' }, { id: 'c500', name: 'changed' });
  const after = list()!;
  assert.is.not(after, before);
  assert.is(after[500].name, 'changed');
  assert.is(after[500], before[500], 'the changed row keeps its object');
  assert.ok(after.every((row, i) => row === before[i]));
  // The write itself looks the row up; the translation adds one look-up (the changed row), not 1,000.
  assert.ok(Counted.lookups <= 5, `${Counted.lookups} pk look-ups`);
  dispose();
});

stable(
  'writes to rows of a long list, one after another: the list the cache re-reads in part translates them in place',
  () => {
    const ctrl = new Controller();
    const { list, dispose } = mountLongList(ctrl, new RestEndpoint({ path: '/counted', schema: [Counted] }));
    const first = list()!;
    for (const [n, at] of [
      [1, 10],
      [2, 999],
      [3, 10],
      [4, 0],
    ] as const) {
      const before = list()!;
      Counted.lookups = 0;
      ctrl.set(Counted, { id: `c${at}` }, { id: `c${at}`, name: `write ${n}` });
      const after = list()!;
      assert.is.not(after, before);
      assert.equal(
        after.flatMap((row, i) => (row.name === (i === at ? `write ${n}` : before[i].name) ? [] : [i])),
        [],
        `write ${n}`,
      );
      assert.ok(
        after.every((row, i) => row === first[i]),
        'every row keeps its object',
      );
      assert.ok(Counted.lookups <= 5, `${Counted.lookups} pk look-ups`);
    }
    dispose();
  },
);

stable('a row removed from a long list: the others keep their objects without a look-up', () => {
  const ctrl = new Controller();
  const removeCounted = new RestEndpoint({ path: '/counted/:id', method: 'DELETE', schema: new Invalidate(Counted) });
  const { list, dispose } = mountLongList(ctrl, new RestEndpoint({ path: '/counted', schema: [Counted] }));
  const first = list()!;
  for (const at of [0, 500, 997]) {
    const before = list()!;
    Counted.lookups = 0;
    ctrl.setResponse(removeCounted, { id: before[at]!.id }, { id: before[at]!.id });
    const after = list()!;
    assert.is(after.length, before.length - 1);
    assert.ok(
      after.every((row, i) => row === before[i < at ? i : i + 1]),
      `removed at ${at}: every other row keeps its object`,
    );
    // The removal itself reads the pk once; the translation looks up nothing, not the 999 rows that moved.
    assert.ok(Counted.lookups <= 3, `removed at ${at}: ${Counted.lookups} pk look-ups`);
  }
  assert.is(list()![0], first[1]);
  dispose();
});

stable('a row added at the top of a long list: the others keep their objects without a look-up', () => {
  const ctrl = new Controller();
  const counted = new Collection([Counted]);
  const addCounted = new RestEndpoint({ path: '/counted', method: 'POST', schema: counted.unshift });
  const { list, dispose } = mountLongList(ctrl, new RestEndpoint({ path: '/counted', schema: counted }));
  const before = list()!;
  Counted.lookups = 0;
  ctrl.setResponse(addCounted, {}, { id: 'new', name: 'new' });
  const after = list()!;
  assert.equal([after.length, after[0]!.name], [1001, 'new']);
  assert.ok(
    before.every((row, i) => after[i + 1] === row),
    'every other row keeps its object',
  );
  // The write reads the new row's pk; the translation looks up that row only.
  assert.ok(Counted.lookups <= 4, `${Counted.lookups} pk look-ups`);
  dispose();
});

stable('rows added, removed and changed in one write keep the objects of the others', () => {
  const ctrl = new Controller();
  const getCounted = new RestEndpoint({ path: '/counted', schema: [Counted] });
  const row = (id: string, name = id) => ({ id, name });
  ctrl.setResponse(getCounted, [row('a'), row('b'), row('c'), row('d')]);
  let list!: () => Counted[] | undefined;
  const dispose = mountWith(ctrl, () => {
    list = createCache(getCounted) as () => Counted[] | undefined;
  });
  const [a, b, c, d] = list()!;
  ctrl.setResponse(getCounted, [row('n'), row('a'), row('c', 'C'), row('d')]);
  const next = list()!;
  assert.equal(
    next.map((r) => r.name),
    ['n', 'a', 'C', 'd'],
  );
  assert.is(next[1], a);
  assert.is(next[2], c, 'changed: same object, new field');
  assert.is(next[3], d);
  ctrl.setResponse(getCounted, [row('a'), row('b'), row('d')]);
  const last = list()!;
  assert.equal(
    last.map((r) => r.name),
    ['a', 'b', 'd'],
  );
  assert.is(last[0], a);
  assert.is(last[1], b, 'a row that left and came back is the same object while held');
  assert.is(last[2], d);
  dispose();
});

stable('a field read by several computations notifies those still reading it', () => {
  const { ctrl, user, dispose } = mountUser({ id: 'u1', name: 'Ada' });
  const u = user()!;
  const seen: string[] = [];
  const reader = (tag: string) =>
    createRoot((dispose) => {
      createComputed(() => seen.push(`${tag}:${u.name}`));
      return dispose;
    });
  const first = reader('first');
  const second = reader('second');
  first();
  ctrl.set(User, { id: 'u1' }, { id: 'u1', name: 'Grace' });
  assert.equal(seen, ['first:Ada', 'second:Ada', 'second:Grace'], 'the disposed reader is gone, the other re-ran');
  second();
  ctrl.set(User, { id: 'u1' }, { id: 'u1', name: 'Hedy' });
  const third = reader('third');
  ctrl.set(User, { id: 'u1' }, { id: 'u1', name: 'Joan' });
  assert.equal(
    seen.slice(3),
    ['third:Hedy', 'third:Joan'],
    'a field read again after every reader left is followed again',
  );
  third();
  dispose();
});

stable('stable objects list, spread and serialize their fields, and refuse writes', () => {
  const { user, dispose } = mountUser({ id: 'u1', name: 'Ada', isAdmin: true });
  const u = user()!;
  assert.equal(Object.keys(u), ['id', 'name', 'isAdmin', 'posts']);
  assert.equal({ ...u }, { id: 'u1', name: 'Ada', isAdmin: true, posts: [] });
  assert.equal(JSON.parse(JSON.stringify(u)), { id: 'u1', name: 'Ada', isAdmin: true, posts: [] });
  assert.ok('name' in u);
  assert.throws(() => {
    (u as { name: string }).name = 'changed';
  }, TypeError);
  assert.is(u.name, 'Ada');
  dispose();
});

stable('an object no computation reads takes each change at its next read, whatever reads it', () => {
  const { ctrl, user, dispose } = mountUser({ id: 'u1', name: 'Ada', isAdmin: false });
  const u = user()!;
  const rename = (name: string) => {
    ctrl.set(User, { id: 'u1' }, { id: 'u1', name });
    assert.is(user(), u, 'one object throughout');
  };
  // Each read below is the first since a change: each kind of read brings the object up to date.
  assert.ok('name' in u, 'in');
  rename('Grace');
  assert.is(Object.getOwnPropertyDescriptor(u, 'name')?.value, 'Grace', 'a property descriptor');
  rename('Hedy');
  assert.equal({ ...u }, { id: 'u1', name: 'Hedy', isAdmin: false, posts: [] }, 'spread');
  rename('Joan');
  assert.is(JSON.parse(JSON.stringify(u)).name, 'Joan', 'JSON');
  rename('Mary');
  assert.equal(Object.keys(u), ['id', 'name', 'isAdmin', 'posts'], 'keys');
  assert.is(u.name, 'Mary', 'a field');
  // Read in a computation from now on: a change reaches it in the write itself.
  const seen: string[] = [];
  const stop = createRoot((d) => {
    createComputed(() => seen.push(u.name));
    return d;
  });
  rename('Ada');
  assert.equal(seen, ['Mary', 'Ada']);
  stop();
  dispose();
});

/** A row that owns one Counted (its nested entity). */
class Owned extends Entity {
  id = '';
  owner = undefined as unknown as Counted;
  override pk() {
    return this.id;
  }
  static override key = 'Owned';
  static override schema = { owner: Counted };
}

stable(
  'an object still held once nothing reads it drops its field signals and takes changes at its next read',
  async () => {
    const N = 40;
    const ctrl = new Controller();
    const getOwned = new RestEndpoint({ path: '/owned', schema: [Owned] });
    const getCounted = new RestEndpoint({ path: '/counted', schema: [Counted] });
    ctrl.setResponse(
      getOwned,
      Array.from({ length: N }, (_, i) => ({ id: `o${i}`, owner: { id: `c${i}`, name: `owner ${i}` } })),
    );
    // The list stays mounted and holds every row's object; no computation reads a field of it.
    let list!: () => Owned[] | undefined;
    const dispose = mountWith(ctrl, () => {
      list = createCache(getOwned) as () => Owned[] | undefined;
    });
    const rows = list()!;
    // Pk look-ups of Counted in a write that renames every owner: the write's own, plus one per
    // row whose fields are copied at once (a row read in a computation translates its new owner).
    const rename = (name: string) => {
      Counted.lookups = 0;
      ctrl.setResponse(
        getCounted,
        Array.from({ length: N }, (_, i) => ({ id: `c${i}`, name: `${name} ${i}` })),
      );
      return Counted.lookups;
    };
    const readers = createRoot((stop) => {
      for (const row of rows) createComputed(() => row.owner);
      return stop;
    });
    const whileRead = rename('a');
    readers();
    await collect();
    const unread = rename('b');
    assert.is(whileRead - unread, N, 'rows no computation reads any more are not copied at each write');
    assert.ok(
      list()!.every((row, i) => row === rows[i]),
      'every row keeps its object',
    );
    assert.equal(
      rows.map((row) => row.owner.name),
      Array.from({ length: N }, (_, i) => `b ${i}`),
      'each row takes the change at its next read',
    );
    // Read in a computation again: followed again.
    const seen: string[] = [];
    const again = createRoot((stop) => {
      createComputed(() => seen.push(rows[3].owner.name));
      return stop;
    });
    await collect();
    rename('c');
    assert.equal(seen, ['b 3', 'c 3']);
    again();
    dispose();
  },
);

stable('stable objects are released while the cache keeps the list they came from', async () => {
  reset(20);
  const ctrl = new Controller();
  const getList = new RestEndpoint({ urlPrefix: server.url, path: '/users', schema: new Collection([User]) });
  await ctrl.fetch(getList);
  const refs: WeakRef<User>[] = [];
  const dispose = render(
    () => (
      <CacheProvider controller={ctrl}>
        {(() => {
          const users = createSuspense(getList);
          return <For each={users()}>{(user) => (refs.push(new WeakRef(user)), (<i>{user.name}</i>))}</For>;
        })()}
      </CacheProvider>
    ),
    container(),
  );
  assert.is(refs.length, 20);
  dispose();
  for (let i = 0; i < 20; i++) {
    await tick();
    (globalThis as { gc?: () => void }).gc!();
    await tick();
    if (refs.every((ref) => ref.deref() === undefined)) break;
  }
  assert.is(refs.filter((ref) => ref.deref() !== undefined).length, 0, 'no stable object outlives the view');
  assert.is(ctrl.get(getList.schema)?.length, 20, 'the cache keeps the list');
});

stable('the table of stable objects drops the entries of collected objects as it grows', async () => {
  const ctrl = new Controller();
  const getCounted = new RestEndpoint({ path: '/counted', schema: [Counted] });
  // Five lists of 100 rows, one after another; each list's objects are collectable once it unmounts.
  for (let round = 0; round < 5; round++) {
    ctrl.setResponse(
      getCounted,
      Array.from({ length: 100 }, (_, i) => ({ id: `c${round * 100 + i}`, name: `row ${i}` })),
    );
    let list!: () => Counted[] | undefined;
    const dispose = mountWith(ctrl, () => {
      list = createCache(getCounted) as () => Counted[] | undefined;
      createComputed(() => list()?.map((row) => row.name));
    });
    assert.is(list()!.length, 100);
    dispose();
    await collect();
  }
  // 500 objects were made, at most the last two lists' alive at a time; entries are swept once
  // the table has grown by half since the last sweep.
  const size = tableOf(ctrl).get('Counted')!.size;
  assert.ok(size <= 250, `${size} entries`);
});

stable.run();
