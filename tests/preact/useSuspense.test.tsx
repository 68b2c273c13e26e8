// What is Preact's own in the fetching hooks: the …Signal forms bind the view into JSX and
// update text nodes without rendering. The behaviour both bindings share is in the binding
// contract (tests/_fixtures/contract.ts).
import { useComputed } from '@preact/signals';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller, RestEndpoint } from '../../src/index.js';
import {
  useFetch,
  useFetchSignal,
  useLive,
  useLiveSignal,
  useSuspense,
  useSuspenseSignal,
} from '../../src/preact/index.js';
import { User } from '../_fixtures/models.js';
import { mount as mountIn, settle } from '../_fixtures/preact.js';
import { waitFor } from '../_fixtures/time.js';
import { db, getUser, getUsers, reset, server, start } from '../_fixtures/usersApi.js';

const mount = (ctrl: Controller, children: preact.ComponentChildren) => mountIn(ctrl, children, { boundaries: true });

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

//#region useFetchSignal

const fetchSignal = suite('useFetchSignal');
fetchSignal.before(start);
fetchSignal.after(() => server.close());

fetchSignal('fetches and fills the bound text node with zero renders', async () => {
  reset(3);
  const ctrl = new Controller();
  let renders = 0;
  // A response that is text, so the signal binds straight into JSX.
  const getText = new RestEndpoint({
    urlPrefix: server.url,
    path: '/users/:id',
    process: (value: { name: string }) => value.name,
  });
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
