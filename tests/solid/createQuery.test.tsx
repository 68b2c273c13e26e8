/** @jsxImportSource solid-js */
import { container, waitFor } from '../_fixtures/dom.js';
import { For, createSignal } from 'solid-js';
import { render } from 'solid-js/web';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller, Query } from '../../src/index.js';
import { CacheProvider, createCache, createQuery } from '../../src/solid/index.js';
import { User, allUsers, makeUsers } from '../_fixtures/models.js';
import { db, getUser, getUsers, reset, server, start } from '../_fixtures/usersApi.js';

const gc = (globalThis as { gc?: () => void }).gc!;
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
async function collect() {
  for (let i = 0; i < 4; i++) {
    gc();
    await tick();
  }
}


//#region createQuery

const query = suite('createQuery');
query.before(start);
query.after(() => server.close());

query('a fetch that changes one of 1000 users re-runs exactly that row', async () => {
  reset(1000);
  const ctrl = new Controller();
  await ctrl.fetch(getUsers);
  const runs = new Map<string, number>();
  let total = 0;
  function Row(props: { id: string }) {
    const user = createQuery(User, () => ({ id: props.id }));
    return (
      <li>
        {(total++, runs.set(props.id, (runs.get(props.id) ?? 0) + 1), user()?.name)}
      </li>
    );
  }
  const ids = [...db.keys()];
  const root = container();
  const dispose = render(
    () => (
      <CacheProvider controller={ctrl}>
        <ul>
          <For each={ids}>{(id) => <Row id={id} />}</For>
        </ul>
      </CacheProvider>
    ),
    root,
  );
  assert.is(total, 1000);
  assert.is(root.querySelectorAll('li').length, 1000);
  assert.is(root.querySelectorAll('li')[499].textContent, 'user 500');

  db.set('u500', { ...db.get('u500')!, name: 'Renamed' });
  await ctrl.fetch(getUser, { id: 'u500' });
  assert.is(total, 1001, 'one row expression re-ran');
  assert.is(runs.get('u500'), 2);
  assert.is(runs.get('u499'), 1);
  assert.is(root.querySelectorAll('li')[499].textContent, 'Renamed');

  await ctrl.fetch(getUsers);
  assert.is(total, 1001, 'refetching identical data re-runs nothing');
  dispose();
});

query('args that change re-key the view; equal new args objects do not', () => {
  const ctrl = new Controller();
  ctrl.set([User], makeUsers(3));
  const calls: unknown[] = [];
  const original = ctrl.query.bind(ctrl);
  ctrl.query = ((...args: [typeof User, unknown]) => (calls.push(args[1]), original(...args))) as typeof ctrl.query;
  const [id, setId] = createSignal('u1');
  const [bump, setBump] = createSignal(0);
  let runs = 0;
  function Name() {
    const user = createQuery(User, () => (bump(), { id: id() }));
    return <p>{(runs++, user()?.name)}</p>;
  }
  const root = container();
  const dispose = render(() => <CacheProvider controller={ctrl}><Name /></CacheProvider>, root);
  assert.is(root.textContent, 'user 1');
  setBump(1);
  assert.equal(calls, [{ id: 'u1' }], 'an equal args object did not re-key');
  setId('u2');
  assert.is(root.textContent, 'user 2');
  assert.equal(calls, [{ id: 'u1' }, { id: 'u2' }]);
  assert.is(runs, 2);
  ctrl.set(User, { id: 'u1', name: 'old key' });
  assert.is(runs, 2, 'the previous view no longer reaches the component');
  ctrl.set(User, { id: 'u2', name: 'new key' });
  assert.is(root.textContent, 'new key');
  assert.is(runs, 3);
  dispose();
});

query('null args read nothing until they become an object', () => {
  const ctrl = new Controller();
  ctrl.set([User], makeUsers(2));
  const [id, setId] = createSignal<string | null>(null);
  let user!: () => User | undefined;
  const dispose = render(
    () => (
      <CacheProvider controller={ctrl}>
        {(() => {
          user = createQuery(User, () => (id() === null ? null : { id: id() }));
          return <p>{user()?.name ?? 'none'}</p>;
        })()}
      </CacheProvider>
    ),
    container(),
  );
  assert.is(user(), undefined);
  setId('u2');
  assert.equal({ ...user() }, { ...ctrl.get(User, { id: 'u2' }) }, 'the fields of the vanilla read');
  setId(null);
  assert.is(user(), undefined);
  dispose();
});

