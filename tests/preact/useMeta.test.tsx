import { waitFor } from '../_fixtures/dom.js';
import type { ComponentChildren } from 'preact';
import { Suspense } from 'preact/compat';
import { useState } from 'preact/hooks';
import { act } from 'preact/test-utils';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller, NetworkError } from '../../src/index.js';
import {
  ErrorBoundary,
  useController,
  useError,
  useFetch,
  useKeepPrevious,
  useLoading,
  useMeta,
  useMutation,
  useSuspense,
  type Mutation,
} from '../../src/preact/index.js';
import type { User } from '../_fixtures/models.js';
import { mount, settle } from '../_fixtures/preact.js';
import { sleep } from '../_fixtures/server.js';
import {
  db,
  deleteUser,
  getPage,
  getUser,
  getUsers,
  hold,
  reset,
  server,
  start,
  updateUser,
} from '../_fixtures/usersApi.js';

//#region useError, useLoading, useMeta

const state = suite('useError / useLoading / useMeta');
state.before(start);
state.after(() => server.close());

state('loading while the request is in flight, then the error with its status; a success clears it', async () => {
  reset(3);
  const ctrl = new Controller();
  const open = hold();
  let seen!: { name?: string; error?: Error; loading: boolean; fetchedAt?: number };
  let renders = 0;
  function Probe() {
    renders++;
    const user = useFetch(getUser, { id: 'nobody' });
    seen = {
      name: user?.name,
      error: useError(getUser, { id: 'nobody' }),
      loading: useLoading(getUser, { id: 'nobody' }),
      fetchedAt: useMeta(getUser, { id: 'nobody' })?.fetchedAt,
    };
    return null;
  }
  const { unmount } = mount(ctrl, <Probe />);
  await waitFor(() => server.requests.length === 1, 'the request');
  await settle();
  assert.is(seen.loading, true);
  assert.is(seen.error, undefined);
  open();
  await waitFor(() => seen.error !== undefined, 'the error');
  assert.ok(seen.error instanceof NetworkError);
  assert.is((seen.error as NetworkError).status, 404);
  assert.is(seen.loading, false);

  db.set('nobody', { id: 'nobody', name: 'found', isAdmin: false });
  await ctrl.fetch(getUser, { id: 'nobody' });
  await settle();
  assert.is(seen.name, 'found');
  assert.is(seen.error, undefined, 'cleared by the success');
  assert.ok(seen.fetchedAt! > 0);

  const before = renders;
  await ctrl.fetch(getUsers);
  await settle();
  assert.is(renders, before, 'another key loading re-renders nothing');
  unmount();
});

state('null args read nothing', () => {
  const ctrl = new Controller();
  let seen: unknown[] = [];
  function Probe() {
    seen = [useError(getUser, null), useLoading(getUser, null), useMeta(getUser, null)];
    return null;
  }
  const { unmount } = mount(ctrl, <Probe />);
  assert.equal(seen, [undefined, false, undefined]);
  unmount();
});

state.run();

//#endregion

//#region useMutation

const mutation = suite('useMutation');
mutation.before(start);
mutation.after(() => server.close());

mutation('pending while the write runs, then its result; a failure sets error and resolves undefined', async () => {
  reset(3);
  const ctrl = new Controller();
  let save!: Mutation<[string, string], User>;
  function Probe() {
    const c = useController();
    save = useMutation((id: string, name: string) => c.fetch(updateUser, { id }, { name }));
    return <b>{save.pending ? 'saving' : (save.error?.message ?? save.data?.name ?? 'idle')}</b>;
  }
  const { root, unmount } = mount(ctrl, <Probe />);
  assert.is(root.textContent, 'idle');
  const open = hold();
  const done = save.run('u1', 'Ada');
  await settle();
  assert.is(root.textContent, 'saving');
  open();
  const result = await done;
  await settle();
  assert.is(result!.name, 'Ada');
  assert.is(root.textContent, 'Ada');
  assert.is(save.data, result);

  const failed = await save.run('nobody', 'x');
  await settle();
  assert.is(failed, undefined);
  assert.is((save.error as NetworkError).status, 404);
  assert.match(root.textContent!, /404/);
  assert.is(save.data, result, 'the last result stays');
  unmount();
});

mutation.run();

//#endregion

//#region useKeepPrevious

const previous = suite('useKeepPrevious');
previous.before(start);
previous.after(() => server.close());

