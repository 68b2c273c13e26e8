/**
 * `new All(Entity)`: every cached row of an entity type, in the order they were first
 * stored. Yields `undefined` until a row of that type has been stored.
 *
 * As an endpoint schema it normalizes like `[Entity]`.
 */
import type { Entity } from './Entity.js';
import { normalizeArray } from './visit.js';
import type { DenormalizeContext, EntityOf, NormalizeContext, SchemaClass } from './types.js';

export class All<E extends typeof Entity = typeof Entity> implements SchemaClass {
  /** The entity type listed. */
  declare readonly schema: E;
  constructor(entity: E) {
    this.schema = entity;
  }
  /** Schema protocol: normalizes like `[Entity]`. */
  normalize(value: unknown, ctx: NormalizeContext, path: string): unknown {
    return normalizeArray(this.schema, value, ctx, path, `an array of ${this.schema.key}`);
  }
  /** Schema protocol: the stored value is ignored, membership comes from the store. */
  denormalize(_stored: unknown, ctx: DenormalizeContext): EntityOf<E>[] {
    return ctx.all(this.schema) as EntityOf<E>[];
  }
  /** Schema protocol: any stored form will do: `denormalize` reads the store. */
  queryKey(_args: readonly unknown[], _ctx: DenormalizeContext): unknown {
    return true;
  }
}
