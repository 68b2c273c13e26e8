/**
 * `new Collection([Entity], options)`: lists of entities, one list per argument set, as
 * in Reactive Data Client. Items added through `push` / `unshift` join every cached list
 * whose filter arguments match; `nonFilterArgumentKeys` names the arguments (such as
 * `orderBy`) that do not filter membership. `new Collection(new Values(Entity))` keys its
 * items instead (an object of key → entity per argument set): `assign` merges an object of
 * key → entity into every matching one, `remove` and `move` work as on lists.
 *
 * The list schema may also be `new schema.Array(Entity)`, a polymorphic
 * `new schema.Array({ users: User, groups: Group }, 'type')` or `[union]`.
 *
 * Which lists an addition joins: `createCollectionFilter(...args)` returns a test of a
 * list's key (its arguments, top-level numbers and booleans as strings); by default every
 * key of the list must be a non-filter key or equal the same key of the first argument or
 * of the body. A list's key comes from `argsKey(...args)` (default: the first argument);
 * a Collection nested in an entity's `static schema` takes `nestKey(parent, key)` when
 * given, else the request's arguments.
 *
 * @example
 * const getPosts = new RestEndpoint({
 *   path: '/:group/posts',
 *   searchParams: {} as { orderBy?: string; author?: string },
 *   schema: new Collection([Post], { nonFilterArgumentKeys: /orderBy/ }),
 * });
 * await ctrl.fetch(getPosts.push, { group: 'react' }, { title: 'New' });
 */
import { argsKey } from '../util/argsKey.js';
import type { ArraySchema } from './Array.js';
import type { Entity } from './Entity.js';
import type { Union } from './Union.js';
import type { Values } from './Values.js';
import { denormalizeArray, isEntity, normalizeArray } from './visit.js';
import type { CollectionLike, DenormalizeContext, EntityOf, NormalizeContext, Schema, SchemaClass } from './types.js';

/** Which argument keys are not filters: a RegExp, a list of names, or a predicate. */
export type NonFilterArgumentKeys = RegExp | readonly string[] | ((key: string) => boolean);

/** A test of a list's key (its arguments, numbers and booleans as strings): whether an addition joins it. */
export type CollectionFilter = (collectionKey: Record<string, any>) => boolean;

/** Combines a list with the items a move brings (`moveWith`): `(existing, incoming) => list`. */
export type CollectionMerge = (existing: any, incoming: any) => any;

export interface CollectionOptions {
  /** Argument keys that do not filter membership. Default: keys starting with `order`. */
  nonFilterArgumentKeys?: NonFilterArgumentKeys;
  /**
   * Which lists an addition with `args` joins, replacing the default test (see
   * {@link Collection}); `this` is the Collection.
   */
  createCollectionFilter?: (...args: any[]) => CollectionFilter;
  /** The key of the list fetched with `args`. Default: the first argument. */
  argsKey?: (...args: any[]) => Record<string, unknown>;
  /**
   * The key of a list nested in an entity (a field of its `static schema`), from the entity
   * (as received) and the field name: `nestKey: (user) => ({ userId: user.id })`. Default:
   * the request's arguments.
   */
  nestKey?: (parent: any, key: string) => Record<string, unknown>;
  /** Name of the lists in the store. Default: `[<entity key>]`, `{<entity key>}` for a Collection of Values. */
  key?: string;
}

/** What a Collection holds lists of: `[Entity]`, `[union]`, `new schema.Array(…)` or `new Values(…)`. */
export type ListSchema<E extends typeof Entity = typeof Entity> =
  | readonly [E]
  | readonly [Union<any>]
  | ArraySchema<any>
  | Values<any>;

/** What a Collection denormalizes to: an array, or for `new Collection(new Values(E))` an object of key → entity. */
export type CollectionValue<E, S> = S extends Values<any> ? Record<string, EntityOf<E>> : EntityOf<E>[];

