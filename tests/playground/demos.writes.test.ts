/**
 * The playground's demos of writes, errors and performance in headless Chromium: each
 * loads, shows a server failure (the mock's injected 500) in its own error state, recovers
 * with its Retry, and works (an interaction each; a screenshot each). The other demos:
 * ./demos.reads.test.ts; the 10,000-row demo's renders: ./tenThousandRows.test.ts.
 */
import * as assert from 'uvu/assert';
import { playgroundSuite } from '../_fixtures/playground.js';
import { isWriteDemo } from '../_fixtures/demoGroups.js';
import { everyDemo } from '../_fixtures/playgroundDemos.js';

const test = playgroundSuite('playground demos: writes, errors, performance');

everyDemo(test, isWriteDemo);

test('no console errors', ({ errors }) => {
  assert.equal(errors, []);
});

test.run();
