/**
 * The public types of the Controller's signatures: its options, what `fetch` resolves
 * with, the argument shapes of reads and writes.
 */
import type { EndpointInterface } from '../endpoint/types.js';
import type { Query } from '../schema/Query.js';
import type { Denormalize, EntityInput, Input, Schema } from '../schema/types.js';
import type { DehydratedState } from '../state/hydrate.js';
import type { Manager } from './actions.js';
import type { Timers } from './timers.js';
import type { Trigger } from './triggers.js';

/** Options of `new Controller()`. */
export interface ControllerOptions {
  /** Clock for fetch times and expiry, in ms. Default: `timers.now`. */
  clock?: () => number;
  /**
   * Where polling, timeouts, retries and garbage-collection sweeps are scheduled, and the
   * default clock. Pass fake timers to run a Controller's time in tests. Default: the
   * global `setTimeout` / `setInterval` and `Date.now`.
   */
  timers?: Timers;
  /**
   * Interval in ms between automatic garbage-collection sweeps (see {@link Controller.gc});
   * `0` turns them off (tests call `gc()` themselves). The sweep timer never keeps a Node
   * process alive. Default: `300000` (5 minutes).
   */
  gcInterval?: number;
  /**
   * The managers whose middlewares see every action of this Controller, in this order
   * (see `Manager`); `ctrl.cleanup()` cleans them up. Default: `getDefaultManagers({ focus,
   * online })` — polling of subscribed keys and the focus / network triggers. An app that
   * lists its own keeps the defaults with `[...getDefaultManagers(), mine]`.
   */
  managers?: readonly Manager[];
  /**
   * Tells the Controller when the page is focused (`notify(true)`) or hidden
   * (`notify(false)`). On focus every subscribed (mounted) key whose data is stale
   * refetches; while hidden, polling pauses. `false` turns it off. Default: the browser's
   * `visibilitychange` and `focus` events on `window`; none where there is no `window`.
   * Used by the default managers (no `managers` option): see `TriggerManager`.
   */
  focus?: Trigger | false;
  /**
   * Tells the Controller when the network is back (`notify(true)`) or gone
   * (`notify(false)`); like `focus`: refetch of stale mounted data, polling paused while
   * offline. `false` turns it off. Default: `online` / `offline` on `window`; none without one.
   * Used by the default managers (no `managers` option): see `TriggerManager`.
   */
  online?: Trigger | false;
  /**
   * Runs an endpoint. Default: `(endpoint, args) => endpoint.fetch(...args)`. Replace it to
   * route every request through one place (auth refresh, logging, a test double).
   */
  fetch?: (endpoint: EndpointInterface, args: readonly unknown[]) => Promise<unknown>;
  /**
   * Receives what a reader (an `effect`, a component) threw while it re-ran after a write
   * of this Controller. A reader's error never fails the fetch or the write that made it
   * re-run. Default: `console.error`.
   */
  onError?: (error: unknown) => void;
  /**
   * A dehydrated state (`dehydrate(ctrl)` of signal-cache/ssr, usually from the server
   * through JSON) to start from: rows, lists and responses with their fetch times, so
   * fresh data is read without a request. No entity classes are needed: fields stored in
   * their JSON form (`Date`, `Decimal`) are deserialized by the class that first reads
   * their rows. A state that `hydrate` refuses does not throw: its `HydrationError` goes
   * to `onError` and the Controller starts empty.
   */
  initialState?: DehydratedState | undefined;
}

/**
 * The value `ctrl.fetch(endpoint)` resolves with: denormalized through the endpoint's
 * schema, or the fetched (`process`ed) value when it has none (or its schema type is not
 * known).
 */
export type ResolveType<E extends EndpointInterface> = [E['schema']] extends [undefined]
  ? Awaited<ReturnType<E['fetch']>>
  : Schema extends E['schema']
    ? Awaited<ReturnType<E['fetch']>>
    : Denormalize<E['schema']>;

/**
 * The updater form of a `set` value: the current value (`undefined` when not cached) to
 * the new one. Declared as a method so that an updater typed `(prev: User) => …` fits.
 */
export type Updater<S> = { bivariant(prev: Denormalize<S> | undefined): Input<S> }['bivariant'];

/** Anything `query` / `get` accept. */
export type Queryable = Schema | Query<any, any, any>;

/**
 * Arguments of a Query read: those its `process` declares; any when it declares none
 * (the args may still select rows, as in a join by `product_id`).
 */
export type QueryArgs<A extends readonly unknown[]> = A extends readonly [] ? readonly unknown[] : A;

/**
 * Which cached responses `invalidateAll` / `expireAll` touch: `{ testKey }` as in Reactive
 * Data Client, or the key test itself.
 */
export type KeyFilter = { testKey(key: string): boolean } | ((key: string) => boolean);

/**
 * Arguments of a read of `Q`: an entity's fields (`ctrl.get(User, { id: '1' })`: its pk
 * fields or an indexed field) or its pk (`ctrl.get(User, '1')`), a `Query`'s `process`
 * arguments, else any.
 */
export type ArgsOf<Q> = Q extends abstract new (
  ...args: any[]
) => unknown
  ? readonly [args?: EntityInput<Q> | string | number | null]
  : Q extends Query<any, any, infer A>
    ? QueryArgs<A>
    : readonly unknown[];

/**
 * `[...args, last]`: the arguments of an endpoint call followed by one more value, with
 * optional arguments left out or given (`setResponse(getUsers, users)`).
 */
export type WithLast<A extends readonly unknown[], V> = number extends A['length']
  ? [...A, V]
  : A extends readonly []
    ? [value: V]
    : A extends readonly [infer H, ...infer T]
      ? [H, ...WithLast<T, V>]
      : A extends readonly [(infer H)?, ...infer T]
        ? [value: V] | [Exclude<H, undefined>, ...WithLast<T, V>]
        : [...A, V];