export class Collection<E extends typeof Entity = typeof Entity, S extends ListSchema<E> = readonly [E]>
  implements SchemaClass, CollectionLike
{
  /** The list schema (`[Entity]`, `schema.Array`), or the `Values` schema of a keyed collection. */
  declare readonly schema: S;
  /** @internal The schema of each item (an entity, or the polymorphic choice). */
  declare readonly _item: Schema;
  /** @internal Whether the lists are objects of key → entity (a `Values` collection). */
  declare readonly _keyed: boolean;
  readonly #key: string | undefined;
  readonly #argsKey: ((...args: any[]) => Record<string, unknown>) | undefined;
  readonly #nestKey: ((parent: any, key: string) => Record<string, unknown>) | undefined;
  readonly #derived = new Map<string, CollectionAddition<E, S>>();

  constructor(
    schema: S &
      (
        | readonly [E]
        | ArraySchema<E>
        | Values<E>
        | readonly [Union<any>]
        // (Polymorphic lists: their entity is not inferred.)
        | ArraySchema<any>
        | Values<any>
      ),
    options: CollectionOptions = {},
  ) {
    this.schema = schema;
    const inner = schema as unknown as { _member?: Schema; _keyed?: boolean };
    this._keyed = inner._keyed === true;
    this._item = Array.isArray(schema) ? schema[0] : inner._member;
    this.#key = options.key;
    this.#argsKey = options.argsKey;
    this.#nestKey = options.nestKey;
    const nf = options.nonFilterArgumentKeys;
    if (nf !== undefined) {
      this.nonFilterArgumentKeys =
        typeof nf === 'function' ? nf : nf instanceof RegExp ? (key) => nf.test(key) : (key) => nf.includes(key);
    } else if (options.createCollectionFilter !== undefined) {
      this.createCollectionFilter = options.createCollectionFilter.bind(this);
    }
  }

  /** Name of this collection's lists in the store: `[User]`, `{User}` for Values, `[User;Group]` for several types. */
  get key(): string {
    const item = this._item;
    const name = isEntity(item)
      ? item.key
      : Object.values((item as { schema: Record<string, { key: string }> }).schema)
          .map((member) => member.key)
          .join(';');
    return this.#key ?? (this._keyed ? `{${name}}` : `[${name}]`);
  }

  /**
   * Whether an argument key does not filter membership (a sort order, a page size).
   * Override it in a subclass, or set the `nonFilterArgumentKeys` option. Default: keys
   * starting with `order`.
   */
  nonFilterArgumentKeys(key: string): boolean {
    return key.startsWith('order');
  }

  /**
   * Which lists an addition with `args` (the URL parameters, then the body) joins: a
   * test of each list's key. Override it in a subclass, or set the option. Default: every
   * key of the list is a non-filter key or equals (as a string) the same key of `args[0]`
   * or `args[1]`.
   */
  createCollectionFilter(...args: any[]): CollectionFilter {
    return (collectionKey) => {
      for (const key in collectionKey) {
        const value = collectionKey[key];
        if (!this.nonFilterArgumentKeys(key) && `${args[0]?.[key]}` !== value && `${args[1]?.[key]}` !== value) {
          return false;
        }
      }
      return true;
    };
  }

  /**
   * The key of the list for `args` (or, nested in an entity with `nestKey`, for the
   * entity `parent` holding it under `key`), as stored.
   */
  pk(_value: unknown, parent: unknown, key: string, args: readonly unknown[] = [], nested?: boolean): string {
    return argsKey([this._keyOf(args, parent, key, nested)]);
  }

  /** @internal The key object of a list: `argsKey(...args)`, or `nestKey(parent, key)`; numbers and booleans as strings. */
  _keyOf(args: readonly unknown[], parent?: unknown, key?: string, nested?: boolean): Record<string, unknown> {
    const nestKey = this.#nestKey;
    const obj =
      nested && nestKey !== undefined
        ? nestKey(parent, key!)
        : this.#argsKey !== undefined
          ? this.#argsKey(...args)
          : (args[0] as Record<string, unknown>);
    // A first argument that is no object (`get(posts, 'all')`) is the key as it is: its list takes every addition.
    if (typeof obj !== 'object' || obj === null) return obj ?? {};
    const out: Record<string, unknown> = {};
    for (const k in obj) {
      const v = obj[k];
      out[k] = typeof v === 'number' || typeof v === 'boolean' ? String(v) : v;
    }
    return out;
  }

  #derive(mode: CollectionMode, merge?: CollectionMerge) {
    // A keyed collection is assigned to; a list is pushed to.
    if ((mode === 'assign') !== this._keyed && ['assign', 'push', 'unshift'].includes(mode)) {
      throw new Error(`${this.key}: .${mode} needs ${mode === 'assign' ? 'Values' : 'an array'}`);
    }
    if (merge !== undefined) return new CollectionAddition(this, mode, { merge });
    let schema = this.#derived.get(mode);
    if (schema === undefined) this.#derived.set(mode, (schema = new CollectionAddition(this, mode)));
    return schema;
  }

  /** A schema that appends its value (one entity or an array) to every matching list. */
  get push(): CollectionAddition<E, S> {
    return this.#derive('push');
  }

  /** A schema that prepends its value (one entity or an array) to every matching list. */
  get unshift(): CollectionAddition<E, S> {
    return this.#derive('unshift');
  }

  /**
   * For a Collection of `Values`: a schema that merges its value (an object of key →
   * entity) into every matching keyed collection, as `Object.assign` would.
   */
  get assign(): CollectionAddition<E, S> {
    return this.#derive('assign');
  }

  /** A schema that takes its value (one entity or an array) out of every matching list; the entities are still updated. */
  get remove(): CollectionAddition<E, S> {
    return this.#derive('remove');
  }

  /** Replaces `move` (`this.move = this.moveWith(unshift)` in a subclass, as in Reactive Data Client). */
  set move(schema: CollectionAddition<E, S>) {
    this.#derived.set('move', schema);
  }

  /**
   * A schema that moves its value (one entity or an array) between lists: each entity
   * leaves the lists its stored values matched and joins those its new values (the
   * request's arguments, then the entity) match — a todo reassigned from user `a` to
   * user `b`. Lists keyed by a URL parameter the entity lacks (`/groups/:group/items`)
   * are matched by the arguments: the first gives the old value, the body the new one.
   */
  get move(): CollectionAddition<E, S> {
    return this.#derive('move');
  }

  /** `move`, joining the new lists with `merge` (e.g. `(existing, incoming) => [...incoming, ...existing]` to prepend). */
  moveWith(merge: CollectionMerge): CollectionAddition<E, S> {
    return this.#derive('move', merge);
  }

  /**
   * A schema for one page of a list: its items are appended to the list stored for the
   * arguments without the cursor (`removeCursor(...args)`), skipping items already there.
   */
  paginated(removeCursor: (...args: any[]) => readonly unknown[]): CollectionAddition<E, S> {
    return new CollectionAddition(this, 'page', { removeCursor });
  }

  /** Schema protocol (CollectionLike): whether a list fetched with `listArgs` takes an item added with `addArgs`. */
  accepts(listArgs: readonly unknown[], addArgs: readonly unknown[]): boolean {
    const listKey = listArgs[0];
    return typeof listKey !== 'object' || listKey === null || this.createCollectionFilter(...addArgs)(listKey);
  }

  /** Schema protocol: stores the list under its key; the stored form is that key. */
  normalize(value: unknown, ctx: NormalizeContext, path: string, parent?: unknown, key?: string): unknown {
    const items = this._keyed
      ? (ctx.visit(this.schema as Schema, value, path, parent, key) as never)
      : normalizeArray(this._item, value, ctx, path, `an array of ${this.key}`, parent, key);
    return writeList(ctx, this, 'set', this._keyOf(ctx.args, parent, key, ctx._within !== undefined), items);
  }

  /** Schema protocol: the list for the args key; missing entities are left out. */
  denormalize(stored: unknown, ctx: DenormalizeContext): CollectionValue<E, S> {
    const key = String(stored);
    const list = ctx.list(this, key);
    // (A missing list stays `undefined` through either: no test of its own.)
    const value = this._keyed ? ctx.unvisit(this.schema as Schema, list) : denormalizeArray(this._item, list, ctx);
    // One array per list, wherever it is read (a view of the list, a row that holds it).
    return (value === undefined ? value : ctx._shareList(this, key, value)) as CollectionValue<E, S>;
  }

  /** Schema protocol. */
  queryKey(args: readonly unknown[], ctx: DenormalizeContext): unknown {
    const key = this.pk(undefined, undefined, '', args);
    return ctx.list(this, key) === undefined ? undefined : key;
  }
}

