/**
 * Views: computed signals over the tables, created on first read and cached per
 * (schema, args key) — or per endpoint key for responses — so equal arguments give the
 * same signal (DESIGN rule 8).
 *
 * The cache holds views weakly: while anything (a reader, a component, a variable)
 * references a view, reading it again returns the same signal, subscriber or not; once
 * nothing does, the garbage collector reclaims it and a FinalizationRegistry drops its
 * entry.
 */
import { Computed, type ReadonlySignal } from '@preact/signals-core';
import { Query } from '../schema/Query.js';
import type { EntityClass, Schema } from '../schema/types.js';
import { SchemaError, describe } from '../schema/SchemaError.js';
import { denormalizeValue, entitiesOf, joined, plainOf, queryKeyOf } from '../schema/visit.js';
import { argsKey, idOf } from '../util/argsKey.js';
import { share } from './share.js';
import type { Meta, Store, Table } from './Store.js';
import { Walker } from './Walker.js';

/** What a live query (signal-cache/live) adds to a `Query`. */
interface Mountable {
  _mount?(store: Store, args: readonly unknown[]): ReadonlySignal<unknown>;
}

/** @internal Weakly held views of one store. */
export class Views {
  readonly #store: Store;
  readonly #views = new Map<string, WeakRef<ReadonlySignal<unknown>>>();
  // A key may have been taken again by a newer view since: drop it only when reclaimed.
  readonly #registry = new FinalizationRegistry<string>((key) => {
    if (this.#views.get(key)?.deref() === undefined) this.#views.delete(key);
  });

  /**
   * Recomputations of each view by key while someone counts them (signal-cache/devtools
   * sets a map); `undefined`, the default, counts nothing and costs a field check per run.
   */
  declare _runs: Map<string, number> | undefined;

  constructor(store: Store) {
    this.#store = store;
  }

  /** The views by key, held weakly (signal-cache/devtools lists them). */
  get _all(): ReadonlyMap<string, WeakRef<ReadonlySignal<unknown>>> {
    return this.#views;
  }

  /** Counts a run of the view under `key` while runs are counted. */
  #ran(key: string): void {
    this._runs?.set(key, (this._runs.get(key) ?? 0) + 1);
  }

  /** Number of live view entries (for tests and memory checks). */
  get _size(): number {
    return this.#views.size;
  }

  /** The view cached under `key`, or `undefined`: one Map lookup, no closure (the hot path of every render). */
  #found(key: string): ReadonlySignal<any> | undefined {
    return this.#views.get(key)?.deref();
  }

  /** Caches `view` under `key` (held weakly) and returns it. */
  #keep<T>(key: string, view: ReadonlySignal<T>): ReadonlySignal<T> {
    this.#views.set(key, new WeakRef(view));
    this.#registry.register(view, key);
    return view;
  }

  /** The view of a queryable schema (Entity, All, Collection, Union, object, Query) by args. */
  query(schema: Schema | Query, args: readonly unknown[]): ReadonlySignal<unknown> {
    expectSchema('get/query', schema);
    const key = `\0${idOf(schema as object)}|${argsKey(args)}`;
    return (
      this.#found(key) ??
      this.#keep(
        key,
        // A live query (signal-cache/live) mounts its own incremental state on the store.
        (schema as Mountable)._mount?.(this.#store, args) ??
          (schema instanceof Query ? this.#queryView(key, schema, args) : this.#schemaView(key, schema, args)),
      )
    );
  }

  /**
   * The view of an endpoint response by its key. Until the key has a response, it reads
   * what its schema finds by its args, as Reactive Data Client's `queryKey` does: the row
   * an Entity endpoint's args name, a Collection's list for the args, wherever they came
   * from (a list, another endpoint); with a member not found, nothing.
   * It looks the key's cell up on every computation, so a cell that garbage collection
   * dropped (it is written once more, which wakes the view) is replaced by a fresh, empty
   * one on the next read.
   */
  response(key: string, schema: Schema, args: readonly unknown[]): ReadonlySignal<unknown> {
    const store = this.#store;
    return (
      this.#found(key) ??
      this.#keep(
        key,
        this.#denormalizing(key, schema, args, (walker) => {
          const stored = store._result(key, true)._sig.value;
          if (stored !== undefined) return stored;
          walker._free = true;
          const found = withPlain(queryKeyOf(schema, args, walker), plainOf(schema));
          return complete(found) ? found : undefined;
        }),
      )
    );
  }

  /** The meta of an endpoint key, looked up like {@link response}. */
  meta(key: string): ReadonlySignal<Meta> {
    const store = this.#store;
    const id = `\u0001${key}`;
    return this.#found(id) ?? this.#keep(id, new Computed(() => store._result(key, true)._meta.value));
  }

  #queryView(key: string, query: Query, args: readonly unknown[]): ReadonlySignal<unknown> {
    const source = this.query(query.schema, args);
    let prev: unknown;
    return new Computed(() => {
      this.#ran(key);
      const entries = source.value;
      return (prev = entries === undefined ? undefined : share(prev, query.process(entries, ...args)));
    });
  }

  #schemaView(key: string, schema: Schema, args: readonly unknown[]): ReadonlySignal<unknown> {
    return this.#denormalizing(
      key,
      schema,
      args,
      (walker) => {
        walker._free = true;
        return queryKeyOf(schema, args, walker);
      },
      true,
    );
  }

  /**
   * A computed that denormalizes what `storedOf` finds (nothing when `undefined`) with a
   * fresh walker, and shares structure with its last value. A `join` (an object schema
   * read by args) of which no member is cached has no data.
   */
  #denormalizing(
    key: string,
    schema: Schema,
    args: readonly unknown[],
    storedOf: (walker: Walker) => unknown,
    join?: boolean,
  ): ReadonlySignal<unknown> {
    const store = this.#store;
    let prev: unknown;
    // The entity classes the schema reaches, and those whose tables the next walk follows.
    let classes: EntityClass[] | undefined;
    let follow: EntityClass[] | undefined;
    return new Computed(() => {
      this.#ran(key);
      const walker = new Walker(store, args);
      // (A table dropped since is no longer followed: its rows are read one by one.)
      if (follow !== undefined)
        walker._followed = follow = follow.filter((entity) => {
          const table = tableOf(store, entity);
          table?._version.value;
          table?._written.value;
          return table !== undefined;
        });
      try {
        const stored = storedOf(walker);
        const value = stored === undefined ? undefined : denormalizeValue(schema, stored, walker);
        // A view that reads at least half of the rows of the tables its schema reaches follows
        // those tables, as a view of `All` does: two signals per table stand for a signal per
        // row, and a write to another of their rows re-checks the view's objects, which keep
        // their identity (so its readers do not run).
        // (A small view is not weighed: it stays row by row.)
        const reads = walker._reads;
        if (reads < FOLLOW_FROM) follow = undefined;
        else {
          classes ??= [...entitiesOf(schema)];
          let rows = 0;
          const held = classes.filter((entity) => {
            const size = tableOf(store, entity)?._cells.size;
            rows += size ?? 0;
            return size !== undefined;
          });
          follow = rows <= 2 * reads ? held : undefined;
        }
        return (prev = share(prev, join ? joined(schema, value) : value));
      } catch (error) {
        walker._abort();
        throw error;
      }
    });
  }
}

