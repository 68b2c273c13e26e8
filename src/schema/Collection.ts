/**
 * `new Collection([Entity], options)`: lists of entities, one list per argument set, as
 * in Reactive Data Client. Items added through `push` / `unshift` join every cached list
 * whose filter arguments match; `nonFilterArgumentKeys` names the arguments (such as
 * `orderBy`) that do not filter membership. `new Collection(new Values(Entity))` keys its
 * items instead (an object of key → entity per argument set): `assign` merges an object of
 * key → entity into every matching one, `remove` and `move` work as on lists.
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
import type { Entity } from './Entity.js';
import type { Values } from './Values.js';
import { denormalizeArray, normalizeArray } from './visit.js';
import type { CollectionLike, DenormalizeContext, EntityOf, NormalizeContext, SchemaClass } from './types.js';

/** Which argument keys are not filters: a RegExp, a list of names, or a predicate. */
export type NonFilterArgumentKeys = RegExp | readonly string[] | ((key: string) => boolean);

export interface CollectionOptions {
  /** Argument keys that do not filter membership. Default: none. */
  nonFilterArgumentKeys?: NonFilterArgumentKeys;
  /** Name of the lists in the store. Default: `Collection(<entity key>)`, `Collection({<entity key>})` for a Collection of Values. */
  key?: string;
}

/** What a Collection denormalizes to: an array, or for `new Collection(new Values(E))` an object of key → entity. */
export type CollectionValue<E, S> = S extends Values<any> ? Record<string, EntityOf<E>> : EntityOf<E>[];

