/**
 * `new schema.Array(Item)`: the long form of the `[Item]` shorthand.
 * `new schema.Array({ cats: Cat, dogs: Dog }, 'type')` holds members of several schemas,
 * chosen by a field (or a function of the value, its parent and key), as a `Union`
 * chooses.
 */
import { type MemberOf, type Members, Polymorphic, type UnionAttribute } from './polymorphic.js';
import { denormalizeArray, normalizeArray } from './visit.js';
import type { DenormalizeContext, NormalizeContext, Schema, SchemaClass } from './types.js';

export class ArraySchema<S extends Schema = Schema> implements SchemaClass {
  /** Schema of each member (member name → schema, given an attribute). */
  declare readonly schema: S;
  /** What each member normalizes with: the item schema, or the polymorphic choice. */
  readonly #item: Schema;
  /** @internal The schema of each member (what a Collection of this schema holds). */
  get _member(): Schema {
    return this.#item;
  }
  constructor(item: S, schemaAttribute?: UnionAttribute) {
    this.schema = item;
    this.#item = schemaAttribute === undefined ? item : new Polymorphic(item as Members, schemaAttribute);
  }
  /** Schema protocol. */
  normalize(value: unknown, ctx: NormalizeContext, path: string, parent?: unknown, key?: string): unknown {
    return normalizeArray(this.#item, value, ctx, path, 'an array', parent, key);
  }
  /** Schema protocol: missing entities are left out. */
  denormalize(stored: unknown, ctx: DenormalizeContext): MemberOf<S>[] {
    return denormalizeArray(this.#item, stored, ctx) as MemberOf<S>[];
  }
}
