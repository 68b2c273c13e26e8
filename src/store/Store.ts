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
 * - A commit can be undone: inside `_transact`, every write records how to restore what
 *   it replaced, so a failure after the first write (a merge hook, the first read of a
 *   response) leaves the tables as they were (rule 9).
 * - While someone listens, every write notes what it changes in the record of its
 *   transaction (./Journal.ts), delivered when the transaction settled; a write nobody
 *   listens to pays one field check.
 */
import { Signal, batch } from '@preact/signals-core';
import type { CollectionLike, CollectionWrite, EntityClass, Schema } from '../schema/types.js';
import { equalFields, equalValue } from '../util/equal.js';
import { ensure } from '../util/map.js';
import { reindex } from './indexes.js';
import type { CommitOrigin, Journal } from './Journal.js';
import type { Layer, Overlay } from './Layers.js';
import type { Staging } from './Staging.js';

/** A normalized row as stored: nested entities replaced by their pks. */
export type Row = Record<string, unknown>;

//#region cells

/**
 * @internal Signals that some effect depends on, directly or through computeds: what a
 * live view reaches. Maintained by signals-core's `watched` / `unwatched` hooks, which
 * run only when a signal gains its first or loses its last subscriber; garbage
 * collection never takes a cell whose signal is in here (see ./gc.ts).
 */
export const watched = new Set<Signal<any>>();

/** @internal Options of every cell signal: keeps `watched` up to date. */
export const WATCH = {
  watched(this: Signal<any>) {
    watched.add(this);
  },
  unwatched(this: Signal<any>) {
    watched.delete(this);
    // A placeholder waiting for its last reader to leave may go now.
    for (const store of parked) store._soon();
  },
};

/**
 * @internal Stores whose last release left loose cells (see `Store._loose`): a signal
 * losing its last subscriber releases them again. (Held strongly: what keeps a cell loose,
 * a subscribed effect or a request in flight, holds its store anyway.)
 */
export const parked = new Set<Store>();

/** @internal A cell that may be freed (see `Store._loose`), with where it is kept and its key there (and a row's table). */
export type Loose = readonly [
  place: Map<string, Cell | ListCell | ResultCell>,
  key: string,
  cell: Cell | ListCell | ResultCell,
  table?: Table,
];

/**
 * @internal What the writes of a row vouch for: the stamp of the newest fetch that wrote
 * it and the clock time until which a response vouched for it. One object is shared by
 * the rows of a commit and never changed in place (a row whose two maxima come from
 * different writes gets its own): a stamp and a time in each row would cost two fields.
 */
export interface Written {
  readonly _stamp: number;
  readonly _until: number;
}

/** @internal What a row no response wrote carries. */
export const NEVER: Written = { _stamp: 0, _until: 0 };

/**
 * @internal One entity row: its normalized row (`undefined` while not cached (placeholder)
 * or after removal), its signal, the denormalized-object cache and its bookkeeping.
 *
 * The signal is made by the first tracked read (`value`): a row that is written and never
 * read (most rows of a long list, before anything shows them) carries none, so it costs
 * the row, two fields and its table's map entry. Every write sets `_now` and, when the
 * signal exists, the signal.
 */
export class Cell {
  /** A row new to its table is created holding its value: no write, no notification. */
  constructor(row?: Row) {
    this._now = row;
  }
  /** The row: what `value` reads, kept by every write (`Store._put`, gc). */
  declare _now: Row | undefined;
  /** Stamp and expiry of the row's writes (see `Written`). */
  _writes = NEVER;
  /** The row's signal, made by the first tracked read. Declared only (see the class comment). */
  declare _signal: Signal<Row | undefined> | undefined;
  // The denormalize cache (`_obj` … `_seen`) is declared only: the first read of the row
  // adds it, so a row that is written and never read carries none of it.
  /** Last denormalized object built for this row, valid while `_deps` hold `_vals`. */
  declare _obj: object | undefined;
  /**
   * Every row (and Collection list) the object reached, itself included; shared by a
   * cycle's members. `undefined` when it reached only its own row.
   */
  declare _deps: Dep[] | undefined;
  /** The values `_obj` was built from, parallel to `_deps`; its own row when `_deps` is `undefined`. */
  declare _vals: unknown[] | Row | undefined;
  /** The walk frame while this row is being denormalized (cycle detection). */
  declare _frame: unknown;
  /** Id of the last walk that found `_obj` valid. */
  declare _seen: number;
  /**
   * Optimistic layers over the row (see Layers.ts); `undefined` when none. Declared only:
   * the first layer over the row adds it.
   */
  declare _over: Overlay | undefined;
  // What the live source of the row's table keeps for the row (src/live/Source.ts) is on
  // the cell, which is the source's record of the row: no object or map entry per row.
  // Declared only: a row no live query follows carries none of it.
  /** The row's order for the live source (first stored first); `undefined` while not followed. */
  declare _seq: number | undefined;
  /** The item the live source last pushed down (`undefined` while hidden by an optimistic removal). */
  declare _item: unknown;
  /** The rows (and lists) `_item` reached, as the live source indexed them, when more than itself. */
  declare _indexed: readonly Dep[] | undefined;

