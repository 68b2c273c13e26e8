/**
 * The playground's demos of reads and transforms in headless Chromium: each loads, shows a
 * server failure (the mock's injected 500) in its own error state, recovers with its Retry,
 * and works (an interaction each; a screenshot each into the git-ignored
 * test-artifacts/playground/). The other demos: ./demos.writes.test.ts.
 */
import { playgroundSuite } from '../_fixtures/playground.js';
import { isWriteDemo } from '../_fixtures/demoGroups.js';
import { everyDemo } from '../_fixtures/playgroundDemos.js';

const test = playgroundSuite('playground demos: reads and transforms');

everyDemo(test, (id) => !isWriteDemo(id));

test.run();
