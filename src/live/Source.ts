/**
 * The rows of one entity type, followed through the store's change feed (DESIGN rule 12)
 * and pushed as deltas down the chain of every live query mounted over that type (one
 * source per store and type, shared: the rows are read and indexed once).
 *
 * Per row it keeps a record with the denormalized object it last passed down. After a
 * commit it looks at the rows written: those of its own type directly, and rows of other
 * types through a reverse index — nested row → records whose object reached it (the row
 * cache lists the rows each object reached in `Cell._deps`). Only those records are
 * denormalized again; a record whose object kept its identity passes nothing down.
 *
 *   User u1 written ──► reached.get(u1) = { issue i3, issue i8 } ──► re-read i3, i8
 *                                                                    └► push(i3, old, new)
 */
import { entitiesOf } from '../schema/visit.js';
import type { EntityClass } from '../schema/types.js';
import { Changes, type ChangeSink } from '../store/Changes.js';
import { type Cell, type Dep, isMember, type Store, type Table } from '../store/Store.js';
import { Walker } from '../store/Walker.js';
import type { Push, Rec } from './sinks.js';

/**
 * A followed row's record, as the chain sees it: the row's cell itself (`Cell._seq`,
 * `_item`, `_indexed`), with no object or map entry of the source's per row. A table has
 * one source at a time.
 */
const recOf = (cell: Cell): Rec => cell as Rec;

let sequence = 0;

/** @internal One mounted live query: the head of its chain. */
export class Sink {
  /** What a function of the query threw; the query's state is then unusable. */
  _error: unknown = undefined;
  declare readonly _push: Push;
  constructor(push: Push) {
    this._push = push;
  }
}

/** Sources of each store by entity key, held weakly: every live query of a type shares one. */
const sources = new WeakMap<Store, Map<string, WeakRef<Source>>>();

/** A reclaimed source's records leave its table's cells, unless a newer source of the table took them over. */
const reclaimed = /*#__PURE__*/ new FinalizationRegistry<[Table, Map<string, WeakRef<Source>>, string]>(
  ([table, byKey, key]) => {
    if (byKey.get(key)?.deref() === undefined) clear(table);
  },
);

/** Takes the source records off a table's cells. */
function clear(table: Table): void {
  for (const cell of table._cells.values()) {
    if (cell._seq !== undefined) cell._seq = cell._item = cell._indexed = undefined;
  }
}

/** @internal The rows of one entity type, followed for every live query over it. */
export class Source implements ChangeSink {
  declare readonly _tables: readonly Table[];
  declare readonly _table: Table;
  declare readonly _changes: Changes;
  readonly #store: Store;
  readonly #entity: EntityClass;
  /** Nested row (or list) → cells of the rows whose object reached it. */
  readonly #reached = new Map<Dep, Set<Cell>>();
  /** Held weakly: a live query nothing reads any more is reclaimed. */
  readonly #sinks = new Set<WeakRef<Sink>>();

  /** The source of an entity type on a store, created on first use. */
  static _of(store: Store, entity: EntityClass): Source {
    let byKey = sources.get(store);
    if (byKey === undefined) sources.set(store, (byKey = new Map()));
    let source = byKey.get(entity.key)?.deref();
    if (source === undefined) {
      byKey.set(entity.key, new WeakRef((source = new Source(store, entity))));
      reclaimed.register(source, [source._table, byKey, entity.key]);
    }
    return source;
  }

  private constructor(store: Store, entity: EntityClass) {
    this.#store = store;
    this.#entity = entity;
    this._table = store._table(entity.key);
    // Every table the entity's denormalized object may reach (its own first).
    this._tables = [...entitiesOf(entity)].map((reached) => store._table(reached.key));
    this._changes = Changes._of(store);
    // Writes not yet folded in belong to the sources that exist: read the rows after them.
    this._changes._flush();
    // Untracked walks: the source follows the change feed, not the rows' signals.
    const walker = new Walker(store, [], false);
    // (Records of a source before this one, reclaimed but not yet finalized, are dropped.)
    clear(this._table);
    for (const cell of this._table._cells.values()) if (isMember(cell)) this.#update(cell, walker);
    this._changes._watch(this);
  }

  /** Starts feeding `sink`: first every current row, then every change. */
  _attach(sink: Sink): void {
    this.#sinks.add(new WeakRef(sink));
    try {
      for (const cell of this._table._cells.values()) {
        if (cell._item !== undefined) sink._push(recOf(cell), undefined, cell._item);
      }
    } catch (error) {
      sink._error = error;
    }
  }

  _changed(changes: Changes): void {
    const touched = new Set<Cell>();
    const own = this._table;
    for (const table of this._tables) {
      changes._each(table, (cell) => {
        if (table === own) touched.add(cell);
        const reaching = this.#reached.get(cell);
        if (reaching !== undefined) for (const other of reaching) touched.add(other);
      });
    }
    if (touched.size === 0) return;
    const sinks: Sink[] = [];
    for (const ref of this.#sinks) {
      const sink = ref.deref();
      if (sink === undefined) this.#sinks.delete(ref);
      else if (sink._error === undefined) sinks.push(sink);
    }
    const walker = new Walker(this.#store, [], false);
    for (const cell of touched) this.#update(cell, walker, sinks);
  }

  /** Reads a row again and pushes the difference to `sinks`. */
  #update(cell: Cell, walker: Walker, sinks: readonly Sink[] = []): void {
    const next = cell._now === undefined ? undefined : walker._read(this.#entity, cell);
    let prev: unknown;
    let gone = false;
    if (cell._seq === undefined) {
      if (next === undefined) return;
      cell._seq = ++sequence;
      cell._item = next;
      this.#index(cell);
    } else {
      prev = cell._item;
      // A row hidden by an optimistic removal keeps its place (as in `All`) for a rollback;
      // a row that leaves is forgotten once its removal is pushed (one that returns is a
      // new row, a new `_seq`).
      gone = next === undefined && !isMember(cell);
      if (prev === next) {
        if (gone) cell._seq = undefined;
        return;
      }
      if (next === undefined) {
        this.#unindex(cell);
        cell._item = undefined;
      } else {
        cell._item = next;
        if (cell._deps !== cell._indexed) {
          this.#unindex(cell);
          this.#index(cell);
        }
      }
    }
    for (const sink of sinks) {
      if (sink._error !== undefined) continue;
      try {
        sink._push(recOf(cell), prev, next);
      } catch (error) {
        // The write itself succeeded; the reader sees the error and mounts afresh.
        sink._error = error;
      }
    }
    // (After the pushes: the chain finds the row's state by its `_seq`.)
    if (gone) cell._seq = undefined;
  }

  #index(cell: Cell): void {
    const deps = cell._deps;
    if (deps === undefined || deps.length < 2) return;
    cell._indexed = deps;
    for (const dep of deps) {
      if (dep === cell) continue;
      let reaching = this.#reached.get(dep);
      if (reaching === undefined) this.#reached.set(dep, (reaching = new Set()));
      reaching.add(cell);
    }
  }

  #unindex(cell: Cell): void {
    const deps = cell._indexed;
    if (deps === undefined) return;
    cell._indexed = undefined;
    for (const dep of deps) {
      const reaching = this.#reached.get(dep);
      if (reaching?.delete(cell) && reaching.size === 0) this.#reached.delete(dep);
    }
  }
}
