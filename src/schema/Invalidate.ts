/**
 * `new Invalidate(Entity)`: the response names a row that no longer exists (a DELETE).
 * Normalizing it removes the row from the store; lists that held it drop it. As in
 * Reactive Data Client it also takes several entity types, chosen like a `Union`:
 * `new Invalidate({ users: User, groups: Group }, 'type')` or `new Invalidate(union)`.
 */
import { own } from '../util/own.js';
import { SchemaError, at, describe } from './SchemaError.js';
import { type UnionAttribute, denormalizeMember, memberName } from './polymorphic.js';
import type { Union } from './Union.js';
import type { DenormalizeContext, EntityClass, EntityOf, NormalizeContext, SchemaClass } from './types.js';

export class Invalidate<E extends EntityClass | { readonly [name: string]: EntityClass } | Union<any> = EntityClass>
  implements SchemaClass
{
  /** The entity type removed (member name → entity type with an attribute; or a Union). */
  declare readonly schema: E;
  /** The entity types, by member name, when there are several. */
  readonly #members: { readonly [name: string]: EntityClass };
  readonly #attribute: UnionAttribute | undefined;
  constructor(entity: E, schemaAttribute?: E extends EntityClass | Union<any> ? undefined : UnionAttribute) {
    if (!entity) throw new SchemaError('Invalidate: an entity (or a map of entities) is required');
    this.schema = entity;
    // A Union gives its members and how it chooses.
    const union = entity as { _attribute?: UnionAttribute; schema?: { readonly [name: string]: EntityClass } };
    this.#members = union._attribute === undefined ? (entity as never) : union.schema!;
    this.#attribute = union._attribute ?? schemaAttribute;
  }
  /**
   * Schema protocol: accepts the removed row (its `process` runs first, as for the
   * entity), or its pk. A value whose attribute names no member is kept as it is.
   */
  normalize(value: unknown, ctx: NormalizeContext, path: string, parent?: unknown, key?: string): unknown {
    const attribute = this.#attribute;
    const name = attribute === undefined ? undefined : memberName(attribute, value, parent, key);
    const entity =
      attribute === undefined
        ? (this.schema as EntityClass)
        : typeof name === 'string'
          ? own(this.#members, name)
          : undefined;
    if (entity === undefined) return value;
    let pk: string | undefined;
    if (typeof value === 'string' || typeof value === 'number') pk = String(value);
    else if (typeof value === 'object' && value !== null) {
      const processed = entity.process({ ...value }, parent, key, ctx.args);
      pk = entity.pk(processed ?? value, parent, key, ctx.args);
    }
    if (pk === undefined) {
      throw new SchemaError(
        `${ctx.source}: cannot tell which ${entity.key} to remove from ${describe(value)} at ${at(path)}`,
        path,
      );
    }
    ctx.remove(entity, pk);
    // A pk given as it is stays as it is (a number stays a number), as in Reactive Data Client.
    return attribute !== undefined ? { id: pk, schema: name } : typeof value === 'object' ? pk : value;
  }
  /**
   * @internal What a mutation of this schema resolves with, as in Reactive Data Client:
   * the entity its response described (`undefined` for a bare pk).
   */
  _answer(value: unknown): unknown {
    if (typeof value !== 'object' || value === null) return undefined;
    const attribute = this.#attribute;
    const name = attribute === undefined ? undefined : memberName(attribute, value, undefined, undefined);
    const entity =
      attribute === undefined
        ? (this.schema as EntityClass)
        : typeof name === 'string'
          ? own(this.#members, name)
          : undefined;
    return entity?._create({ ...value });
  }
  /** Schema protocol: the entity of the stored pk, as `Entity` reads it (`undefined` once removed). */
  denormalize(stored: unknown, ctx: DenormalizeContext): Removed<E> {
    const attribute = this.#attribute;
    return (
      attribute === undefined
        ? ctx.unvisit(this.schema as EntityClass, stored)
        : denormalizeMember(this.#members, attribute, stored, ctx)
    ) as Removed<E>;
  }
}

/** What an `Invalidate` denormalizes to: an instance of its entity (of one of its entities). */
export type Removed<E> = E extends EntityClass
  ? EntityOf<E>
  : E extends { readonly schema: { readonly [name: string]: infer C } }
    ? EntityOf<C>
    : E extends { readonly [name: string]: infer C }
      ? EntityOf<C>
      : never;
