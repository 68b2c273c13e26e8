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
import type { CollectionLike, DenormalizeContext, NormalizeContext, SchemaClass } from './types.js';

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
  #push: CollectionAddition | undefined;
  #unshift: CollectionAddition | undefined;

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

  /** A schema that appends its value (one entity or an array) to every matching list. */
  get push(): CollectionAddition {
    return (this.#push ??= new CollectionAddition(this, 'push'));
  }

  /** A schema that prepends its value (one entity or an array) to every matching list. */
  get unshift(): CollectionAddition {
    return (this.#unshift ??= new CollectionAddition(this, 'unshift'));
  }

  /**
   * @internal Whether a list fetched with `listArgs` takes an item added with `addArgs`:
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

  /** @internal Stores the list under its args key; the stored form is that key. */
  normalize(value: unknown, ctx: NormalizeContext, path: string): unknown {
    const items = normalizeArray(this.schema[0], value, ctx, path, `an array of ${this.schema[0]._key}`);
    const args = listArgs(ctx.args);
    const key = argsKey(args);
    ctx.collection(this, { mode: 'set', argsKey: key, args, items });
    return key;
  }

  /** @internal */
  denormalize(stored: unknown, ctx: DenormalizeContext): unknown {
    const list = ctx.list(this, String(stored));
    return list === undefined ? undefined : denormalizeArray(this.schema[0], list, ctx);
  }

  /** @internal */
  queryKey(args: readonly unknown[], ctx: DenormalizeContext): unknown {
    const key = argsKey(listArgs(args));
    return ctx.list(this, key) === undefined ? undefined : key;
  }
}

/** The schema behind `collection.push` / `collection.unshift`. */
export class CollectionAddition implements SchemaClass {
  readonly collection: Collection;
  readonly mode: 'push' | 'unshift';
  constructor(collection: Collection<any>, mode: 'push' | 'unshift') {
    this.collection = collection;
    this.mode = mode;
  }
  /** @internal */
  normalize(value: unknown, ctx: NormalizeContext, path: string): unknown {
    const item = this.collection.schema[0];
    const many = Array.isArray(value);
    const items = many ? normalizeArray(item, value, ctx, path, 'an array') : [ctx.visit(item, value, path)];
    ctx.collection(this.collection, { mode: this.mode, argsKey: '', args: ctx.args, items });
    return many ? items : items[0];
  }
  /** @internal */
  denormalize(stored: unknown, ctx: DenormalizeContext): unknown {
    const item = this.collection.schema[0];
    return Array.isArray(stored) ? denormalizeArray(item, stored, ctx) : ctx.unvisit(item, stored);
  }
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
