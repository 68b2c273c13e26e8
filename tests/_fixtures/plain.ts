/**
 * `dehydrate` builds its dictionaries without a prototype (`Object.create(null)`); uvu's
 * `assert.equal` tells them from object literals. `plain(v)` is `v` with every such
 * dictionary copied into an object literal, nothing else changed (a Date stays a Date,
 * `undefined` stays): compared with a state parsed from JSON, it still shows what JSON lost.
 */
export function plain<T>(value: T): T {
  if (Array.isArray(value)) return value.map(plain) as T;
  if (typeof value !== 'object' || value === null) return value;
  const proto = Object.getPrototypeOf(value);
  if (proto !== null && proto !== Object.prototype) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value))
    Object.defineProperty(out, k, { value: plain(v), enumerable: true, writable: true, configurable: true });
  return out as T;
}