  /** The row, read tracked: the enclosing computed or effect depends on it from now on. */
  get value(): Row | undefined {
    return (this._signal ??= new Signal(this._now, WATCH)).value;
  }

  /** The row, untracked. */
  peek(): Row | undefined {
    return this._now;
  }

  /** Stamp of the newest fetch that wrote this row. */
  get _stamp(): number {
    return this._writes._stamp;
  }
  set _stamp(stamp: number) {
    if (stamp !== this._writes._stamp) this._writes = { _stamp: stamp, _until: this._writes._until };
  }

  /**
   * Clock time until which a response vouched for this row (`{ _until }`, the latest write's
   * expiry): an Entity endpoint reads it without fetching, and garbage collection keeps it.
   */
  get _exp(): { readonly _until: number } {
    return this._writes;
  }
  set _exp(exp: { readonly _until: number }) {
    const was = this._writes;
    // A record of the same stamp is taken as it is: rows given one (a restore's) share it.
    if (exp._until !== was._until)
      this._writes =
        (exp as Written)._stamp === was._stamp ? (exp as Written) : { _stamp: was._stamp, _until: exp._until };
  }

  /** Sets the row; readers of its signal are notified. */
  _set(row: Row | undefined): void {
    this._now = row;
    if (this._signal !== undefined) this._signal.value = row;
  }
}

/**
 * @internal Whether a row is a member of its table (what `All` lists): it has a value, or
 * an optimistic removal hides a server value (it keeps its place for a rollback).
 */
export function isMember(cell: Cell): boolean {
  return cell._now !== undefined || (cell._over !== undefined && cell._over._base !== undefined);
}

/** @internal What a row object reached: rows, and the lists of Collections it holds. */
export type Dep = Cell | ListCell;

/** Rows a table's `_log` holds at most; a reader further behind reads its list afresh. */
const LOG_SIZE = 1024;

/** @internal All rows of one entity key, plus its membership (for `All`). */
export class Table {
  /** The entity key of its rows. */
  _key = '';
  #cells = new Map<string, Cell>();
  /**
   * The cells by pk. The members among them (`isMember`) are in first-stored order: a row
   * that becomes a member is moved to the end (`_rejoin`); a removed one keeps its entry,
   * so an undone removal is back in its place. Garbage collection deletes entries.
   * Rows restored into an empty table are made by its first reader or writer (`_fill`).
   */
  get _cells(): Map<string, Cell> {
    const fill = this._fill;
    if (fill !== undefined) {
      this._fill = undefined;
      fill();
    }
    return this.#cells;
  }
  set _cells(cells: Map<string, Cell>) {
    this.#cells = cells;
  }
  /**
   * Makes the cells of rows restored but not read yet (set by the state codec,
   * src/state/hydrate.ts), once, before anything reads `_cells`. Declared only.
   */
  declare _fill: (() => void) | undefined;
  /**
   * While `_fill` waits: the objects of the restored rows, in stored order, made by
   * `schema` straight from their values when it can (a class with no nested entity), and
   * given to the cells `_fill` makes: what a read of the whole list makes and nothing
   * more. `undefined` when `pks` are not those rows in stored order. Declared only.
   */
  declare _made: ((schema: EntityClass, pks?: readonly unknown[]) => object[] | undefined) | undefined;
  /** Bumped once per batch in which the membership changed. */
  readonly _version = new Signal(0);
  /**
   * Bumped by each write of a member's value (a row joining or leaving bumps `_version`):
   * a view of `All` reads it instead of each of its rows (one source, not one per row).
   * Watched, it keeps the table's rows from garbage collection, as the rows' own signals do.
   */
  readonly _written = new Signal(0, WATCH);
  /**
   * The rows whose value was written in place (each bump of `_written`), oldest first,
   * while a view re-reads only the written rows of a list (`Walker._many`): entry `i` took
   * `_written` to `_logAt + i + 1`. Bounded: a reader further behind reads its list afresh.
   * Declared only: a table no such view reads keeps none.
   */
  declare _log: Cell[] | undefined;
  declare _logAt: number;
  /** Whether any row of this key was ever stored. */
  _ever = false;
  /** Unique indexes (see indexes.ts): `field\0value` → pk signal; built on first use. */
  _idx: Map<string, Signal<string | undefined>> | undefined;
  /** The entity class, known once a response wrote a row of it or the table is indexed. */
  _schema: EntityClass | undefined;
  /**
   * Fields that restored rows hold in their JSON form until the entity class is known (see
   * `Store._adopt`); `undefined` when none. Declared only: a store that never hydrates has none.
   */
  declare _raw: readonly string[] | undefined;

