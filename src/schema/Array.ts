/**
 * `new schema.Array(Item)`: the long form of the `[Item]` shorthand.
 */
import { denormalizeArray, normalizeArray } from './visit.js';
import type { DenormalizeContext, NormalizeContext, Schema, SchemaClass } from './types.js';

export class ArraySchema implements SchemaClass {
  /** Schema of each member. */
  readonly schema: Schema;
  constructor(item: Schema) {
    this.schema = item;
  }
  /** @internal */
  normalize(value: unknown, ctx: NormalizeContext, path: string): unknown {
    return normalizeArray(this.schema, value, ctx, path, 'an array');
  }
  /** @internal */
  denormalize(stored: unknown, ctx: DenormalizeContext): unknown {
    return denormalizeArray(this.schema, stored, ctx);
  }
}
