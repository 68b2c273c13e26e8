/**
 * `signature(schema)`: a short, stable string naming the shape a schema gives a response,
 * the part of an endpoint's cache key that tells two endpoints of one URL apart.
 *
 * Schemas are compared by structure, never by identity, so equal schemas built separately
 * (two `[User]` literals) get one signature, on the server and in the browser alike
 * (dehydrated keys match):
 *
 * | schema | signature |
 * |---|---|
 * | `undefined` | `''` |
 * | an `Entity` class | its key: `User` |
 * | `[User]` | `[User]` |
 * | `{ data: [User], next: undefined }` | `{data:[User]}` (members sorted, `undefined` left out) |
 * | `new Collection([User])` (and its `push`, `getPage` … schemas) | the collection's key: `[User]` |
 * | `new Union({ post: Post, link: Link }, 'type')` | `Union({link:Link,post:Post})` |
 * | `Values`, `All`, `Invalidate`, `Lazy`, `schema.Array`, `schema.Object`, a custom schema class | the class name and its `schema` member: `Values(User)` |
 *
 * Options a class keeps private (a Union's discriminator) are not part of it. A bundler
 * that renames classes must rename them alike in the server and browser bundles for
 * dehydrated keys to match.
 *
 * Computed once per schema object (a WeakMap); entity keys are read each time.
 */
import type { Schema } from './types.js';

const memo = new WeakMap<object, string>();

/** @internal The shape of `schema` as a string; `''` for none. */
export function signature(schema: Schema): string {
  if (typeof schema === 'function') return schema.key;
  if (typeof schema !== 'object' || schema === null) return '';
  let sig = memo.get(schema);
  if (sig === undefined) {
    // A schema that contains itself ends here instead of recursing forever.
    memo.set(schema, '…');
    const s = schema as { schema?: Schema; key?: unknown; collection?: Schema };
    const proto = Object.getPrototypeOf(s);
    sig = Array.isArray(s)
      ? `[${signature(s[0])}]`
      : proto === Object.prototype || proto === null
        ? members(s)
        : // A CollectionAddition (push, getPage …) reads and writes its collection's lists.
          s.collection
          ? signature(s.collection)
          : typeof s.key === 'string'
            ? s.key
            : // Union, Values, All, Array, Object, Lazy, custom classes: the kind, then the members.
              `${s.constructor.name}(${typeof s.schema === 'object' && !Array.isArray(s.schema) ? members(s.schema!) : signature(s.schema)})`;
    memo.set(schema, sig);
  }
  return sig;
}

function members(object: object): string {
  let out = '';
  for (const k of Object.keys(object).sort()) {
    const v = (object as Record<string, Schema>)[k];
    if (v !== undefined) out += `${out ? ',' : ''}${k}:${signature(v)}`;
  }
  return `{${out}}`;
}
