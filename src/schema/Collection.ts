/**
 * `new Collection([Entity], options)`: lists of entities, one list per argument set, as
 * in Reactive Data Client. Items added through `push` / `unshift` join every cached list
 * whose filter arguments match; `nonFilterArgumentKeys` names the arguments (such as
 * `orderBy`) that do not filter membership.
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
import { denormalizeArray, normalizeArray } from './visit.js';
import type { CollectionLike, DenormalizeContext, EntityOf, NormalizeContext, SchemaClass } from './types.js';

/** Which argument keys are not filters: a RegExp, a list of names, or a predicate. */
export type NonFilterArgumentKeys = RegExp | readonly string[] | ((key: string) => boolean);

export interface CollectionOptions {
  /** Argument keys that do not filter membership. Default: none. */
  nonFilterArgumentKeys?: NonFilterArgumentKeys;
  /** Name of the lists in the store. Default: `Collection(<entity key>)`. */
  key?: string;
}

export class Collection<E extends typeof Entity = typeof Entity> implements SchemaClass, CollectionLike {
  /** The list schema (`[Entity]`). */
  readonly schema: readonly [E];
  readonly #key: string | undefined;
  readonly #isNonFilter: (key: string) => boolean;
  readonly #derived = new Map<string, CollectionAddition<E>>();

  constructor(schema: readonly [E], options: CollectionOptions = {}) {
    this.schema = schema;
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
    return this.#key ?? `Collection(${this.schema[0]._key})`;
  }

  /** Whether `key` is an argument that does not filter membership. */
  isNonFilterArgument(key: string): boolean {
    return this.#isNonFilter(key);
  }

  #derive(mode: CollectionMode): CollectionAddition<E> {
    let schema = this.#derived.get(mode);
    if (schema === undefined) this.#derived.set(mode, (schema = new CollectionAddition(this, mode)));
    return schema;
  }

  /** A schema that appends its value (one entity or an array) to every matching list. */
  get push(): CollectionAddition<E> {
    return this.#derive('push');
  }

  /** A schema that prepends its value (one entity or an array) to every matching list. */
  get unshift(): CollectionAddition<E> {
    return this.#derive('unshift');
  }

  /** A schema that takes its value (one entity or an array) out of every matching list; the entities are still updated. */
  get remove(): CollectionAddition<E> {
    return this.#derive('remove');
  }

  /**
   * A schema that moves its value between lists: out of the lists whose filters its new
   * values (the request's arguments and the response) no longer match, appended to the
   * lists they now match (a todo reassigned from user `a` to user `b`).
   */
  get move(): CollectionAddition<E> {
    return this.#derive('move');
  }

  /**
   * A schema for one page of a list: its items are appended to the list stored for the
   * arguments without the cursor (`removeCursor(...args)`), skipping items already there.
   */
  paginated(removeCursor: (...args: any[]) => readonly unknown[]): CollectionAddition<E> {
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
    const items = normalizeArray(this.schema[0], value, ctx, path, `an array of ${this.schema[0]._key}`);
    const args = listArgs(ctx.args);
    const key = argsKey(args);
    ctx.collection(this, { mode: 'set', argsKey: key, args, items });
    return key;
  }

  /** Schema protocol: the list for the args key; missing entities are left out. */
  denormalize(stored: unknown, ctx: DenormalizeContext): EntityOf<E>[] {
    const list = ctx.list(this, String(stored));
    return (list === undefined ? undefined : denormalizeArray(this.schema[0], list, ctx)) as EntityOf<E>[];
  }

  /** Schema protocol. */
  queryKey(args: readonly unknown[], ctx: DenormalizeContext): unknown {
    const key = argsKey(listArgs(args));
    return ctx.list(this, key) === undefined ? undefined : key;
  }
}

/** What a derived collection schema does to the lists. */
export type CollectionMode = 'push' | 'unshift' | 'remove' | 'move' | 'page';

/** The schema behind `collection.push`, `.unshift`, `.remove`, `.move` and `.paginated()`. */
export class CollectionAddition<E extends typeof Entity = typeof Entity> implements SchemaClass {
  readonly collection: Collection<E>;
  readonly mode: CollectionMode;
  readonly #removeCursor: ((...args: any[]) => readonly unknown[]) | undefined;
  constructor(collection: Collection<E>, mode: CollectionMode, removeCursor?: (...args: any[]) => readonly unknown[]) {
    this.collection = collection;
    this.mode = mode;
    this.#removeCursor = removeCursor;
  }
  /** Schema protocol. */
  normalize(value: unknown, ctx: NormalizeContext, path: string): unknown {
    const item = this.collection.schema[0];
    const many = Array.isArray(value);
    const items = many ? normalizeArray(item, value, ctx, path, 'an array') : [ctx.visit(item, value, path)];
    const strip = this.#removeCursor;
    if (strip !== undefined) {
      const args = listArgs(strip(...ctx.args));
      ctx.collection(this.collection, { mode: 'page', argsKey: argsKey(args), args, items });
      return argsKey(args);
    }
    // A move matches lists by the new values: the arguments and the response.
    const args = this.mode === 'move' && !many ? [...ctx.args, value] : ctx.args;
    ctx.collection(this.collection, { mode: this.mode, argsKey: '', args, items });
    return many ? items : items[0];
  }
  /**
   * Schema protocol: the added (removed, moved) entity, an array when an array was sent
   * (typed as the usual single item); for a page, the whole list.
   */
  denormalize(stored: unknown, ctx: DenormalizeContext): EntityOf<E> {
    if (this.#removeCursor !== undefined) return this.collection.denormalize(stored, ctx) as unknown as EntityOf<E>;
    const item = this.collection.schema[0];
    return (Array.isArray(stored) ? denormalizeArray(item, stored, ctx) : ctx.unvisit(item, stored)) as EntityOf<E>;
  }
}

/** Lists are identified by the URL arguments (the first argument), never by a body. */
function listArgs(args: readonly unknown[]): readonly unknown[] {
  return args.length > 1 ? args.slice(0, 1) : args;
}

function matches(arg: unknown, key: string, want: unknown): boolean {
  if (typeof arg !== 'object' || arg === null || !(key in arg)) return false;
  const have = (arg as Record<string, unknown>)[key];
  return have === want || (have !== undefined && have !== null && String(have) === String(want));
}