/** Rows a view reads before it may follow its tables instead of each row (a small view stays row by row). */
const FOLLOW_FROM = 64;

/** The table of an entity class, if the store has one (a class whose `key` throws has none). */
function tableOf(store: Store, entity: EntityClass): Table | undefined {
  try {
    return store._tables.get(entity.key);
  } catch {
    return undefined;
  }
}

/** What a schema found by args, with its plain members (`plainOf`) where it found nothing. */
function withPlain(found: unknown, plain: unknown): unknown {
  if (typeof plain !== 'object' || plain === null) return found ?? plain;
  const out: Record<string, unknown> = {};
  for (const key in plain)
    out[key] = withPlain(
      (found as Record<string, unknown> | undefined)?.[key],
      (plain as Record<string, unknown>)[key],
    );
  return out;
}

/**
 * Whether what a schema found by args answers every member (Reactive Data Client's
 * `validateQueryKey`): a response inferred with a member missing is no response.
 */
function complete(found: unknown): boolean {
  return (
    found !== undefined &&
    (typeof found !== 'object' || found === null || Array.isArray(found) || Object.values(found).every(complete))
  );
}

/**
 * @internal Throws a `SchemaError` naming `source` when `schema` is no schema (`undefined`,
 * a string such as an entity's key, a number): what `get`, `query` and `set` take.
 */
export function expectSchema(source: string, schema: unknown): void {
  if (schema === null || (typeof schema !== 'object' && typeof schema !== 'function')) {
    throw new SchemaError(
      (typeof process < 'u' ? process.env.NODE_ENV : 'production') !== 'production'
        ? `${source}: expected a schema (an Entity class, All, Collection, Union, Values, Query, an object or an array), got ${describe(schema)}`
        : `${source}: expected a schema`,
    );
  }
}
