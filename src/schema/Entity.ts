/**
 * Entity: a normalized row type. Subclass it, declare fields with defaults, give it a
 * `pk()` and a `static key`.
 *
 * @example
 * class User extends Entity {
 *   id = ''; name = ''; isAdmin = false;
 *   pk() { return this.id; }
 *   static key = 'User';
 * }
 */
import { SchemaError, at, describe } from './SchemaError.js';
import type { DenormalizeContext, NormalizeContext, Schema } from './types.js';
import { isDeserializer } from './visit.js';

/** A field converter in `static schema`: a function, a class, or a callable like `Number`. */
export type Deserializer = ((value: any) => unknown) | (new (value: any) => unknown);

const templates = new WeakMap<Function, object>();
const instances = new WeakMap<Function, new () => Entity>();
/** The merge hooks: a class that overrides none is merged by the store's fast path. */
const hooks = ['merge', 'mergeWithStore', 'shouldUpdate', 'shouldReorder'] as const;
const classLike = /^class[\s{]/;
/** Built-in constructors that must be called with `new` to give an object. */
const nativeConstructors: ReadonlySet<Function> = new Set<Function>([Date, URL, Map, Set, RegExp]);

/** What the merge hooks know of a row's origin. */
export interface EntityMeta {
  /** Order of the fetch start (a per-controller counter; larger is newer). */
  readonly fetchedAt: number;
}

export abstract class Entity {
  /** @internal Marks Entity classes (see `isEntity`). */
  static readonly _isEntity = true;

  /**
   * Name of the entity type; rows are stored under it. Defaults to the class name, which
   * minifiers change: set it.
   */
  static key = '';

  /**
   * Field name → nested schema (`User`, `[Post]`, a schema object) or deserializer
   * (`Temporal.Instant.from`, `iso => new Date(iso)`, `Decimal`, `Number`). Deserializers
   * run when a response is normalized, so the store holds converted values.
   * Default: `{}`.
   */
  static schema: { readonly [field: string]: Schema | Deserializer } = {};

  /**
   * Fields whose values are unique per row and find it in O(1):
   * `static indexes = ['username']`, then `ctrl.get(User, { username: 'ada' })`.
   * Default: none.
   */
  static indexes?: readonly string[];

  /** The unique id of this row (string or number). */
  abstract pk(parent?: unknown, key?: string, args?: readonly unknown[]): string | number | undefined;

  /**
   * Name rows are stored under: `static key`, else the class name. A class with neither
   * (an anonymous class expression) is refused: two of them would share one table.
   */
  static get _key(): string {
    const key = this.key || this.name;
    if (!key) throw new SchemaError('an Entity class without a name needs a static key');
    return key;
  }

  /**
   * The pk of a raw (not yet normalized) value, computed with the prototype's `pk()`.
   * @returns a string, or `undefined` when the value has no usable pk.
   */
  static pk(value: object, parent?: unknown, key?: string, args: readonly unknown[] = []): string | undefined {
    const id = (this.prototype as Entity).pk.call(value, parent, key, args);
    if (typeof id === 'string') return id || undefined;
    if (Number.isFinite(id)) return String(id);
    return undefined;
  }

  /**
   * Transforms a raw value before it is normalized (default: returns it unchanged).
   * Override to fill a missing pk or rename fields.
   */
  static process(input: any, parent: unknown, key: string | undefined, args: readonly unknown[]): any {
    return input;
  }

  /**
   * Checks a processed value before it is stored. Return a message to reject it: the
   * whole response is rejected (nothing written) with a `SchemaError` naming the entity.
   * Default: accepts everything.
   */
  static validate(processedEntity: any): string | undefined {
    return undefined;
  }

  /**
   * Combines a stored row with a newer incoming one (both normalized).
   * Default: incoming fields over stored ones.
   */
  static merge(existing: any, incoming: any): any {
    return { ...existing, ...incoming };
  }

  /**
   * Whether an incoming row changes the stored one at all. Metas carry `fetchedAt`: the
   * order of the fetch start (a per-controller counter). Default: `true`.
   */
  static shouldUpdate(existingMeta: EntityMeta, incomingMeta: EntityMeta, existing: any, incoming: any): boolean {
    return true;
  }

  /**
   * Whether the incoming row is older than the stored one, so it merges under it.
   * Default: `incomingMeta.fetchedAt < existingMeta.fetchedAt`.
   */
  static shouldReorder(existingMeta: EntityMeta, incomingMeta: EntityMeta, existing: any, incoming: any): boolean {
    return incomingMeta.fetchedAt < existingMeta.fetchedAt;
  }

  /**
   * The row to store when a row with this pk is already stored: `shouldUpdate`, then
   * `merge` in the order `shouldReorder` gives. Override it, or the hooks it calls, to
   * change how responses combine. A result equal to the stored row writes nothing.
   */
  static mergeWithStore(existingMeta: EntityMeta, incomingMeta: EntityMeta, existing: any, incoming: any): any {
    if (!this.shouldUpdate(existingMeta, incomingMeta, existing, incoming)) return existing;
    return this.shouldReorder(existingMeta, incomingMeta, existing, incoming)
      ? this.merge(incoming, existing)
      : this.merge(existing, incoming);
  }

  /** @internal Whether a merge hook differs from the default (else the store merges on its own, faster). */
  static get _hooked(): boolean {
    return hooks.some((hook) => this[hook] !== Entity[hook]);
  }

  /** @internal Normalizes one raw value into a staged row; returns its pk. */
  static normalize(value: unknown, ctx: NormalizeContext, path: string): unknown {
    if (value === null || value === undefined) return value;
    // A nested string or number is a pk; at the root (an HTML page, say) it is no entity.
    if ((typeof value === 'string' || typeof value === 'number') && path) return String(value);
    if (typeof value !== 'object' || Array.isArray(value)) {
      throw new SchemaError(
        `${ctx.source}: expected a ${this._key} object at ${at(path)}, got ${describe(value)}`,
        path,
      );
    }
    const input = this.process({ ...value }, undefined, undefined, ctx.args) as Record<string, unknown>;
    // An own `__proto__` key (JSON.parse makes one) would set the prototype of the instance.
    // (`delete` of a missing key is slow: checked first.)
    if (Object.hasOwn(input, '__proto__')) delete input.__proto__;
    const pk = this.pk(input, undefined, undefined, ctx.args);
    if (pk === undefined) {
      throw new SchemaError(
        `${ctx.source}: ${this._key} at ${at(path)} has no usable pk${
          (typeof process < 'u' ? process.env.NODE_ENV : 'production') !== 'production'
            ? ` (pk() must return a non-empty string or a number); got ${describe(input)}`
            : ''
        }`,
        path,
      );
    }
    const problem = this.validate(input);
    if (problem) throw new SchemaError(`${ctx.source}: invalid ${this._key} at ${at(path)}: ${problem}`, path);
    const fields = this.schema;
    for (const field in fields) {
      const v = input[field];
      if (v === undefined || v === null) continue;
      const fieldSchema = fields[field];
      const fieldPath = `${path}.${field}`;
      input[field] = isDeserializer(fieldSchema)
        ? deserialize(fieldSchema, v, this._key, field, ctx.source, fieldPath)
        : ctx.visit(fieldSchema as Schema, v, fieldPath);
    }
    ctx.entity(this, pk, input);
    return pk;
  }

  /** @internal The denormalized instance for a stored pk (through the store's cache). */
  static denormalize(stored: unknown, ctx: DenormalizeContext): unknown {
    if (stored === null || stored === undefined) return stored;
    return ctx.entity(this, String(stored));
  }

  /**
   * @internal Entities are read by their pk fields, `get(User, { id: '1' })`, or by an
   * indexed field, `get(User, { username: 'ada' })`.
   */
  static queryKey(args: readonly unknown[], ctx?: DenormalizeContext): unknown {
    const first = args[0];
    if (first === null || first === undefined) return undefined;
    if (typeof first !== 'object') return String(first);
    const pk = this.pk(first, undefined, undefined, args);
    if (pk !== undefined || ctx === undefined) return pk;
    for (const field of this.indexes ?? []) {
      const value = (first as Record<string, unknown>)[field];
      if (value !== undefined) return ctx.index(this, field, value);
    }
    return undefined;
  }

  /**
   * @internal Creates the instance for a stored row: class-field defaults, then the row.
   * Nested fields still hold stored pks; {@link Entity._link} resolves them. The two steps
   * are apart so a cycle can reach this instance before its fields are resolved.
   */
  static _create(row: Record<string, unknown>): Entity {
    return Object.assign(new (instanceOf(this))(), templateOf(this), row);
  }

  /** @internal Resolves the nested-schema fields of an instance made by `_create`. */
  static _link(obj: object, row: Record<string, unknown>, ctx: DenormalizeContext): void {
    const fields = this.schema;
    for (const field in fields) {
      const fieldSchema = fields[field];
      if (isDeserializer(fieldSchema)) continue;
      const v = row[field];
      if (v !== undefined && v !== null)
        (obj as Record<string, unknown>)[field] = ctx.unvisit(fieldSchema as Schema, v);
    }
  }
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
    if (nativeConstructors.has(fn) || classLike.test(Function.prototype.toString.call(fn))) {
      return new (fn as new (v: unknown) => unknown)(value);
    }
    return (fn as (v: unknown) => unknown)(value);
  } catch (error) {
    throw new SchemaError(
      `${source}: ${key}.${field} at ${at(path)} could not be deserialized from ` +
        `${describe(value)}: ${(error as Error)?.message ?? error}`,
      path,
    );
  }
}

/**
 * A constructor of bare instances of an entity class (its prototype, no field, no call of
 * the class's own constructor), made once per class. `new` of one function sizes its
 * instances to the fields they receive, in the object itself; `Object.create(prototype)`
 * would keep fields past the fourth in a second array, and turn an object of twenty fields
 * into a dictionary.
 */
function instanceOf(cls: typeof Entity): new () => Entity {
  let make = instances.get(cls);
  if (make === undefined) {
    // Named after the class (a method of a computed key takes it): debuggers name objects by it.
    make = { [cls.name]: function () {} }[cls.name] as unknown as new () => Entity;
    make.prototype = cls.prototype;
    instances.set(cls, make);
  }
  return make;
}

/** Class-field defaults of an entity class, made once per class. */
function templateOf(cls: typeof Entity): object {
  let template = templates.get(cls);
  if (template === undefined) {
    try {
      template = { ...new (cls as unknown as new () => object)() };
    } catch {
      template = {};
    }
    templates.set(cls, template);
  }
  return template;
}
