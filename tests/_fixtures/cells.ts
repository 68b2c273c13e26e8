import type { Controller } from '../../src/index.js';
import { countCells } from '../../src/store/gc.js';

/**
 * The number of row, list and response cells a Controller's store holds, placeholders
 * included: an exact count of what it keeps in memory.
 */
export const cellCount = (ctrl: Controller): number => countCells(ctrl._hydration()[0]);
