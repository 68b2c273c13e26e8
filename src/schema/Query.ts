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
import type { Denormalize, Schema } from './types.js';

export class Query<
  S extends Schema | Query<any, any, any> = Schema,
  R = unknown,
  A extends readonly unknown[] = any[],
> {
  /** The schema read and denormalized. */
  declare readonly schema: S;
  /** Turns the denormalized entries (and the arguments) into the result. */
  declare readonly process: (entries: Denormalize<S>, ...args: A) => R;
  constructor(schema: S, process: (entries: Denormalize<S>, ...args: A) => R) {
    this.schema = schema;
    this.process = process;
  }
}
