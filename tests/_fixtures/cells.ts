import type { Controller } from '../../src/index.js';

/**
 * The number of row, list and response cells a Controller's store holds, placeholders
 * included: an exact count of what it keeps in memory.
 */
export function cellCount(ctrl: Controller): number {
  const store = ctrl._hydration()[0];
  let count = store._results.size;
  for (const table of store._tables.values()) count += table._cells.size;
  for (const lists of store._lists.values()) count += lists.size;
  return count;
}