  /** @internal A member's value written in place: bumps `_written`, and logs the row while `_log` is kept. */
  _edited(cell: Cell): void {
    const log = this._log;
    if (log !== undefined) {
      if (log.length === LOG_SIZE) {
        this._logAt += LOG_SIZE;
        log.length = 0;
      }
      log.push(cell);
    }
    this._written.value++;
  }

  /** @internal Starts keeping `_log` (when it is not kept yet); returns the value of `_written`. */
  _keepLog(): number {
    const now = this._written.peek();
    if (this._log === undefined) {
      this._log = [];
      this._logAt = now;
    }
    return now;
  }

  /**
   * @internal The rows written in place since `_written` was `seen`, oldest first (a row
   * written twice is there twice); `undefined` when the log does not reach back that far.
   */
  _since(seen: number): readonly Cell[] | undefined {
    const log = this._log;
    return log === undefined || seen < this._logAt ? undefined : log.slice(seen - this._logAt);
  }

  /** The cell of a pk, created as a placeholder when missing. */
  _cell(pk: string): Cell {
    return ensure(this._cells, pk, Cell);
  }

  /** Whether a cell is in the membership. */
  _has(cell: Cell): boolean {
    return isMember(cell);
  }

  /**
   * Before a row that is no member gets a value: moves its entry to the end, so members
   * stay in first-stored order (a placeholder read early, a row removed and stored again).
   */
  _rejoin(pk: string, cell: Cell): void {
    if (isMember(cell)) return;
    this._cells.delete(pk);
    this._cells.set(pk, cell);
  }
}

/** @internal One list of a Collection for one argument set. */
export class ListCell {
  /** The Collection's key and the key of the arguments (for the journal). */
  _key = '';
  _argsKey = '';
  readonly _sig = new Signal<readonly unknown[] | undefined>(undefined, WATCH);
  /**
   * The list, read as a row's value is read: a row object that holds the list (a Collection
   * in `static schema`) lists it among what it reached (`Cell._deps`), beside the rows.
   */
  get value(): readonly unknown[] | undefined {
    return this._sig.value;
  }
  /** The list, without a subscription. */
  get _now(): readonly unknown[] | undefined {
    return this._sig.peek();
  }
  _stamp = 0;
  /** The arguments the list was fetched with (for `push` / `unshift` matching). */
  _args: readonly unknown[] = [];
  /** Optimistic layers over the list (see Layers.ts); `undefined` when none. */
  _over: Overlay | undefined;
  /** The list as last read, denormalized (see `Walker._shareList`); declared only. */
  declare _view: unknown;
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
  /** @internal What a paged list remembers of its pages (see controller/pages.ts); replaced with the meta. */
  readonly _paging?: Paging | undefined;
}

