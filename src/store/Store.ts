/**
 * The signal tables.
 *
 * Constraints of this folder (it is the hot path):
 * - One `Signal` per entity row; a missing row is a placeholder signal holding
 *   `undefined`, so a reader subscribes before the row exists (DESIGN rule 1).
 * - A write equal to the stored value (field by field) notifies no one (rule 2).
 * - Every write of one response happens inside one `batch()` (rule 3).
 * - Rows carry the fetch stamp that wrote them: an older response merges under newer
 *   fields instead of overwriting them (rule 6).
 * - No allocation per tracked read: a cached read is two Map lookups and a field check.
 */
import { Signal, batch } from '@preact/signals-core';
import type { CollectionLike } from '../schema/types.js';
import { equalFields, equalValue } from '../util/equal.js';
import type { Changes } from './changes.js';
import type { Staging } from './Staging.js';

/** A normalized row as stored: nested entities replaced by their pks. */
export type Row = Record<string, unknown>;

//#region cells

/** @internal One entity row: its signal plus the denormalized-object cache. */
export class Cell {
  /** The normalized row; `undefined` while not cached (placeholder) or after removal. */
  readonly _sig: Signal<Row | undefined> = new Signal<Row | undefined>(undefined);
  /** Stamp of the newest fetch that wrote this row. */
  _stamp = 0;
  /** Last denormalized object built for this row, valid while `_deps` hold `_vals`. */
  _obj: object | undefined = undefined;
  /** Every row the object reached (itself included); shared by a cycle's members. */
  _deps: Cell[] | undefined = undefined;
  /** The row values `_obj` was built from, parallel to `_deps`. */
  _vals: (Row | undefined)[] | undefined = undefined;
  /** The walk frame while this row is being denormalized (cycle detection). */
  _frame: unknown = undefined;
  /** Id of the last walk that found `_obj` valid. */
  _seen = 0;
}

/** @internal All rows of one entity key, plus its membership (for `All`). */
export class Table {
  readonly _cells = new Map<string, Cell>();
  /** Cells of the stored rows, in first-stored order. Mutated in place; see `_version`. */
  readonly _members: Cell[] = [];
  /** Bumped once per batch in which `_members` changed. */
  readonly _version = new Signal(0);
  /** Whether any row of this key was ever stored. */
  _ever = false;

  /** The cell of a pk, created as a placeholder when missing. */
  _cell(pk: string): Cell {
    let cell = this._cells.get(pk);
    if (cell === undefined) {
      cell = new Cell();
      this._cells.set(pk, cell);
    }
    return cell;
  }
}

/** @internal One list of a Collection for one argument set. */
export class ListCell {
  readonly _sig = new Signal<readonly unknown[] | undefined>(undefined);
  _stamp = 0;
  /** The arguments the list was fetched with (for `push` / `unshift` matching). */
  _args: readonly unknown[] = [];
}

/** Cache state of one endpoint key. */
export interface Meta {
  /** Clock time of the last successful fetch; 0 when never fetched. */
  readonly fetchedAt: number;
  /** Clock time after which the response is stale. */
  readonly expiresAt: number;
  /** The last error, kept until the next success. */
  readonly error: Error | undefined;
  /** Clock time after which a read retries after an error. */
  readonly errorExpiresAt: number;
  /** Set by `invalidate`: the next read refetches. */
  readonly invalidated: boolean;
}

/** @internal The meta of a key never fetched. */
export const emptyMeta: Meta = Object.freeze({
  fetchedAt: 0,
  expiresAt: 0,
  error: undefined,
  errorExpiresAt: 0,
  invalidated: false,
});

/** @internal The cached response of one endpoint key. */
export class ResultCell {
  /** The normalized response; `undefined` until fetched. */
  readonly _sig = new Signal<unknown>(undefined);
  readonly _meta = new Signal<Meta>(emptyMeta);
  _stamp = 0;
  /** The fetch stamp counter when last invalidated: a fetch stamped at or below it keeps the mark. */
  _invalidated = 0;
}

//#endregion

//#region store

/** @internal The tables of one Controller. */
export class Store {
  readonly _tables = new Map<string, Table>();
  readonly _lists = new Map<string, Map<string, ListCell>>();
  readonly _results = new Map<string, ResultCell>();
  /** The change feed, created by the first mounted live query (DESIGN rule 12). */
  _changes: Changes | undefined = undefined;

