/**
 * `new Invalidate(Entity)`: the response names a row that no longer exists (a DELETE).
 * Normalizing it removes the row from the store; lists that held it drop it.
 */
import { SchemaError, at, describe } from './SchemaError.js';
import type { DenormalizeContext, EntityClass, NormalizeContext, SchemaClass } from './types.js';

export class Invalidate<E extends EntityClass = EntityClass> implements SchemaClass {
  /** The entity type removed. */
  declare readonly schema: E;
  constructor(entity: E) {
    this.schema = entity;
  }
  /** Schema protocol: accepts the removed row, or its pk. */
  normalize(value: unknown, ctx: NormalizeContext, path: string): unknown {
    const entity = this.schema;
    const pk =
      typeof value === 'string' || typeof value === 'number'
        ? String(value)
        : typeof value === 'object' && value !== null
          ? entity.pk(value, undefined, undefined, ctx.args)
          : undefined;
    if (pk === undefined) {
      throw new SchemaError(
        `${ctx.source}: cannot tell which ${entity._key} to remove from ${describe(value)} at ${at(path)}`,
        path,
      );
    }
    ctx.remove(entity, pk);
    return pk;
  }
  /**
   * @internal What a mutation of this schema resolves with, as in Reactive Data Client:
   * the entity its response described (`undefined` for a bare pk).
   */
  _answer(value: unknown): unknown {
    return typeof value === 'object' && value !== null ? this.schema._create({ ...value }) : undefined;
  }
  /** Schema protocol: a removed row denormalizes to its pk. */
  denormalize(stored: unknown, _ctx: DenormalizeContext): string {
    return stored as string;
  }
}
