/**
 * `new Query(schema, process)`: programmatic, read-only access to the cache. The schema
 * (Entity, All, Collection, Union, an object of schemas, or another Query) is read by
 * the arguments and denormalized; `process(entries, ...args)` turns it into the result.
 * Results are computed signals cached per (query, args), so equal arguments share one
 * result object until a row it reached changes.
 *
 * `process` must not mutate `entries` (copy before sorting). A query with no cached data
 * yields `undefined` without calling `process`.
 *
 * @example
 * const userCount = new Query(new All(User), (users, { isAdmin }: { isAdmin?: boolean } = {}) =>
 *   isAdmin === undefined ? users.length : users.filter((u) => u.isAdmin === isAdmin).length);
 * ctrl.get(userCount, { isAdmin: true });
 */
import { denormalizeValue, queryKeyOf } from './visit.js';
import type { Denormalize, DenormalizeContext, NormalizeContext, Schema, SchemaClass } from './types.js';

export class Query<S extends Schema | Query<any, any, any> = Schema, R = unknown, A extends readonly unknown[] = any[]>
  implements SchemaClass
{
  /** The schema read and denormalized. */
  declare readonly schema: S;
  /** Turns the denormalized entries (and the arguments) into the result. */
  declare readonly process: (entries: Denormalize<S>, ...args: A) => R;
  constructor(schema: S, process: (entries: Denormalize<S>, ...args: A) => R) {
    this.schema = schema;
    this.process = process;
  }
  /** Schema protocol: as an endpoint's schema, a response normalizes through the query's schema. */
  normalize(value: unknown, ctx: NormalizeContext, path: string, parent?: unknown, key?: string): unknown {
    return ctx.visit(this.schema as Schema, value, path, parent, key);
  }
  /** Schema protocol: the schema's value through `process` (with the arguments); nothing cached, `undefined`. */
  denormalize(stored: unknown, ctx: DenormalizeContext): R {
    const entries = denormalizeValue(this.schema as Schema, stored, ctx);
    return (entries === undefined ? undefined : this.process(entries as Denormalize<S>, ...(ctx.args as A))) as R;
  }
  /** Schema protocol: read by the arguments as its schema is. */
  queryKey(args: readonly unknown[], ctx: DenormalizeContext): unknown {
    return queryKeyOf(this.schema as Schema, args, ctx);
  }
}
