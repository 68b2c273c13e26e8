/**
 * The commit journal (DESIGN rules 12 and 15): one record per settled transaction of a
 * store — the rows, Collection lists, responses and meta it changed, what wrote them
 * (`origin`) and their fetch stamp — for everything that follows the cache from outside:
 * the live change feed, tabs, persistence, devtools, an app's own code
 * (`ctrl.onCommit`).
 *
 * Constraints:
 * - Written only while someone listens: a store without listeners has no journal, and its
 *   writes pay one field check.
 * - A record is open while its transaction runs (writes inside it join it, nested ones
 *   too) and is delivered once, when the outermost closes without an error — after every
 *   write of it settled, never for writes that were undone — to every listener in one
 *   batch. A record that changed nothing is not delivered (but a reset's is).
 * - A row written twice in one transaction is one entry, with its values from before the
 *   first write; values after are read when the record is delivered.
 */
import { batch } from '@preact/signals-core';
import type { Cell, ListCell, Row, Store, Table } from './Store.js';

/** What wrote a record. */
export type CommitOrigin =
  /** The answer of a request (`ctrl.fetch`, polling, refetches). */
  | 'fetch'
  /** `ctrl.setResponse`. */
  | 'setResponse'
  /** `ctrl.set`. */
  | 'set'
  /** A mutation's optimistic layer shown. */
  | 'optimistic'
  /** A layer removed without its answer (the request failed, was aborted or stopped). */
  | 'rollback'
  /** A failure recorded under a key (a request's, a write's, `ctrl.setError`). */
  | 'error'
  /** `ctrl.invalidate` / `ctrl.invalidateAll`. */
  | 'invalidate'
  /** `ctrl.expireAll`. */
  | 'expire'
  /** `ctrl.resetEntireStore`. */
  | 'reset'
  /** A garbage-collection sweep: what it dropped. */
  | 'gc'
  /** A dehydrated state filled in (`hydrate`, a persisted copy restored). */
  | 'hydrate'
  /** Another tab's data (`signal-cache/tabs`). */
  | 'tabs';

/** A row a record changed: its server value before and after (`undefined`: not stored, or removed). */
export interface RowChange {
  /** The entity key. */
  readonly key: string;
  readonly pk: string;
  /** The server value before (under any optimistic layers). */
  readonly before: Row | undefined;
  /** The server value after. */
  readonly after: Row | undefined;
  /** Clock time until which a response vouches for the row, after (a refetch of equal data extends it alone). */
  readonly expiresAt: number;
  /** @internal The row's cell. */
  readonly _rowCell: Cell;
  /** @internal The row's table. */
  readonly _rowTable: Table;
  /** @internal What readers saw before (with the layers): the live feed folds these. */
  readonly _shown: Row | undefined;
  /** @internal Dropped from the store (garbage collection): `after` is `undefined`. */
  readonly _gone?: boolean;
  /** @internal The row's expiry before. */
  readonly _exp: { _until: number };
}

/** A Collection list a record changed: its server value before and after. */
export interface ListChange {
  /** The Collection's key. */
  readonly key: string;
  /** The key of the arguments the list is for. */
  readonly argsKey: string;
  readonly before: readonly unknown[] | undefined;
  readonly after: readonly unknown[] | undefined;
  /** @internal The list's cell. */
  readonly _list: ListCell;
  /** @internal Dropped from the store (garbage collection): `after` is `undefined`. */
  readonly _gone?: boolean;
}

/** One settled transaction of the store. */
export interface Commit {
  /** What wrote it. */
  readonly origin: CommitOrigin;
  /** The fetch stamp of the write (a request's start, `set`, a layer); 0 for marks, resets and sweeps. */
  readonly stamp: number;
  /** The rows it changed, in first-write order. Rows under an optimistic layer may show a change with `before === after`. */
  readonly rows: readonly RowChange[];
  readonly lists: readonly ListChange[];
  /** Keys of the endpoint responses it wrote or dropped. */
  readonly responses: readonly string[];
  /** Keys of the endpoint meta it changed (fetch time, expiry, error, invalidation). */
  readonly meta: readonly string[];
}

