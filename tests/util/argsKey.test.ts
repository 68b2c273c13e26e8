import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { argsKey, stableStringify } from '../../src/util/argsKey.js';

const keys = suite('argsKey');

keys('object keys are sorted and undefined members dropped', () => {
  assert.is(argsKey([{ b: 1, a: 2, c: undefined }]), argsKey([{ a: 2, b: 1 }]));
  assert.is.not(argsKey([{ a: 1 }]), argsKey([{ a: '1' }]));
});

keys('no args, trailing empty objects, null and undefined all give the empty key', () => {
  for (const args of [[], [{}], [undefined], [null], [{ a: undefined }], [{}, {}]]) assert.is(argsKey(args), '');
  assert.is(argsKey([{ id: 1 }, {}]), argsKey([{ id: 1 }]));
  assert.is.not(argsKey([{}, { id: 1 }]), argsKey([{ id: 1 }]), 'a leading empty object still counts');
});

keys('several args, arrays, primitives and toJSON values have distinct stable keys', () => {
  assert.is(argsKey([{ id: 1 }, { body: true }]), '[{"id":1},{"body":true}]');
  assert.is(argsKey([[1, undefined]]), '[1,null]');
  assert.is(argsKey(['a']), '"a"');
  assert.is(argsKey([0]), '0');
  assert.is(argsKey([[]]), '[]', 'an empty array is an argument');
  assert.is(argsKey([new Date(0)]), '"1970-01-01T00:00:00.000Z"');
  assert.is(stableStringify({ d: { toJSON: () => ({ z: 1, y: 2 }) } }), '{"d":{"y":2,"z":1}}');
  assert.is.not(
    stableStringify(() => 1),
    stableStringify(null),
    'a function is keyed apart from null',
  );
});

keys.run();
