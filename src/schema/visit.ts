/**
 * Dispatch from any schema value to its normalize / denormalize: Entity classes, schema
 * objects (anything with `normalize`), `[schema]` shorthand and plain `{ key: schema }`
 * objects.
 */
import type { Deserializer, Entity } from './Entity.js';
import { MAX_DEPTH, tooDeep } from '../util/limits.js';
import { SchemaError, at, describe } from './SchemaError.js';
import type { DenormalizeContext, NormalizeContext, Schema, SchemaClass } from './types.js';

/**
 * @internal True for Entity classes, by their inherited static mark (`_isEntity`): code
 * that only dispatches on schemas tells entities apart without importing the Entity
 * class, so an app that never uses Entity does not bundle it.
 */
export function isEntity(schema: unknown): schema is typeof Entity {
  return typeof schema === 'function' && (schema as { _isEntity?: true })._isEntity === true;
}

/** @internal A field schema that is a converter rather than a nested schema. */
export function isDeserializer(fieldSchema: unknown): fieldSchema is Deserializer {
  return typeof fieldSchema === 'function' && !isEntity(fieldSchema);
}

/** @internal Normalizes `value` with `schema`, staging rows in `ctx`. */
export function normalizeValue(schema: Schema, value: unknown, ctx: NormalizeContext, path: string): unknown {
  if (schema == null || value == null) return value;
  if (isEntity(schema)) return schema.normalize(value, ctx, path);
  if (Array.isArray(schema)) return normalizeArray(schema[0], value, ctx, path, 'an array');
  if (typeof (schema as SchemaClass).normalize === 'function') {
    return (schema as SchemaClass).normalize(value, ctx, path);
  }
  if (typeof schema === 'object') return normalizeObject(schema as Record<string, Schema>, value, ctx, path);
  return value;
}

/**
 * @internal Normalizes a whole response: like `normalizeValue`, but an empty one
 * (`null`, `undefined`: a 204 or an empty body) is a `SchemaError` when there is a schema,
 * and so is one whose stored form nests over `MAX_DEPTH` levels (../util/limits.ts).
 */
export function normalizeRoot(schema: Schema, value: unknown, ctx: NormalizeContext): unknown {
  if (value == null && schema !== undefined) throw new SchemaError(`${ctx.source}: empty response`);
  const out = normalizeValue(schema, value, ctx, '');
  if (tooDeep(out)) throw new SchemaError(`${ctx.source}: the response nests over ${MAX_DEPTH} levels`);
  return out;
}

/** @internal Denormalizes a stored value with `schema`, reading through `ctx`. */
export function denormalizeValue(schema: Schema, stored: unknown, ctx: DenormalizeContext): unknown {
  if (schema == null || stored == null) return stored;
  if (isEntity(schema)) return schema.denormalize(stored, ctx);
  if (Array.isArray(schema)) return denormalizeArray(schema[0], stored, ctx);
  if (typeof (schema as SchemaClass).denormalize === 'function') {
    return (schema as SchemaClass).denormalize(stored, ctx);
  }
  if (typeof schema === 'object') return denormalizeObject(schema as Record<string, Schema>, stored, ctx);
  return stored;
}

/** `[i]`, the path of an array's member after its array's: made once. */
const SUFFIX: string[] = [];

/** @internal Normalizes each member of an array; `null` and `undefined` members are left out. */
export function normalizeArray(
  item: Schema,
  value: unknown,
  ctx: NormalizeContext,
  path: string,
  what: string,
): unknown[] {
  if (!Array.isArray(value)) {
    throw new SchemaError(`${ctx.source}: expected ${what} at ${at(path)}, got ${describe(value)}`, path);
  }
  // `null` members are dropped, as in Reactive Data Client. (An array of the final size:
  // `push` would keep room for 16 members in every short stored list.)
  const out = new Array(value.length);
  let n = 0;
  for (let i = 0; i < value.length; i++) {
    const v = ctx.visit(item, value[i], path + (SUFFIX[i] ??= `[${i}]`));
    if (v != null) out[n++] = v;
  }
  if (n < out.length) out.length = n;
  return out;
}

/**
 * @internal Denormalizes each member of a stored array; missing entities are left out. A
 * stored value that is no array (a restored state of another shape) reads as missing.
 */
export function denormalizeArray(item: Schema, stored: unknown, ctx: DenormalizeContext): unknown {
  if (!Array.isArray(stored)) return undefined;
  if (isEntity(item)) return ctx._many(item, stored);
  const out: unknown[] = [];
  for (let i = 0; i < stored.length; i++) {
    const v = ctx.unvisit(item, stored[i]);
    if (v !== undefined) out.push(v);
  }
  return out;
}

/** @internal Normalizes the members of an object named by a `{ key: schema }` definition. */
export function normalizeObject(
  def: Record<string, Schema>,
  value: unknown,
  ctx: NormalizeContext,
  path: string,
): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new SchemaError(`${ctx.source}: expected an object at ${at(path)}, got ${describe(value)}`, path);
  }
  // (A spread keeps an own `__proto__` key, which JSON.parse makes, as an own key.)
  const out: Record<string, unknown> = { ...value };
  for (const key in def) {
    if (out[key] !== undefined) out[key] = ctx.visit(def[key], out[key], `${path}.${key}`);
  }
  return out;
}

/**
 * @internal Denormalizes the members of a stored object. The result is `undefined` when
 * every schema member is missing, so a join of nothing cached counts as no data, and when
 * the stored value is no object (a restored state of another shape: read as missing).
 */
export function denormalizeObject(def: Record<string, Schema>, stored: unknown, ctx: DenormalizeContext): unknown {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return undefined;
  const out: Record<string, unknown> = { ...(stored as Record<string, unknown>) };
  for (const key in def) out[key] = ctx.unvisit(def[key], out[key]);
  for (const key in out) if (out[key] !== undefined) return out;
  return undefined;
}

/**
 * @internal The stored form to denormalize when `schema` is read by `args`, or
 * `undefined` when the cache cannot answer. An object schema reads each member by the
 * same args; a list shorthand (`[Entity]`) is not readable by args.
 */
export function queryKeyOf(schema: Schema, args: readonly unknown[], ctx: DenormalizeContext): unknown {
  if (schema === undefined || schema === null || Array.isArray(schema)) return undefined;
  // A schema class (an Entity too): its own queryKey, if it has one.
  if (typeof (schema as SchemaClass).denormalize === 'function') return (schema as SchemaClass).queryKey?.(args, ctx);
  if (typeof schema === 'object') return queryKeyOfObject(schema as Record<string, Schema>, args, ctx);
  return undefined;
}

/** @internal */
export function queryKeyOfObject(
  def: Record<string, Schema>,
  args: readonly unknown[],
  ctx: DenormalizeContext,
): unknown {
  const out: Record<string, unknown> = {};
  let any = false;
  for (const key in def) {
    const v = queryKeyOf(def[key], args, ctx);
    if (v !== undefined) any = true;
    out[key] = v;
  }
  return any ? out : undefined;
}
