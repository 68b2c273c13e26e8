/**
 * `new schema.Object({ key: schema })`: the long form of a plain `{ key: schema }`
 * definition. As a Query schema it joins entities by the arguments: each member is
 * read by the same args, so `{ ticker: Ticker, stats: Stats }` with
 * `{ product_id: 'BTC-USD' }` reads both rows.
 */
import { denormalizeObject, normalizeObject, queryKeyOfObject } from './visit.js';
import type { DenormalizeContext, NormalizeContext, Schema, SchemaClass } from './types.js';

export class ObjectSchema implements SchemaClass {
  /** Member name → schema. */
  readonly schema: { readonly [key: string]: Schema };
  constructor(definition: { readonly [key: string]: Schema }) {
    this.schema = definition;
  }
  /** @internal */
  normalize(value: unknown, ctx: NormalizeContext, path: string): unknown {
    return normalizeObject(this.schema, value, ctx, path);
  }
  /** @internal */
  denormalize(stored: unknown, ctx: DenormalizeContext): unknown {
    return denormalizeObject(this.schema, stored, ctx);
  }
  /** @internal Each member is read by the same args. */
  queryKey(args: readonly unknown[], ctx: DenormalizeContext): unknown {
    return queryKeyOfObject(this.schema, args, ctx);
  }
}
