/** @jsxImportSource solid-js */
import { container, waitFor } from '../_fixtures/dom.js';
import { ErrorBoundary, Suspense, createSignal, type JSX } from 'solid-js';
import { render } from 'solid-js/web';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller, NetworkError } from '../../src/index.js';
import { CacheProvider, createFetch, createLive, createSuspense } from '../../src/solid/index.js';
import { User } from '../_fixtures/models.js';
import { sleep } from '../_fixtures/server.js';
import { db, getUser, getUsers, hold, reset, server, start } from '../_fixtures/usersApi.js';


function mount(ctrl: Controller, view: () => JSX.Element) {
  const root = container();
  const dispose = render(
    () => (
      <CacheProvider controller={ctrl}>
        <ErrorBoundary fallback={(error: Error) => <em>{`error: ${error.message}`}</em>}>
          <Suspense fallback={<i>loading</i>}>{view()}</Suspense>
        </ErrorBoundary>
      </CacheProvider>
    ),
    root,
  );
  return { root, dispose };
}

function Name(props: { id: string }) {
  const user = createSuspense(getUser, () => ({ id: props.id }));
  return <b>{user()?.name}</b>;
}

//#region createSuspense

const suspense = suite('createSuspense');
suspense.before(start);
suspense.after(() => server.close());

suspense('shows the fallback, then the data fetched from the server', async () => {
  reset(3);
  const open = hold();
  const ctrl = new Controller();
  const { root, dispose } = mount(ctrl, () => <Name id="u2" />);
  assert.is(root.textContent, 'loading');
  await waitFor(() => server.requests.length === 1, 'the request');
  assert.is(root.textContent, 'loading', 'still pending');
  open();
  await waitFor(() => root.textContent === 'user 2', 'the data');
  assert.is(server.count('GET', '/users/u2'), 1);
  dispose();
});

suspense('a 404 from the server reaches the error boundary', async () => {
  reset(3);
  const ctrl = new Controller();
  const { root, dispose } = mount(ctrl, () => <Name id="nobody" />);
  assert.is(root.textContent, 'loading');
  await waitFor(() => root.textContent!.startsWith('error:'), 'the error boundary');
  assert.match(root.textContent!, /404/);
  assert.ok(ctrl.getError(getUser, { id: 'nobody' }) instanceof NetworkError);
  dispose();
});

suspense('fresh cached data renders at once without a request', async () => {
  reset(3);
  const ctrl = new Controller();
  await ctrl.fetch(getUser, { id: 'u1' });
  const { root, dispose } = mount(ctrl, () => <Name id="u1" />);
  assert.is(root.textContent, 'user 1');
  await sleep(10);
  assert.is(server.requests.length, 1, 'only the first fetch');
  dispose();
});

suspense('stale data keeps showing while it refetches, then updates', async () => {
  reset(3);
  let now = 1000;
  const ctrl = new Controller({ clock: () => now });
  await ctrl.fetch(getUser, { id: 'u1' });
  now += 120_000;
  db.set('u1', { ...db.get('u1')!, name: 'fresh' });
  const open = hold();
  const { root, dispose } = mount(ctrl, () => <Name id="u1" />);
  assert.is(root.textContent, 'user 1', 'no fallback for stale data');
  await waitFor(() => server.requests.length === 2, 'the refetch');
  assert.is(root.textContent, 'user 1');
  open();
  await waitFor(() => root.textContent === 'fresh', 'the refetched data');
  dispose();
});

suspense('changing args suspends for the new key and shows its data', async () => {
  reset(3);
  const ctrl = new Controller();
  await ctrl.fetch(getUser, { id: 'u1' });
  const [id, setId] = createSignal('u1');
  const { root, dispose } = mount(ctrl, () => <Name id={id()} />);
  assert.is(root.textContent, 'user 1');
  const open = hold();
  setId('u3');
  assert.is(root.textContent, 'loading');
  open();
  await waitFor(() => root.textContent === 'user 3', 'the new key');
  setId('u1');
  assert.is(root.textContent, 'user 1', 'a cached key shows at once');
  dispose();
});

suspense('later writes reach the component through the view', async () => {
  reset(3);
  const ctrl = new Controller();
  const { root, dispose } = mount(ctrl, () => <Name id="u1" />);
  await waitFor(() => root.textContent === 'user 1', 'the data');
  ctrl.set(User, { id: 'u1', name: 'Ada' });
  assert.is(root.textContent, 'Ada');
  dispose();
});

suspense('null args fetch nothing and read undefined', async () => {
  reset(3);
  const ctrl = new Controller();
  let read!: () => User | undefined;
  const { root, dispose } = mount(ctrl, () => {
    read = createSuspense(getUser, () => null);
    return <b>{read()?.name ?? 'none'}</b>;
  });
  assert.is(root.textContent, 'none');
  await sleep(10);
  assert.is(server.requests.length, 0);
  dispose();
});

suspense('invalidating a mounted list sends one request and shows the new data; no fallback meanwhile', async () => {
  reset(3);
  const ctrl = new Controller();
  const { root, dispose } = mount(ctrl, () => {
    const users = createSuspense(getUsers);
    return <b>{users()?.length}</b>;
  });
  await waitFor(() => root.textContent === '3', 'the list');
  db.set('u4', { id: 'u4', name: 'user 4', isAdmin: false });
  const open = hold();
  ctrl.invalidate(getUsers);
  await waitFor(() => server.count('GET', '/users') === 2, 'the refetch');
  assert.is(root.textContent, '3', 'the cached list keeps showing');
  open();
  await waitFor(() => root.textContent === '4', 'the new data');
  ctrl.invalidateAll();
  await waitFor(() => server.count('GET', '/users') === 3, 'invalidateAll refetches it too');
  // A request in flight is shared: wait for its answer before expiring.
  await waitFor(() => !ctrl.meta(getUsers).value.invalidated, 'the answer');
  ctrl.expireAll();
  await waitFor(() => server.count('GET', '/users') === 4, 'and expireAll');
  await sleep(20);
  assert.is(server.count('GET', '/users'), 4, 'once each');
  dispose();
  ctrl.invalidateAll();
  await sleep(20);
  assert.is(server.count('GET', '/users'), 4, 'an unmounted list is not refetched');
});

