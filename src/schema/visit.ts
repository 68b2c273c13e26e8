/**
 * Dispatch from any schema value to its normalize / denormalize: Entity classes, schema
 * objects (anything with `normalize`), `[schema]` shorthand and plain `{ key: schema }`
 * objects.
 */
import type { Deserializer, Entity } from './Entity.js';
import { MAX_DEPTH, tooDeep } from '../util/limits.js';
import { SchemaError, at, describe } from './SchemaError.js';
import type { DenormalizeContext, NormalizeContext, Schema, SchemaClass } from './types.js';

/** @internal The members of an object schema: schemas, or plain values and deserializers. */
export type Definition = { readonly [key: string]: unknown };

/**
 * @internal True for Entity classes, by their inherited static mark (`_isEntity`): code
 * that only dispatches on schemas tells entities apart without importing the Entity
 * class, so an app that never uses Entity does not bundle it.
 */
export function isEntity(schema: unknown): schema is typeof Entity {
  return typeof schema === 'function' && (schema as { _isEntity?: true })._isEntity === true;
}

/**
 * @internal Every entity class a schema reaches, in the order met (an entity before those it
 * nests): entities and the members of their `static schema`, and the members of every schema
 * object, list or instance (`All`, `Collection`, `Union`, `Values`, `Query`, `Lazy`…).
 */
export function entitiesOf(
  schema: unknown,
  out = new Set<typeof Entity>(),
  seen = new Set<unknown>(),
): Set<typeof Entity> {
  const entity = isEntity(schema);
  if ((entity || (typeof schema === 'object' && schema !== null)) && !seen.has(schema)) {
    seen.add(schema);
    if (entity) out.add(schema);
    for (const member of Object.values(entity ? schema.schema : (schema as object))) entitiesOf(member, out, seen);
  }
  return out;
}

/** @internal A field schema that is a converter rather than a nested schema. */
export function isDeserializer(fieldSchema: unknown): fieldSchema is Deserializer {
  return typeof fieldSchema === 'function' && !isEntity(fieldSchema);
}

/**
 * @internal Normalizes `value` with `schema`, staging rows in `ctx`. `parent` and `key`
 * say where the value was found (the object holding it, its member name), for `pk()` and
 * `process()`. A member that is no schema (`nextPage: ''`, a deserializer such as
 * `Temporal.Instant.from`, which runs when read) keeps its value as it is.
 */
export function normalizeValue(
  schema: Schema,
  value: unknown,
  ctx: NormalizeContext,
  path: string,
  parent?: unknown,
  key?: string,
): unknown {
  if (schema == null || value == null) return value;
  if (isEntity(schema)) return schema.normalize(value, ctx, path, parent, key);
  if (typeof schema !== 'object') return value;
  if (Array.isArray(schema))
    return normalizeArray(itemOf(schema, ctx.source), value, ctx, path, 'an array', parent, key);
  if (typeof (schema as SchemaClass).normalize === 'function') {
    return (schema as SchemaClass).normalize(value, ctx, path, parent, key);
  }
  return normalizeObject(schema as Definition, value, ctx, path);
}

/** @internal The member schema of a `[schema]` shorthand; more than one is refused, as in Reactive Data Client. */
function itemOf(schema: readonly Schema[], source: string): Schema {
  if (schema.length > 1) {
    throw new SchemaError(`${source}: a list schema takes one member schema, got ${schema.length}`);
  }
  return schema[0];
}

/**
 * @internal Normalizes a whole response: like `normalizeValue`, but an empty one
 * (`null`, `undefined`: a 204 or an empty body) is a `SchemaError` when there is a schema,
 * and so is one whose stored form nests over `MAX_DEPTH` levels (../util/limits.ts).
 */
export function normalizeRoot(schema: Schema, value: unknown, ctx: NormalizeContext): unknown {
  if (value == null && schema !== undefined) throw new SchemaError(`${ctx.source}: empty response`);
  // The root is its own parent, as in Reactive Data Client.
  const out = normalizeValue(schema, value, ctx, '', value);
  if (tooDeep(out)) throw new SchemaError(`${ctx.source}: the response nests over ${MAX_DEPTH} levels`);
  return out;
}

/**
 * @internal Denormalizes a stored value with `schema`, reading through `ctx`. A
 * deserializer member of an object schema (`createdAt: Temporal.Instant.from`) converts
 * the stored value here; other members that are no schema read as stored.
 */
