/**
 * `new schema.Array(Item)`: the long form of the `[Item]` shorthand.
 */
import { denormalizeArray, normalizeArray } from './visit.js';
import type { Denormalize, DenormalizeContext, NormalizeContext, Schema, SchemaClass } from './types.js';

export class ArraySchema<S extends Schema = Schema> implements SchemaClass {
  /** Schema of each member. */
  declare readonly schema: S;
  constructor(item: S) {
    this.schema = item;
  }
  /** Schema protocol. */
  normalize(value: unknown, ctx: NormalizeContext, path: string): unknown {
    return normalizeArray(this.schema, value, ctx, path, 'an array');
  }
  /** Schema protocol: missing entities are left out. */
  denormalize(stored: unknown, ctx: DenormalizeContext): Denormalize<S>[] {
    return denormalizeArray(this.schema, stored, ctx) as Denormalize<S>[];
  }
}