suspense.run();

//#endregion

//#region createFetch

const fetching = suite('createFetch');
fetching.before(start);
fetching.after(() => server.close());

fetching('fetches missing data without suspending', async () => {
  reset(3);
  const ctrl = new Controller();
  const { root, dispose } = mount(ctrl, () => {
    const users = createFetch(getUsers);
    return <b>{users()?.length ?? 'none'}</b>;
  });
  assert.is(root.textContent, 'none', 'no fallback');
  await waitFor(() => root.textContent === '3', 'the data');
  assert.is(server.count('GET', '/users'), 1);
  dispose();
});

fetching('fetches only when missing or stale', async () => {
  reset(3);
  let now = 1000;
  const ctrl = new Controller({ clock: () => now });
  await ctrl.fetch(getUsers);
  const first = mount(ctrl, () => <b>{createFetch(getUsers)()?.length}</b>);
  await sleep(20);
  assert.is(server.requests.length, 1, 'fresh data is not refetched');
  first.dispose();
  now += 120_000;
  db.set('u4', { id: 'u4', name: 'user 4', isAdmin: false });
  const second = mount(ctrl, () => <b>{createFetch(getUsers)()?.length}</b>);
  assert.is(second.root.textContent, '3');
  await waitFor(() => second.root.textContent === '4', 'the refetched data');
  assert.is(server.requests.length, 2);
  second.dispose();
});

fetching('an error stays in the cache instead of throwing', async () => {
  reset(3);
  const ctrl = new Controller();
  const { root, dispose } = mount(ctrl, () => {
    const user = createFetch(getUser, () => ({ id: 'nobody' }));
    return <b>{user()?.name ?? 'none'}</b>;
  });
  await waitFor(() => ctrl.getError(getUser, { id: 'nobody' }) !== undefined, 'the error');
  assert.is(root.textContent, 'none');
  dispose();
});

fetching('a mounted createFetch follows invalidation', async () => {
  reset(3);
  const ctrl = new Controller();
  const { root, dispose } = mount(ctrl, () => {
    const user = createFetch(getUser, () => ({ id: 'u1' }));
    return <b>{user()?.name}</b>;
  });
  await waitFor(() => root.textContent === 'user 1', 'the data');
  db.set('u1', { ...db.get('u1')!, name: 'renamed' });
  ctrl.invalidate(getUser, { id: 'u1' });
  await waitFor(() => root.textContent === 'renamed', 'the refetched data');
  assert.is(server.count('GET', '/users/u1'), 2);
  dispose();
});

fetching.run();

//#endregion

//#region createLive

const live = suite('createLive');
live.before(start);
live.after(() => server.close());

live('suspends, then polls; unmount stops polling', async () => {
  reset(3);
  const ctrl = new Controller();
  const polled = getUser.extend({ pollFrequency: 30 });
  const { root, dispose } = mount(ctrl, () => {
    const user = createLive(polled, () => ({ id: 'u1' }));
    return <b>{user()?.name}</b>;
  });
  assert.is(root.textContent, 'loading');
  await waitFor(() => root.textContent === 'user 1', 'the data');
  db.set('u1', { ...db.get('u1')!, name: 'polled' });
  await waitFor(() => root.textContent === 'polled', 'a polled change');
  await waitFor(() => server.count('GET', '/users/u1') >= 4, 'a few polls');
  assert.is(ctrl.subscriptionCount(polled, { id: 'u1' }), 1);
  dispose();
  assert.is(ctrl.subscriptionCount(polled, { id: 'u1' }), 0);
  await sleep(40); // a request already sent may still arrive
  const after = server.count('GET', '/users/u1');
  await sleep(150);
  assert.is(server.count('GET', '/users/u1'), after, 'no request after unmount');
});

live('re-keying moves the subscription', async () => {
  reset(3);
  const ctrl = new Controller();
  const polled = getUser.extend({ pollFrequency: 1000 });
  const [id, setId] = createSignal('u1');
  const { root, dispose } = mount(ctrl, () => {
    const user = createLive(polled, () => ({ id: id() }));
    return <b>{user()?.name}</b>;
  });
  await waitFor(() => root.textContent === 'user 1', 'the data');
  assert.is(ctrl.subscriptionCount(polled, { id: 'u1' }), 1);
  setId('u2');
  await waitFor(() => root.textContent === 'user 2', 'the new key');
  assert.is(ctrl.subscriptionCount(polled, { id: 'u1' }), 0);
  assert.is(ctrl.subscriptionCount(polled, { id: 'u2' }), 1);
  dispose();
  assert.is(ctrl.subscriptionCount(polled, { id: 'u2' }), 0);
});

live.run();

//#endregion

//#region types (checked by tsc, never run)

export function typeChecks() {
  // @ts-expect-error getUser needs its parameters
  createSuspense(getUser);
  // @ts-expect-error the parameters are checked
  createFetch(getUser, () => ({ name: 'x' }));
  createSuspense(getUsers);
  createLive(getUser, () => null);
  const user: () => User | undefined = createSuspense(getUser, () => ({ id: '1' }));
  return user;
}

//#endregion
