// data-client: packages/core/src/manager/__tests__/manager.ts (every test ported)
import * as assert from 'uvu/assert';
import { Controller, type Manager, getDefaultManagers } from '../../../src/index.js';
import { peer } from '../../_fixtures/peer.js';

const test = peer('packages/core/src/manager/__tests__/manager.ts');

test('middlewares should compose with non-data-client middlewares', async () => {
  type AnotherAction = { type: 'BOB'; payload: unknown };
  let counter = 0;
  // A middleware written for another action type, in the pipeline beside data-client's.
  const nonRHMiddleware =
    (_controller: unknown) => (next: (action: AnotherAction) => Promise<void>) => async (action: AnotherAction) => {
      next(action);
      counter++;
    };
  const bob: Manager = { middleware: nonRHMiddleware as unknown as Manager['middleware'], cleanup() {} };
  const reached: unknown[] = [];
  // The end of the pipeline, seen from a last middleware: what the root dispatch receives.
  const root: Manager = {
    middleware: () => (next) => (action) => {
      reached.push(action);
      return next(action);
    },
    cleanup() {},
  };
  const [network] = getDefaultManagers();
  const dispA = new Controller({ gcInterval: 0, managers: [network!, bob, root] });
  const dispB = new Controller({ gcInterval: 0, managers: [bob, ...getDefaultManagers(), root] });
  assert.is(reached.length, 0);
  await dispA.dispatch({ type: 'BOB', payload: 5 } as never);
  assert.is(reached.length, 1);
  await dispB.dispatch({ type: 'BOB', payload: 5 } as never);
  assert.is(reached.length, 2);
  assert.is(counter, 2);
  dispA.cleanup();
  dispB.cleanup();
});

test.run();
