import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { equalFields, equalValue } from '../../src/util/equal.js';

const values = suite('equalValue');

values('primitives by identity; NaN equals NaN; null and undefined differ', () => {
  assert.ok(equalValue(1, 1));
  assert.ok(equalValue(NaN, NaN));
  assert.not.ok(equalValue(NaN, 1));
  assert.not.ok(equalValue(null, undefined));
  assert.not.ok(equalValue('1', 1));
  assert.not.ok(equalValue(null, {}));
  assert.not.ok(equalValue({}, null));
});

values('arrays member by member', () => {
  assert.ok(equalValue([1, [2, { a: 3 }]], [1, [2, { a: 3 }]]));
  assert.not.ok(equalValue([1, 2], [1, 2, 3]));
  assert.not.ok(equalValue([1, 2], [1, 3]));
  assert.not.ok(equalValue([1], { 0: 1, length: 1 }));
});

values('Dates by time; objects with .equals by .equals, same prototype only; a throwing equals is unequal', () => {
  assert.ok(equalValue(new Date(5), new Date(5)));
  assert.not.ok(equalValue(new Date(5), new Date(6)));
  assert.not.ok(equalValue(new Date(5), { getTime: () => 5 }));
  class Money {
    constructor(readonly cents: number) {}
    equals(other: Money) {
      if (!(other instanceof Money)) throw new TypeError('not money');
      return other.cents === this.cents;
    }
  }
  assert.ok(equalValue(new Money(1), new Money(1)));
  assert.not.ok(equalValue(new Money(1), new Money(2)));
  assert.not.ok(equalValue(new Money(1), { cents: 1, equals: () => true }), 'another prototype');
  const broken = Object.assign(Object.create(Money.prototype), { cents: 1 });
  broken.equals = () => {
    throw new Error('broken');
  };
  assert.not.ok(equalValue(broken, new Money(1)));
});

values('plain and null-prototype objects field by field; other class instances never', () => {
  const bare = Object.assign(Object.create(null), { a: 1 });
  assert.ok(equalValue(bare, Object.assign(Object.create(null), { a: 1 })));
  assert.not.ok(equalValue(bare, { a: 1 }), 'different prototypes');
  class Point {
    x = 1;
  }
  assert.not.ok(equalValue(new Point(), new Point()), 'no way to know what a class instance means');
  assert.ok(equalValue({ a: { b: [1] } }, { a: { b: [1] } }));
});

const fields = suite('equalFields');

fields('same keys with equal values, in any order', () => {
  assert.ok(equalFields({ a: 1, b: 2 }, { b: 2, a: 1 }));
  assert.not.ok(equalFields({ a: 1 }, { a: 1, b: undefined }), 'a key present as undefined counts');
  assert.not.ok(equalFields({ a: 1, b: undefined }, { a: 1 }));
  assert.not.ok(equalFields({ a: 1 }, { a: 2 }));
});

values.run();
fields.run();
