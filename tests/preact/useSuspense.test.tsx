import { container, tick, waitFor } from '../_fixtures/dom.js';
import { useComputed } from '@preact/signals';
import { Component, render, type ComponentChildren } from 'preact';
import { Suspense } from 'preact/compat';
import { useState } from 'preact/hooks';
import { act } from 'preact/test-utils';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller, NetworkError, RestEndpoint } from '../../src/index.js';
import {
  CacheProvider,
  useFetch,
  useFetchSignal,
  useLive,
  useLiveSignal,
  useSuspense,
  useSuspenseSignal,
} from '../../src/preact/index.js';
import { User } from '../_fixtures/models.js';
import { sleep } from '../_fixtures/server.js';
import { db, getUser, getUsers, hold, reset, server, start } from '../_fixtures/usersApi.js';


class ErrorBoundary extends Component<{ children: ComponentChildren }, { error?: Error }> {
  static override getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <em>{`error: ${this.state.error.message}`}</em> : this.props.children;
  }
}

function mount(ctrl: Controller, children: ComponentChildren) {
  const root = container();
  act(() =>
    render(
      <CacheProvider controller={ctrl}>
        <ErrorBoundary>
          <Suspense fallback={<i>loading</i>}>{children}</Suspense>
        </ErrorBoundary>
      </CacheProvider>,
      root,
    ),
  );
  return { root, unmount: () => act(() => render(null, root)) };
}

/** Lets scheduled renders, effects and deferred DOM updates run. */
async function settle() {
  await act(async () => {
    await tick();
  });
}

let nameRenders = 0;
function Name({ id }: { id: string }) {
  const user = useSuspense(getUser, { id });
  nameRenders++;
  return <b>{user.name}</b>;
}

//#region useSuspense

const suspense = suite('useSuspense');
suspense.before(start);
suspense.after(() => server.close());

suspense('shows the fallback, then the data fetched from the server', async () => {
  reset(3);
  const open = hold();
  const ctrl = new Controller();
  const { root, unmount } = mount(ctrl, <Name id="u2" />);
  assert.is(root.textContent, 'loading');
  await waitFor(() => server.requests.length === 1, 'the request');
  assert.is(root.textContent, 'loading', 'still pending');
  open();
  await waitFor(() => root.textContent === 'user 2', 'the data');
  assert.is(server.count('GET', '/users/u2'), 1);
  unmount();
});

suspense('a 404 from the server reaches the error boundary', async () => {
  reset(3);
  const ctrl = new Controller();
  const { root, unmount } = mount(ctrl, <Name id="nobody" />);
  assert.is(root.textContent, 'loading');
  await waitFor(() => root.textContent!.startsWith('error:'), 'the error boundary');
  assert.match(root.textContent!, /404/);
  assert.ok(ctrl.getError(getUser, { id: 'nobody' }) instanceof NetworkError);
  await sleep(20);
  assert.is(server.count('GET', '/users/nobody'), 1, 'the error is not refetched in a loop');
  unmount();
});

suspense('fresh cached data renders at once without a request', async () => {
  reset(3);
  const ctrl = new Controller();
  await ctrl.fetch(getUser, { id: 'u1' });
  const { root, unmount } = mount(ctrl, <Name id="u1" />);
  assert.is(root.textContent, 'user 1');
  await sleep(10);
  assert.is(server.requests.length, 1, 'only the first fetch');
  unmount();
});

suspense('stale data keeps showing while it refetches, then updates', async () => {
  reset(3);
  let now = 1000;
  const ctrl = new Controller({ clock: () => now });
  await ctrl.fetch(getUser, { id: 'u1' });
  now += 120_000;
  db.set('u1', { ...db.get('u1')!, name: 'fresh' });
  const open = hold();
  const { root, unmount } = mount(ctrl, <Name id="u1" />);
  assert.is(root.textContent, 'user 1', 'no fallback for stale data');
  await waitFor(() => server.requests.length === 2, 'the refetch');
  assert.is(root.textContent, 'user 1');
  open();
  await waitFor(() => root.textContent === 'fresh', 'the refetched data');
  unmount();
});

suspense('new args suspend for the new key; later writes re-render once', async () => {
  reset(3);
  const ctrl = new Controller();
  await ctrl.fetch(getUser, { id: 'u1' });
  let setId!: (id: string) => void;
  function Switch() {
    const [id, set] = useState('u1');
    setId = set;
    return <Name id={id} />;
  }
  const { root, unmount } = mount(ctrl, <Switch />);
  assert.is(root.textContent, 'user 1');
  const open = hold();
  act(() => setId('u3'));
  await settle();
  assert.is(root.textContent, 'loading');
  open();
  await waitFor(() => root.textContent === 'user 3', 'the new key');
  nameRenders = 0;
  ctrl.set(User, { id: 'u3', name: 'Ada' });
  await settle();
  assert.is(root.textContent, 'Ada');
  assert.is(nameRenders, 1);
  unmount();
});

