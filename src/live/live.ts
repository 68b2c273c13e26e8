/**
 * `live(Entity)`: queries over every row of an entity type that are kept incrementally.
 * Builders are immutable (each step returns a new query) and each is a {@link Query}: its
 * `schema` is `All(Entity)` and its `process` computes the result from scratch, which is
 * the definition the incremental result matches. Read through `ctrl.query` / `ctrl.get`,
 * `createQuery`, `useQuery`, or compose: `new Query(adminCount, (n) => n > 0)`.
 *
 * Mounted (on first read, per argument set, held weakly like a view), a live query
 * follows the store's change feed and folds only the rows a commit wrote: O(log n) per
 * written row, whatever the size of the table.
 *
 * @example
 * const adminCount = live(User).where((u) => u.isAdmin).count();
 * const newest = live(Issue).orderBy((i) => i.createdAt, 'desc').limit(50);
 * effect(() => console.log(ctrl.get(adminCount), ctrl.get(newest)?.length));
 */
import { Computed, untracked, type ReadonlySignal } from '@preact/signals-core';
import { All } from '../schema/All.js';
import type { Entity } from '../schema/Entity.js';
import { isEntity } from '../schema/visit.js';
import { Query } from '../schema/Query.js';
import { SchemaError, describe } from '../schema/SchemaError.js';
import type { EntityClass, EntityOf } from '../schema/types.js';
import type { Store } from '../store/Store.js';
import {
  chain,
  count,
  distinct,
  extreme,
  groupBy,
  sum,
  window,
  type MakeTerminal,
  type Step,
  type Terminal,
} from './sinks.js';
import { Sink, Source } from './Source.js';

/** A per-group aggregate of `groupBy`, made by the {@link GroupAggregates} helpers. */
export interface Aggregate<R> {
  /** @internal */
  readonly _make: MakeTerminal<R>;
  /** The value type per group (types only: never set). */
  readonly _value?: R;
}

/** The aggregates a `groupBy` may compute per group. */
export interface GroupAggregates<T, A extends readonly unknown[]> {
  /** Rows in the group. */
  count(): Aggregate<number>;
  /** Sum of `fn` over the group's rows. */
  sum(fn: (item: T, ...args: A) => number): Aggregate<number>;
  /** Mean of `fn` over the group's rows. */
  avg(fn: (item: T, ...args: A) => number): Aggregate<number>;
  /** Smallest `fn` value of the group. */
  min<V>(fn: (item: T, ...args: A) => V): Aggregate<V>;
  /** Largest `fn` value of the group. */
  max<V>(fn: (item: T, ...args: A) => V): Aggregate<V>;
}

/** One group of a `groupBy` result: its key and its aggregates. */
export type Group<K, G> = { readonly key: K } & {
  readonly [N in keyof G]: G[N] extends Aggregate<infer R> ? R : never;
};

const aggregates: GroupAggregates<any, any> = {
  count: () => ({ _make: count }),
  sum: (fn) => ({ _make: sum(fn, false) as MakeTerminal<number> }),
  avg: (fn) => ({ _make: sum(fn, true) as MakeTerminal<number> }),
  min: (fn) => ({ _make: extreme(fn, 1) as MakeTerminal<any> }),
  max: (fn) => ({ _make: extreme(fn, -1) as MakeTerminal<any> }),
};

const identity = (item: unknown) => item;

/** The arguments after a step: those its function declares, else the query's so far. */
export type Args<A extends readonly unknown[], B extends readonly unknown[]> = B extends readonly [] ? A : B;

/** Runs a chain over denormalized entries from scratch: a live query's `process`. */
function run(
  steps: readonly Step[],
  make: MakeTerminal,
  entries: readonly unknown[],
  args: readonly unknown[],
): unknown {
  const term = make(args);
  const push = chain(steps, args, term._push);
  for (let i = 0; i < entries.length; i++) push({ _seq: i }, undefined, entries[i]);
  return term._value();
}

