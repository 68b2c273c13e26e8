// data-client: packages/core/src/manager/__tests__/applyManager.ts (every test ported; the first is pending: no NetworkManager)
// The managers are applied by `new Controller({ managers })`: the Controller makes each
// middleware once and dispatches through them (data-client's `applyManager` with a store).
import * as assert from 'uvu/assert';
import { Controller, Entity, type Manager, type Middleware, getDefaultManagers } from '../../../src/index.js';
import { peer } from '../../_fixtures/peer.js';

const test = peer('packages/core/src/manager/__tests__/applyManager.ts');

class Article extends Entity {
  id = 0;
  title = '';
  override pk() {
    return String(this.id);
  }
}

/** Calls of console.warn while `fn` runs. */
function warnings(fn: () => void): unknown[][] {
  const calls: unknown[][] = [];
  const warn = console.warn;
  console.warn = (...args: unknown[]) => calls.push(args);
  try {
    fn();
  } finally {
    console.warn = warn;
  }
  return calls;
}

test.pending(
  'applyManagers should console.warn() when no NetworkManager is provided',
  'a difference DESIGN rule 16 does not list: requests run inside the Controller, there is no NetworkManager to require or warn about',
  () => {
    const calls = warnings(() => new Controller({ gcInterval: 0, managers: [] }));
    assert.is(calls.length, 2);
  },
);

test('applyManagers should not console.warn() when NetworkManager is provided', () => {
  // The default managers stand where data-client's defaults (NetworkManager among them) do.
  const calls = warnings(() => new Controller({ gcInterval: 0, managers: getDefaultManagers() }).cleanup());
  assert.is(calls.length, 0);
});

test('applyManagers should handle legacy Manager.getMiddleware()', () => {
  let initCount = 0;
  let actionCount = 0;
  class MyManager implements Manager {
    getMiddleware = (): Middleware => (_ctrl) => {
      initCount++;
      return (next) => (action) => {
        actionCount++;
        return next(action);
      };
    };

    cleanup() {}
  }
  // The root dispatch of the peer test is the Controller's own: count what reaches the store.
  const ctrl = new Controller({ gcInterval: 0, managers: [new MyManager(), ...getDefaultManagers()] });
  assert.is(initCount, 1);
  assert.is(actionCount, 0);
  assert.is(ctrl.get(Article, { id: 1 }), undefined);
  ctrl.set(Article, { id: 1 }, { id: 1, title: 'hi' });
  assert.is(initCount, 1);
  assert.is(actionCount, 1);
  assert.is(ctrl.get(Article, { id: 1 })?.title, 'hi', 'the action reached the end of the pipeline once');
  ctrl.cleanup();
});

test.run();
