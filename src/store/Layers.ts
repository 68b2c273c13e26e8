/**
 * Optimistic layers (DESIGN rule 11): an optimistic change is not a write but a layer
 * above the server data, removed when its request settles. Removing it is the rollback.
 *
 * A row or list that a pending layer touches gets an {@link Overlay}: its server value
 * (`_base`) and the layers over it, sorted by the stamp (fetch start) of their request.
 * The row's signal holds what readers see, the fold of base and layers in stamp order:
 *
 *   base (stamp 7) ─┬─ layer 5: older than the base → merged under it (fills missing fields)
 *                   └─ layer 9: newer → merged over it
 *
 * So a response never overwrites fields of a later-started request or layer, a GET that
 * started before a layer does not hide it, and a dropped layer leaves exactly the server
 * data that arrived meanwhile. Cells without layers carry no overlay and pay one field
 * check per write. Every visible change goes through `Store._put` / `Store._putList`.
 *
 * Layers fold with the default merge (fields over or under by stamp); an entity's merge
 * hooks (`merge`, `mergeWithStore` …) apply to server data, that is to the base.
 */
import { batch } from '@preact/signals-core';
import { equalFields } from '../util/equal.js';
import type { Staging } from './Staging.js';
import {
  edit,
  mergeOver,
  mergeUnder,
  type Cell,
  type ListCell,
  type ListOp,
  type Row,
  type Store,
  type Table,
} from './Store.js';

/** @internal The server value of one row or list and the pending layers over it. */
export class Overlay {
  declare _base: unknown;
  /** Layers touching this cell, sorted by stamp. */
  readonly _layers: Layer[] = [];
  constructor(base: unknown) {
    this._base = base;
  }

  /** The row readers see: base and layers folded in stamp order. */
  _row(cell: Cell): Row | undefined {
    let v = this._base as Row | undefined;
    for (const layer of this._layers) {
      const row = layer._rows.get(cell);
      // Layers older than the server value go under it; a removal by a newer request hides them.
      const above = layer._stamp >= cell._stamp;
      if (row === null) {
        if (above) v = undefined;
      } else if (row !== undefined) {
        v = v === undefined ? (above ? row : v) : above ? mergeOver(v, row) : mergeUnder(v, row);
      }
    }
    return v;
  }

  /** The list readers see: base and layers folded in stamp order. */
  _list(list: ListCell): readonly unknown[] | undefined {
    let v = this._base as readonly unknown[] | undefined;
    for (const layer of this._layers) {
      for (const op of layer._lists.get(list) ?? []) {
        if (op.mode === 'set' || (op.mode === 'page' && v === undefined)) {
          if (layer._stamp >= list._stamp) v = op.items;
        } else if (v !== undefined) v = edit(v, op);
      }
    }
    return v;
  }
}

/** @internal One pending optimistic response, normalized. */
export class Layer {
  declare readonly _store: Store;
  declare readonly _stamp: number;
  /** Rows it sets (`null`: removes), by cell. */
  readonly _rows = new Map<Cell, Row | null>();
  /** The table and pk of each row it sets. */
  readonly _tables = new Map<Cell, [table: Table, pk: string]>();
  /** The changes it makes to lists (a move may make several to one list), by list. */
  readonly _lists = new Map<ListCell, ListOp[]>();

  constructor(store: Store, stamp: number) {
    this._store = store;
    this._stamp = stamp;
  }

  /**
   * Removes the layer: every row and list it touched shows what it would without it. A
   * record of the journal of its own (a rollback), unless its response's commit is in
   * progress (the response takes its place).
   */
  _drop(): void {
    const store = this._store;
    if (store._layers.get(this._stamp) !== this) return;
    store._layers.delete(this._stamp);
    batch(() =>
      store._record('rollback', this._stamp, () => {
        for (const [cell, [table, pk]] of this._tables)
          store._putBase(table, pk, cell, this.#leave(cell)._base as Row | undefined);
        for (const list of this._lists.keys())
          store._putList(list, this.#leave(list)._base as readonly unknown[] | undefined);
      }),
    );
  }

  /** Takes this layer off a cell; the cell loses its overlay with its last layer. */
  #leave(cell: Cell | ListCell): Overlay {
    const over = cell._over!;
    over._layers.splice(over._layers.indexOf(this), 1);
    if (over._layers.length === 0) cell._over = undefined;
    return over;
  }

  /**
   * @internal Recomputes layers in one batch: drops them, runs `again` (which adds the
   * new layers, each computed over the store with the layers before it), then gives back
   * its old object to every row that shows fields equal to what it showed before, so the
   * entities built from it, and their readers, stay as they were (rules 2 and 4; a list
   * that comes back equal is shared by its views already).
   */
  static _refold(store: Store, layers: readonly Layer[], again: () => void): void {
    const rows = new Map<Cell, Row | undefined>();
    batch(() => {
      for (const layer of layers) {
        for (const cell of layer._tables.keys()) if (!rows.has(cell)) rows.set(cell, cell._now);
        layer._drop();
      }
      again();
      for (const [cell, before] of rows) {
        const now = cell._now;
        if (now !== before && now !== undefined && before !== undefined && equalFields(now, before)) {
          cell._set(before);
        }
      }
    });
  }
}

/**
 * @internal Shows a normalized optimistic response as a layer stamped `stamp`, in one
 * batch. The layer stays until `Store._commit` of the same stamp (the response) or
 * `Layer._drop` (failure, abort) removes it.
 */
export function addLayer(store: Store, staging: Staging, stamp: number): Layer {
  const layer = new Layer(store, stamp);
  store._layers.set(stamp, layer);
  const join = (cell: Cell | ListCell): Overlay => {
    const over = (cell._over ??= new Overlay(cell._now));
    over._layers.push(layer);
    over._layers.sort((a, b) => a._stamp - b._stamp);
    return over;
  };
  batch(() =>
    store._record('optimistic', stamp, () => {
      // Lists first: a `move` chooses them by the rows as they were.
      const ops = staging._collections.length ? store._allOps(staging) : [];
      const row = (key: string, pk: string, value: Row | null) => {
        const table = store._table(key);
        const cell = table._cell(pk);
        // A row the layer creates joins the membership at the end, as a stored one would.
        if (value !== null) table._rejoin(pk, cell);
        layer._rows.set(cell, value);
        layer._tables.set(cell, [table, pk]);
        store._putBase(table, pk, cell, join(cell)._base as Row | undefined);
      };
      for (const [key, rows] of staging._rows) for (const [pk, value] of rows) row(key, pk, value);
      for (const [key, pks] of staging._removals) for (const pk of pks) row(key, pk, null);
      for (const [list, op] of ops) {
        const listOps = layer._lists.get(list);
        if (listOps !== undefined) listOps.push(op);
        else layer._lists.set(list, [op]);
        store._putList(
          list,
          (listOps === undefined ? join(list) : list._over!)._base as readonly unknown[] | undefined,
        );
      }
    }),
  );
  return layer;
}
