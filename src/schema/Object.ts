/**
 * `new schema.Object({ key: schema })`: the long form of a plain `{ key: schema }`
 * definition. As a Query schema it joins entities by the arguments: each member is
 * read by the same args, so `{ ticker: Ticker, stats: Stats }` with
 * `{ product_id: 'BTC-USD' }` reads both rows.
 */
import { denormalizeObject, normalizeObject, queryKeyOfObject } from './visit.js';
import type { Denormalize, DenormalizeContext, Member, NormalizeContext, Schema, SchemaClass } from './types.js';

export class ObjectSchema<
  O extends { readonly [key: string]: Schema | Member } = { readonly [key: string]: Schema | Member },
> implements SchemaClass
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
  /** @internal The members, read as a join (see `joined`). */
  get _join(): O {
    return this.schema;
  }
  /** Schema protocol: each member is read by the same args. */
  queryKey(args: readonly unknown[], ctx: DenormalizeContext): unknown {
    return queryKeyOfObject(this.schema, args, ctx);
  }
}
