/**
 * Own-member lookups. A name that comes from a payload or from arguments (a path
 * parameter, a Union discriminator) must not reach inherited members such as
 * `constructor` or `toString`.
 */

/** @internal `obj[key]` when `key` is an own property of `obj`, else `undefined`. */
export function own<T>(obj: { readonly [key: string]: T }, key: string): T | undefined {
  return Object.hasOwn(obj, key) ? obj[key] : undefined;
}