export class Collection<E extends typeof Entity = typeof Entity, S extends readonly [E] | Values<E> = readonly [E]>
  implements SchemaClass, CollectionLike
{
  /** The list schema (`[Entity]`), or the `Values` schema of a keyed collection. */
  declare readonly schema: S;
  /** @internal The entity of the items. */
  declare readonly _item: E;
  /** @internal Whether the lists are objects of key → entity (a `Values` collection). */
  declare readonly _keyed: boolean;
  readonly #key: string | undefined;
  readonly #isNonFilter: (key: string) => boolean;
  readonly #derived = new Map<string, CollectionAddition<E, S>>();

  constructor(schema: S & (readonly [E] | Values<E>), options: CollectionOptions = {}) {
    this.schema = schema;
    this._keyed = !Array.isArray(schema);
    this._item = (this._keyed ? (schema as Values<E>).schema : (schema as readonly [E])[0]) as E;
    this.#key = options.key;
    const nf = options.nonFilterArgumentKeys;
    this.#isNonFilter =
      nf === undefined
        ? () => false
        : typeof nf === 'function'
          ? nf
          : nf instanceof RegExp
            ? (key) => nf.test(key)
            : (key) => nf.includes(key);
  }

  /** Name of this collection's lists in the store. */
  get key(): string {
    const k = this._item._key;
    return this.#key ?? `Collection(${this._keyed ? `{${k}}` : k})`;
  }

  #derive(mode: CollectionMode): CollectionAddition<E, S> {
    // A keyed collection is assigned to; a list is pushed to.
    if ((mode === 'assign') !== this._keyed && ['assign', 'push', 'unshift'].includes(mode)) {
      throw new Error(`${this.key}: .${mode} needs ${mode === 'assign' ? 'Values' : 'an array'}`);
    }
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

  /**
   * A schema that moves its value between lists: out of the lists whose filters its new
   * values (the request's arguments and the response) no longer match, appended to the
   * lists they now match (a todo reassigned from user `a` to user `b`).
   */
  get move(): CollectionAddition<E, S> {
    return this.#derive('move');
  }

  /**
   * A schema for one page of a list: its items are appended to the list stored for the
   * arguments without the cursor (`removeCursor(...args)`), skipping items already there.
   */
  paginated(removeCursor: (...args: any[]) => readonly unknown[]): CollectionAddition<E, S> {
    return new CollectionAddition(this, 'page', removeCursor);
  }

  /**
   * Schema protocol (CollectionLike): whether a list fetched with `listArgs` takes an item added with `addArgs`:
   * every filter argument of the list must equal the same key of the addition's
   * arguments or of its body.
   */
  accepts(listArgs: readonly unknown[], addArgs: readonly unknown[]): boolean {
    const filters = listArgs[0];
    if (typeof filters !== 'object' || filters === null) return true;
    for (const key in filters) {
      const want = (filters as Record<string, unknown>)[key];
      if (want === undefined || this.#isNonFilter(key)) continue;
      if (!addArgs.some((arg) => matches(arg, key, want))) return false;
    }
    return true;
  }

  /** Schema protocol: stores the list under its args key; the stored form is that key. */
  normalize(value: unknown, ctx: NormalizeContext, path: string): unknown {
    return writeList(
      ctx,
      this,
      'set',
      ctx.args,
      this._keyed
        ? (ctx.visit(this.schema, value, path) as never)
        : normalizeArray(this._item, value, ctx, path, `an array of ${this._item._key}`),
    );
  }

  /** Schema protocol: the list for the args key; missing entities are left out. */
  denormalize(stored: unknown, ctx: DenormalizeContext): CollectionValue<E, S> {
    const list = ctx.list(this, String(stored));
    // (A missing list stays `undefined` through either: no test of its own.)
    return (this._keyed ? ctx.unvisit(this.schema, list) : denormalizeArray(this._item, list, ctx)) as CollectionValue<
      E,
      S
    >;
  }

  /** Schema protocol. */
  queryKey(args: readonly unknown[], ctx: DenormalizeContext): unknown {
    const key = argsKey(listArgs(args));
    return ctx.list(this, key) === undefined ? undefined : key;
  }
}

/** What a derived collection schema does to the lists. */
export type CollectionMode = 'push' | 'unshift' | 'assign' | 'remove' | 'move' | 'page';

/** The schema behind `collection.push`, `.unshift`, `.assign`, `.remove`, `.move` and `.paginated()`. */
export class CollectionAddition<
  E extends typeof Entity = typeof Entity,
  S extends readonly [E] | Values<E> = readonly [E],
> implements SchemaClass
{
  declare readonly collection: Collection<E, S>;
  declare readonly mode: CollectionMode;
  readonly #removeCursor: ((...args: any[]) => readonly unknown[]) | undefined;
  constructor(
    collection: Collection<E, S>,
    mode: CollectionMode,
    removeCursor?: (...args: any[]) => readonly unknown[],
  ) {
    this.collection = collection;
    this.mode = mode;
    this.#removeCursor = removeCursor;
  }
  /** Schema protocol. */
  normalize(value: unknown, ctx: NormalizeContext, path: string): unknown {
    const { _item: item, _keyed: keyed, schema } = this.collection;
    const many = !keyed && Array.isArray(value);
    // A keyed collection takes an object of key → entity; a move there, one entity keyed by its pk.
    let items: any = many
      ? normalizeArray(item, value, ctx, path, 'an array')
      : [ctx.visit(keyed && this.mode !== 'move' ? schema : item, value, path)];
    if (keyed) items = this.mode === 'move' ? { [items[0]]: items[0] } : items[0];
    const strip = this.#removeCursor;
    if (strip !== undefined) return writeList(ctx, this.collection, 'page', strip(...ctx.args), items);
    // A move matches lists by the new values: the arguments and the response.
    ctx.collection(this.collection, {
      mode: this.mode,
      argsKey: '',
      args: this.mode === 'move' && !many ? [...ctx.args, value] : ctx.args,
      items,
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
    if (this.#removeCursor !== undefined) return this.collection.denormalize(stored, ctx) as any;
    const { _item: item, _keyed: keyed, schema } = this.collection;
    return (
      keyed
        ? ctx.unvisit(schema, stored)
        : Array.isArray(stored)
          ? denormalizeArray(item, stored, ctx)
          : ctx.unvisit(item, stored)
    ) as any;
  }
}

/** Stages a write of the whole list of `args` (`set`, `page`); returns its args key. */
function writeList(
  ctx: NormalizeContext,
  collection: CollectionLike,
  mode: 'set' | 'page',
  args: readonly unknown[],
  items: readonly unknown[],
): string {
  const list = listArgs(args);
  const key = argsKey(list);
  ctx.collection(collection, { mode, argsKey: key, args: list, items });
  return key;
}

/** Lists are identified by the URL arguments (the first argument), never by a body. */
function listArgs(args: readonly unknown[]): readonly unknown[] {
  return args.length > 1 ? args.slice(0, 1) : args;
}

function matches(arg: unknown, key: string, want: unknown): boolean {
  if (typeof arg !== 'object' || arg === null || !Object.hasOwn(arg, key)) return false;
  const have = (arg as Record<string, unknown>)[key];
  return have === want || (have !== undefined && have !== null && String(have) === String(want));
}
