/**
 * Polymorphic members, as in Reactive Data Client: a value that is one of several
 * schemas, chosen by a field of the value or a function of it. `Union` is one such value;
 * `new schema.Array(members, attribute)` and `new Values(members, attribute)` hold many.
 *
 * A member is stored as `{ id, schema: name }`. A value no member takes is kept as it is
 * (development builds warn), as Reactive Data Client does.
 */
import { own } from '../util/own.js';
import { at, describe } from './SchemaError.js';
import type {
  Denormalize,
  DenormalizeContext,
  EntityClass,
  EntityOf,
  NormalizeContext,
  Schema,
  SchemaClass,
} from './types.js';

/** Picks the member name from a raw value: a field name, or a function of the value, its parent and key. */
export type UnionAttribute = string | ((value: any, parent?: any, key?: string) => string | undefined | null | false);

/** Member name → schema. */
export type Members = { readonly [name: string]: Schema };

/**
 * What a member of `schema.Array(S)` or `Values(S)` denormalizes to: for a map of entity
 * classes (the members of a polymorphic list), an instance of one of them, as Reactive
 * Data Client types it.
 */
export type MemberOf<S> = S extends { readonly [name: string]: EntityClass } ? EntityOf<S[keyof S]> : Denormalize<S>;

/** @internal The member name of a value. */
export function memberName(attribute: UnionAttribute, value: any, parent?: unknown, key?: string): unknown {
  return typeof attribute === 'function' ? attribute(value, parent, key) : value?.[attribute];
}

/** @internal Normalizes one polymorphic value: `{ id, schema: name }`, or the value as it is when no member takes it. */
export function normalizeMember(
  members: Members,
  attribute: UnionAttribute,
  value: unknown,
  ctx: NormalizeContext,
  path: string,
  parent?: unknown,
  key?: string,
): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const name = memberName(attribute, value, parent, key);
  const member = typeof name === 'string' ? own(members, name) : undefined;
  if (member === undefined) {
    if ((typeof process < 'u' ? process.env.NODE_ENV : 'production') !== 'production') {
      console.warn(
        `${ctx.source}: no schema member "${String(name)}" at ${at(path)} (members: ${Object.keys(members).join(', ')}); ` +
          `the value is kept as it is: ${describe(value)}`,
      );
    }
    return value;
  }
  const id = ctx.visit(member, value, path, parent, key);
  return id == null ? id : { id, schema: name };
}

/**
 * @internal Denormalizes one stored polymorphic value. A value stored as it is (no member
 * took it) is read through the member its attribute names now, else as it is.
 */
export function denormalizeMember(
  members: Members,
  attribute: UnionAttribute,
  stored: unknown,
  ctx: DenormalizeContext,
): unknown {
  if (stored === null) return stored;
  if (typeof stored === 'object') {
    const { id, schema } = stored as { id?: unknown; schema?: unknown };
    if (typeof schema === 'string') {
      const member = own(members, schema);
      return member === undefined ? stored : ctx.unvisit(member, id ?? stored);
    }
    const name = memberName(attribute, stored);
    const member = typeof name === 'string' ? own(members, name) : undefined;
    if (member !== undefined) return ctx.unvisit(member, stored);
  }
  if ((typeof process < 'u' ? process.env.NODE_ENV : 'production') !== 'production') {
    console.warn(
      `no schema member for ${describe(stored)} (members: ${Object.keys(members).join(', ')}): read as it is`,
    );
  }
  return stored;
}

/**
 * One polymorphic value as a schema: what `Union` is, and what each member of a
 * polymorphic `schema.Array` or `Values` is.
 */
export class Polymorphic<M extends Members = Members> implements SchemaClass {
  /** Member name → schema. */
  declare readonly schema: M;
  /** @internal How the member is chosen. */
  declare readonly _attribute: UnionAttribute;
  constructor(members: M, attribute: UnionAttribute) {
    this.schema = members;
    this._attribute = attribute;
  }
  /**
   * Schema protocol: stored as `{ id, schema }`. A value whose attribute names no member
   * is kept as it is (development builds warn), as in Reactive Data Client.
   */
  normalize(value: unknown, ctx: NormalizeContext, path: string, parent?: unknown, key?: string): unknown {
    return normalizeMember(this.schema, this._attribute, value, ctx, path, parent, key);
  }
  /** Schema protocol: the member read through its schema, `undefined` when it is not cached. */
  denormalize(stored: unknown, ctx: DenormalizeContext): unknown {
    return denormalizeMember(this.schema, this._attribute, stored, ctx);
  }
}
