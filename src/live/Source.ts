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
import { isDeserializer, isEntity } from '../schema/visit.js';
import type { EntityClass } from '../schema/types.js';
import { Changes, type ChangeSink } from '../store/Changes.js';
import type { Cell, Dep, Store, Table } from '../store/Store.js';
import { Walker } from '../store/Walker.js';
import type { Push, Rec } from './sinks.js';

/** @internal A source row. */
interface Row extends Rec {
  readonly _rowCell: Cell;
  /** The row's pk. */
  readonly _pk: string;
  /** The item last pushed down (`undefined` while hidden by an optimistic removal). */
  _item: unknown;
  /** The rows `o` reached (`Cell._deps`), when more than itself. */
  _deps: readonly Dep[] | undefined;
}

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

/** @internal The rows of one entity type, followed for every live query over it. */
export class Source implements ChangeSink {
  declare readonly _tables: readonly Table[];
  declare readonly _table: Table;
  declare readonly _changes: Changes;
  readonly #store: Store;
  readonly #entity: EntityClass;
  /** Rows by cell, in `s` order (a row that leaves and returns is appended again). */
  readonly #rows = new Map<Cell, Row>();
  /** Nested row → records whose object reached it. */
  readonly #reached = new Map<Dep, Set<Row>>();
  /** Held weakly: a live query nothing reads any more is reclaimed. */
  readonly #sinks = new Set<WeakRef<Sink>>();

  /** The source of an entity type on a store, created on first use. */
  static _of(store: Store, entity: EntityClass): Source {
    let byKey = sources.get(store);
    if (byKey === undefined) sources.set(store, (byKey = new Map()));
    let source = byKey.get(entity.key)?.deref();
    if (source === undefined) byKey.set(entity.key, new WeakRef((source = new Source(store, entity))));
    return source;
  }

  private constructor(store: Store, entity: EntityClass) {
    this.#store = store;
    this.#entity = entity;
    this._table = store._table(entity.key);
    this._tables = keysOf(entity).map((key) => store._table(key));
    this._changes = Changes._of(store);
    // Writes not yet folded in belong to the sources that exist: read the rows after them.
    this._changes._flush();
    const walker = new Walker(store, []);
    for (let cell = this._table._head; cell !== undefined; cell = cell._next) this.#update(cell, walker);
    this._changes._watch(this);
  }

  /** Starts feeding `sink`: first every current row, then every change. */
  _attach(sink: Sink): void {
    this.#sinks.add(new WeakRef(sink));
    try {
      for (const row of this.#rows.values()) if (row._item !== undefined) sink._push(row, undefined, row._item);
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
        const rows = this.#reached.get(cell);
        if (rows !== undefined) for (const row of rows) touched.add(row._rowCell);
      });
    }
    if (touched.size === 0) return;
    const sinks: Sink[] = [];
    for (const ref of this.#sinks) {
      const sink = ref.deref();
      if (sink === undefined) this.#sinks.delete(ref);
      else if (sink._error === undefined) sinks.push(sink);
    }
    const walker = new Walker(this.#store, []);
    for (const cell of touched) this.#update(cell, walker, sinks);
  }

  /** The pk of a row's cell: from the row itself, else looked up (pks built from a parent). */
  #pk(cell: Cell): string {
    const row = cell._now;
    const pk = row === undefined ? undefined : this.#entity.pk(row);
    if (pk !== undefined && this._table._cells.get(pk) === cell) return pk;
    for (const [key, other] of this._table._cells) if (other === cell) return key;
    return '';
  }

  /** Reads a row again and pushes the difference to `sinks`. */
  #update(cell: Cell, walker: Walker, sinks: readonly Sink[] = []): void {
    let row = this.#rows.get(cell);
    const next = cell._now === undefined ? undefined : walker.entity(this.#entity, row?._pk ?? this.#pk(cell));
    let prev: unknown;
    if (row === undefined) {
      if (next === undefined) return;
      row = { _seq: ++sequence, _rowCell: cell, _pk: this.#pk(cell), _item: next, _deps: undefined };
      this.#rows.set(cell, row);
      this.#index(row);
    } else {
      prev = row._item;
      // A row hidden by an optimistic removal keeps its place (as in `All`) for a rollback.
      if (next === undefined && !this._table._has(cell)) this.#rows.delete(cell);
      if (prev === next) return;
      if (next === undefined) {
        this.#unindex(row);
        row._item = undefined;
      } else {
        row._item = next;
        if (cell._deps !== row._deps) {
          this.#unindex(row);
          this.#index(row);
        }
      }
    }
    for (const sink of sinks) {
      if (sink._error !== undefined) continue;
      try {
        sink._push(row, prev, next);
      } catch (error) {
        // The write itself succeeded; the reader sees the error and mounts afresh.
        sink._error = error;
      }
    }
  }

  #index(row: Row): void {
    const deps = row._rowCell._deps;
    if (deps === undefined || deps.length < 2) return;
    row._deps = deps;
    for (const dep of deps) {
      if (dep === row._rowCell) continue;
      let rows = this.#reached.get(dep);
      if (rows === undefined) this.#reached.set(dep, (rows = new Set()));
      rows.add(row);
    }
  }

  #unindex(row: Row): void {
    const deps = row._deps;
    if (deps === undefined) return;
    row._deps = undefined;
    for (const dep of deps) {
      const rows = this.#reached.get(dep);
      if (rows?.delete(row) && rows.size === 0) this.#reached.delete(dep);
    }
  }
}

/** Every entity key an entity's denormalized object may reach (itself first). */
function keysOf(entity: EntityClass): string[] {
  const keys = new Set<string>();
  const seen = new Set<unknown>();
  const visit = (schema: unknown): void => {
    if (schema === null || (typeof schema !== 'object' && typeof schema !== 'function') || seen.has(schema)) return;
    seen.add(schema);
    if (isEntity(schema)) {
      keys.add(schema.key);
      for (const field of Object.values(schema.schema)) if (!isDeserializer(field)) visit(field);
    } else if (typeof schema === 'object') {
      // Arrays, object schemas, All, Collection, Union, Values, Lazy: their members.
      for (const member of Object.values(schema)) visit(member);
    }
  };
  visit(entity);
  return [...keys];
}
