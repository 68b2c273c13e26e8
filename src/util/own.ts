/**
 * Own-member lookups. A name that comes from a payload or from arguments (a path
 * parameter, a Union discriminator) must not reach inherited members such as
 * `constructor` or `toString`.
 */

/** @internal `obj[key]` when `key` is an own property of `obj`, else `undefined`. */
export function own<T>(obj: { readonly [key: string]: T }, key: string): T | undefined {
  return Object.hasOwn(obj, key) ? obj[key] : undefined;
}

/**
 * @internal `obj[key] = value` as an own data property, for a key that comes from data: a
 * `__proto__` key is defined (as JSON.parse and a spread make it), never assigned (which
 * would set the prototype).
 */
export function setOwn(obj: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
  else obj[key] = value;
}
