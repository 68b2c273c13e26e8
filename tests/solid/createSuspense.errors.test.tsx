/** @jsxImportSource solid-js */
import { container, waitFor } from '../_fixtures/dom.js';
import { ErrorBoundary, Suspense, type JSX } from 'solid-js';
import { render } from 'solid-js/web';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { type Controller, NetworkError, type EndpointInterface } from '../../src/index.js';
import { CacheProvider, createSuspense } from '../../src/solid/index.js';
import {
  breakAndRefetch,
  cachedDown,
  currentError,
  fresh,
  staleStrict,
  startWithDown,
} from '../_fixtures/errorPolicy.js';
import { sleep } from '../_fixtures/server.js';
import { db, getUser, server } from '../_fixtures/usersApi.js';

let retry: () => void = () => {};

function mount(ctrl: Controller, view: () => JSX.Element) {
  const root = container();
  const dispose = render(
    () => (
      <CacheProvider controller={ctrl}>
        <ErrorBoundary
          fallback={(error: Error, reset: () => void) => {
            retry = reset;
            return <em>{`error: ${error.message}`}</em>;
          }}
        >
          <Suspense fallback={<i>loading</i>}>{view()}</Suspense>
        </ErrorBoundary>
      </CacheProvider>
    ),
    root,
  );
  return { root, dispose };
}

function Name(props: { id: string; endpoint?: EndpointInterface }) {
  const user = createSuspense(props.endpoint ?? getUser, () => ({ id: props.id }));
  return <b>{user()?.name}</b>;
}

const policy = suite('createSuspense error policy');
policy.before(startWithDown);
policy.after(() => server.close());

policy('a hard error of a background refetch reaches the boundary although data is cached', async () => {
  const ctrl = fresh();
  await ctrl.fetch(getUser, { id: 'u1' });
  const { root, dispose } = mount(ctrl, () => <Name id="u1" />);
  assert.is(root.textContent, 'user 1');
  await breakAndRefetch(ctrl, getUser, 'u1');
  await waitFor(() => root.textContent!.startsWith('error:'), 'the error boundary');
  assert.match(root.textContent!, /404/);
  dispose();
});

policy('a soft error (5xx) keeps showing cached data; errorPolicy can make a 404 soft', async () => {
  const ctrl = fresh();
  const flaky = getUser.extend({ errorPolicy: () => 'soft' });
  await ctrl.fetch(flaky, { id: 'u2' });
  const { root, dispose } = mount(ctrl, () => <Name id="u2" endpoint={flaky} />);
  const error = await breakAndRefetch(ctrl, flaky, 'u2');
  assert.instance(error, NetworkError);
  await sleep(20);
  assert.is(root.textContent, 'user 2', 'the 404 declared soft keeps the data');
  dispose();
  // The default policy: a 503 is soft.
  const down = cachedDown(ctrl);
  const second = mount(ctrl, () => <Name id="u3" endpoint={down} />);
  ctrl.invalidate(down, { id: 'u3' });
  assert.is((await ctrl.fetch(down, { id: 'u3' }).catch((e) => e)).status, 503);
  await sleep(20);
  assert.is(second.root.textContent, 'cached 3');
  second.dispose();
});

policy('mounted while an error is current it shows the error; after it expires a reset refetches', async () => {
  const { ctrl, time } = await currentError();
  assert.is(server.count('GET', '/users/late'), 1);
  const { root, dispose } = mount(ctrl, () => <Name id="late" />);
  assert.match(root.textContent!, /^error: .*404/, 'the current error, at once');
  await sleep(20);
  assert.is(server.count('GET', '/users/late'), 1, 'no refetch while the error is current');
  db.set('late', { id: 'late', name: 'arrived', isAdmin: false });
  time.now = 1000; // the default errorExpiryLength
  retry();
  await waitFor(() => root.textContent === 'arrived', 'the refetched data');
  assert.is(server.count('GET', '/users/late'), 2);
  dispose();
});

policy('invalidIfStale: stale data counts as missing and suspends again', async () => {
  const { ctrl, strict } = await staleStrict();
  const { root, dispose } = mount(ctrl, () => <Name id="u1" endpoint={strict} />);
  assert.is(root.textContent, 'loading', 'the stale name is not shown');
  await waitFor(() => root.textContent === 'renamed', 'the fresh data');
  dispose();
});

policy.run();
