/**
 * Stable string keys for argument lists.
 *
 * Two argument lists that mean the same thing get the same key: object keys are sorted,
 * `undefined` members are dropped, and a trailing empty object counts as no argument
 * (`query(q)` and `query(q, {})` share one view).
 */

import { MAX_ARGS_DEPTH } from './limits.js';

const ids = new WeakMap<object, number>();
let lastId = 0;

/** @internal A number unique to an object (or function) for the life of the program. */
export function idOf(target: object): number {
  let id = ids.get(target);
  if (id === undefined) ids.set(target, (id = ++lastId));
  return id;
}

/**
 * @internal Serializes one value with sorted object keys; `undefined` members are skipped.
 * Values JSON would confuse stay distinct: `NaN`, `Infinity` and `-Infinity` keep their
 * names (JSON writes `null`), a bigint ends in `n`, a function is keyed by its identity.
 * Returns `undefined` for what has no key — a symbol, an invalid Date, or nesting deeper
 * than `MAX_ARGS_DEPTH` levels (a cyclic argument would never end) — anywhere in `value`:
 * `argsKey` names it in a `TypeError`.
 */
export function stableStringify(value: unknown, depth = 0): string | undefined {
  const type = typeof value;
  if (type === 'number' || type === 'boolean') return String(value);
  if (type === 'bigint') return `${value}n`;
  if (type === 'function') return `ƒ${idOf(value as Function)}`;
  if (type === 'symbol' || depth > MAX_ARGS_DEPTH || (value instanceof Date && Number.isNaN(value.getTime())))
    return undefined;
  if (value === null || type !== 'object') return value === undefined ? 'null' : JSON.stringify(value);
  depth++;
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) {
      const item = stableStringify(value[i], depth);
      if (item === undefined) return undefined;
      out += (i ? ',' : '') + item;
    }
    return out + ']';
  }
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    return stableStringify((value as { toJSON(): unknown }).toJSON(), depth);
  }
  let out = '{';
  for (const k of Object.keys(value as object).sort()) {
    const v = (value as Record<string, unknown>)[k];
    if (v === undefined) continue;
    const member = stableStringify(v, depth);
    if (member === undefined) return undefined;
    // (A comma after the first member: `out` holds more than its brace.)
    out += (out.length > 1 ? ',' : '') + JSON.stringify(k) + ':' + member;
  }
  return out + '}';
}

/**
 * @internal Key of an argument list: `''` for none (or only empty objects / undefined).
 * @throws TypeError starting with `source` when an argument cannot be keyed.
 */
export function argsKey(args: readonly unknown[], source = 'arguments'): string {
  let end = args.length;
  while (end > 0 && isEmptyArg(args[end - 1])) end--;
  if (end === 0) return '';
  const key = stableStringify(end === 1 ? args[0] : args.slice(0, end));
  if (key !== undefined) return key;
  throw new TypeError(
    (typeof process < 'u' ? process.env.NODE_ENV : 'production') !== 'production'
      ? `${source}: arguments with a symbol, an invalid Date or over ${MAX_ARGS_DEPTH} levels have no key`
      : `${source}: arguments have no key`,
  );
}

function isEmptyArg(arg: unknown): boolean {
  if (arg === undefined || arg === null) return true;
  if (typeof arg !== 'object' || Array.isArray(arg)) return false;
  // Only a plain object can be empty: a Date (no own keys) is an argument like any other.
  const proto = Object.getPrototypeOf(arg);
  if (proto !== Object.prototype && proto !== null) return false;
  for (const k in arg) if ((arg as Record<string, unknown>)[k] !== undefined) return false;
  return true;
}
