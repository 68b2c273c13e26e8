/**
 * The limits of every way data enters a Controller — a response (`fetch`, `set`,
 * `setResponse`), a dehydrated state (`hydrate`), another tab's message (`shareTabs`) and
 * a persisted storage (`persist`) — in one place, read by all of them: what one way in
 * stores, every other one restores, and what one refuses, every other one refuses.
 *
 * Always on (never dev-only): these checks are what keeps hostile input out.
 *
 * Sizes are not limited, of values or of keys (pks, endpoint keys): a response has no size
 * limit, so a state, a message or a storage that carries one has none either. Limiting the
 * size of a key would protect nothing a value of the same size does not cost.
 */

/**
 * Levels a stored value may nest: a row (its fields), a list, a response. A row `{ a: 1 }`
 * is one level, `{ a: [1] }` two. Deeper values are refused by every way in; every walk
 * over stored values (comparison, structural sharing, the codec) stays within it.
 */
export const MAX_DEPTH = 500;

/** Levels arguments may nest (the arguments of a request, of a stored list); deeper ones have no key. */
export const MAX_ARGS_DEPTH = 100;

/** Schema levels a response may nest while it is normalized (entities in entities, lists in lists). */
export const MAX_NESTING = 1000;

/**
 * Rows nested in each other that one read resolves (an entity's `static maxEntityDepth`
 * may set its own): a row deeper in a chain is read without its nested entities, which keep
 * their stored pks, as in Reactive Data Client. Reads never refuse a deep chain.
 */
export const MAX_ROW_DEPTH = 256;

/**
 * Largest time (ms) stored or restored: the last valid `Date`. Larger expiries (a
 * `dataExpiryLength` of `Infinity`) travel as this; a restored time must be a number of at
 * most this size, so one more millisecond is always a later time.
 */
export const MAX_TIME = 8.64e15;

/**
 * @internal Whether `value` nests deeper than `limit` levels of plain objects and arrays
 * (class instances are leaves). Every row a response stores is checked: a member that is
 * no object (most fields) costs a test, not a call.
 */
export function tooDeep(value: unknown, limit = MAX_DEPTH): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (limit === 0) return true;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const member: unknown = value[i];
      if (typeof member === 'object' && member !== null && tooDeep(member, limit - 1)) return true;
    }
    return false;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return false;
  for (const k in value) {
    const member = (value as Record<string, unknown>)[k];
    if (typeof member === 'object' && member !== null && tooDeep(member, limit - 1)) return true;
  }
  return false;
}

/** @internal Whether `k` is a key: a string. */
export function isKey(k: unknown): k is string {
  return typeof k === 'string';
}

/** @internal Whether `t` is a time: a number within `±MAX_TIME` (never NaN or infinite). */
export function isTime(t: unknown): t is number {
  return typeof t === 'number' && t <= MAX_TIME && t >= -MAX_TIME;
}

/** @internal A time as it is stored or travels: at most `MAX_TIME`. */
export function clampTime(t: number): number {
  return Math.min(t, MAX_TIME);
}
