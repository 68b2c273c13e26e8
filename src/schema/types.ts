/**
 * The protocol every schema shares: `normalize`, `denormalize`, `queryKey`.
 *
 * Schemas know nothing of the store or the network. Normalizing stages writes through a
 * {@link NormalizeContext}; denormalizing reads through a {@link DenormalizeContext}. The
 * store implements both contexts.
 */
import type { Deserializer, Entity } from './Entity.js';

/**
 * Any value accepted where a schema is expected. A member of an object schema may also
 * be a plain value (`nextPage: ''`, kept as it is) or a deserializer
 * (`createdAt: Temporal.Instant.from`, run when read), as in Reactive Data Client.
 */
export type Schema =
  | typeof Entity
  | SchemaClass
  | readonly Schema[]
  | { readonly [key: string]: Schema | Member }
  | undefined;

/** A member of an object schema that is no schema: a plain value kept as it is, or a deserializer run when read. */
export type Member = Deserializer | string | number | boolean | null;

/**
 * A schema object with its own normalize / denormalize. This protocol is public (custom
 * schemas implement it), so its members are never tagged internal: the published `.d.ts`
 * strips internal members, and a class that lost them would no longer be a `Schema` for
 * the app (tools/consumer.mjs checks the packed types). A class's `denormalize` return
 * type is what {@link Denormalize} resolves it to.
 */
export interface SchemaClass {
  /**
   * The stored form of `value`. `parent` and `key` say where it was found (the object
   * holding it and its member name), as Reactive Data Client passes them.
   */
  normalize(value: unknown, ctx: NormalizeContext, path: string, parent?: unknown, key?: string): unknown;
  denormalize(stored: unknown, ctx: DenormalizeContext): unknown;
  /** Stored form to denormalize when the schema is read by arguments; `undefined` when unknown. */
  queryKey?(args: readonly unknown[], ctx: DenormalizeContext): unknown;
  /** @internal What a mutation of this schema resolves with, instead of its denormalized response. */
  _answer?(value: unknown): unknown;
}

/** The subclass type of Entity (the class itself, not an instance). */
export type EntityClass = typeof Entity;

/** A collection list write staged by normalization. */
export interface CollectionWrite {
  /**
   * `set` replaces the list for `argsKey`, `page` appends to it; `push` / `unshift` add to,
   * `remove` takes out of, and `move` moves between every matching list; `assign` merges
   * into every matching keyed list (a Collection of `Values`, whose items are an object
   * of key → pk).
   */
  mode: 'set' | 'page' | 'push' | 'unshift' | 'assign' | 'remove' | 'move';
  argsKey: string;
  /** Arguments the list was fetched with (for `set`) or pushed with (for additions). */
  args: readonly unknown[];
  items: readonly unknown[];
  /**
   * For a `move` of entities: each entity's row (by key and pk), its new values and its
   * items (as `items` holds them); the lists it leaves and joins are chosen by its stored
   * row and these values.
   */
  moves?: readonly { key: string; pk: string | undefined; values: unknown; item: unknown }[];
  /** Adds with this instead of the mode's own merge (`moveWith`). */
  merge?: (existing: any, incoming: any) => any;
}

/** What normalization may stage. Implemented by the store. */
export interface NormalizeContext {
  /** Endpoint or schema name, for error messages. */
  readonly source: string;
  /** Arguments of the request being normalized. */
  readonly args: readonly unknown[];
  /**
   * Stages a normalized row; rows with the same pk in one response merge (later wins).
   * `lent`: the row is the caller's value, copied if the staging keeps it.
   */
  entity(schema: EntityClass, pk: string, row: Record<string, unknown>, lent?: boolean): void;
  /** Stages a row removal. */
  remove(schema: EntityClass, pk: string): void;
  /** Stages a write to a collection's lists. */
  collection(collection: CollectionLike, write: CollectionWrite): void;
  /** @internal The entity whose fields are being normalized (nested Collections use their `nestKey`). */
  _within?: EntityClass | undefined;
  /** Normalizes a nested value with its schema; `parent` holds it under `key`. */
  visit(schema: Schema, value: unknown, path: string, parent?: unknown, key?: string): unknown;
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
  /** @internal A stored list of pks of `schema`, denormalized as `entity` reads each member. */
  _many(schema: EntityClass, pks: readonly unknown[]): unknown[];
  /** @internal Whether the row of `pk` reads as removed (a response removed it), not merely missing. */
  _gone(schema: EntityClass, pk: string): boolean;
  /** @internal A collection's list as read, shared with the last read of the same list while its members are the same. */
  _shareList<T>(collection: CollectionLike, argsKey: string, value: T): T;
  /** @internal An entity given inline (an object, not a pk), its nested entities resolved. */
  _inline(schema: EntityClass, row: Record<string, unknown>): object;
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
 * The data fields of an entity instance (methods left out), for request bodies: every
 * field optional; fields of a primitive type keep it, others (nested entities,
 * deserialized values, and any field named in a literal `static schema`) take their raw
 * form, `unknown`.
 */
export type EntityInput<E> = E extends abstract new (
  ...args: any[]
) => infer I
  ? {
      [K in keyof I as I[K] extends (...args: any[]) => unknown ? never : K]?: K extends SchemaFields<E>
        ? unknown
        : I[K] extends string | number | boolean | bigint | null | undefined
          ? I[K]
          : unknown;
    }
  : never;

/** Names of the fields a literal `static schema` declares (none for an index signature). */
type SchemaFields<E> = E extends { readonly schema: infer F } ? (string extends keyof F ? never : keyof F) : never;

/**
 * The raw value a schema normalizes (what `set` accepts): for an entity its
 * {@link EntityInput} (other keys allowed: `static process` may rename them) or `null`,
 * arrays of it, members of object schemas; `unknown` where the schema does not say
 * (schema classes).
 */
export type Input<S> = S extends abstract new (
  ...args: any[]
) => unknown
  ? (EntityInput<S> & { readonly [key: string]: unknown }) | null
  : S extends readonly (infer I)[]
    ? readonly Input<I>[]
    : S extends { normalize(...args: any[]): unknown }
      ? unknown
      : S extends object
        ? { readonly [K in keyof S]?: Input<S[K]> } & { readonly [key: string]: unknown }
        : unknown;

/**
 * The denormalized type a schema yields: instances for entities, arrays for lists,
 * `process`'s return type for a Query, a schema object's `denormalize` return type,
 * member by member for plain object schemas (a deserializer member gives what it returns,
 * a plain member its own type), as Reactive Data Client types them.
 */
export type Denormalize<S> = S extends abstract new (
  ...args: any[]
) => infer I
  ? I
  : S extends { readonly process: (...args: any[]) => infer R; readonly schema: unknown }
    ? R
    : S extends { denormalize(...args: any[]): infer R }
      ? R
      : S extends readonly (infer I)[]
        ? Denormalize<I>[]
        : S extends (value: any) => infer R
          ? R
          : S extends undefined
            ? unknown
            : S extends object
              ? { -readonly [K in keyof S]: Denormalize<S[K]> }
              : S;
