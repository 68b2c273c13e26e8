/**
 * Structural sharing between a view's previous and next result (DESIGN rule 4: a view's
 * result object changes only when something it reached changed).
 *
 * A view recomputes when any row it read changed; parts of its result that did not
 * change keep their previous identity. Entity objects are already shared by the row
 * cache, so only plain arrays and plain objects are compared here, member by member
 * with `===`. When nothing differs the previous result itself is returned, and the
 * computed signal does not notify its readers.
 */
import { DEV } from '../util/dev.js';
import { isPlain } from '../util/equal.js';
import { MAX_DEPTH } from '../util/limits.js';
import { replacedAt } from '../util/replaced.js';

/**
 * @internal Below `MAX_DEPTH` levels nothing is shared (payload depth must not decide
 * the stack). An own `__proto__` key is never assigned to (it would set the prototype).
 */
export function share<T>(prev: unknown, next: T, depth = 0): T {
  if (prev === next || depth === MAX_DEPTH) return next;
  depth++;
  if (Array.isArray(next)) {
    if (Array.isArray(prev) && prev.length === next.length) {
      let same = true;
      // An array the store made from `prev` by replacing some members is compared there alone.
      const at = replacedAt(next, prev);
      const count = at === undefined ? next.length : at.length;
      for (let k = 0; k < count; k++) {
        const i = at === undefined ? k : at[k]!;
        // (Members already shared, rows of a list mostly, are passed over without a call.)
        if (prev[i] === next[i]) continue;
        const v = share(prev[i], next[i], depth);
        if (v !== prev[i]) same = false;
        if (v !== next[i] && !Object.isFrozen(next)) next[i] = v;
      }
      if (same) return prev as T;
    }
    if (DEV && !Object.isFrozen(next)) Object.freeze(next);
    return next;
  }
  if (isPlain(next)) {
    if (isPlain(prev)) {
      let same = true;
      let count = 0;
      for (const k in next) {
        count++;
        if (k === '__proto__') return next;
        const v = share((prev as Record<string, unknown>)[k], (next as Record<string, unknown>)[k], depth);
        if (v !== (prev as Record<string, unknown>)[k] || !(k in prev)) same = false;
        if (v !== (next as Record<string, unknown>)[k] && !Object.isFrozen(next)) {
          (next as Record<string, unknown>)[k] = v;
        }
      }
      for (const _ in prev) count--;
      if (same && count === 0) return prev as T;
    }
    if (DEV && !Object.isFrozen(next)) Object.freeze(next);
  }
  return next;
}