/**
 * A live query yielding `R`, read with arguments `A`. Created by {@link live} and its
 * builder methods; read it like any `Query`.
 */
export class LiveQuery<R, A extends readonly unknown[] = []> extends Query<any, R, A> {
  /** @internal */
  declare readonly _entity: EntityClass;
  /** @internal */
  declare readonly _steps: readonly Step[];
  /** @internal */
  declare readonly _make: MakeTerminal;

  /** @internal */
  constructor(entity: EntityClass, steps: readonly Step[], make: MakeTerminal) {
    super(new All(entity), ((entries: unknown[], ...args: A) => run(steps, make, entries, args)) as any);
    this._entity = entity;
    this._steps = steps;
    this._make = make;
  }

  /** @internal Mounts the query on a store for one argument set (called by the view cache). */
  _mount(store: Store, args: readonly unknown[]): ReadonlySignal<R | undefined> {
    const source = Source._of(store, this._entity);
    const table = source._table;
    let term: Terminal;
    let sink: Sink | undefined;
    // The computed holds the source and its sink; the source holds the sink only weakly.
    return new Computed(() => {
      // Re-run after every write to a watched table (the first one after a flush bumps
      // the tick) and when the type's membership changes (first rows, a reset).
      source._changes._tick.value;
      table._version.value;
      untracked(() => {
        source._changes._flush();
        // A function that threw left the query's state unusable: it is mounted afresh.
        if (sink === undefined || sink._error !== undefined) {
          term = this._make(args);
          source._attach((sink = new Sink(chain(this._steps, args, term._push))));
        }
      });
      if (sink!._error !== undefined) throw sink!._error;
      return table._ever ? (term._value() as R) : undefined;
    });
  }
}

/** Rows of an entity type (filtered, transformed), in store order. */
export class LiveList<T, A extends readonly unknown[] = []> extends LiveQuery<T[], A> {
  /** @internal */
  constructor(entity: EntityClass, steps: readonly Step[]) {
    super(entity, steps, window(undefined, 1, 0, Infinity));
  }

