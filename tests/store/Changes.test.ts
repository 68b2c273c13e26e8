import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { effect } from '../../src/index.js';
import { Invalidate } from '../../src/index.js';
import { normalizeValue } from '../../src/schema/visit.js';
import { Changes, type ChangeSink } from '../../src/store/Changes.js';
import { Staging } from '../../src/store/Staging.js';
import { Store, type Row } from '../../src/store/Store.js';
import { Post, User } from '../_fixtures/models.js';

/** A response's write: one record of the journal. */
function commit(store: Store, schema: unknown, value: unknown, stamp = 1): void {
  const staging = new Staging('test', []);
  normalizeValue(schema as never, value, staging, '');
  store._record('fetch', stamp, () => store._commit(staging, stamp));
}

type Seen = [string, string | undefined, string | undefined];

/** A sink recording what each flush reported for its tables. */
function recorder(store: Store, keys: string[]) {
  const seen: Seen[][] = [];
  const sink: ChangeSink = {
    _tables: keys.map((key) => store._table(key)),
    _changed(changes) {
      const batch: Seen[] = [];
      for (const key of keys) {
        changes._each(store._table(key), (_cell, before, after) =>
          batch.push([key, (before as Row | undefined)?.name as string, (after as Row | undefined)?.name as string]),
        );
      }
      seen.push(batch);
    },
  };
  return { sink, seen };
}

const changes = suite('Changes');

changes('a store with no feed keeps no journal; the feed listens to it, replacing no method', () => {
  const store = new Store();
  commit(store, User, { id: 'u1', name: 'Ada' });
  assert.is(store._journal, undefined);
  Changes._of(store);
  assert.ok(store._journal, "the feed is a listener of the store's journal");
  assert.equal(
    Object.keys(store).filter((name) => typeof (store as any)[name] === 'function'),
    [],
  );
  assert.is(Changes._of(store), Changes._of(store), 'one feed per store');
});

changes('each batch reports the rows it wrote, before and after, once', () => {
  const store = new Store();
  commit(store, User, { id: 'u1', name: 'Ada' });
  const feed = Changes._of(store);
  const { sink, seen } = recorder(store, ['User']);
  feed._watch(sink);
  commit(
    store,
    [User],
    [
      { id: 'u1', name: 'Grace' },
      { id: 'u2', name: 'Alan' },
    ],
  );
  assert.equal(
    seen,
    [
      [
        ['User', 'Ada', 'Grace'],
        ['User', undefined, 'Alan'],
      ],
    ],
    'flushed at the end of the batch',
  );
  commit(store, [User], [{ id: 'u1', name: 'Grace' }]);
  assert.is(seen.length, 1, 'an identical write reports nothing');
  commit(store, new Invalidate(User), 'u2');
  assert.equal(seen[1], [['User', 'Alan', undefined]], 'a removal: after is undefined');
  assert.is(feed._logs.get(store._table('User'))!.length, 0, 'logs are emptied after the flush');
});

changes('a reader after a write pulls the flush: it sees the write folded in, in the same batch', () => {
  const store = new Store();
  const feed = Changes._of(store);
  const { sink, seen } = recorder(store, ['User']);
  feed._watch(sink);
  let ticks = 0;
  const stop = effect(() => void (feed._tick.value, ticks++));
  commit(
    store,
    [User],
    [
      { id: 'u1', name: 'Ada' },
      { id: 'u2', name: 'Alan' },
    ],
  );
  assert.is(ticks, 2, 'one tick for the whole batch');
  feed._flush();
  assert.is(seen.length, 1, 'a second flush finds nothing to report');
  stop();
});

changes('tables nobody watches are not logged; nested rows are logged under their own table', () => {
  const store = new Store();
  const feed = Changes._of(store);
  const { sink, seen } = recorder(store, ['User']);
  feed._watch(sink);
  commit(store, Post, { id: 'p1', title: 'x', author: { id: 'u1', name: 'Ada' } });
  assert.equal(seen, [[['User', undefined, 'Ada']]]);
  assert.equal([...feed._logs.keys()], [store._table('User')]);
  commit(store, Post, { id: 'p1', title: 'y' });
  assert.is(seen.length, 1, 'a Post write does not reach a User watcher');
});

changes.run();
