/**
 * The protocol every schema shares: `normalize`, `denormalize`, `queryKey`.
 *
 * Schemas know nothing of the store or the network. Normalizing stages writes through a
 * {@link NormalizeContext}; denormalizing reads through a {@link DenormalizeContext}. The
 * store implements both contexts.
 */
import type { Entity } from './Entity.js';

/** Any value accepted where a schema is expected. */
export type Schema =
  | typeof Entity
  | SchemaClass
  | readonly Schema[]
  | { readonly [key: string]: Schema }
  | undefined;

/** A schema object with its own normalize / denormalize. */
export interface SchemaClass {
  normalize(value: unknown, ctx: NormalizeContext, path: string): unknown;
  denormalize(stored: unknown, ctx: DenormalizeContext): unknown;
  /** Stored form to denormalize when the schema is read by arguments; `undefined` when unknown. */
  queryKey?(args: readonly unknown[], ctx: DenormalizeContext): unknown;
}

/** The subclass type of Entity (the class itself, not an instance). */
export type EntityClass = typeof Entity;

/** A collection list write staged by normalization. */
export interface CollectionWrite {
  /**
   * `set` replaces the list for `argsKey`, `page` appends to it; `push` / `unshift` add to,
   * `remove` takes out of, and `move` moves between every matching list.
   */
  mode: 'set' | 'page' | 'push' | 'unshift' | 'remove' | 'move';
  argsKey: string;
  /** Arguments the list was fetched with (for `set`) or pushed with (for additions). */
  args: readonly unknown[];
  items: readonly unknown[];
}

/** What normalization may stage. Implemented by the store. */
export interface NormalizeContext {
  /** Endpoint or schema name, for error messages. */
  readonly source: string;
  /** Arguments of the request being normalized. */
  readonly args: readonly unknown[];
  /** Stages a normalized row; rows with the same pk in one response merge (later wins). */
  entity(schema: EntityClass, pk: string, row: Record<string, unknown>): void;
  /** Stages a row removal. */
  remove(schema: EntityClass, pk: string): void;
  /** Stages a write to a collection's lists. */
  collection(collection: CollectionLike, write: CollectionWrite): void;
  /** Normalizes a nested value with its schema. */
  visit(schema: Schema, value: unknown, path: string): unknown;
}

/** What denormalization may read. Implemented by the store; reads are tracked. */
export interface DenormalizeContext {
  /** Arguments of the view being computed. */
  readonly args: readonly unknown[];
  /** Denormalizes a nested stored value with its schema. */
  unvisit(schema: Schema, stored: unknown): unknown;
  /** The denormalized entity for a pk, or `undefined` when it is not cached. */
  entity(schema: EntityClass, pk: string): unknown;
  /**
   * Every cached row of an entity type, denormalized, in first-stored order; `undefined`
   * when no row of it was ever stored. Subscribes to membership.
   */
  all(schema: EntityClass): unknown[] | undefined;
  /** The pk of the row whose indexed `field` holds `value`, or `undefined`; tracked. */
  index(schema: EntityClass, field: string, value: unknown): string | undefined;
  /** The stored list of a collection for an args key, or `undefined` when not cached. */
  list(collection: CollectionLike, argsKey: string): readonly unknown[] | undefined;
}

/** What the store needs to know of a Collection. */
export interface CollectionLike {
  /** Identity of the collection's lists in the store. */
  readonly key: string;
  /** Whether a list fetched with `listArgs` takes an item added with `addArgs`. */
  accepts(listArgs: readonly unknown[], addArgs: readonly unknown[]): boolean;
}

/** Instance type of an Entity class (abstract or not). */
export type EntityOf<E> = E extends abstract new (...args: any[]) => infer I ? I : never;

/**
 * The denormalized type a schema yields: instances for entities, arrays for lists,
 * `process`'s return type for a Query, member by member for object schemas.
 */
export type Denormalize<S> = S extends abstract new (...args: any[]) => infer I
  ? I
  : S extends { readonly process: (...args: any[]) => infer R; readonly schema: unknown }
    ? R
    : S extends { readonly schema: readonly [infer E] }
      ? EntityOf<E>[]
      : S extends { readonly schema: infer E; queryKey(...args: any[]): unknown } & { normalize(...args: any[]): unknown }
        ? E extends abstract new (...args: any[]) => infer I
          ? I[]
          : any
        : S extends readonly (infer I)[]
          ? Denormalize<I>[]
          : S extends undefined
            ? unknown
            : S extends { normalize(...args: any[]): unknown }
              ? any
              : S extends object
                ? { -readonly [K in keyof S]: Denormalize<S[K]> | undefined }
                : unknown;