export function denormalizeValue(schema: Schema, stored: unknown, ctx: DenormalizeContext): unknown {
  if (schema == null || stored == null) return stored;
  if (isEntity(schema)) return schema.denormalize(stored, ctx);
  if (typeof schema === 'function') {
    try {
      return construct(schema as Deserializer, stored);
    } catch (error) {
      throw new SchemaError(`could not deserialize ${describe(stored)}: ${(error as Error)?.message ?? error}`);
    }
  }
  if (typeof schema !== 'object') return stored;
  if (Array.isArray(schema)) return denormalizeArray(schema[0], stored, ctx);
  if (typeof (schema as SchemaClass).denormalize === 'function') {
    return (schema as SchemaClass).denormalize(stored, ctx);
  }
  return denormalizeObject(schema as Definition, stored, ctx);
}

const classLike = /^class[\s{]/;
/** Built-in constructors that must be called with `new` to give an object. */
const nativeConstructors: ReadonlySet<Function> = new Set<Function>([Date, URL, Map, Set, RegExp]);

/** @internal Runs a deserializer: a class (or `Date`, `URL` …) with `new`, a function by a call. */
export function construct(fn: Deserializer, value: unknown): unknown {
  return nativeConstructors.has(fn) || classLike.test(Function.prototype.toString.call(fn))
    ? new (fn as new (v: unknown) => unknown)(value)
    : (fn as (v: unknown) => unknown)(value);
}

/** @internal Runs a field's deserializer; a failure throws a SchemaError naming the field. */
export function deserialize(
  fn: Deserializer,
  value: unknown,
  key: string,
  field: string,
  source: string,
  path: string,
) {
  try {
    return construct(fn, value);
  } catch (error) {
    throw new SchemaError(
      `${source}: ${key}.${field} at ${at(path)} could not be deserialized from ` +
        `${describe(value)}: ${(error as Error)?.message ?? error}`,
      path,
    );
  }
}

/**
 * `[i]`, the path of an array's member after its array's: made once for the first
 * `SUFFIXES` indexes. Bounded: a cache of every index ever seen would keep a string per row
 * of the longest list a Controller ever normalized.
 */
const SUFFIX: string[] = [];
const SUFFIXES = 1024;

/**
 * @internal Normalizes each member of an array; `null` and `undefined` members are left
 * out. An object where an array is expected gives its values, as in Reactive Data Client.
 * Members are found in the array's own `parent` under its `key`.
 */
export function normalizeArray(
  item: Schema,
  value: unknown,
  ctx: NormalizeContext,
  path: string,
  what: string,
  parent?: unknown,
  key?: string,
): unknown[] {
  if (typeof value !== 'object' || value === null) {
    throw new SchemaError(
      `${ctx.source}: expected ${what} at ${at(path)}, got ${describe(value)}${
        (typeof process < 'u' ? process.env.NODE_ENV : 'production') !== 'production' ? jsonHint(value) : ''
      }`,
      path,
    );
  }
  const list: readonly unknown[] = Array.isArray(value) ? value : Object.values(value);
  // `null` members are dropped, as in Reactive Data Client. (An array of the final size:
  // `push` would keep room for 16 members in every short stored list.)
  const out = new Array(list.length);
  let n = 0;
  for (let i = 0; i < list.length; i++) {
    const v = ctx.visit(item, list[i], path + (i < SUFFIXES ? (SUFFIX[i] ??= `[${i}]`) : `[${i}]`), parent, key);
    if (v != null) out[n++] = v;
  }
  if (n < out.length) out.length = n;
  return out;
}

/** A hint (for development messages) when a string that was expected to be data parses as JSON. */
function jsonHint(value: unknown): string {
  if (typeof value !== 'string') return '';
  try {
    JSON.parse(value);
    return ' (it parses as JSON: was the body parsed? parseResponse parses JSON when the content-type says json)';
  } catch {
    return '';
  }
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

/**
 * @internal Normalizes the members of an object named by a `{ key: schema }` definition;
 * the others are kept as they are. A member whose value is `undefined` is left out.
 */
export function normalizeObject(
  def: Definition,
  value: unknown,
  ctx: NormalizeContext,
  path: string,
): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new SchemaError(
      `${ctx.source}: expected an object at ${at(path)}, got ${describe(value)}${
        (typeof process < 'u' ? process.env.NODE_ENV : 'production') !== 'production' ? jsonHint(value) : ''
      }`,
      path,
    );
  }
  // (A spread keeps an own `__proto__` key, which JSON.parse makes, as an own key.)
  const out: Record<string, unknown> = { ...value };
  for (const key in def) {
    const v = out[key];
    if (v === undefined) delete out[key];
    else out[key] = ctx.visit(def[key] as Schema, v, `${path}.${key}`, value, key);
  }
  return out;
}