/** @internal The pages of a list loaded after its first one (see controller/pages.ts). */
export interface Paging {
  /** The page requests after the first, in the order they were loaded: the page endpoint and its arguments. */
  readonly _pages: readonly (readonly [endpoint: object, args: readonly unknown[]])[];
  /** Items of the first page and of the last one loaded (-1: not known): for pages by number, a short page is the last. */
  readonly _first: number;
  readonly _size: number;
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
  readonly _sig = new Signal<unknown>(undefined, WATCH);
  readonly _meta = new Signal<Meta>(emptyMeta, WATCH);
  _stamp = 0;
  /** Schema and args of the stored response: what garbage collection walks to find its rows. */
  _schema: Schema;
  _args: readonly unknown[] = [];
  /**
   * The endpoint whose answer (or `setResponse`) wrote the response: what signal-cache/devtools
   * refetches the key with. Declared only; a hydrated response has none.
   */
  declare _endpoint: object | undefined;
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
  /** Pending optimistic layers by the stamp of their request (see Layers.ts). */
  readonly _layers = new Map<number, Layer>();
  /**
   * Tables that live queries follow (set by Changes.ts): every row of such a table is
   * reached by a mounted query, so garbage collection keeps them.
   */
  _live: ReadonlyMap<Table, unknown> | undefined;
  /**
   * The cells of each stored pk list read at the root of a view (see `Walker._many`), by
   * list value: a stored list never changes in place and holds pks of one entity class;
   * garbage collection, which takes cells out of their tables, starts this afresh.
   */
  _roots = new WeakMap<readonly unknown[], Cell[]>();
  /**
   * Deserializes a table's `_raw` fields through the entity class that first reads or
   * writes its rows (set by the state codec, src/state/hydrate.ts, when it restores rows
   * of a key whose class it was not given). Declared only: the core ships none of it.
   */
  declare _adopt: ((table: Table, schema: EntityClass) => void) | undefined;
  /**
   * Placeholders a reader created (a missing row, list or response read) and rows a
   * response removed: the release (`release` in ./gc.ts, at the end of the task) frees
   * each once no effect watches it and, for a removed row, once no request older than its
   * removal is in flight. The sweep remains for expired data.
   */
  _loose: Loose[] = [];
  /** Stamps held (see `_hold`): a removed row stays remembered while an older copy may arrive. */
  readonly _inflight: number[] = [];
  /** Frees `_loose` (`release` of ./gc.ts): given by the Controller; a store made alone frees nothing. */
  readonly #release: ((store: Store) => void) | undefined;
  #due = false;

  constructor(release?: (store: Store) => void) {
    this.#release = release;
  }

  /** @internal Runs the release at the end of the task (once, however many ask). */
  _soon(): void {
    if (this.#due || this.#release === undefined) return;
    this.#due = true;
    queueMicrotask(() => {
      this.#due = false;
      this.#release!(this);
    });
  }

  /**
   * @internal Keeps every removal at or after `stamp` remembered (not freed by the
   * release) until the returned function runs: a request in flight, whose answer is older;
   * a restore or another tab (stamp 1), whose copies are older than every request.
   */
  _hold(stamp: number): () => void {
    const held = this._inflight;
    held.push(stamp);
    return () => {
      held.splice(held.indexOf(stamp), 1);
      if (this._loose.length) this._soon();
    };
  }

  /** Notes a loose cell (see `_loose`). */
  #note(entry: Loose): void {
    this._loose.push(entry);
    this._soon();
  }

