/**
 * `new schema.Object({ key: schema })`: the long form of a plain `{ key: schema }`
 * definition. As a Query schema it joins entities by the arguments: each member is
 * read by the same args, so `{ ticker: Ticker, stats: Stats }` with
 * `{ product_id: 'BTC-USD' }` reads both rows.
 */
import { denormalizeObject, normalizeObject, queryKeyOfObject } from './visit.js';
import type { Denormalize, DenormalizeContext, NormalizeContext, Schema, SchemaClass } from './types.js';

export class ObjectSchema<O extends { readonly [key: string]: Schema } = { readonly [key: string]: Schema }>
  implements SchemaClass
{
  /** Member name → schema. */
  declare readonly schema: O;
  constructor(definition: O) {
    this.schema = definition;
  }
  /** Schema protocol. */
  normalize(value: unknown, ctx: NormalizeContext, path: string): unknown {
    return normalizeObject(this.schema, value, ctx, path);
  }
  /** Schema protocol: member by member, like a plain `{ key: schema }` object. */
  denormalize(stored: unknown, ctx: DenormalizeContext): Denormalize<O> {
    return denormalizeObject(this.schema, stored, ctx) as Denormalize<O>;
  }
  /** Schema protocol: each member is read by the same args. */
  queryKey(args: readonly unknown[], ctx: DenormalizeContext): unknown {
    return queryKeyOfObject(this.schema, args, ctx);
  }
}
