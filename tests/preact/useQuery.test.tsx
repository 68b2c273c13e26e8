import { container, tick } from '../_fixtures/dom.js';
import { useComputed } from '@preact/signals';
import { render } from 'preact';
import { useState } from 'preact/hooks';
import { act } from 'preact/test-utils';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller, Query, RestEndpoint } from '../../src/index.js';
import { CacheProvider, useCache, useCacheSignal, useQuery, useQuerySignal } from '../../src/preact/index.js';
import { User, allUsers, makeUsers } from '../_fixtures/models.js';
import { db, getUser, getUsers, reset, server, start } from '../_fixtures/usersApi.js';
import { collect } from '../_fixtures/time.js';


/** Renders into a fresh container; returns it and an unmount function. */
function mount(ctrl: Controller, vnode: preact.ComponentChildren) {
  const root = container();
  act(() => render(<CacheProvider controller={ctrl}>{vnode}</CacheProvider>, root));
  return { root, unmount: () => act(() => render(null, root)) };
}

/** Lets scheduled renders and deferred DOM updates run. */
async function settle() {
  await act(async () => {
    await tick();
  });
}

//#region useQuery

const query = suite('useQuery');
query.before(start);
query.after(() => server.close());

query('a fetch that changes one of 1000 users re-renders exactly that row', async () => {
  reset(1000);
  const ctrl = new Controller();
  await ctrl.fetch(getUsers);
  const renders = new Map<string, number>();
  let total = 0;
  function Row({ id }: { id: string }) {
    const user = useQuery(User, { id });
    total++;
    renders.set(id, (renders.get(id) ?? 0) + 1);
    return <li>{user?.name}</li>;
  }
  const ids = [...db.keys()];
  const { root, unmount } = mount(ctrl, <ul>{ids.map((id) => <Row key={id} id={id} />)}</ul>);
  assert.is(total, 1000);
  assert.is(root.querySelectorAll('li')[499].textContent, 'user 500');

  db.set('u500', { ...db.get('u500')!, name: 'Renamed' });
  await ctrl.fetch(getUser, { id: 'u500' });
  await settle();
  assert.is(total, 1001, 'one row component rendered');
  assert.is(renders.get('u500'), 2);
  assert.is(root.querySelectorAll('li')[499].textContent, 'Renamed');

  await ctrl.fetch(getUsers);
  await settle();
  assert.is(total, 1001, 'refetching identical data renders nothing');
  unmount();
});

query('a new but equal args object each render does not re-key; new args do', async () => {
  const ctrl = new Controller();
  ctrl.set([User], makeUsers(3));
  const calls: unknown[] = [];
  const original = ctrl.query.bind(ctrl);
  ctrl.query = ((...args: [typeof User, unknown]) => (calls.push(args[1]), original(...args))) as typeof ctrl.query;
  let setId!: (id: string) => void;
  let setBump!: (n: number) => void;
  function Name() {
    const [id, set] = useState('u1');
    const [, bump] = useState(0);
    setId = set;
    setBump = bump;
    const user = useQuery(User, { id });
    return <p>{user?.name}</p>;
  }
  const { root, unmount } = mount(ctrl, <Name />);
  assert.is(root.textContent, 'user 1');
  act(() => setBump(1));
  act(() => setBump(2));
  assert.equal(calls, [{ id: 'u1' }], 'equal args kept the view');
  act(() => setId('u2'));
  assert.is(root.textContent, 'user 2');
  assert.equal(calls, [{ id: 'u1' }, { id: 'u2' }]);
  ctrl.set(User, { id: 'u2', name: 'renamed' });
  await settle();
  assert.is(root.textContent, 'renamed');
  unmount();
});

query('null args read undefined; a Query updates with its rows', async () => {
  const ctrl = new Controller();
  const admins = new Query(allUsers, (users, { isAdmin }: { isAdmin: boolean }) => users.filter((u) => u.isAdmin === isAdmin).length);
  const seen: unknown[] = [];
  function Count({ on }: { on: boolean }) {
    const count = useQuery(admins, on ? { isAdmin: true } : null);
    seen.push(count);
    return <p>{count ?? '-'}</p>;
  }
  const root = container();
  act(() => render(<CacheProvider controller={ctrl}><Count on={false} /></CacheProvider>, root));
  ctrl.set([User], makeUsers(20));
  await settle();
  assert.is(root.textContent, '-');
  act(() => render(<CacheProvider controller={ctrl}><Count on={true} /></CacheProvider>, root));
  assert.is(root.textContent, '2');
  ctrl.set(User, { id: 'u2', name: 'renamed' });
  await settle();
  ctrl.set(User, { id: 'u3', isAdmin: true });
  await settle();
  assert.equal(seen, [undefined, 2, 3], 'a rename that keeps the count renders nothing');
  act(() => render(null, root));
});

