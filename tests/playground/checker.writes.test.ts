/**
 * The playground's type checker in Node: the demos of writes, errors and performance
 * type-check clean in each framework (the others: ./checker.test.ts).
 */
import { checkerSuite } from '../_fixtures/checker.js';
import { isWriteDemo } from '../_fixtures/demoGroups.js';

checkerSuite('playground type checker: writes, errors, performance', isWriteDemo).run();