previous('the previous page shows, flagged, while the next one loads', async () => {
  reset(6);
  const ctrl = new Controller();
  let setPage!: (n: number) => void;
  function Pages() {
    const [page, set] = useState(1);
    setPage = set;
    const [users, isPrevious] = useKeepPrevious(useFetch(getPage, { n: page }));
    return (
      <ul data-previous={String(isPrevious)}>
        {users?.map((u) => (
          <li key={u.id}>{u.name}</li>
        ))}
      </ul>
    );
  }
  const { root, unmount } = mount(ctrl, <Pages />);
  await waitFor(() => root.textContent === 'user 1user 2', 'page 1');
  const open = hold();
  act(() => setPage(2));
  await waitFor(() => server.requests.length === 2, 'the request of page 2');
  await settle();
  assert.is(root.textContent, 'user 1user 2', 'page 1 keeps showing');
  assert.is(root.querySelector('ul')!.dataset.previous, 'true');
  open();
  await waitFor(() => root.textContent === 'user 3user 4', 'page 2');
  assert.is(root.querySelector('ul')!.dataset.previous, 'false');
  unmount();
});

previous.run();

//#endregion

//#region ErrorBoundary, deleted entity, detail from the cache

const errors = suite('ErrorBoundary, deleted entity, detail from the cache');
errors.before(start);
errors.after(() => server.close());

function Detail({ id }: { id: string }) {
  return <b>{useSuspense(getUser, { id }).name}</b>;
}

function guarded(ctrl: Controller, children: ComponentChildren) {
  return mount(
    ctrl,
    <ErrorBoundary
      fallback={(error, retry) => (
        <p>
          {`error: ${error.message}`}
          <button onClick={retry}>Retry</button>
        </p>
      )}
    >
      <Suspense fallback={<i>loading</i>}>{children}</Suspense>
    </ErrorBoundary>,
  );
}

errors('Retry refetches at once (within errorExpiryLength) and shows the data', async () => {
  reset(3);
  const ctrl = new Controller();
  const { root, unmount } = guarded(ctrl, <Detail id="u9" />);
  await waitFor(() => root.textContent!.startsWith('error:'), 'the error');
  assert.match(root.textContent!, /404/);
  db.set('u9', { id: 'u9', name: 'back', isAdmin: false });
  act(() => root.querySelector('button')!.click());
  await waitFor(() => root.textContent === 'back', 'the data after Retry');
  assert.is(server.count('GET', '/users/u9'), 2, 'Retry sent one request');
  assert.is(ctrl.getError(getUser, { id: 'u9' }), undefined, 'the error is cleared');
  unmount();
});

errors('Retry of a request that fails again shows the new error', async () => {
  reset(3);
  const ctrl = new Controller();
  const { root, unmount } = guarded(ctrl, <Detail id="u9" />);
  await waitFor(() => root.textContent!.startsWith('error:'), 'the error');
  act(() => root.querySelector('button')!.click());
  await waitFor(() => server.count('GET', '/users/u9') === 2, 'the retry');
  await waitFor(() => root.textContent!.startsWith('error:'), 'the error again');
  await sleep(20);
  assert.is(server.count('GET', '/users/u9'), 2, 'no loop');
  unmount();
});

errors('a deleted entity on screen refetches, and its 404 reaches the boundary', async () => {
  reset(3);
  const ctrl = new Controller();
  const { root, unmount } = guarded(ctrl, <Detail id="u2" />);
  await waitFor(() => root.textContent === 'user 2', 'the detail');
  await ctrl.fetch(deleteUser, { id: 'u2' });
  await waitFor(() => root.textContent!.startsWith('error:'), 'the error');
  assert.match(root.textContent!, /404/);
  assert.is(server.count('GET', '/users/u2'), 2);
  unmount();
});

errors('a detail of a row another response cached renders without a request', async () => {
  reset(3);
  const ctrl = new Controller();
  await ctrl.fetch(getUsers);
  server.requests.length = 0;
  const { root, unmount } = guarded(ctrl, <Detail id="u2" />);
  assert.is(root.textContent, 'user 2', 'no fallback');
  await sleep(20);
  assert.is(server.requests.length, 0);
  unmount();
});

errors.run();

//#endregion

//#region types (checked by tsc, never run)

export function typeChecks() {
  function Probe() {
    // @ts-expect-error getUser needs its parameters
    useError(getUser);
    const loading: boolean = useLoading(getUsers);
    const save = useMutation(async (n: number) => String(n));
    // @ts-expect-error the arguments are checked
    save.run('x');
    const data: string | undefined = save.data;
    const [shown, flag]: [User[] | undefined, boolean] = useKeepPrevious(useFetch(getUsers));
    return [loading, data, shown, flag];
  }
  return Probe;
}

//#endregion