query('a Query result updates with the rows it reads and is undefined until cached', () => {
  const ctrl = new Controller();
  const admins = new Query(allUsers, (users, { isAdmin }: { isAdmin: boolean }) => users.filter((u) => u.isAdmin === isAdmin).length);
  const seen: (number | undefined)[] = [];
  const root = container();
  const dispose = render(
    () => (
      <CacheProvider controller={ctrl}>
        {(() => {
          const count = createQuery(admins, () => ({ isAdmin: true }));
          return <p>{(seen.push(count()), count() ?? '-')}</p>;
        })()}
      </CacheProvider>
    ),
    root,
  );
  assert.is(root.textContent, '-');
  ctrl.set([User], makeUsers(20));
  assert.is(root.textContent, '2');
  ctrl.set(User, { id: 'u2', name: 'renamed' });
  ctrl.set(User, { id: 'u3', isAdmin: true });
  assert.equal(seen, [undefined, 2, 3], 'a rename that keeps the count re-renders nothing');
  dispose();
});

query('unmounting releases the views of every row', async () => {
  const ctrl = new Controller();
  ctrl.set([User], makeUsers(500));
  const baseline = ctrl._viewCount;
  function Row(props: { id: string }) {
    const user = createQuery(User, () => ({ id: props.id }));
    return <li>{user()?.name}</li>;
  }
  const ids = makeUsers(500).map((u) => u.id);
  const dispose = render(
    () => (
      <CacheProvider controller={ctrl}>
        <For each={ids}>{(id) => <Row id={id} />}</For>
      </CacheProvider>
    ),
    container(),
  );
  await collect();
  assert.ok(ctrl._viewCount >= baseline + 500, `mounted rows hold their views (${ctrl._viewCount})`);
  dispose();
  // Finalizers run as tasks after a collection; on a loaded machine that can take more than
  // a few rounds, so collect until the views are gone (or time out, failing the test).
  await waitFor(() => (gc(), ctrl._viewCount < baseline + 10), `views released after unmount (${ctrl._viewCount} left)`, 5000);
});

query.run();

//#endregion

//#region createCache

const cache = suite('createCache');
cache.before(start);
cache.after(() => server.close());

cache('reads the cached response and never fetches', async () => {
  reset(3);
  const ctrl = new Controller();
  const root = container();
  const dispose = render(
    () => (
      <CacheProvider controller={ctrl}>
        {(() => {
          const users = createCache(getUsers);
          return <p>{users()?.map((u: User) => u.name).join(',') ?? 'empty'}</p>;
        })()}
      </CacheProvider>
    ),
    root,
  );
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.is(server.requests.length, 0, 'no request');
  assert.is(root.textContent, 'empty');
  await ctrl.fetch(getUsers);
  assert.is(root.textContent, 'user 1,user 2,user 3');
  dispose();
});

cache('re-keys with its args; null reads nothing', async () => {
  reset(3);
  const ctrl = new Controller();
  await ctrl.fetch(getUser, { id: 'u1' });
  await ctrl.fetch(getUser, { id: 'u2' });
  const [id, setId] = createSignal<string | null>('u1');
  const root = container();
  const dispose = render(
    () => (
      <CacheProvider controller={ctrl}>
        {(() => {
          const user = createCache(getUser, () => (id() === null ? null : { id: id()! }));
          return <p>{user()?.name ?? 'none'}</p>;
        })()}
      </CacheProvider>
    ),
    root,
  );
  assert.is(root.textContent, 'user 1');
  setId('u2');
  assert.is(root.textContent, 'user 2');
  setId(null);
  assert.is(root.textContent, 'none');
  await waitFor(() => true);
  dispose();
});

cache.run();

//#endregion