/** What a derived collection schema does to the lists. */
export type CollectionMode = 'push' | 'unshift' | 'assign' | 'remove' | 'move' | 'page';

/** How a derived schema differs from its mode's default. */
interface AdditionOptions {
  /** For a page: the list's arguments from the page's. */
  readonly removeCursor?: (...args: any[]) => readonly unknown[];
  /** Adds with this merge instead of the mode's. */
  readonly merge?: CollectionMerge | undefined;
}

/** The schema behind `collection.push`, `.unshift`, `.assign`, `.remove`, `.move` and `.paginated()`. */
export class CollectionAddition<E extends typeof Entity = typeof Entity, S extends ListSchema<E> = readonly [E]>
  implements SchemaClass, CollectionLike
{
  declare readonly collection: Collection<E, S>;
  declare readonly mode: CollectionMode;
  readonly #options: AdditionOptions;
  constructor(collection: Collection<E, S>, mode: CollectionMode, options: AdditionOptions = {}) {
    this.collection = collection;
    this.mode = mode;
    this.#options = options;
  }
  /** Schema protocol (CollectionLike): the lists are the collection's. */
  get key(): string {
    return this.collection.key;
  }
  /** Schema protocol (CollectionLike): the collection's test. */
  accepts(listArgs: readonly unknown[], addArgs: readonly unknown[]): boolean {
    return this.collection.accepts(listArgs, addArgs);
  }
  /** Schema protocol. */
  normalize(value: unknown, ctx: NormalizeContext, path: string, parent?: unknown, key?: string): unknown {
    const collection = this.collection;
    const { _item: item, _keyed: keyed, schema } = collection;
    const { removeCursor, merge } = this.#options;
    const mode = this.mode;
    const many = !keyed && Array.isArray(value);
    const values = many ? (value as unknown[]) : [value];
    // A move matches lists by each entity's stored and new values: the last argument (the
    // body) and, in a list, the entity's own fields.
    const args = ctx.args;
    const last = args[args.length - 1] as object | undefined;
    const moves =
      mode === 'move' && isEntity(item)
        ? values.map((v) => {
            const processed = item.process({ ...(v as object) }, parent, key, args);
            return {
              key: item.key,
              pk: item.pk(processed ?? v, parent, key, args),
              values: keyed ? last : { ...last, ...processed },
            };
          })
        : undefined;
    // A keyed collection takes an object of key → entity; a move there, one entity keyed by its pk.
    let items: any = many
      ? normalizeArray(item, value, ctx, path, 'an array', parent, key)
      : [ctx.visit(keyed && mode !== 'move' ? (schema as Schema) : item, value, path, parent, key)];
    if (keyed) items = mode === 'move' ? { [items[0]]: items[0] } : items[0];
    if (removeCursor !== undefined) {
      return writeList(ctx, collection, 'page', collection._keyOf(removeCursor(...ctx.args)), items);
    }
    ctx.collection(this, {
      mode,
      argsKey: '',
      args: mode === 'move' && moves === undefined && !many ? [...ctx.args, value] : ctx.args,
      items,
      ...(moves !== undefined && { moves: moves.map((m, i) => ({ ...m, item: keyed ? items : [items[i]] })) }),
      ...(merge !== undefined && { merge }),
    });
    return many || keyed ? items : items[0];
  }
  /**
   * Schema protocol: the added (removed, moved) entity, an array when an array was sent
   * (typed as the usual single item); for a keyed collection, the object of key → entity;
   * for a page, the whole list.
   */
  denormalize(
    stored: unknown,
    ctx: DenormalizeContext,
  ): S extends Values<any> ? Record<string, EntityOf<E>> : EntityOf<E> {
    if (this.#options.removeCursor !== undefined) return this.collection.denormalize(stored, ctx) as any;
    const { _item: item, _keyed: keyed, schema } = this.collection;
    return (
      keyed
        ? ctx.unvisit(schema as Schema, stored)
        : Array.isArray(stored)
          ? denormalizeArray(item, stored, ctx)
          : ctx.unvisit(item, stored)
    ) as any;
  }
}

/** Stages a write of the whole list of `keyed` arguments (`set`, `page`); returns its key. */
function writeList(
  ctx: NormalizeContext,
  collection: CollectionLike,
  mode: 'set' | 'page',
  keyObj: Record<string, unknown>,
  items: readonly unknown[],
): string {
  const args = [keyObj];
  const key = argsKey(args);
  ctx.collection(collection, { mode, argsKey: key, args, items });
  return key;
}
