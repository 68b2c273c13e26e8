/**
 * Garbage collection of the signal tables (DESIGN rule 13): rows, lists and responses
 * that no live view reaches and no unexpired response references are dropped once they
 * expire; placeholders (cells created by reading a missing row or list) too.
 *
 * ## What is kept
 *
 * - A response while its key is `held` (a request in flight, a subscription), while it is
 *   fresh (`expiresAt`) or its error current (`errorExpiresAt`), or while a live view
 *   reads it. A kept response marks every row and list it reaches: its schema is walked
 *   over the store with a marking walker, which reuses each row's cached dependency list.
 * - A list while a live view reads it, a kept response marks it, or an optimistic layer
 *   lies over it.
 * - A row while a live view reads it, a kept response marks it, an optimistic layer lies
 *   over it, or its last write has not expired (`_exp`).
 *
 * "A live view reads it" means the cell's signal (made by its first tracked read) has a subscriber: some effect (a
 * component, a vanilla `effect`) depends on it, directly or through computeds. signals-core
 * reports exactly that through the signal's `watched` / `unwatched` hooks (see `watched`
 * in ./Store.ts), so the sweep needs no count of its own.
 *
 * ## Why a dropped cell is written once more
 *
 * A view nobody watches still holds the signals it read last time, and a cached row
 * object holds its dependency list (`_deps`). A dropped cell is therefore given a value
 * no reader ever stored (`DEAD`): an unwatched view sees its source changed and recomputes
 * on its next read, looking the key up again (and finding it missing), and a dependency
 * check comparing `_vals` fails, so the row object is rebuilt. A collected row read again
 * is simply missing — never a crash, never a stale object.
 */
import { batch, untracked } from '@preact/signals-core';
import type { CollectionLike, EntityClass } from '../schema/types.js';
import { denormalizeValue } from '../schema/visit.js';
import { ensure } from '../util/map.js';
import { reindex } from './indexes.js';
import {
  type Cell,
  emptyMeta,
  type ListCell,
  parked,
  type ResultCell,
  type Row,
  type Store,
  type Table,
  watched,
} from './Store.js';
import { Walker } from './Walker.js';

/** The value of a dropped cell: equal to nothing a reader has seen. */
const DEAD = Object.freeze({}) as Row;

/** A walker that records every row and list it reaches. */
class Marker extends Walker {
  readonly #marked: Set<object>;

  constructor(store: Store, args: readonly unknown[], marked: Set<object>) {
    // (Untracked: marking makes no row signal.)
    super(store, args, false);
    this.#marked = marked;
  }

  // Every row a walk reaches goes through `_read` (`entity`, `all`, `_many`); a cached
  // object stands for the rows it reached.
  override _read(schema: EntityClass, cell: Cell, own?: boolean): unknown {
    const value = super._read(schema, cell, own);
    this.#marked.add(cell);
    for (const dep of cell._deps ?? []) this.#marked.add(dep);
    return value;
  }

  override list(collection: CollectionLike, argsKey: string): readonly unknown[] | undefined {
    // (Looked up, not created: a sweep makes no placeholder.)
    const list = this._store._lists.get(collection.key)?.get(argsKey);
    if (list !== undefined) this.#marked.add(list);
    return list?._sig.value;
  }
}

/**
 * What a sweep drops: rows and Collection lists (`entities`: entity or Collection key,
 * and pk or args key) and responses (`endpoints`: their keys).
 */
export interface Swept {
  entities: { key: string; pk: string }[];
  endpoints: string[];
}

/**
 * @internal Drops everything collectable at clock time `now`; `held(key)` keeps a
 * response key regardless (requests in flight, subscriptions). With `only`, drops only
 * what it lists (the rest is kept, and what a kept response reaches with it); with `dry`,
 * drops nothing and reports what it would drop.
 * @returns what was (or would be) dropped
 */
