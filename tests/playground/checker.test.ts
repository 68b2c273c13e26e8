/**
 * The playground's type checker in Node: the demos of reads and transforms type-check clean
 * in each framework (the others: ./checker.writes.test.ts), and a type error is reported on
 * its line and its place.
 */
import { checkerSuite } from '../_fixtures/checker.js';
import { isWriteDemo } from '../_fixtures/demoGroups.js';

checkerSuite('playground type checker: reads and transforms', (id) => !isWriteDemo(id), true).run();
