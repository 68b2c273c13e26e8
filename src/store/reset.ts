/**
 * Clearing a store in place. Views keep their signals (a computed subscribed to a row
 * stays subscribed to that row's cell), so clearing writes `undefined` into every cell
 * rather than dropping the maps: a view that read a row shows it missing, and shows it
 * again when it is fetched anew.
 */
import { batch } from '@preact/signals-core';
import { baseOf, emptyMeta, NEVER, type Store } from './Store.js';

/** @internal Rows, lists, responses, meta and optimistic layers cleared in one batch: one record of the journal. */
export function resetStore(store: Store): void {
  batch(() => store._record('reset', 0, () => clear(store)));
}

function clear(store: Store): void {
  store._layers.clear();
  const journal = store._journal?._open && store._journal;
  for (const table of store._tables.values()) {
    for (const [pk, cell] of table._cells) {
      // (Declared only: a cell that never had a layer is left without the field.)
      cell._over &&= undefined;
      cell._writes = NEVER;
      // Through `_put`, so the journal notes it; membership follows the value.
      store._put(table, pk, cell);
    }
    for (const sig of table._idx?.values() ?? []) sig.value = undefined;
    table._ever = false;
    table._version.value++;
  }
  for (const lists of store._lists.values()) {
    for (const list of lists.values()) {
      journal?._list(list, baseOf(list));
      list._over = undefined;
      list._stamp = 0;
      list._sig.value = undefined;
    }
  }
  for (const [key, result] of store._results) {
    if (result._sig.peek() !== undefined) store._wrote(key, true);
    if (result._meta.peek() !== emptyMeta) store._wrote(key, false);
    result._stamp = 0;
    result._sig.value = undefined;
    result._meta.value = emptyMeta;
  }
}
