import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Invalidate } from '../../src/index.js';
import { normalizeValue } from '../../src/schema/visit.js';
import { Changes, type ChangeSink } from '../../src/store/changes.js';
import { Staging } from '../../src/store/Staging.js';
import { Store, type Row } from '../../src/store/Store.js';
import { Post, User } from '../_fixtures/models.js';

function commit(store: Store, schema: unknown, value: unknown, stamp = 1): number {
  const staging = new Staging('test', []);
  normalizeValue(schema as never, value, staging, '');
  return store._commit(staging, stamp);
}

/** A sink recording what each flush reported for its keys. */
function recorder(keys: string[]) {
  const seen: [string, string | undefined, string | undefined][][] = [];
  const sink: ChangeSink = {
    _keys: keys,
    _changed(changes) {
      const batch: [string, string | undefined, string | undefined][] = [];
      for (const key of keys) {
        changes._each(key, (_cell, before, after) => batch.push([key, (before as Row | undefined)?.name as string, (after as Row | undefined)?.name as string]));
      }
      seen.push(batch);
    },
  };
  return { sink, seen };
}

const changes = suite('Changes');

changes('nothing is logged while nothing watches', () => {
  const store = new Store();
  commit(store, User, { id: 'u1', name: 'Ada' });
  assert.is(store._changes, undefined);
});

changes('each commit reports the rows it wrote, before and after, once per commit', () => {
  const store = new Store();
  commit(store, User, { id: 'u1', name: 'Ada' });
  const { sink, seen } = recorder(['User']);
  (store._changes = new Changes())._watch(sink);
  commit(store, [User], [{ id: 'u1', name: 'Grace' }, { id: 'u2', name: 'Alan' }]);
  assert.equal(seen, [[['User', 'Ada', 'Grace'], ['User', undefined, 'Alan']]]);
  commit(store, [User], [{ id: 'u1', name: 'Grace' }]);
  assert.is(seen.length, 1, 'an identical write reports nothing');
  commit(store, new Invalidate(User), 'u2');
  assert.equal(seen[1], [['User', 'Alan', undefined]], 'a removal: after is undefined');
  assert.is(store._changes._logs.get('User')!.length, 0, 'logs are emptied after the flush');
});

changes('keys nobody watches are not logged; nested rows are logged under their own key', () => {
  const store = new Store();
  const { sink, seen } = recorder(['User']);
  (store._changes = new Changes())._watch(sink);
  commit(store, Post, { id: 'p1', title: 'x', author: { id: 'u1', name: 'Ada' } });
  assert.equal(seen, [[['User', undefined, 'Ada']]]);
  assert.equal([...store._changes._logs.keys()], ['User']);
  commit(store, Post, { id: 'p1', title: 'y' });
  assert.is(seen.length, 1, 'a Post write does not reach a User watcher');
});

changes.run();
