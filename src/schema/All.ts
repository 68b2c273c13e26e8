/**
 * `new All(Entity)`: every cached row of an entity type, in the order they were first
 * stored. Yields `undefined` until a row of that type has been stored.
 * `new All({ cats: Cat, dogs: Dog }, 'type')` lists the rows of several types, type by type
 * (`undefined` until a row of one of them has been stored), as in Reactive Data Client.
 *
 * As an endpoint schema it normalizes like `[Entity]`.
 */
import type { Entity } from './Entity.js';
import { type UnionAttribute, normalizeMember } from './polymorphic.js';
import { isEntity, normalizeArray } from './visit.js';
import type { DenormalizeContext, EntityClass, EntityOf, NormalizeContext, Schema, SchemaClass } from './types.js';

/** What `All` lists: instances of its entity (of one of its entities). */
export type AllOf<E> = E extends EntityClass
  ? EntityOf<E>
  : E extends { readonly [name: string]: infer C }
    ? EntityOf<C>
    : never;

export class All<E extends typeof Entity | { readonly [name: string]: typeof Entity } = typeof Entity>
  implements SchemaClass
{
  /** The entity type listed (member name → entity type, given an attribute). */
  declare readonly schema: E;
  /** What each member of a response normalizes with. */
  readonly #item: Schema;
  constructor(entity: E, schemaAttribute?: E extends EntityClass ? undefined : UnionAttribute) {
    this.schema = entity;
    this.#item =
      schemaAttribute === undefined
        ? (entity as EntityClass)
        : {
            normalize: (v: unknown, ctx: NormalizeContext, path: string, parent?: unknown, key?: string) =>
              normalizeMember(entity as { [name: string]: EntityClass }, schemaAttribute, v, ctx, path, parent, key),
            denormalize: (stored: unknown) => stored,
          };
  }
  /** Schema protocol: normalizes like `[Entity]`. */
  normalize(value: unknown, ctx: NormalizeContext, path: string, parent?: unknown, key?: string): unknown {
    return normalizeArray(this.#item, value, ctx, path, 'an array', parent, key);
  }
  /** Schema protocol: the stored value is ignored, membership comes from the store. */
  denormalize(_stored: unknown, ctx: DenormalizeContext): AllOf<E>[] {
    const schema = this.schema;
    if (isEntity(schema)) return ctx.all(schema) as AllOf<E>[];
    let out: unknown[] | undefined;
    for (const member of new Set(Object.values(schema))) {
      const rows = ctx.all(member);
      if (rows !== undefined) out = out === undefined ? rows : out.concat(rows);
    }
    return out as AllOf<E>[];
  }
  /** Schema protocol: any stored form will do: `denormalize` reads the store. */
  queryKey(_args: readonly unknown[], _ctx: DenormalizeContext): unknown {
    return true;
  }
}