  /** The cell of `key` in `place`, made when missing; noted as loose when made for a reader (`read`). */
  #cellOf<T extends Cell | ListCell | ResultCell>(
    place: Map<string, T>,
    key: string,
    Make: new () => T,
    read: unknown,
    table?: Table,
  ): T {
    let cell = place.get(key);
    if (cell === undefined) {
      place.set(key, (cell = new Make()));
      if (read) this.#note([place as Loose[0], key, cell, table]);
    }
    return cell;
  }

  _table(key: string): Table {
    let table = this._tables.get(key);
    if (table === undefined) {
      this._tables.set(key, (table = new Table()));
      table._key = key;
    }
    return table;
  }

  /** @internal The cell of a pk for a reader; with `read`, a placeholder created for it is freed once nothing watches it. */
  _cell(table: Table, pk: string, read: unknown): Cell {
    return this.#cellOf(table._cells, pk, Cell, read, table);
  }

  /** With `read`, a placeholder created for a reader is freed once nothing watches it. */
  _list(collectionKey: string, argsKey: string, read?: boolean): ListCell {
    const lists = ensure(this._lists, collectionKey, Map<string, ListCell>);
    let list = lists.get(argsKey);
    if (list === undefined) {
      lists.set(argsKey, (list = new ListCell()));
      list._key = collectionKey;
      list._argsKey = argsKey;
      if (read) this.#note([lists, argsKey, list]);
    }
    return list;
  }

  /** With `read`, a placeholder created for a reader is freed once nothing watches it. */
  _result(key: string, read?: boolean): ResultCell {
    return this.#cellOf(this._results, key, ResultCell, read);
  }

  /**
   * The commit journal, while someone listens (`listen` in ./Journal.ts, which creates
   * it: a store nobody listens to ships and runs none of it).
   */
  _journal: Journal | undefined;

  /** @internal Sets the journal the store records into, or with `undefined` stops recording (`listen` in ./Journal.ts). */
  _keepJournal(journal: Journal | undefined): void {
    this._journal = journal;
  }

  /** @internal Follows the tables live queries read (`_live`; set once by Changes.ts). */
  _follow(live: ReadonlyMap<Table, unknown>): void {
    this._live = live;
  }

  /** @internal Starts `_roots` afresh: garbage collection took cells out of their tables. */
  _forgetRoots(): void {
    this._roots = new WeakMap();
  }

  /** @internal The loose cells noted so far (see `_loose`), handed to the release; the store keeps none of them. */
  _takeLoose(): Loose[] {
    const entries = this._loose;
    this._loose = [];
    return entries;
  }

  /** @internal Gives the store the state codec's converter of restored rows (`_adopt`; src/state/hydrate.ts). */
  _adoptWith(adopt: (table: Table, schema: EntityClass) => void): void {
    this._adopt = adopt;
  }

  /**
   * @internal Runs `fn` as one record of the journal, written by `origin` with fetch stamp
   * `stamp` (writes inside a record in progress join it); delivered when it returns,
   * dropped when it throws.
   */
  _record<T>(origin: CommitOrigin, stamp: number, fn: () => T): T {
    const journal = this._journal;
    if (journal === undefined) return fn();
    journal._begin(origin, stamp);
    let ok = false;
    try {
      const out = fn();
      ok = true;
      return out;
    } finally {
      journal._end(ok);
    }
  }

  /** @internal Notes that the response (`data`) or the meta of an endpoint key changed, in the record in progress. */
  _wrote(key: string, data: boolean): void {
    const open = this._journal?._open;
    if (open !== undefined) (data ? open._responses : open._meta).add(key);
  }

  /** Undo steps of the transaction in progress; `undefined` when none is open. */
  #undo: (() => void)[] | undefined;

  /**
   * @internal Runs `fn` as one transaction, one record of the journal: when it throws,
   * every write it made through this store is undone, in reverse order, and its record
   * dropped, before the error propagates. Not nested.
   */
  _transact<T>(origin: CommitOrigin, stamp: number, fn: () => T): T {
    return this._record(origin, stamp, () => {
      const undo: (() => void)[] = (this.#undo = []);
      try {
        return fn();
      } catch (error) {
        for (let i = undo.length - 1; i >= 0; i--) undo[i]!();
        throw error;
      } finally {
        this.#undo = undefined;
      }
    });
  }

  /**
   * @internal Records how to restore the bookkeeping of a row, list or result (stamp,
   * expiry, list args, meta) when the transaction in progress fails; values written
   * through `_put` / `_putList` are recorded there. Free outside a transaction.
   */
  _save(cell: {
    _stamp: number;
    _exp?: { _until: number };
    _args?: readonly unknown[];
    readonly _sig?: Signal<any>;
    readonly _meta?: Signal<Meta>;
  }): void {
    if (!this.#undo) return;
    const { _stamp, _exp, _args } = cell;
    // (A response's value and meta; rows and lists restore their values through `_put`.)
    const meta = cell._meta?.peek();
    const value = meta === undefined ? undefined : cell._sig!.peek();
    this.#undo.push(() => {
      cell._stamp = _stamp;
      if (_exp !== undefined) cell._exp = _exp;
      if (_args !== undefined) cell._args = _args;
      if (meta !== undefined) {
        cell._sig!.value = value;
        cell._meta!.value = meta;
      }
    });
  }

  /**
   * Writes everything a response staged, in one batch. `stamp` orders responses by
   * fetch start: an older stamp never overwrites fields written by a newer one.
   * `expiresAt` is how long the response vouches for its rows (see `Cell._exp`).
   */
  _commit(staging: Staging, stamp: number, expiresAt = 0): void {
    batch(() => {
      // The lists a write changes are chosen before rows are written: a `move` reads the
      // rows as they were.
      const ops = staging._collections.length ? this._allOps(staging) : [];
      for (const [key, rows] of staging._rows) {
        const table = this._table(key);
        const schema = staging._classes.get(key);
        // The class that writes a key's rows: what restored rows of the key are checked by.
        if (schema !== undefined) {
          if (table._raw !== undefined) this._adopt!(table, schema);
          table._schema ??= schema;
        }
        const hooked = schema?._hooked;
        const { _ever, _cells } = table;
        // An empty table takes the staged map as its own, each row replaced by its new cell
        // below: a response that fills a table grows no second map entry by entry (LONG-500
        // into an empty store: 55 KB less garbage). The staging is not read after its commit.
        const adopted = _cells.size === 0;
        const cells = adopted ? (table._cells = rows as Map<string, Row | Cell> as Map<string, Cell>) : _cells;
        // New rows are undone together, by one step for the table: no closure per row (their
        // cells stay in the table, placeholders again).
        const created: Cell[] = [];
        this.#undo?.push(() => {
          for (const cell of created) {
            cell._writes = NEVER;
            // (No pk: an undone write's record is dropped.)
            this._put(table, '', cell);
          }
          // A write that threw part-way left rows in an adopted map: only cells stay.
          if (adopted) {
            cells.forEach((cell, pk) => {
              if (!(cell instanceof Cell)) cells.delete(pk);
            });
          }
          table._ever = _ever;
        });
        // One record for the rows this commit writes (see `Written`).
        const written: Written = { _stamp: stamp, _until: expiresAt };
        const journal = this._journal?._open && this._journal;
        // (`forEach`, not `for…of`: no entry array per row.)
        rows.forEach((row, pk) => {
          let cell = adopted ? undefined : cells.get(pk);
          if (cell === undefined) {
            cells.set(pk, (cell = new Cell(row)));
            created.push(cell);
            cell._writes = written;
            return void this._putBase(table, pk, cell, row, true);
          }
          this._save(cell);
          table._rejoin(pk, cell);
          const prev = baseOf(cell);
          const was = cell._writes;
          if (expiresAt > was._until) {
            // Vouched for longer, even when its value stays: a change for the journal.
            if (journal !== undefined) journal._row(table, pk, cell, prev, cell._now);
            // The later expiry; the newer stamp is taken below, once the row is merged.
            cell._writes = stamp >= was._stamp ? written : { _stamp: was._stamp, _until: expiresAt };
          }
          let next: Row;
          if (prev === undefined) {
            // A row removed by a newer request stays removed.
            if (stamp < was._stamp) return;
            next = row;
          } else if (hooked) {
            next = schema!.mergeWithStore({ fetchedAt: was._stamp }, { fetchedAt: stamp }, prev, row);
            if (equalFields(next, prev)) next = prev;
          } else next = stamp >= was._stamp ? mergeOver(prev, row) : mergeUnder(prev, row);
          if (stamp > cell._writes._stamp)
            cell._writes = cell._writes._until === expiresAt ? written : { _stamp: stamp, _until: cell._writes._until };
          // A newer stamp re-orders the layers over the row even when its value stays.
          if (next !== prev || cell._over !== undefined) this._putBase(table, pk, cell, next);
        });
        // The new rows joined the membership: one bump for them all.
        if (created.length !== 0) table._version.value++;
      }
      for (const [key, pks] of staging._removals) {
        const table = this._table(key);
        for (const pk of pks) {
          // A removal older than the stored row leaves it; a newer one is remembered even
          // when the row is gone, or was never stored (on a placeholder), so an older
          // response (or a restored copy) cannot bring it back.
          const cell = table._cell(pk);
          if (stamp < cell._stamp) continue;
          this._save(cell);
          cell._stamp = stamp;
          if (baseOf(cell) !== undefined) this._putBase(table, pk, cell, undefined);
          this.#note([table._cells, pk, cell, table]);
        }
      }
      for (const [list, op] of ops) {
        const prev = baseOf(list);
        if (op.mode === 'set' || (op.mode === 'page' && prev === undefined)) {
          if (stamp < list._stamp) continue;
          this._save(list);
          list._stamp = stamp;
          list._args = op.args!;
          this._putList(list, op.items);
        } else if (prev !== undefined) this._putList(list, edit(prev, op));
      }
      // A response takes the place of its own optimistic layer, in the same batch.
      const layer = this._layers.get(stamp);
      if (layer !== undefined) {
        // Undone, the layer is back over the rows and lists it covered.
        const covered = [...layer._tables.keys(), ...layer._lists.keys()].map(
          (cell) => [cell, cell._over, [...cell._over!._layers]] as const,
        );
        this.#undo?.push(() => {
          this._layers.set(stamp, layer);
          for (const [cell, over, layers] of covered) (cell._over = over)!._layers.splice(0, Infinity, ...layers);
        });
        layer._drop();
      }
    });
  }

  /** @internal Sets a row's server value; what readers see is it under any layers. */
  _putBase(table: Table, pk: string, cell: Cell, base: Row | undefined, fresh?: boolean): void {
    const over = cell._over;
    const journal = this._journal;
    if (journal?._open !== undefined) {
      // The values before (a fresh cell held nothing), for the record in progress.
      const shown = fresh ? undefined : cell._now;
      journal._row(table, pk, cell, over === undefined ? shown : (over._base as Row | undefined), shown);
    }
    if (over !== undefined) this.#base(over, base);
    this._put(table, pk, cell, over === undefined ? base : over._row(cell), fresh);
  }

  /**
   * @internal The one place a row's visible value changes. `All` membership follows the
   * row's existence (`isMember`): a row hidden by an optimistic removal keeps its place, so
   * a rollback shows it where it was. A row `fresh` in `_commit` is undone there.
   */
  _put(table: Table, pk: string, cell: Cell, next?: Row, fresh?: boolean): void {
    // A fresh cell was created holding `next`: it held nothing before.
    const prev = fresh ? undefined : cell._now;
    // Equal data writes nothing (rule 2); a layer folded or dropped makes new, equal objects.
    if (next === prev || (next !== undefined && prev !== undefined && equalFields(next, prev))) return;
    const journal = this._journal;
    // (Written through `_putBase`, the row is noted already; else, by `resetStore`, it has no layer.)
    if (journal?._open !== undefined) journal._row(table, pk, cell, prev, prev);
    cell._set(next);
    if (table._idx !== undefined) reindex(table, prev, next);
    // A row appearing or disappearing bumps `_version` (which a view of `All` reads as well);
    // a value written in place, `_written`. (Membership follows the values: `isMember`.)
    const flip = (prev === undefined) !== (next === undefined);
    if (flip) {
      if (next !== undefined) table._ever = true;
      // Several bumps inside one batch notify readers once; `_commit` bumps once for fresh rows.
      if (!fresh) table._version.value++;
    } else table._edited(cell);
    // One undo step: the value back (a removed row is back in its place: its entry stayed).
    // (`_ever` is restored by `_commit`, which every row that appears in a transaction goes through.)
    if (!fresh)
      this.#undo?.push(() => {
        cell._set(prev);
        if (!flip) table._edited(cell);
        if (table._idx !== undefined) reindex(table, next, prev);
      });
  }

  /** @internal Sets a list's server value; what readers see is it under any layers. */
  _putList(list: ListCell, base: readonly unknown[] | undefined): void {
    const over = list._over;
    const journal = this._journal;
    if (journal?._open !== undefined) journal._list(list, baseOf(list));
    let next = base;
    if (over !== undefined) {
      this.#base(over, base);
      next = over._list(list);
    }
    const prev = list._sig.peek();
    if (next === prev || (prev !== undefined && next !== undefined && equalValue(prev, next))) return;
    this.#undo?.push(() => (list._sig.value = prev));
    list._sig.value = next;
  }

  /** Sets the server value under an overlay, undone with the transaction in progress. */
  #base(over: Overlay, base: unknown): void {
    const prev = over._base;
    this.#undo?.push(() => (over._base = prev));
    over._base = base;
  }

  /** @internal The list changes of every collection write of a staging, in order. */
  _allOps(staging: Staging): [ListCell, ListOp][] {
    return staging._collections.flatMap(({ collection, write }) => this._ops(collection, write));
  }

  /**
   * @internal The lists a collection write changes, each with what it does there: the
   * list of its args key for `set` / `page`; for the others every cached list whose
   * filters take the write's arguments. A `move` of entities takes each entity out of the
   * lists its stored row matched and into those its new values match (the first argument
   * under both, so a list keyed by a URL parameter the entity lacks matches too).
   */
  _ops(collection: CollectionLike, write: CollectionWrite): [ListCell, ListOp][] {
    const mode = write.mode;
    if (mode === 'set' || mode === 'page') return [[this._list(collection.key, write.argsKey), write]];
    const out: [ListCell, ListOp][] = [];
    const lists = this._lists.get(collection.key);
    if (lists === undefined) return out;
    const merge = write.merge;
    const moves = write.moves;
    if (moves !== undefined) {
      const first = write.args[0] as object | undefined;
      for (const { key, pk, values, item } of moves) {
        const cell = pk === undefined ? undefined : this._tables.get(key)?._cells.get(pk);
        const stored = cell === undefined ? undefined : baseOf(cell);
        const before = stored && [{ ...first, ...stored }, stored];
        const after = [
          { ...first, ...(values as object) },
          { ...stored, ...(values as object) },
        ];
        for (const list of lists.values()) {
          const was = before !== undefined && collection.accepts(list._args, before);
          if (collection.accepts(list._args, after) === was) continue;
          out.push([
            list,
            was ? { mode: 'remove', items: item as never } : { mode: 'push', items: item as never, merge },
          ]);
        }
      }
      return out;
    }
    for (const list of lists.values()) {
      const match = collection.accepts(list._args, write.args);
      if (mode === 'move') out.push([list, { mode: match ? 'push' : 'remove', items: write.items, merge }]);
      else if (match) out.push([list, write]);
    }
    return out;
  }
}

