/** @jsxImportSource solid-js */
import { waitFor } from '../_fixtures/dom.js';
import { ErrorBoundary, For, Suspense, createSignal, useTransition, type JSX } from 'solid-js';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller, NetworkError } from '../../src/index.js';
import {
  createError,
  createFetch,
  createKeepPrevious,
  createLoading,
  createMeta,
  createMutation,
  createSuspense,
  useController,
} from '../../src/solid/index.js';
import type { User } from '../_fixtures/models.js';
import { sleep } from '../_fixtures/server.js';
import { mount as mountIn } from '../_fixtures/solid.js';
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

const mount = (ctrl: Controller, view: () => JSX.Element) => mountIn(ctrl, view, { boundaries: false });

/** Runs `setup` inside a CacheProvider and returns what it returned. */
function within<T>(ctrl: Controller, setup: () => T): { value: T; dispose: () => void } {
  let value!: T;
  const { dispose } = mount(ctrl, () => ((value = setup()), null));
  return { value, dispose };
}

//#region createError, createLoading, createMeta

const state = suite('createError / createLoading / createMeta');
state.before(start);
state.after(() => server.close());

state('loading while the request is in flight, then the error with its status; a success clears it', async () => {
  reset(3);
  const ctrl = new Controller();
  const open = hold();
  const [id, setId] = createSignal('nobody');
  const { value, dispose } = within(ctrl, () => ({
    user: createFetch(getUser, () => ({ id: id() })),
    error: createError(getUser, () => ({ id: id() })),
    loading: createLoading(getUser, () => ({ id: id() })),
    meta: createMeta(getUser, () => ({ id: id() })),
  }));
  await waitFor(() => server.requests.length === 1, 'the request');
  assert.is(value.loading(), true);
  assert.is(value.error(), undefined);
  open();
  await waitFor(() => value.error() !== undefined, 'the error');
  assert.ok(value.error() instanceof NetworkError);
  assert.is((value.error() as NetworkError).status, 404);
  assert.is(value.loading(), false);
  assert.is(value.meta()!.error, value.error());

  db.set('nobody', { id: 'nobody', name: 'found', isAdmin: false });
  await ctrl.fetch(getUser, { id: 'nobody' });
  assert.is(value.user()?.name, 'found');
  assert.is(value.error(), undefined, 'cleared by the success');
  assert.ok(value.meta()!.fetchedAt > 0);

  setId('u1');
  await waitFor(() => value.user()?.name === 'user 1', 'the new key');
  assert.is(value.error(), undefined, 'the accessors follow the args');
  dispose();
});

state('null args read nothing', () => {
  const ctrl = new Controller();
  const { value, dispose } = within(ctrl, () => ({
    error: createError(getUser, () => null),
    loading: createLoading(getUser, () => null),
    meta: createMeta(getUser, () => null),
  }));
  assert.equal([value.error(), value.loading(), value.meta()], [undefined, false, undefined]);
  dispose();
});

state.run();

//#endregion

//#region createMutation

const mutation = suite('createMutation');
mutation.before(start);
mutation.after(() => server.close());

mutation('pending while the write runs, then its result; a failure sets error and resolves undefined', async () => {
  reset(3);
  const ctrl = new Controller();
  const { value: save, dispose } = within(ctrl, () => {
    const c = useController();
    return createMutation((id: string, name: string) => c.fetch(updateUser, { id }, { name }));
  });
  assert.equal([save.pending(), save.error(), save.data()], [false, undefined, undefined]);
  const open = hold();
  const done = save.run('u1', 'Ada');
  assert.is(save.pending(), true);
  open();
  const result = await done;
  assert.is(result!.name, 'Ada');
  assert.is(save.data(), result);
  assert.is(save.pending(), false);

  const failed = await save.run('nobody', 'x');
  assert.is(failed, undefined);
  assert.is((save.error() as NetworkError).status, 404);
  assert.is(save.pending(), false);
  assert.is(save.data(), result, 'the last result stays');
  dispose();
});

mutation.run();

//#endregion

//#region createKeepPrevious

const previous = suite('createKeepPrevious');
previous.before(start);
previous.after(() => server.close());

previous('the previous page shows, flagged, while the next one loads', async () => {
  reset(6);
  const ctrl = new Controller();
  const [page, setPage] = createSignal(1);
  const { root, dispose } = mount(ctrl, () => {
    const [users, isPrevious] = createKeepPrevious(createFetch(getPage, () => ({ n: page() })));
    return (
      <ul data-previous={String(isPrevious())}>
        <For each={users()}>{(user) => <li>{user.name}</li>}</For>
      </ul>
    );
  });
  await waitFor(() => root.textContent === 'user 1user 2', 'page 1');
  const open = hold();
  setPage(2);
  await waitFor(() => server.requests.length === 2, 'the request of page 2');
  assert.is(root.textContent, 'user 1user 2', 'page 1 keeps showing');
  assert.is(root.querySelector('ul')!.dataset.previous, 'true');
  open();
  await waitFor(() => root.textContent === 'user 3user 4', 'page 2');
  assert.is(root.querySelector('ul')!.dataset.previous, 'false');
  dispose();
});

