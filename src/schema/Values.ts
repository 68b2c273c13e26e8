/**
 * `new Values(Item)`: an object whose every value has the same schema, keyed by
 * arbitrary strings (a map of id → entity, say).
 */
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
    // An own `__proto__` key (JSON.parse makes one) would set the map's prototype: dropped.
    for (const key in value)
      if (key !== '__proto__')
        out[key] = ctx.visit(this.schema, (value as Record<string, unknown>)[key], `${path}.${key}`);
    return out;
  }
  /** Schema protocol: missing entities are left out. */
  denormalize(stored: unknown, ctx: DenormalizeContext): Record<string, Denormalize<S>> {
    if (typeof stored !== 'object' || stored === null) return stored as Record<string, Denormalize<S>>;
    const out: Record<string, unknown> = {};
    for (const key in stored) {
      const v = ctx.unvisit(this.schema, (stored as Record<string, unknown>)[key]);
      if (v !== undefined) out[key] = v;
    }
    return out as Record<string, Denormalize<S>>;
  }
}
