import { container, waitFor } from '../_fixtures/dom.js';
import { flush as settle } from '../_fixtures/preact.js';
import { render, type ComponentChildren } from 'preact';
import { Suspense } from 'preact/compat';
import { act } from 'preact/test-utils';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { type Controller, NetworkError, type EndpointInterface } from '../../src/index.js';
import { CacheProvider, ErrorBoundary, useSuspense } from '../../src/preact/index.js';
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

/** The reset of the boundary that last showed an error. */
let retry: () => void = () => {};

function mount(ctrl: Controller, children: ComponentChildren) {
  const root = container();
  const fallback = (error: Error, reset: () => void) => ((retry = reset), (<em>{`error: ${error.message}`}</em>));
  act(() =>
    render(
      <CacheProvider controller={ctrl}>
        <ErrorBoundary fallback={fallback}>
          <Suspense fallback={<i>loading</i>}>{children}</Suspense>
        </ErrorBoundary>
      </CacheProvider>,
      root,
    ),
  );
  return { root, unmount: () => act(() => render(null, root)) };
}

function Name({ id, endpoint }: { id: string; endpoint?: EndpointInterface }) {
  const user = useSuspense(endpoint ?? getUser, { id });
  return <b>{user.name}</b>;
}

const policy = suite('useSuspense error policy');
policy.before(startWithDown);
policy.after(() => server.close());

policy('a hard error of a background refetch reaches the boundary although data is cached', async () => {
  const ctrl = fresh();
  await ctrl.fetch(getUser, { id: 'u1' });
  const { root, unmount } = mount(ctrl, <Name id="u1" />);
  assert.is(root.textContent, 'user 1');
  await breakAndRefetch(ctrl, getUser, 'u1');
  await settle();
  await waitFor(() => root.textContent!.startsWith('error:'), 'the error boundary');
  assert.match(root.textContent!, /404/);
  unmount();
});

policy('a soft error (5xx) keeps showing cached data; errorPolicy can make a 404 soft', async () => {
  const ctrl = fresh();
  const flaky = getUser.extend({ errorPolicy: () => 'soft' });
  await ctrl.fetch(flaky, { id: 'u2' });
  const first = mount(ctrl, <Name id="u2" endpoint={flaky} />);
  assert.instance(await breakAndRefetch(ctrl, flaky, 'u2'), NetworkError);
  await settle();
  await sleep(20);
  assert.is(first.root.textContent, 'user 2', 'the 404 declared soft keeps the data');
  first.unmount();
  const down = cachedDown(ctrl);
  const second = mount(ctrl, <Name id="u3" endpoint={down} />);
  ctrl.invalidate(down, { id: 'u3' });
  assert.is((await ctrl.fetch(down, { id: 'u3' }).catch((e) => e)).status, 503);
  await settle();
  await sleep(20);
  assert.is(second.root.textContent, 'cached 3');
  second.unmount();
});

policy('mounted while an error is current it shows the error; after it expires a reset refetches', async () => {
  const { ctrl, time } = await currentError();
  const { root, unmount } = mount(ctrl, <Name id="late" />);
  await settle();
  assert.match(root.textContent!, /^error: .*404/, 'the current error');
  assert.is(server.count('GET', '/users/late'), 1, 'no refetch while the error is current');
  db.set('late', { id: 'late', name: 'arrived', isAdmin: false });
  time.now = 1000;
  act(() => retry());
  await waitFor(() => root.textContent === 'arrived', 'the refetched data');
  assert.is(server.count('GET', '/users/late'), 2);
  unmount();
});

policy('invalidIfStale: stale data counts as missing and suspends again', async () => {
  const { ctrl, strict } = await staleStrict();
  const { root, unmount } = mount(ctrl, <Name id="u1" endpoint={strict} />);
  assert.is(root.textContent, 'loading', 'the stale name is not shown');
  await waitFor(() => root.textContent === 'renamed', 'the fresh data');
  unmount();
});

policy.run();
