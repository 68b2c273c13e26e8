/**
 * Entity: a normalized row type. Subclass it, declare fields with defaults, give it a
 * `static key`, and a `pk()` unless its id is the `id` field.
 *
 * @example
 * class User extends Entity {
 *   id = ''; name = ''; isAdmin = false;
 *   static override key = 'User';
 * }
 */
import { SchemaError, at, describe } from './SchemaError.js';
import type { DenormalizeContext, NormalizeContext, Schema } from './types.js';
import { deserialize, isDeserializer, isEntity } from './visit.js';

/** A field converter in `static schema`: a function, a class, or a callable like `Number`. */
export type Deserializer = ((value: any) => unknown) | (new (value: any) => unknown);

const templates = new WeakMap<Function, object>();
/** The merge hooks: a class that overrides none is merged by the store's fast path. */
const hooks = ['merge', 'mergeWithStore', 'shouldUpdate', 'shouldReorder'] as const;

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
   * minifiers change: set it (`static override key = 'User'`). Reading it on a class with
   * neither (an anonymous class expression) throws: two of them would share one table.
   */
  static get key(): string {
    if (!this.name) throw new SchemaError('an Entity class without a name needs a static key');
    return this.name;
  }

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

  /**
   * The unique id of this row (string or number). `parent` and `key` say where the row
   * was found in the response (the object holding it and its member name), `args` are the
   * request's arguments. Default: the `id` field, as in Reactive Data Client.
   */
  pk(parent?: any, key?: string, args?: readonly unknown[]): string | number | undefined {
    return (this as { id?: string | number }).id;
  }

  /**
   * How the automatic check of a raw value is handled (an array where the entity's object
   * is expected; a pk that is not a string or a finite number): `undefined` (default)
   * rejects the response, `'warn'` warns and goes on, `'silent'` goes on.
   */
  declare static automaticValidation?: 'warn' | 'silent';

  /**
   * Nested entities a read resolves below a row of this class before it leaves deeper
   * ones as their stored pks. Default: 256.
   */
  declare static maxEntityDepth?: number;

  /**
   * The pk of a raw (not yet normalized) value, computed with the prototype's `pk()`.
   * @returns a string, or `undefined` when the value has no usable pk.
   */
  static pk(value: object, parent?: unknown, key?: string, args: readonly unknown[] = []): string | undefined {
    const id = (this.prototype as Entity).pk.call(value, parent, key, args);
    // (`'undefined'`: a template string of a missing field, `${this.name}`.)
    if (typeof id === 'string') return id && id !== 'undefined' ? id : undefined;
    if (Number.isFinite(id)) return String(id);
    // With the automatic check relaxed, any other value names the row, as in Reactive Data Client.
    return this.automaticValidation && id != null && `${id}` !== 'undefined' ? `${id}` : undefined;
  }

  /**
   * Transforms a raw value before it is normalized (default: returns it unchanged).
   * Override to fill a missing pk or rename fields. `parent` and `key` say where the value
   * was found, `args` are the request's arguments. Returning `undefined` removes the row
   * its pk names, as an `Invalidate` schema would.
   */
  static process(input: any, parent: any, key: string | undefined, args: readonly unknown[]): any {
    return input;
  }

  /**
   * An instance with its class-field defaults and `props` over them.
   * @example const draft = Article.fromJS({ title: 'Draft' });
   */
  static fromJS<T extends abstract new (...args: any[]) => Entity>(
    this: T,
    props: Partial<InstanceType<T>> = {},
  ): InstanceType<T> {
    return Object.assign(new (this as unknown as new () => InstanceType<T>)(), props);
  }

  /**
   * An instance holding the class-field defaults, made once per class. A nested entity
   * field whose default is truthy (`author = User.fromJS()`) is required: when the row it
   * names was removed, the row holding it reads as removed too.
   */
  static get defaults(): any {
    return templateOf(this);
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

  /**
   * @internal Normalizes one raw value into a staged row; returns its pk. `parent` and
   * `key` (where the value was found) go to `process` and `pk`.
   */
  static normalize(value: unknown, ctx: NormalizeContext, path: string, parent?: unknown, key?: string): unknown {
    if (value === null || value === undefined) return value;
    // A nested string or number is a pk; at the root (an HTML page, say) it is no entity.
    if ((typeof value === 'string' || typeof value === 'number') && path) return String(value);
    const check = this.automaticValidation;
    if (typeof value !== 'object' || (Array.isArray(value) && check !== 'silent')) {
      const message = `${ctx.source}: expected a ${this.key} object at ${at(path)}, got ${describe(value)}`;
      if (check !== 'warn' || !Array.isArray(value)) throw new SchemaError(message, path);
      console.warn(message);
    }
    const args = ctx.args;
    // A class without nested fields and with the default `process` stages the value as it
    // came, and the staging copies it only to keep it: a user repeated on 500 issues of a
    // response is copied once, not 500 times. (An own `__proto__` key takes the copy below.)
    const lent = this.process === Entity.process && !hasKeys(this.schema) && !Object.hasOwn(value, '__proto__');
    const input = (lent ? value : this.process({ ...value }, parent, key, args)) as Record<string, unknown> | undefined;
    if (input === undefined) {
      // `process` returned nothing: the row its pk names is removed.
      const pk = this.pk(value, parent, key, args);
      if (pk !== undefined) ctx.remove(this, pk);
      return pk;
    }
    // An own `__proto__` key (JSON.parse makes one) would set the prototype of the instance.
    // (`delete` of a missing key is slow: checked first.)
    if (Object.hasOwn(input, '__proto__')) delete input.__proto__;
    const pk = this.pk(input, parent, key, args);
    if (pk === undefined) {
      throw new SchemaError(
        `${ctx.source}: ${this.key} at ${at(path)} has no usable pk${
          (typeof process < 'u' ? process.env.NODE_ENV : 'production') !== 'production'
            ? ` (pk() must return a non-empty string or a number${
                this.prototype.pk === Entity.prototype.pk ? '; the default pk() reads `id`' : ''
              }); got ${describe(input)}`
            : ''
        }`,
        path,
      );
    }
    const problem = this.validate(input);
    if (problem) throw new SchemaError(`${ctx.source}: invalid ${this.key} at ${at(path)}: ${problem}`, path);
    const fields = this.schema;
    const within = ctx._within;
    ctx._within = this;
    for (const field in fields) {
      const v = input[field];
      if (v === undefined || v === null) continue;
      const fieldSchema = fields[field];
      const fieldPath = `${path}.${field}`;
      input[field] = isDeserializer(fieldSchema)
        ? deserialize(fieldSchema, v, this.key, field, ctx.source, fieldPath)
        : ctx.visit(fieldSchema as Schema, v, fieldPath, input, field);
    }
    // (Not restored when a field throws: a staging that failed is dropped.)
    ctx._within = within;
    ctx.entity(this, pk, input, lent);
    return pk;
  }

  /**
   * @internal The denormalized instance for a stored pk (through the store's cache); an
   * object given inline in the stored value (not normalized) becomes an instance as it is.
   */
  static denormalize(stored: unknown, ctx: DenormalizeContext): unknown {
    if (stored === null || stored === undefined) return stored;
    return typeof stored === 'object'
      ? ctx._inline(this, stored as Record<string, unknown>)
      : ctx.entity(this, String(stored));
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
    return Object.assign(this._blank(), templateOf(this), row);
  }

  /**
   * @internal A bare instance of the class: its prototype, no field yet, the class's own
   * constructor not run. Made with the class as `new.target`, so the engine sizes it as the
   * class's instances (its fields in the object itself, however many; a plain function's
   * `new` keeps fields past the tenth in a second array, grown as they come).
   */
  static _blank(): Entity {
    return Reflect.construct(Object, NO_ARGS, this);
  }

  /**
   * @internal Resolves the nested-schema fields of an instance made by `_create`.
   * @returns true when a required nested entity (a field whose default is truthy) was
   *   removed: the row then reads as removed too, as in Reactive Data Client.
   */
  static _link(obj: object, row: Record<string, unknown>, ctx: DenormalizeContext): boolean {
    const fields = this.schema;
    for (const field in fields) {
      const fieldSchema = fields[field];
      if (isDeserializer(fieldSchema)) continue;
      const v = row[field];
      if (v === undefined || v === null) continue;
      const out = ctx.unvisit(fieldSchema as Schema, v);
      if (
        out === undefined &&
        isEntity(fieldSchema) &&
        (templateOf(this) as Record<string, unknown>)[field] &&
        ctx._gone(fieldSchema, String(v))
      ) {
        return true;
      }
      (obj as Record<string, unknown>)[field] = out;
    }
    return false;
  }
}

/** The arguments of `_blank`'s construct: none. */
const NO_ARGS: readonly [] = [];

/** An instance holding the class-field defaults of an entity class, made once per class. */
function templateOf(cls: typeof Entity): object {
  let template = templates.get(cls);
  if (template === undefined) {
    try {
      template = new (cls as unknown as new () => object)();
    } catch {
      template = {};
    }
    templates.set(cls, template!);
  }
  return template!;
}

/** Whether an object has an enumerable key (a class's `schema` with fields). */
function hasKeys(o: object): boolean {
  for (const _ in o) return true;
  return false;
}