suspense('null args fetch nothing and read undefined', async () => {
  reset(3);
  const ctrl = new Controller();
  function Nothing() {
    const user = useSuspense(getUser, null);
    return <b>{user === undefined ? 'none' : 'some'}</b>;
  }
  const { root, unmount } = mount(ctrl, <Nothing />);
  assert.is(root.textContent, 'none');
  await sleep(10);
  assert.is(server.requests.length, 0);
  unmount();
});

suspense('invalidating a mounted list sends one request and shows the new data; no fallback meanwhile', async () => {
  reset(3);
  const ctrl = new Controller();
  function Count() {
    return <b>{useSuspense(getUsers).length}</b>;
  }
  const { root, unmount } = mount(ctrl, <Count />);
  await waitFor(() => root.textContent === '3', 'the list');
  await settle();
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
  unmount();
  ctrl.invalidateAll();
  await sleep(20);
  assert.is(server.count('GET', '/users'), 4, 'an unmounted list is not refetched');
});

suspense.run();

//#endregion

//#region useSuspenseSignal

const suspenseSignal = suite('useSuspenseSignal');
suspenseSignal.before(start);
suspenseSignal.after(() => server.close());

suspenseSignal('suspends until data, then updates the bound text with zero renders', async () => {
  reset(3);
  const ctrl = new Controller();
  let renders = 0;
  function First() {
    const users = useSuspenseSignal(getUsers);
    const first = useComputed(() => users.value![0].name);
    renders++;
    return <b>{first}</b>;
  }
  const { root, unmount } = mount(ctrl, <First />);
  assert.is(root.textContent, 'loading');
  await waitFor(() => root.textContent === 'user 1', 'the data');
  await settle();
  const before = renders;
  ctrl.set(User, { id: 'u1', name: 'renamed' });
  await settle();
  assert.is(root.textContent, 'renamed');
  assert.is(renders, before, 'no component rendered');
  unmount();
});

suspenseSignal.run();

//#endregion

//#region useFetch

const fetching = suite('useFetch');
fetching.before(start);
fetching.after(() => server.close());

fetching('fetches missing data without suspending', async () => {
  reset(3);
  const ctrl = new Controller();
  function Count() {
    const users = useFetch(getUsers);
    return <b>{users?.length ?? 'none'}</b>;
  }
  const { root, unmount } = mount(ctrl, <Count />);
  assert.is(root.textContent, 'none', 'no fallback');
  await waitFor(() => root.textContent === '3', 'the data');
  assert.is(server.count('GET', '/users'), 1);
  unmount();
});

fetching('fetches only when missing or stale', async () => {
  reset(3);
  let now = 1000;
  const ctrl = new Controller({ clock: () => now });
  await ctrl.fetch(getUsers);
  function Count() {
    return <b>{useFetch(getUsers)?.length}</b>;
  }
  const first = mount(ctrl, <Count />);
  await sleep(20);
  assert.is(server.requests.length, 1, 'fresh data is not refetched');
  first.unmount();
  now += 120_000;
  db.set('u4', { id: 'u4', name: 'user 4', isAdmin: false });
  const second = mount(ctrl, <Count />);
  assert.is(second.root.textContent, '3');
  await waitFor(() => second.root.textContent === '4', 'the refetched data');
  assert.is(server.requests.length, 2);
  second.unmount();
});

fetching('an error stays in the cache instead of throwing', async () => {
  reset(3);
  const ctrl = new Controller();
  function Missing() {
    return <b>{useFetch(getUser, { id: 'nobody' })?.name ?? 'none'}</b>;
  }
  const { root, unmount } = mount(ctrl, <Missing />);
  await waitFor(() => ctrl.getError(getUser, { id: 'nobody' }) !== undefined, 'the error');
  await settle();
  assert.is(root.textContent, 'none');
  unmount();
});

fetching('a mounted useFetch follows invalidation', async () => {
  reset(3);
  const ctrl = new Controller();
  function One() {
    return <b>{useFetch(getUser, { id: 'u1' })?.name}</b>;
  }
  const { root, unmount } = mount(ctrl, <One />);
  await waitFor(() => root.textContent === 'user 1', 'the data');
  await settle();
  db.set('u1', { ...db.get('u1')!, name: 'renamed' });
  ctrl.invalidate(getUser, { id: 'u1' });
  await waitFor(() => root.textContent === 'renamed', 'the refetched data');
  assert.is(server.count('GET', '/users/u1'), 2);
  unmount();
});