  #step<U, B extends readonly unknown[]>(where: boolean, fn: (item: T, ...args: any[]) => unknown): LiveList<U, B> {
    return new LiveList<U, B>(this._entity, [...this._steps, { where, fn }]);
  }

  #to<R, B extends readonly unknown[]>(make: MakeTerminal<any>): LiveQuery<R, B> {
    return new LiveQuery<R, B>(this._entity, this._steps, make);
  }

  /** Keeps the rows for which `pred(item, ...args)` is truthy. */
  where<B extends readonly unknown[] = A>(pred: (item: T, ...args: B) => unknown): LiveList<T, Args<A, B>> {
    return this.#step(true, pred);
  }

  /** Transforms each row; a result keeps its identity while it is equal. `undefined` leaves the row out. */
  select<U, B extends readonly unknown[] = A>(
    fn: (item: T, ...args: B) => U,
  ): LiveList<Exclude<U, undefined>, Args<A, B>> {
    return this.#step(false, fn);
  }

  /**
   * Sorts by `key(item, ...args)` (ties keep store order); narrow with `offset` / `limit`.
   * @param dir `'asc'` (default) or `'desc'`
   */
  orderBy<B extends readonly unknown[] = A>(
    key: (item: T, ...args: B) => unknown,
    dir: 'asc' | 'desc' = 'asc',
  ): LiveWindow<T, Args<A, B>> {
    return new LiveWindow<T, Args<A, B>>(this._entity, this._steps, key, dir === 'desc' ? -1 : 1, 0, Infinity);
  }

  /** Number of rows. */
  count(): LiveQuery<number, A> {
    return this.#to(count);
  }

  /** Sum of `fn` over the rows (0 when none). */
  sum<B extends readonly unknown[] = A>(fn: (item: T, ...args: B) => number): LiveQuery<number, Args<A, B>> {
    return this.#to(sum(fn, false));
  }

  /** Mean of `fn` over the rows; `undefined` when none. */
  avg<B extends readonly unknown[] = A>(
    fn: (item: T, ...args: B) => number,
  ): LiveQuery<number | undefined, Args<A, B>> {
    return this.#to(sum(fn, true));
  }

  /** Smallest `fn` value; `undefined` when none. */
  min<V, B extends readonly unknown[] = A>(fn: (item: T, ...args: B) => V): LiveQuery<V | undefined, Args<A, B>> {
    return this.#to(extreme(fn, 1));
  }

  /** Largest `fn` value; `undefined` when none. */
  max<V, B extends readonly unknown[] = A>(fn: (item: T, ...args: B) => V): LiveQuery<V | undefined, Args<A, B>> {
    return this.#to(extreme(fn, -1));
  }

  /**
   * Groups rows by `key(item, ...args)`, with aggregates per group:
   * `groupBy((u) => u.team, (g) => ({ members: g.count(), score: g.sum((u) => u.score) }))`.
   * @returns a query of a Map from group key to `{ key, …aggregates }`, in key order
   */
  groupBy<K, G extends Record<string, Aggregate<unknown>>, B extends readonly unknown[] = A>(
    key: (item: T, ...args: B) => K,
    define: (g: GroupAggregates<T, Args<A, B>>) => G,
  ): LiveQuery<ReadonlyMap<K, Group<K, G>>, Args<A, B>> {
    const defs = define(aggregates as GroupAggregates<T, Args<A, B>>);
    const makes: Record<string, MakeTerminal> = {};
    for (const name in defs) makes[name] = defs[name]._make;
    return this.#to(groupBy(key, makes));
  }

  /** The distinct values of `fn` (default: the rows themselves), sorted. */
  distinct<V = T, B extends readonly unknown[] = A>(
    fn: (item: T, ...args: B) => V = identity as any,
  ): LiveQuery<V[], Args<A, B>> {
    return this.#to(distinct(fn));
  }
}

/** A sorted list of rows; `offset` and `limit` make it a window (the top 50 of 100k). */
export class LiveWindow<T, A extends readonly unknown[] = []> extends LiveQuery<T[], A> {
  readonly #key: (item: T, ...args: any[]) => unknown;
  readonly #dir: number;
  readonly #from: number;
  readonly #size: number;

  /** @internal */
  constructor(
    entity: EntityClass,
    steps: readonly Step[],
    key: (item: T, ...args: any[]) => unknown,
    dir: number,
    from: number,
    size: number,
  ) {
    super(entity, steps, window(key, dir, from, size));
    this.#key = key;
    this.#dir = dir;
    this.#from = from;
    this.#size = size;
  }

  /** Skips the first `n` rows of the order. */
  offset(n: number): LiveWindow<T, A> {
    return new LiveWindow<T, A>(this._entity, this._steps, this.#key, this.#dir, n, this.#size);
  }

  /** Keeps at most `n` rows (after `offset`). */
  limit(n: number): LiveWindow<T, A> {
    return new LiveWindow<T, A>(this._entity, this._steps, this.#key, this.#dir, this.#from, n);
  }
}

/**
 * Starts a live query over every cached row of an entity type (as `All(Entity)` does).
 * @param source the entity class, or `new All(Entity)`
 */
export function live<E extends typeof Entity>(source: E): LiveList<EntityOf<E>>;
export function live<E extends typeof Entity>(source: All<E>): LiveList<EntityOf<E>>;
export function live(source: EntityClass | All<any>): LiveList<any> {
  const entity = source instanceof All ? source.schema : source;
  if (!isEntity(entity))
    throw new SchemaError(`live(): expected an Entity class or new All(Entity), got ${describe(source)}`);
  return new LiveList(entity, []);
}