  _table(key: string): Table {
    let table = this._tables.get(key);
    if (table === undefined) {
      table = new Table();
      this._tables.set(key, table);
    }
    return table;
  }

  _list(collectionKey: string, argsKey: string): ListCell {
    let lists = this._lists.get(collectionKey);
    if (lists === undefined) {
      lists = new Map();
      this._lists.set(collectionKey, lists);
    }
    let cell = lists.get(argsKey);
    if (cell === undefined) {
      cell = new ListCell();
      lists.set(argsKey, cell);
    }
    return cell;
  }

  _result(key: string): ResultCell {
    let cell = this._results.get(key);
    if (cell === undefined) {
      cell = new ResultCell();
      this._results.set(key, cell);
    }
    return cell;
  }

  /**
   * Writes everything a response staged, in one batch. `stamp` orders responses by
   * fetch start: an older stamp never overwrites fields written by a newer one.
   * Returns the number of signals written (0 for identical data).
   */
  _commit(staging: Staging, stamp: number): number {
    return batch(() => {
      let writes = 0;
      const changes = this._changes;
      for (const [key, rows] of staging._rows) {
        const table = this._table(key);
        // Written rows are logged only while a live query watches this key.
        const log = changes?._logs.get(key);
        let joined = false;
        for (const [pk, row] of rows) {
          const cell = table._cell(pk);
          const prev = cell._sig.peek();
          if (prev === undefined) {
            cell._sig.value = row;
            cell._stamp = stamp;
            table._members.push(cell);
            joined = true;
            writes++;
            if (log !== undefined) log.push(cell, prev);
            continue;
          }
          const next = stamp >= cell._stamp ? mergeOver(prev, row) : mergeUnder(prev, row);
          if (next !== prev) {
            cell._sig.value = next;
            writes++;
            if (log !== undefined) log.push(cell, prev);
          }
          if (stamp > cell._stamp) cell._stamp = stamp;
        }
        if (joined) {
          table._ever = true;
          table._version.value++;
        }
      }
      for (const [key, pks] of staging._removals) {
        const table = this._table(key);
        const log = changes?._logs.get(key);
        let left = false;
        for (const pk of pks) {
          const cell = table._cells.get(pk);
          if (cell === undefined || cell._sig.peek() === undefined) continue;
          if (log !== undefined) log.push(cell, cell._sig.peek());
          cell._sig.value = undefined;
          cell._stamp = stamp;
          const i = table._members.indexOf(cell);
          if (i >= 0) table._members.splice(i, 1);
          left = true;
          writes++;
        }
        if (left) table._version.value++;
      }
      for (const { collection, write } of staging._collections) {
        writes += this.#writeList(collection, write.mode, write.argsKey, write.args, write.items, stamp);
      }
      // Inside the batch: live results written here notify once with everything else.
      if (changes !== undefined) changes._flush();
      return writes;
    });
  }

  #writeList(
    collection: CollectionLike,
    mode: 'set' | 'push' | 'unshift',
    argsKey: string,
    args: readonly unknown[],
    items: readonly unknown[],
    stamp: number,
  ): number {
    if (mode === 'set') {
      const list = this._list(collection.key, argsKey);
      if (stamp < list._stamp) return 0;
      list._stamp = stamp;
      list._args = args;
      const prev = list._sig.peek();
      if (prev !== undefined && equalValue(prev, items)) return 0;
      list._sig.value = items;
      return 1;
    }
    const lists = this._lists.get(collection.key);
    if (lists === undefined) return 0;
    let writes = 0;
    for (const list of lists.values()) {
      const prev = list._sig.peek();
      if (prev === undefined || !collection.accepts(list._args, args)) continue;
      const fresh = items.filter((item) => !prev.some((have) => equalValue(have, item)));
      if (fresh.length === 0) continue;
      list._sig.value = mode === 'push' ? [...prev, ...fresh] : [...fresh, ...prev];
      writes++;
    }
    return writes;
  }
}

/** Incoming fields over stored ones; returns `prev` itself when nothing differs. */
function mergeOver(prev: Row, row: Row): Row {
  for (const k in row) {
    if (!equalValue(row[k], prev[k]) || !(k in prev)) return { ...prev, ...row };
  }
  return prev;
}

/** An older response: only fields the stored row lacks are taken from it. */
function mergeUnder(prev: Row, row: Row): Row {
  for (const k in row) {
    if (!(k in prev)) {
      const next = { ...row, ...prev };
      return equalFields(next, prev) ? prev : next;
    }
  }
  return prev;
}

//#endregion