export function sweep(store: Store, now: number, held: (key: string) => boolean, only?: Swept, dry?: boolean): Swept {
  const swept: Swept = { entities: [], endpoints: [] };
  // Listed by key: the endpoints, and the pks or args keys of each entity or Collection key.
  const endpoints = only && new Set(only.endpoints);
  const entities = only && new Map<string, Set<string>>();
  for (const { key, pk } of only?.entities ?? []) ensure(entities!, key, Set<string>).add(pk);
  const kept = (key: string, sub: string) => entities !== undefined && !entities.get(key)?.has(sub);
  return untracked(() => batch(() => (dry ? mark() : store._record('gc', 0, mark))));

  /** Marks what is kept, and drops (or, `dry`, lists) the rest. */
  function mark(): Swept {
    const journal = store._journal?._open && store._journal;
    {
      const marked = new Set<object>();
      for (const [key, result] of store._results) {
        const meta = result._meta.peek();
        if (
          held(key) ||
          endpoints?.has(key) === false ||
          now < meta.expiresAt ||
          now < meta.errorExpiresAt ||
          watched.has(result._sig) ||
          watched.has(result._meta)
        ) {
          const stored = result._sig.peek();
          if (stored === undefined) continue;
          const marker = new Marker(store, result._args, marked);
          try {
            denormalizeValue(result._schema, stored, marker);
          } catch {
            // A response that no longer denormalizes: keep every row and list this time.
            marker._abort();
            return swept;
          }
          continue;
        }
        swept.endpoints.push(key);
        if (dry) continue;
        if (result._sig.peek() !== undefined) store._wrote(key, true);
        store._wrote(key, false);
        drop(store._results, key, result);
      }
      for (const [key, lists] of store._lists) {
        for (const [argsKey, list] of lists) {
          if (marked.has(list) || list._over !== undefined || watched.has(list._sig) || kept(key, argsKey)) continue;
          swept.entities.push({ key, pk: argsKey });
          if (dry) continue;
          if (list._sig.peek() !== undefined) journal?._list(list, list._sig.peek(), true);
          drop(lists, argsKey, list);
        }
      }
      for (const [key, table] of store._tables) {
        // A live query follows every row of its table, as a view of `All` does (which reads
        // the table's `_written`, not each row).
        if (store._live?.has(table) || watched.has(table._written)) continue;
        let left = false;
        for (const [pk, cell] of table._cells) {
          // A row under an optimistic layer stays until the layer settles (its rollback needs it).
          if (
            now < cell._exp._until ||
            marked.has(cell) ||
            cell._over !== undefined ||
            watched.has(cell._signal!) ||
            kept(key, pk)
          )
            continue;
          swept.entities.push({ key, pk });
          if (dry) continue;
          const row = cell._now;
          if (row !== undefined) journal?._row(table, pk, cell, row, row, true);
          if (dropCell(table, pk, cell)) left = true;
        }
        if (left) table._version.value++;
      }
      // Root lists keep their cells (Walker._many), which may have left their tables.
      if (!dry) store._forgetRoots();
      return swept;
    }
  }
}

//#region release

/**
 * @internal Frees the loose cells of `store` (`Store._loose`: placeholders a reader
 * created, rows a response removed) that nothing needs any more, without waiting for the
 * sweep: a cell no effect watches, that still holds nothing (no row, list, response,
 * meta or optimistic layer), in a table no live query follows, and — for a removed row —
 * whose removal is older than every request in flight (an older request's answer must
 * find it, so the row stays removed). A cell a reader still watches stays loose, and is
 * looked at again when a signal loses its last subscriber or a request settles; one that
 * holds something again is forgotten (the sweep decides about it). A freed cell is written
 * once more, as a swept one.
 */
export function release(store: Store): void {
  const entries = store._takeLoose();
  let oldest = Infinity;
  for (const stamp of store._inflight) if (stamp < oldest) oldest = stamp;
  let rows = false;
  untracked(() =>
    batch(() => {
      for (const entry of entries) {
        const [place, key, cell, table] = entry;
        const meta = (cell as ResultCell)._meta;
        // A row's signal is made by its first tracked read (a row never read has none).
        const sig = table === undefined ? (cell as ListCell | ResultCell)._sig : (cell as Cell)._signal;
        // (A live query keeps the cells of its tables: the sweep decides about them.)
        if (
          place.get(key) !== cell ||
          (table !== undefined && store._live?.has(table)) ||
          (table === undefined ? sig!.peek() : (cell as Cell)._now) !== undefined ||
          (cell as Cell | ListCell)._over !== undefined ||
          (meta !== undefined && (meta.peek() !== emptyMeta || (cell as ResultCell)._invalidated !== 0))
        )
          continue;
        if (watched.has(sig!) || watched.has(meta) || cell._stamp >= oldest) {
          store._loose.push(entry);
          continue;
        }
        if (table !== undefined) {
          // (A row hidden by an optimistic removal, then removed, may still hold its place.)
          if (dropCell(table, key, cell as Cell)) table._version.value++;
          rows = true;
        } else drop(place, key, cell as ListCell | ResultCell);
      }
    }),
  );
  // Root lists keep their cells (Walker._many), which may have left their tables.
  if (rows) store._forgetRoots();
  // Loose cells left (watched, or removals an older request may answer) wait for a reader to leave.
  if (store._loose.length) parked.add(store);
  else parked.delete(store);
}

/** Drops a list or response cell, written once more (see "Why a dropped cell is written once more"). */
function drop(place: Map<string, unknown>, key: string, cell: ListCell | ResultCell): void {
  place.delete(key);
  cell._sig.value = DEAD as never;
  const meta = (cell as ResultCell)._meta;
  if (meta !== undefined) meta.value = { ...emptyMeta };
}

/** Drops a row cell, written once more; returns whether it left the table's membership. */
function dropCell(table: Table, pk: string, cell: Cell): boolean {
  // (The membership is the table's map: deleting the entry takes the row out of it.)
  const left = table._has(cell);
  table._cells.delete(pk);
  const row = cell._now;
  if (row !== undefined && table._idx !== undefined) reindex(table, row, undefined);
  cell._set(DEAD);
  // (Only on a cell that was read: the cache fields are added by the first read.)
  if (cell._obj !== undefined) cell._obj = cell._deps = cell._vals = undefined;
  return left;
}

//#endregion

/** @internal The number of row, list and response cells `store` holds, placeholders included (for exact memory tests). */
export function countCells(store: Store): number {
  let count = store._results.size;
  for (const table of store._tables.values()) count += table._cells.size;
  for (const lists of store._lists.values()) count += lists.size;
  return count;
}
