/** @jsxImportSource solid-js */
import { container } from '../_fixtures/dom.js';
import { createRoot } from 'solid-js';
import { render } from 'solid-js/web';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller } from '../../src/index.js';
import * as solid from '../../src/solid/index.js';
import { CacheProvider, createFetch, createQuery, useController } from '../../src/solid/index.js';
import { calls, getStamps, stampedState } from '../_fixtures/stamped.js';
import { User } from '../_fixtures/models.js';

const entry = suite('signal-cache/solid');

entry('exports exactly the reviewed names', () => {
  assert.equal(Object.keys(solid).sort(), [
    'CacheProvider',
    'createCache',
    'createError',
    'createFetch',
    'createKeepPrevious',
    'createLive',
    'createLoading',
    'createMeta',
    'createMutation',
    'createPages',
    'createQuery',
    'createSuspense',
    'useController',
  ]);
});

entry.run();

const provider = suite('CacheProvider');

provider('supplies the controller it is given', () => {
  const ctrl = new Controller();
  let seen: Controller | undefined;
  function Probe() {
    seen = useController();
    return null;
  }
  const dispose = render(
    () => (
      <CacheProvider controller={ctrl}>
        <Probe />
      </CacheProvider>
    ),
    container(),
  );
  assert.is(seen, ctrl);
  dispose();
});

provider('creates one controller when none is given, shared by its subtree', () => {
  const seen: Controller[] = [];
  function Probe() {
    seen.push(useController());
    return null;
  }
  const dispose = render(
    () => (
      <CacheProvider>
        <Probe />
        <div>
          <Probe />
        </div>
      </CacheProvider>
    ),
    container(),
  );
  assert.is(seen.length, 2);
  assert.ok(seen[0] instanceof Controller);
  assert.is(seen[0], seen[1]);
  dispose();
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
    const dispose = render(
      () => (
        <CacheProvider controller={given}>
          <CacheProvider>
            <Probe />
          </CacheProvider>
        </CacheProvider>
      ),
      container(),
    );
    assert.equal(cleaned, []);
    dispose();
    assert.equal(cleaned, [made]);
  } finally {
    Controller.prototype.cleanup = cleanup;
  }
});

provider(
  'the Controller it makes starts from initialState: a Date field restored with no class named, no request',
  () => {
    const state = stampedState();
    const before = calls.count;
    let at: unknown;
    function Stamp() {
      const stamps = createFetch(getStamps);
      return <p>{(at = stamps()?.[0]?.at) instanceof Date ? (at as Date).toISOString() : 'none'}</p>;
    }
    const root = container();
    const dispose = render(
      () => (
        <CacheProvider initialState={state}>
          <Stamp />
        </CacheProvider>
      ),
      root,
    );
    assert.is(root.textContent, '2026-01-01T00:00:00.000Z');
    assert.is(calls.count, before, 'no request while fresh');
    dispose();
  },
);

provider('the nearest provider wins', () => {
  const outer = new Controller();
  const inner = new Controller();
  inner.set(User, { id: 'u1', name: 'inner' });
  outer.set(User, { id: 'u1', name: 'outer' });
  function Name() {
    const user = createQuery(User, () => ({ id: 'u1' }));
    return <p>{user()?.name}</p>;
  }
  const root = container();
  const dispose = render(
    () => (
      <CacheProvider controller={outer}>
        <Name />
        <CacheProvider controller={inner}>
          <Name />
        </CacheProvider>
      </CacheProvider>
    ),
    root,
  );
  assert.is(root.textContent, 'outerinner');
  dispose();
});

provider.run();

const use = suite('useController');

use('throws a clear error outside a CacheProvider', () => {
  createRoot((dispose) => {
    assert.throws(() => useController(), /CacheProvider/);
    assert.throws(() => createQuery(User, () => ({ id: 'u1' })), /CacheProvider/);
    dispose();
  });
});

use.run();