/**
 * @internal Denormalizes the members of a stored object: the stored object with each
 * member the definition names read through its schema (members it lacks stay absent).
 * An entity member whose row was removed makes the whole object read as removed
 * (`undefined`), as in Reactive Data Client; so does a stored value that is no object (a
 * restored state of another shape: read as missing).
 */
export function denormalizeObject(def: Definition, stored: unknown, ctx: DenormalizeContext): unknown {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return undefined;
  const out: Record<string, unknown> = { ...(stored as Record<string, unknown>) };
  for (const key in def) {
    const v = out[key];
    if (v === undefined) continue;
    const member = def[key] as Schema;
    const read = ctx.unvisit(member, v);
    // (An `Invalidate` of one entity reads as the entity does.)
    const entity = isEntity(member) ? member : (member as { schema?: Schema } | undefined)?.schema;
    if (read === undefined && isEntity(entity) && typeof v !== 'object' && ctx._gone(entity, String(v)))
      return undefined;
    out[key] = read;
  }
  return out;
}

/**
 * @internal The members of an object schema read by arguments (a join), for a view: when
 * none of them is cached, the view has no data (`undefined`).
 */
export function joined(schema: Schema, value: unknown): unknown {
  const def = typeof schema === 'object' && schema !== null && !Array.isArray(schema) ? joinOf(schema) : undefined;
  if (def === undefined || typeof value !== 'object' || value === null) return value;
  for (const key in def) if (isSchema(def[key]) && (value as Record<string, unknown>)[key] !== undefined) return value;
  return undefined;
}

/** Whether a member of an object schema is a schema (not a plain value kept as it is). */
function isSchema(member: unknown): boolean {
  return typeof member === 'object' ? member !== null : typeof member === 'function';
}

/** The member definition of a plain object schema or a `schema.Object`; `undefined` for other schemas. */
function joinOf(schema: object): Definition | undefined {
  const proto = Object.getPrototypeOf(schema);
  if (proto === Object.prototype || proto === null) return schema as Definition;
  return (schema as { _join?: Definition })._join;
}

/**
 * @internal The stored form to denormalize when `schema` is read by `args`, or
 * `undefined` when the cache cannot answer. An object schema reads each member by the
 * same args; a list shorthand (`[Entity]`) is not readable by args.
 */
export function queryKeyOf(schema: Schema, args: readonly unknown[], ctx: DenormalizeContext): unknown {
  // A plain member of an object schema (`nextPage: ''`) reads as itself, as in Reactive Data Client.
  if (typeof schema !== 'object' && typeof schema !== 'function') return schema;
  if (schema === null || Array.isArray(schema)) return undefined;
  // A schema class (an Entity too): its own queryKey, if it has one.
  if (typeof (schema as SchemaClass).denormalize === 'function') return (schema as SchemaClass).queryKey?.(args, ctx);
  if (typeof schema === 'object') return queryKeyOfObject(schema as Definition, args, ctx);
  return undefined;
}

/**
 * @internal What a schema holds without arguments: its plain members (`nextPage: ''`) as
 * written, nothing for its schemas. Reactive Data Client reads it for `null` arguments, and
 * fills what a schema found by arguments with it.
 */
export function plainOf(schema: unknown): unknown {
  if (typeof schema === 'function') return undefined;
  if (typeof schema !== 'object' || schema === null) return schema;
  if (Array.isArray(schema) || typeof (schema as SchemaClass).denormalize === 'function') return undefined;
  const out: Record<string, unknown> = {};
  for (const key in schema) out[key] = plainOf((schema as Definition)[key]);
  return out;
}

/** @internal */
export function queryKeyOfObject(def: Definition, args: readonly unknown[], ctx: DenormalizeContext): unknown {
  const out: Record<string, unknown> = {};
  let any = false;
  for (const key in def) {
    const member = def[key] as Schema;
    const v = queryKeyOf(member, args, ctx);
    if (v !== undefined && isSchema(member)) any = true;
    out[key] = v;
  }
  return any ? out : undefined;
}
