import { container } from '../_fixtures/dom.js';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller } from '../../src/index.js';
import * as preact from '../../src/preact/index.js';
import { CacheProvider, useController, useFetch, useQuery } from '../../src/preact/index.js';
import { calls, getStamps, stampedState } from '../_fixtures/stamped.js';
import { User } from '../_fixtures/models.js';

const entry = suite('signal-cache/preact');

entry('exports exactly the reviewed names', () => {
  assert.equal(Object.keys(preact).sort(), [
    'CacheProvider',
    'ErrorBoundary',
    'useCache',
    'useCacheSignal',
    'useController',
    'useError',
    'useFetch',
    'useFetchSignal',
    'useKeepPrevious',
    'useLive',
    'useLiveSignal',
    'useLoading',
    'useMeta',
    'useMutation',
    'usePages',
    'useQuery',
    'useQuerySignal',
    'useSuspense',
    'useSuspenseSignal',
  ]);
});

entry.run();

const provider = suite('CacheProvider');

provider(
  'the Controller it makes starts from initialState: a Date field restored with no class named, no request',
  () => {
    const state = stampedState();
    const before = calls.count;
    let at: unknown;
    function Stamp() {
      at = useFetch(getStamps)?.[0]?.at;
      return null;
    }
    const root = container();
    act(() =>
      render(
        <CacheProvider initialState={state}>
          <Stamp />
        </CacheProvider>,
        root,
      ),
    );
    assert.instance(at, Date);
    assert.is((at as Date).toISOString(), '2026-01-01T00:00:00.000Z');
    assert.is(calls.count, before, 'no request while fresh');
    act(() => render(null, root));
  },
);

provider('supplies the controller it is given', () => {
  const ctrl = new Controller();
  let seen: Controller | undefined;
  function Probe() {
    seen = useController();
    return null;
  }
  const root = container();
  act(() =>
    render(
      <CacheProvider controller={ctrl}>
        <Probe />
      </CacheProvider>,
      root,
    ),
  );
  assert.is(seen, ctrl);
  act(() => render(null, root));
});

provider('creates one controller when none is given, kept across renders and shared', () => {
  const seen: Controller[] = [];
  function Probe() {
    seen.push(useController());
    return null;
  }
  const root = container();
  const app = () => (
    <CacheProvider>
      <Probe />
      <div>
        <Probe />
      </div>
    </CacheProvider>
  );
  act(() => render(app(), root));
  act(() => render(app(), root));
  assert.is(seen.length, 4);
  assert.ok(seen[0] instanceof Controller);
  assert.ok(seen.every((ctrl) => ctrl === seen[0]));
  act(() => render(null, root));
});

provider('cleans up the controller it made when it unmounts, never one it was given', () => {
  const cleaned: Controller[] = [];
  const cleanup = Controller.prototype.cleanup;
  Controller.prototype.cleanup = function (this: Controller) {
    cleaned.push(this);
    cleanup.call(this);
  };
  try {
    const given = new Controller();
    let made: Controller | undefined;
    function Probe() {
      made = useController();
      return null;
    }
    const root = container();
    act(() =>
      render(
        <CacheProvider controller={given}>
          <CacheProvider>
            <Probe />
          </CacheProvider>
        </CacheProvider>,
        root,
      ),
    );
    assert.equal(cleaned, []);
    act(() => render(null, root));
    assert.equal(cleaned, [made]);
  } finally {
    Controller.prototype.cleanup = cleanup;
  }
});

provider('the nearest provider wins', () => {
  const outer = new Controller();
  const inner = new Controller();
  outer.set(User, { id: 'u1', name: 'outer' });
  inner.set(User, { id: 'u1', name: 'inner' });
  function Name() {
    return <p>{useQuery(User, { id: 'u1' })?.name}</p>;
  }
  const root = container();
  act(() =>
    render(
      <CacheProvider controller={outer}>
        <Name />
        <CacheProvider controller={inner}>
          <Name />
        </CacheProvider>
      </CacheProvider>,
      root,
    ),
  );
  assert.is(root.textContent, 'outerinner');
  act(() => render(null, root));
});

provider.run();

const use = suite('useController');

use('throws a clear error outside a CacheProvider', () => {
  let caught: unknown;
  function Probe() {
    try {
      useController();
    } catch (error) {
      caught = error;
    }
    return null;
  }
  const root = container();
  act(() => render(<Probe />, root));
  assert.instance(caught, Error);
  assert.match((caught as Error).message, /CacheProvider/);
  act(() => render(null, root));
});

use.run();
