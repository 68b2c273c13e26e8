/**
 * A mounted live query: the rows of one entity type, followed through the store's change
 * feed (DESIGN rule 12) and pushed as deltas down the query's chain.
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
import { Signal } from '@preact/signals-core';
import { isDeserializer, isEntity } from '../schema/Entity.js';
import type { EntityClass } from '../schema/types.js';
import { Changes, type ChangeSink } from '../store/changes.js';
import type { Cell, Store, Table } from '../store/Store.js';
import { Walker } from '../store/Walker.js';
import type { Push, Rec } from './sinks.js';

/** @internal A source row. */
interface Row extends Rec {
  readonly c: Cell;
  /** The item last pushed down. */
  o: unknown;
  /** The rows `o` reached (`Cell._deps`), when more than itself. */
  d: readonly Cell[] | undefined;
}

let sequence = 0;

/** @internal */
export class Source implements ChangeSink {
  readonly _keys: readonly string[];
  /** Bumped once per commit that changed the result. */
  readonly _version = new Signal(0);
  readonly _table: Table;
  readonly #store: Store;
  readonly #entity: EntityClass;
  readonly #args: readonly unknown[];
  readonly #push: Push;
  readonly #rows = new Map<Cell, Row>();
  /** Nested row → records whose object reached it. */
  readonly #reached = new Map<Cell, Set<Row>>();
  #ever: boolean;

  constructor(store: Store, entity: EntityClass, args: readonly unknown[], push: Push) {
    this.#store = store;
    this.#entity = entity;
    this.#args = args;
    this.#push = push;
    this._table = store._table(entity._key);
    this._keys = keysOf(entity);
    this.#ever = this._table._ever;
    (store._changes ??= new Changes())._watch(this);
    try {
      const walker = new Walker(store, args);
      for (const cell of this._table._members) this.#update(cell, walker);
    } catch (error) {
      this._error = error;
    }
  }

  /** The error a function of the query threw while folding a commit; the state is then unusable. */
  _error: unknown = undefined;

  _changed(changes: Changes): void {
    const touched = new Set<Cell>();
    const own = this.#entity._key;
    for (const key of this._keys) {
      changes._each(key, (cell) => {
        if (key === own) touched.add(cell);
        const rows = this.#reached.get(cell);
        if (rows !== undefined) for (const row of rows) touched.add(row.c);
      });
    }
    // The first rows of the type turn the result from `undefined` into a value, kept or not.
    let changed = !this.#ever && this._table._ever;
    this.#ever = this._table._ever;
    if (touched.size === 0 && !changed) return;
    // After an error the state is unusable: tell the reader to mount afresh.
    if (this._error !== undefined) return void this._version.value++;
    const walker = new Walker(this.#store, this.#args);
    try {
      for (const cell of touched) if (this.#update(cell, walker)) changed = true;
    } catch (error) {
      // The commit itself succeeded; the reader rebuilds the query (and sees the error).
      this._error = error;
      changed = true;
    }
    if (changed) this._version.value++;
  }

  /** Reads a row again and pushes the difference down; true when the result changed. */
  #update(cell: Cell, walker: Walker): boolean {
    const next = cell._sig.peek() === undefined ? undefined : walker._row(this.#entity, cell);
    let row = this.#rows.get(cell);
    if (row === undefined) {
      if (next === undefined) return false;
      row = { s: ++sequence, c: cell, o: next, d: undefined };
      this.#rows.set(cell, row);
      this.#index(row);
      return this.#push(row, undefined, next);
    }
    const prev = row.o;
    if (prev === next) return false;
    if (next === undefined) {
      this.#rows.delete(cell);
      this.#unindex(row);
      row.d = undefined;
    } else {
      row.o = next;
      if (cell._deps !== row.d) {
        this.#unindex(row);
        this.#index(row);
      }
    }
    return this.#push(row, prev, next);
  }

  #index(row: Row): void {
    const deps = row.c._deps;
    if (deps === undefined || deps.length < 2) return;
    row.d = deps;
    for (const dep of deps) {
      if (dep === row.c) continue;
      let rows = this.#reached.get(dep);
      if (rows === undefined) this.#reached.set(dep, (rows = new Set()));
      rows.add(row);
    }
  }

  #unindex(row: Row): void {
    const deps = row.d;
    if (deps === undefined) return;
    row.d = undefined;
    for (const dep of deps) {
      const rows = this.#reached.get(dep);
      if (rows !== undefined && rows.delete(row) && rows.size === 0) this.#reached.delete(dep);
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
      keys.add(schema._key);
      for (const field of Object.values(schema.schema)) if (!isDeserializer(field)) visit(field);
    } else if (typeof schema === 'object') {
      // Arrays, object schemas, All, Collection, Union, Values, Lazy: their members.
      for (const member of Object.values(schema)) visit(member);
    }
  };
  visit(entity);
  return [...keys];
}
