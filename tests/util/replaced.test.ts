import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { replaced, replacedAt } from '../../src/util/replaced.js';
import { collectUntil } from '../_fixtures/time.js';

const made = suite('replaced / replacedAt');

made('an array made from another names its replaced places against that one only', () => {
  const a = [1, 2, 3];
  const b = replaced(a, [1], [1, 20, 3]);
  const c = replaced(b, [0, 2], [10, 20, 30]);
  assert.equal(replacedAt(b, a), [1]);
  assert.equal(replacedAt(c, b), [0, 2]);
  assert.is(replacedAt(c, a), undefined, 'not from that one');
  assert.is(replacedAt(a, undefined), undefined);
  assert.is(replacedAt([1, 2, 3], a), undefined, 'an array made otherwise');
  assert.is(replacedAt(b, undefined), undefined);
});

made('an array does not keep the one it was made from alive', async () => {
  let last: unknown[] = Array.from({ length: 1000 }, (_, i) => i);
  const first = new WeakRef(last);
  for (let i = 0; i < 20; i++)
    last = replaced(
      last,
      [i],
      last.map((v, k) => (k === i ? -1 : v)),
    );
  await collectUntil(() => first.deref() === undefined, 'the first array collected');
  assert.is(last.length, 1000);
});

made.run();
