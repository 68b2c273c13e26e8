import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ensure } from '../../src/util/map.js';

const map = suite('ensure');

map('makes and stores the value of a missing key once, then returns it', () => {
  const sets = new Map<string, Set<string>>();
  const made = ensure(sets, 'a', Set<string>);
  assert.instance(made, Set);
  assert.is(sets.get('a'), made);
  made.add('x');
  assert.is(ensure(sets, 'a', Set<string>), made, 'an existing value is kept');
  assert.is(sets.size, 1);
});

map.run();
