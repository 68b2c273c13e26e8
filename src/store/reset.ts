/**
 * Clearing a store in place. Views keep their signals (a computed subscribed to a row
 * stays subscribed to that row's cell), so clearing writes `undefined` into every cell
 * rather than dropping the maps: a view that read a row shows it missing, and shows it
 * again when it is fetched anew.
 */
import { batch } from '@preact/signals-core';
import { emptyMeta, NEVER, type Store } from './Store.js';

/** @internal Rows, lists, responses, meta and optimistic layers cleared in one batch. */
export function resetStore(store: Store): void {
  batch(() => {
    store._layers.clear();
    for (const table of store._tables.values()) {
      for (const cell of table._cells.values()) {
        // (Declared only: a cell that never had a layer is left without the field.)
        cell._over &&= undefined;
        cell._wrote = NEVER;
        // Through `_put`, so live queries hear of it (Changes.ts); membership follows the value.
        store._put(table, cell);
      }
      for (const sig of table._idx?.values() ?? []) sig.value = undefined;
      table._ever = false;
      table._version.value++;
    }
    for (const lists of store._lists.values()) {
      for (const list of lists.values()) {
        list._over = undefined;
        list._stamp = 0;
        list._sig.value = undefined;
      }
    }
    for (const result of store._results.values()) {
      result._stamp = 0;
      result._sig.value = undefined;
      result._meta.value = emptyMeta;
    }
  });
}