fetching.run();

//#endregion

//#region useFetchSignal

const fetchSignal = suite('useFetchSignal');
fetchSignal.before(start);
fetchSignal.after(() => server.close());

fetchSignal('fetches and fills the bound text node with zero renders', async () => {
  reset(3);
  const ctrl = new Controller();
  let renders = 0;
  // A response that is text, so the signal binds straight into JSX.
  const getText = new RestEndpoint({ urlPrefix: server.url, path: '/users/:id', process: (value: { name: string }) => value.name });
  function Text() {
    const name = useFetchSignal(getText, { id: 'u2' });
    renders++;
    return <b>{name}</b>;
  }
  const { root, unmount } = mount(ctrl, <Text />);
  await waitFor(() => root.textContent === 'user 2', 'the data');
  assert.is(renders, 1);
  unmount();
});

fetchSignal.run();

//#endregion

//#region useLive

const live = suite('useLive');
live.before(start);
live.after(() => server.close());

live('suspends, then polls; unmount stops polling', async () => {
  reset(3);
  const ctrl = new Controller();
  const polled = getUser.extend({ pollFrequency: 30 });
  function Polled() {
    return <b>{useLive(polled, { id: 'u1' }).name}</b>;
  }
  const { root, unmount } = mount(ctrl, <Polled />);
  assert.is(root.textContent, 'loading');
  await waitFor(() => root.textContent === 'user 1', 'the data');
  db.set('u1', { ...db.get('u1')!, name: 'polled' });
  await waitFor(() => root.textContent === 'polled', 'a polled change');
  await waitFor(() => server.count('GET', '/users/u1') >= 4, 'a few polls');
  assert.is(ctrl.subscriptionCount(polled, { id: 'u1' }), 1);
  unmount();
  await waitFor(() => ctrl.subscriptionCount(polled, { id: 'u1' }) === 0, 'the unsubscribe');
  await sleep(40); // a request already sent may still arrive
  const after = server.count('GET', '/users/u1');
  await sleep(150);
  assert.is(server.count('GET', '/users/u1'), after, 'no request after unmount');
});

live('identical polled data renders nothing', async () => {
  reset(3);
  const ctrl = new Controller();
  const polled = getUser.extend({ pollFrequency: 20 });
  let renders = 0;
  function Polled() {
    renders++;
    return <b>{useLive(polled, { id: 'u1' }).name}</b>;
  }
  const { root, unmount } = mount(ctrl, <Polled />);
  await waitFor(() => root.textContent === 'user 1', 'the data');
  await settle();
  const before = renders;
  const requests = server.count('GET', '/users/u1');
  await waitFor(() => server.count('GET', '/users/u1') >= requests + 3, 'three polls');
  await settle();
  assert.is(renders, before);
  unmount();
});

live.run();

//#endregion

//#region useLiveSignal

const liveSignal = suite('useLiveSignal');
liveSignal.before(start);
liveSignal.after(() => server.close());

liveSignal('a polled change updates the text node with zero renders', async () => {
  reset(3);
  const ctrl = new Controller();
  const polledName = new RestEndpoint({
    urlPrefix: server.url,
    path: '/users/:id',
    pollFrequency: 20,
    process: (value: { name: string }) => value.name,
  });
  let renders = 0;
  function Polled() {
    const name = useLiveSignal(polledName, { id: 'u1' });
    renders++;
    return <b>{name}</b>;
  }
  const { root, unmount } = mount(ctrl, <Polled />);
  await waitFor(() => root.textContent === 'user 1', 'the data');
  const before = renders;
  db.set('u1', { ...db.get('u1')!, name: 'polled' });
  await waitFor(() => root.textContent === 'polled', 'a polled change');
  assert.is(renders, before);
  unmount();
});

liveSignal.run();

//#endregion

//#region types (checked by tsc, never run)

export function typeChecks() {
  // @ts-expect-error getUser needs its parameters
  useSuspense(getUser);
  // @ts-expect-error the parameters are checked
  useFetch(getUser, { name: 'x' });
  useSuspense(getUsers);
  useLive(getUser, null);
  const user: User = useSuspense(getUser, { id: '1' });
  const view: { readonly value: User | undefined } = useSuspenseSignal(getUser, { id: '1' });
  return [user, view];
}

//#endregion