query('unmounting releases the views of every row', async () => {
  const ctrl = new Controller();
  ctrl.set([User], makeUsers(500));
  const baseline = ctrl._viewCount;
  function Row({ id }: { id: string }) {
    return <li>{useQuery(User, { id })?.name}</li>;
  }
  const ids = makeUsers(500).map((u) => u.id);
  const { unmount } = mount(ctrl, <ul>{ids.map((id) => <Row key={id} id={id} />)}</ul>);
  await collect();
  assert.ok(ctrl._viewCount >= baseline + 500, `mounted rows hold their views (${ctrl._viewCount})`);
  unmount();
  await collect();
  assert.ok(ctrl._viewCount < baseline + 10, `views left after unmount: ${ctrl._viewCount}`);
});

query.run();

//#endregion

//#region useQuerySignal

const querySignal = suite('useQuerySignal');
querySignal.before(start);
querySignal.after(() => server.close());

querySignal('a changed user updates its text node with zero component renders', async () => {
  reset(1000);
  const ctrl = new Controller();
  await ctrl.fetch(getUsers);
  let renders = 0;
  function Row({ id }: { id: string }) {
    const user = useQuerySignal(User, { id });
    const name = useComputed(() => user.value?.name);
    renders++;
    return <li>{name}</li>;
  }
  const ids = [...db.keys()];
  const { root, unmount } = mount(ctrl, <ul>{ids.map((id) => <Row key={id} id={id} />)}</ul>);
  assert.is(renders, 1000);
  const item = root.querySelectorAll('li')[499];
  const text = item.firstChild;
  assert.is(item.textContent, 'user 500');

  db.set('u500', { ...db.get('u500')!, name: 'Renamed' });
  await ctrl.fetch(getUser, { id: 'u500' });
  await settle();
  assert.is(item.textContent, 'Renamed');
  assert.is(item.firstChild, text, 'the same text node, updated in place');
  assert.is(renders, 1000, 'no component rendered');
  unmount();
});

querySignal('returns the controller’s view: the same signal for equal args', () => {
  const ctrl = new Controller();
  ctrl.set(User, { id: 'u1', name: 'Ada' });
  let view: unknown;
  function Probe() {
    view = useQuerySignal(User, { id: 'u1' });
    return null;
  }
  const { unmount } = mount(ctrl, <Probe />);
  assert.is(view, ctrl.query(User, { id: 'u1' }));
  unmount();
});

querySignal.run();

//#endregion

//#region useCache

const cache = suite('useCache');
cache.before(start);
cache.after(() => server.close());

cache('reads the cached response and never fetches', async () => {
  reset(3);
  const ctrl = new Controller();
  function Users() {
    const users = useCache(getUsers);
    return <p>{users?.map((u: User) => u.name).join(',') ?? 'empty'}</p>;
  }
  const { root, unmount } = mount(ctrl, <Users />);
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.is(server.requests.length, 0, 'no request');
  assert.is(root.textContent, 'empty');
  await ctrl.fetch(getUsers);
  await settle();
  assert.is(root.textContent, 'user 1,user 2,user 3');
  unmount();
});

cache('null args read nothing', () => {
  const ctrl = new Controller();
  ctrl.setResponse(getUser, { id: 'u1' }, { id: 'u1', name: 'Ada' });
  function Name({ id }: { id: string | null }) {
    const user = useCache(getUser, id === null ? null : { id });
    return <p>{user?.name ?? 'none'}</p>;
  }
  const root = container();
  act(() => render(<CacheProvider controller={ctrl}><Name id={null} /></CacheProvider>, root));
  assert.is(root.textContent, 'none');
  act(() => render(<CacheProvider controller={ctrl}><Name id="u1" /></CacheProvider>, root));
  assert.is(root.textContent, 'Ada');
  act(() => render(null, root));
});

cache.run();

//#endregion

//#region useCacheSignal

const cacheSignal = suite('useCacheSignal');

cacheSignal('binds the response into JSX without rendering the component', async () => {
  const ctrl = new Controller();
  const getCount = new RestEndpoint({ path: '/count' }); // never fetched: setResponse stores
  ctrl.setResponse(getCount, 1);
  let renders = 0;
  function Count() {
    renders++;
    return <p>{useCacheSignal(getCount)}</p>;
  }
  const { root, unmount } = mount(ctrl, <Count />);
  assert.is(root.textContent, '1');
  ctrl.setResponse(getCount, 2);
  await settle();
  assert.is(root.textContent, '2');
  assert.is(renders, 1);
  unmount();
});

cacheSignal.run();

//#endregion