/** A record in the making. */
class Open {
  readonly _rows = new Map<Cell, RowChange>();
  readonly _lists = new Map<ListCell, ListChange>();
  readonly _responses = new Set<string>();
  readonly _meta = new Set<string>();
  constructor(
    readonly _origin: CommitOrigin,
    readonly _stamp: number,
  ) {}
}

/** @internal The journal of one store: its listeners and the record of the transaction in progress. */
export class Journal {
  readonly _listeners = new Set<(commit: Commit) => void>();
  /** The record in progress; `undefined` between transactions. */
  _open: Open | undefined = undefined;
  #depth = 0;

  /** Opens a record, or joins the one in progress. */
  _begin(origin: CommitOrigin, stamp: number): void {
    if (this.#depth++ === 0) this._open = new Open(origin, stamp);
  }

  /** Closes a scope: the outermost delivers its record when `ok`, drops it otherwise. */
  _end(ok: boolean): void {
    if (--this.#depth > 0) return;
    const open = this._open!;
    this._open = undefined;
    if (ok) this.#deliver(open);
  }

  /** Notes a row about to be written; the first write of a transaction keeps its values before. */
  _row(table: Table, pk: string, cell: Cell, before: Row | undefined, shown: Row | undefined, gone?: boolean): void {
    const rows = this._open!._rows;
    if (!rows.has(cell))
      rows.set(cell, {
        key: table._key,
        pk,
        before,
        after: undefined,
        expiresAt: 0,
        _rowCell: cell,
        _rowTable: table,
        _shown: shown,
        _gone: gone,
        _exp: cell._exp,
      });
  }

  /** Notes a list about to be written (or dropped, `gone`). */
  _list(list: ListCell, before: readonly unknown[] | undefined, gone?: boolean): void {
    const lists = this._open!._lists;
    if (!lists.has(list))
      lists.set(list, { key: list._key, argsKey: list._argsKey, before, after: undefined, _list: list, _gone: gone });
  }

  #deliver(open: Open): void {
    const rows: RowChange[] = [];
    for (const change of open._rows.values()) {
      const cell = change._rowCell;
      const after = change._gone
        ? undefined
        : cell._over === undefined
          ? cell._now
          : (cell._over._base as Row | undefined);
      // Written and back (a layer folded over an equal value): nothing changed.
      if (after === change.before && cell._now === change._shown && cell._exp === change._exp) continue;
      rows.push({ ...change, after, expiresAt: cell._exp._until });
    }
    const lists: ListChange[] = [];
    for (const change of open._lists.values()) {
      const list = change._list;
      const after = change._gone
        ? undefined
        : list._over === undefined
          ? list._sig.peek()
          : (list._over._base as readonly unknown[] | undefined);
      if (after !== change.before) lists.push({ ...change, after });
    }
    // A reset is news even to a listener of an empty store (persist clears its storage).
    if (rows.length + lists.length + open._responses.size + open._meta.size === 0 && open._origin !== 'reset') return;
    const commit: Commit = {
      origin: open._origin,
      stamp: open._stamp,
      rows,
      lists,
      responses: [...open._responses],
      meta: [...open._meta],
    };
    // In one batch: what listeners write (the live feed's tick) notifies readers once.
    batch(() => {
      for (const listener of [...this._listeners]) {
        try {
          listener(commit);
        } catch (error) {
          // A listener's error is its own: the writes stand, the other listeners run.
          console.error(error);
        }
      }
    });
  }
}

/**
 * @internal Calls `listener` with the record of each transaction of `store` once it
 * settled, until the returned function is called. The store keeps a journal while it has
 * a listener.
 */
export function listen(store: Store, listener: (commit: Commit) => void): () => void {
  let journal = store._journal;
  if (journal === undefined) store._keepJournal((journal = new Journal()));
  journal._listeners.add(listener);
  return () => {
    journal._listeners.delete(listener);
    // The last listener gone: writes stop recording (a record in progress is still delivered).
    if (journal._listeners.size === 0 && store._journal === journal) store._keepJournal(undefined);
  };
}
