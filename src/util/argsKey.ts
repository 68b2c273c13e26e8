/**
 * Stable string keys for argument lists.
 *
 * Two argument lists that mean the same thing get the same key: object keys are sorted,
 * `undefined` members are dropped, and a trailing empty object counts as no argument
 * (`query(q)` and `query(q, {})` share one view).
 */

/** @internal Serializes one value with sorted object keys; `undefined` members are skipped. */
export function stableStringify(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    return value === undefined ? 'null' : JSON.stringify(value) ?? 'null';
  }
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) out += (i ? ',' : '') + stableStringify(value[i]);
    return out + ']';
  }
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    return stableStringify((value as { toJSON(): unknown }).toJSON());
  }
  const keys = Object.keys(value).sort();
  let out = '{';
  let first = true;
  for (const k of keys) {
    const v = (value as Record<string, unknown>)[k];
    if (v === undefined) continue;
    out += (first ? '' : ',') + JSON.stringify(k) + ':' + stableStringify(v);
    first = false;
  }
  return out + '}';
}

/** @internal Key of an argument list: `''` for none (or only empty objects / undefined). */
export function argsKey(args: readonly unknown[]): string {
  let end = args.length;
  while (end > 0 && isEmptyArg(args[end - 1])) end--;
  if (end === 0) return '';
  if (end === 1) return stableStringify(args[0]);
  return stableStringify(args.slice(0, end));
}

function isEmptyArg(arg: unknown): boolean {
  if (arg === undefined || arg === null) return true;
  if (typeof arg !== 'object' || Array.isArray(arg)) return false;
  // Only a plain object can be empty: a Date or a class instance means something.
  const proto = Object.getPrototypeOf(arg);
  if (proto !== Object.prototype && proto !== null) return false;
  for (const k in arg) if ((arg as Record<string, unknown>)[k] !== undefined) return false;
  return true;
}
