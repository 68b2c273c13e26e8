// Value comparison before writes: deep payloads compare without overflowing the stack;
// values whose `equals` throws, or of different classes, count as different.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { equalValue } from '../../src/util/equal.js';

const equal = suite('equalValue');

const deep = (depth: number) => JSON.parse('{"a":'.repeat(depth) + '1' + '}'.repeat(depth));

equal('values nested 10,000 deep count as different past 500 levels, never a RangeError', () => {
  assert.is(equalValue(deep(400), deep(400)), true);
  assert.is(equalValue(deep(10_000), deep(10_000)), false);
  assert.is(equalValue(deep(10_000), deep(3)), false);
});

equal('an equals method that throws means different; different classes are different', () => {
  class Money {
    constructor(readonly cents: number) {}
    equals(other: Money) {
      if (other.cents < 0) throw new Error('negative');
      return other.cents === this.cents;
    }
  }
  class Point {
    constructor(readonly x: number) {}
  }
  assert.is(equalValue(new Money(1), new Money(1)), true);
  assert.is(equalValue(new Money(1), new Money(-1)), false);
  assert.is(
    equalValue(new Point(1), new Point(1)),
    false,
    'class instances without equals are not compared field by field',
  );
  assert.is(equalValue({ x: 1 }, new Point(1)), false);
  assert.is(
    equalValue(Object.assign(Object.create(null), { x: 1 }), Object.assign(Object.create(null), { x: 1 })),
    true,
  );
});

equal.run();
