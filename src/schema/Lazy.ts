/**
 * `new Lazy(schema)`: a field that is normalized like `schema` but left unresolved when
 * its entity is denormalized (it keeps the stored pks). Read it when needed through
 * `.query`, which is queryable with the stored value as its argument:
 *
 * @example
 * class User extends Entity { … static schema = { posts: new Lazy([Post]) } }
 * const user = ctrl.get(User, { id: '1' });
 * const posts = ctrl.get(User.schema.posts.query, user.posts);
 *
 * Useful to cut large or cyclic graphs: a view of the user does not subscribe to the rows
 * of its posts.
 */
import { denormalizeValue } from './visit.js';
import type { Denormalize, DenormalizeContext, NormalizeContext, Schema, SchemaClass } from './types.js';

export class Lazy<S extends Schema = Schema> implements SchemaClass {
  /** The schema the field holds. */
  declare readonly schema: S;
  #query: LazyQuery<S> | undefined;
  constructor(schema: S) {
    this.schema = schema;
  }
  /** A queryable that denormalizes the stored value given as the first argument. */
  get query(): LazyQuery<S> {
    return (this.#query ??= new LazyQuery(this.schema));
  }
  /** Schema protocol. */
  normalize(value: unknown, ctx: NormalizeContext, path: string): unknown {
    return ctx.visit(this.schema, value, path);
  }
  /** Schema protocol: the stored value, unresolved. */
  denormalize(stored: unknown, _ctx: DenormalizeContext): unknown {
    return stored;
  }
}

/** The queryable behind `lazy.query`: `ctrl.get(lazy.query, storedValue)`. */
export class LazyQuery<S extends Schema = Schema> implements SchemaClass {
  declare readonly schema: S;
  constructor(schema: S) {
    this.schema = schema;
  }
  /** Schema protocol; not a response schema: normalizes like its inner schema. */
  normalize(value: unknown, ctx: NormalizeContext, path: string): unknown {
    return ctx.visit(this.schema, value, path);
  }
  /** Schema protocol. */
  denormalize(stored: unknown, ctx: DenormalizeContext): Denormalize<S> {
    return denormalizeValue(this.schema, stored, ctx) as Denormalize<S>;
  }
  /** Schema protocol: the stored value is the first argument. */
  queryKey(args: readonly unknown[]): unknown {
    return args[0] ?? undefined;
  }
}