/** @internal One change to a list: its mode, its items, and for additions an optional merge. */
export interface ListOp {
  readonly mode: string;
  readonly items: readonly unknown[];
  /** The arguments of a `set` / `page` list. */
  readonly args?: readonly unknown[];
  readonly merge?: ((existing: any, incoming: any) => any) | undefined;
}

/** @internal The server value of a row or list: under its layers when it has any. */
export function baseOf<T>(cell: { readonly _now: T; _over: Overlay | undefined }): T {
  return cell._over === undefined ? cell._now : (cell._over._base as T);
}

/**
 * @internal A list with `items` taken out (`remove`), or prepended (`unshift`) or appended
 * (`push`, `page`, or with the op's `merge`) skipping those already there; `prev` itself
 * when nothing changes. A keyed list (an object of key → pk) takes `items` over its own
 * keys (or through `merge`), or loses the keys whose value is among `items` (`remove`).
 */
export function edit(prev: readonly unknown[], { items, mode, merge }: ListOp): readonly unknown[] {
  const has = (list: readonly unknown[], item: unknown) => list.some((other) => equalValue(other, item));
  let next: any;
  if (!Array.isArray(prev)) {
    next = mode === 'remove' ? { ...prev } : merge ? merge(prev, items) : { ...prev, ...items };
    if (mode === 'remove') for (const key in next) if (has(Object.values(items), next[key])) delete next[key];
  } else if (mode === 'remove') next = prev.filter((item) => !has(items, item));
  else {
    const fresh = items.filter((item) => !has(prev, item));
    next = merge ? merge(prev, fresh) : mode === 'unshift' ? [...fresh, ...prev] : [...prev, ...fresh];
  }
  return equalValue(next, prev) ? prev : next;
}

/** @internal Incoming fields over stored ones; returns `prev` itself when nothing differs. */
export function mergeOver(prev: Row, row: Row): Row {
  for (const k in row) {
    if (!equalValue(row[k], prev[k]) || !(k in prev)) return { ...prev, ...row };
  }
  return prev;
}

/** @internal An older response: only fields the stored row lacks are taken from it. */
export function mergeUnder(prev: Row, row: Row): Row {
  const next = { ...row, ...prev };
  return equalFields(next, prev) ? prev : next;
}

//#endregion
