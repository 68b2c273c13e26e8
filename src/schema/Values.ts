/**
 * `new Values(Item)`: an object whose every value has the same schema, keyed by
 * arbitrary strings (a map of id → entity, say).
 */
import { setOwn } from '../util/own.js';
import { SchemaError, at, describe } from './SchemaError.js';
import type { Denormalize, DenormalizeContext, NormalizeContext, Schema, SchemaClass } from './types.js';

export class Values<S extends Schema = Schema> implements SchemaClass {
  /** Schema of each value. */
  declare readonly schema: S;
  constructor(item: S) {
    this.schema = item;
  }
  /** Schema protocol. */
  normalize(value: unknown, ctx: NormalizeContext, path: string): unknown {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new SchemaError(`${ctx.source}: expected an object of values at ${at(path)}, got ${describe(value)}`, path);
    }
    const out: Record<string, unknown> = {};
    // Own keys only; a `__proto__` key (JSON.parse makes one) is kept as an own key.
    for (const key of Object.keys(value))
      setOwn(out, key, ctx.visit(this.schema, (value as Record<string, unknown>)[key], `${path}.${key}`));
    return out;
  }
  /**
   * Schema protocol: missing entities are left out; a stored value that is no object (a
   * restored state of another shape) reads as missing.
   */
  denormalize(stored: unknown, ctx: DenormalizeContext): Record<string, Denormalize<S>> {
    if (typeof stored !== 'object' || stored === null || Array.isArray(stored))
      return undefined as unknown as Record<string, Denormalize<S>>;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(stored)) {
      const v = ctx.unvisit(this.schema, (stored as Record<string, unknown>)[key]);
      if (v !== undefined) setOwn(out, key, v);
    }
    return out as Record<string, Denormalize<S>>;
  }
}
