/**
 * Value comparison used before every store write (DESIGN rule 2: equal data writes
 * nothing).
 *
 * Deserialized values need care: `Decimal` and Temporal types have `.equals`, `Date`
 * compares by `getTime()`, and Temporal's `valueOf` throws, so `valueOf` is never used.
 * Plain JSON objects and arrays compare member by member.
 *
 * Payload depth must not decide the stack: below `MAX_DEPTH` levels (./limits.ts, the depth
 * every way in allows) two values count as different. A deeper value then costs one
 * needless write, never a thrown `RangeError`.
 */

import { MAX_DEPTH } from './limits.js';

/** @internal True for an object literal (its prototype is `Object.prototype`). */
export function isPlain(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype;
}

/** @internal True when two stored field values mean the same data. */
export function equalValue(a: unknown, b: unknown, depth = 0): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
    // NaN is the only value not equal to itself.
    return a !== a && b !== b;
  }
  if (depth === MAX_DEPTH) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!equalValue(a[i], b[i], depth + 1)) return false;
    return true;
  }
  if (a instanceof Date) return b instanceof Date && a.getTime() === b.getTime();
  const eq = (a as { equals?: unknown }).equals;
  if (typeof eq === 'function') {
    if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
    try {
      return Boolean(eq.call(a, b));
    } catch {
      return false;
    }
  }
  const proto = Object.getPrototypeOf(a);
  if ((proto !== Object.prototype && proto !== null) || Object.getPrototypeOf(b) !== proto) {
    return false;
  }
  return equalFields(a as Record<string, unknown>, b as Record<string, unknown>, depth + 1);
}

/** @internal True when two plain records have the same keys with equal values. */
export function equalFields(a: Record<string, unknown>, b: Record<string, unknown>, depth = 0): boolean {
  let count = 0;
  for (const k in a) {
    if (!(k in b) || !equalValue(a[k], b[k], depth)) return false;
    count++;
  }
  for (const _ in b) count--;
  return count === 0;
}
