/**
 * `new Values(Item)`: an object whose every value has the same schema, keyed by
 * arbitrary strings (a map of id → entity, say). `new Values({ dogs: Dog, cats: Cat },
 * 'type')` holds values of several schemas, chosen by a field (or a function of the value,
 * the object and the key), as a `Union` chooses.
 */
import { setOwn } from '../util/own.js';
import { SchemaError, at, describe } from './SchemaError.js';
import { type MemberOf, type Members, Polymorphic, type UnionAttribute } from './polymorphic.js';
import type { DenormalizeContext, NormalizeContext, Schema, SchemaClass } from './types.js';

export class Values<S extends Schema = Schema> implements SchemaClass {
  /** Schema of each value (member name → schema, given an attribute). */
  declare readonly schema: S;
  /** What each member normalizes with: the item schema, or the polymorphic choice. */
  readonly #item: Schema;
  /** @internal The schema of each member (what a Collection of this schema holds). */
  get _member(): Schema {
    return this.#item;
  }
  /** @internal Marks `Values` (a Collection of it keys its items). */
  get _keyed(): true {
    return true;
  }
  constructor(item: S, schemaAttribute?: UnionAttribute) {
    this.schema = item;
    this.#item = schemaAttribute === undefined ? item : new Polymorphic(item as Members, schemaAttribute);
  }
  /** Schema protocol: `null` and `undefined` values are left out. */
  normalize(value: unknown, ctx: NormalizeContext, path: string): unknown {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new SchemaError(`${ctx.source}: expected an object of values at ${at(path)}, got ${describe(value)}`, path);
    }
    const out: Record<string, unknown> = {};
    // Own keys only; a `__proto__` key (JSON.parse makes one) is kept as an own key.
    for (const key of Object.keys(value)) {
      const v = (value as Record<string, unknown>)[key];
      if (v != null) setOwn(out, key, ctx.visit(this.#item, v, `${path}.${key}`, value, key));
    }
    return out;
  }
  /**
   * Schema protocol: missing entities are left out; a stored value that is no object (a
   * restored state of another shape) reads as missing.
   */
  denormalize(stored: unknown, ctx: DenormalizeContext): Record<string, MemberOf<S>> {
    if (typeof stored !== 'object' || stored === null || Array.isArray(stored))
      return undefined as unknown as Record<string, MemberOf<S>>;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(stored)) {
      const v = ctx.unvisit(this.#item, (stored as Record<string, unknown>)[key]);
      if (v !== undefined) setOwn(out, key, v);
    }
    return out as Record<string, MemberOf<S>>;
  }
}