previous('with createSuspense, a page change in useTransition keeps the old page; pending() is the flag', async () => {
  reset(6);
  const ctrl = new Controller();
  const [page, setPage] = createSignal(1);
  let start!: (fn: () => void) => Promise<void>;
  let pending!: () => boolean;
  const { root, dispose } = mount(ctrl, () => {
    [pending, start] = useTransition();
    return (
      <Suspense fallback="loading">
        {(() => {
          const users = createSuspense(getPage, () => ({ n: page() }));
          return (
            <ul>
              <For each={users()}>{(user) => <li>{user.name}</li>}</For>
            </ul>
          );
        })()}
      </Suspense>
    );
  });
  await waitFor(() => root.textContent === 'user 1user 2', 'page 1');
  const open = hold();
  const done = start(() => setPage(2));
  await waitFor(() => server.requests.length === 2, 'the request of page 2');
  assert.is(root.textContent, 'user 1user 2', 'page 1 keeps showing, no fallback');
  assert.is(pending(), true);
  open();
  await done;
  await waitFor(() => root.textContent === 'user 3user 4', 'page 2');
  assert.is(pending(), false);
  dispose();
});

previous.run();

//#endregion

//#region errors: reset, deleted entity, detail from the cache

const errors = suite('ErrorBoundary reset, deleted entity, detail from the cache');
errors.before(start);
errors.after(() => server.close());

function Detail(props: { id: string }) {
  const user = createSuspense(getUser, () => ({ id: props.id }));
  return <b>{user()?.name}</b>;
}

function guarded(ctrl: Controller, view: () => JSX.Element) {
  return mount(ctrl, () => (
    <ErrorBoundary
      fallback={(error: Error, retry) => (
        <p>
          {`error: ${error.message}`}
          <button onClick={retry}>Retry</button>
        </p>
      )}
    >
      <Suspense fallback={<i>loading</i>}>{view()}</Suspense>
    </ErrorBoundary>
  ));
}

errors('Retry in the ErrorBoundary refetches at once and shows the data', async () => {
  reset(3);
  const ctrl = new Controller();
  const { root, dispose } = guarded(ctrl, () => <Detail id="u9" />);
  await waitFor(() => root.textContent!.startsWith('error:'), 'the error');
  assert.match(root.textContent!, /404/);
  db.set('u9', { id: 'u9', name: 'back', isAdmin: false });
  root.querySelector('button')!.click();
  await waitFor(() => root.textContent === 'back', 'the data after Retry');
  assert.is(server.count('GET', '/users/u9'), 2, 'Retry sent one request, within errorExpiryLength');
  assert.is(ctrl.getError(getUser, { id: 'u9' }), undefined, 'the error is cleared');
  dispose();
});

errors('a deleted entity on screen refetches, and its 404 reaches the boundary', async () => {
  reset(3);
  const ctrl = new Controller();
  const { root, dispose } = guarded(ctrl, () => <Detail id="u2" />);
  await waitFor(() => root.textContent === 'user 2', 'the detail');
  await ctrl.fetch(deleteUser, { id: 'u2' });
  await waitFor(() => root.textContent!.startsWith('error:'), 'the error');
  assert.match(root.textContent!, /404/);
  assert.is(server.count('GET', '/users/u2'), 2);
  dispose();
});

errors('a detail of a row another response cached renders without a request', async () => {
  reset(3);
  const ctrl = new Controller();
  await ctrl.fetch(getUsers);
  server.requests.length = 0;
  const { root, dispose } = guarded(ctrl, () => <Detail id="u2" />);
  assert.is(root.textContent, 'user 2', 'no fallback');
  await sleep(20);
  assert.is(server.requests.length, 0);
  ctrl.set(getUsers.schema[0], { id: 'u2' }, { id: 'u2', name: 'renamed' });
  assert.is(root.textContent, 'renamed', 'it follows the row');
  dispose();
});

errors.run();

//#endregion

//#region types (checked by tsc, never run)

export function typeChecks() {
  // @ts-expect-error getUser needs its parameters
  createError(getUser);
  const loading: () => boolean = createLoading(getUsers);
  const save = createMutation(async (n: number) => String(n));
  // @ts-expect-error the arguments are checked
  save.run('x');
  const data: string | undefined = save.data();
  const [shown] = createKeepPrevious(() => [] as User[] | undefined);
  return [loading, data, shown];
}

//#endregion
