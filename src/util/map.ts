/** @internal The value of `key` in `map`; made with `new Make()` and stored when missing. */
export function ensure<K, V>(map: Map<K, V>, key: K, Make: new () => V): V {
  let value = map.get(key);
  if (value === undefined) map.set(key, (value = new Make()));
  return value;
}
