/**
 * Controller: the one writer of the cache. It runs endpoints, normalizes their responses
 * into the signal tables (one batch per response), keeps per-key meta (fetch time,
 * expiry, errors), deduplicates identical requests in flight, orders responses by fetch
 * start, and hands out views.
 *
 * Reading comes in pairs: a signal (`query`, `response`, `meta`) and its current value
 * (`get`, `getResponse`, `getMeta`; `getError` is `meta().value.error`). Methods may be
 * destructured: `const { fetch } = ctrl`.
 *
 * @example
 * const ctrl = new Controller();
 * await ctrl.fetch(getUsers);
 * effect(() => console.log(ctrl.get(userCount, { isAdmin: true })));
 */
import { Computed, Signal, batch, untracked, type ReadonlySignal } from '@preact/signals-core';
import type { EndpointInterface } from '../endpoint/types.js';
import type { Query } from '../schema/Query.js';
import { SchemaError } from '../schema/SchemaError.js';
import type { Denormalize, Input, Schema } from '../schema/types.js';
import { denormalizeValue, isEntity, normalizeRoot } from '../schema/visit.js';
import { sweep } from '../store/gc.js';
import { resetStore } from '../store/reset.js';
import { Staging } from '../store/Staging.js';
import { Store, type Meta, type ResultCell } from '../store/Store.js';
import { Views } from '../store/Views.js';
import { Walker } from '../store/Walker.js';
import { equalValue } from '../util/equal.js';
import { describeThrown, errorPolicy, isAbort, TimeoutError } from './errors.js';
import { applyOptimistic } from './optimistic.js';
import { Polling } from './Polling.js';
import { systemTimers, type TimerHandle, type Timers } from './timers.js';
import { focusTrigger, onlineTrigger, type Trigger } from './triggers.js';

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
   * Tells the Controller when the page is focused (`notify(true)`) or hidden
   * (`notify(false)`). On focus every subscribed (mounted) key whose data is stale
   * refetches; while hidden, polling pauses. `false` turns it off. Default: the browser's
   * `visibilitychange` and `focus` events on `window`; none where there is no `window`.
   */
  focus?: Trigger | false;
  /**
   * Tells the Controller when the network is back (`notify(true)`) or gone
   * (`notify(false)`); like `focus`: refetch of stale mounted data, polling paused while
   * offline. `false` turns it off. Default: `online` / `offline` on `window`; none without one.
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

/** Arguments of a read of `Q`: a `Query`'s `process` arguments, else any. */
export type ArgsOf<Q> = Q extends abstract new (
  ...args: any[]
) => unknown
  ? readonly unknown[]
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

/** Default freshness of a response, in ms. */
const DEFAULT_DATA_EXPIRY = 60_000;
/** Default time an error is kept before a read retries, in ms. */
const DEFAULT_ERROR_EXPIRY = 1_000;
/** Default interval between garbage-collection sweeps, in ms. */
const DEFAULT_GC_INTERVAL = 300_000;

/** Clears the sweep timer of a collected Controller (see sweepEvery). */
const sweeps = new FinalizationRegistry<() => void>((stop) => stop());

/**
 * Sweeps `ctrl` every `every` ms while something else holds it: the timer holds the
 * Controller only weakly (a Controller made per server request is freed with its request)
 * and is cleared once it is collected, by the finalizer (a server making a Controller per
 * request keeps no timer per past request), or else by the next tick. `unref`: the sweep
 * never keeps a Node process alive (browsers and fake timers have none).
 */
function sweepEvery(ctrl: Controller, timers: Timers, every: number): void {
  const ref = new WeakRef(ctrl);
  const stop = () => timers.clearInterval(handle);
  // `gc()` returns a count, never nullish: `??` clears the timer only once `ref` is empty.
  const handle = timers.setInterval(() => ref.deref()?.gc() ?? stop(), every) as { unref?(): void };
  handle?.unref?.();
  sweeps.register(ctrl, stop);
}

/** A key shown on screen: what to refetch it with, and its expiry watch. */
interface Mounted {
  endpoint: EndpointInterface;
  args: readonly unknown[];
  count: number;
  stop: () => void;
  timer: TimerHandle;
}

export class Controller {
  readonly #store = new Store();
  readonly #views = new Views(this.#store);
  readonly #clock: () => number;
  readonly #run: (endpoint: EndpointInterface, args: readonly unknown[]) => Promise<unknown>;
  readonly #onError: (error: unknown) => void;
  /** Fetch start counter: orders responses (two clock reads can return the same ms). */
  #stamp = 0;
  /** Stamp of the last `resetEntireStore`: requests started before it write nothing. */
  #reset = 0;
  readonly #inflight = new Map<string, Promise<unknown>>();
  /** Bumped whenever `#inflight` changes: what `isFetching` readers track. */
  readonly #flights = new Signal(0);
  readonly #mounted = new Map<string, Mounted>();
  /** Mounted keys to refetch at the end of the task (see `#refetch`). */
  readonly #due = new Set<string>();
  readonly #timers: Timers;
  readonly #polling: Polling;
  /** Errors a suspense read threw to an error boundary (see `_suspense`). */
  readonly #shown = new WeakSet<Error>();
  /** The triggers whose last report was "hidden" or "offline": polling pauses while any is. */
  readonly #away = new Set<string>();

  constructor(options: ControllerOptions = {}) {
    const timers = (this.#timers = options.timers ?? systemTimers);
    this.#clock = options.clock ?? (timers.now ? () => timers.now!() : Date.now);
    this.#polling = new Polling(timers, () => this.#away.size > 0);
    this.#listen('focus', options.focus ?? focusTrigger());
    this.#listen('online', options.online ?? onlineTrigger());
    const every = options.gcInterval ?? DEFAULT_GC_INTERVAL;
    if (every > 0) sweepEvery(this, timers, every);
    this.#run = options.fetch ?? ((endpoint, args) => endpoint.fetch(...args));
    this.#onError = options.onError ?? ((error) => console.error(error));
    bindMethods(this);
  }

  //#region network

  /**
   * Runs the endpoint and stores its response. Identical GETs in flight share one
   * request; mutations never do.
   * @returns the denormalized response (the processed value when the schema is undefined)
   */
  fetch<E extends EndpointInterface>(endpoint: E, ...args: Parameters<E['fetch']>): Promise<ResolveType<E>> {
    let key: string;
    try {
      key = endpoint.key(...args);
    } catch (error) {
      return Promise.reject(error);
    }
    if (!endpoint.sideEffect) {
      const pending = this.#inflight.get(key);
      if (pending !== undefined) return pending as Promise<ResolveType<E>>;
    }
    // Stamped and registered synchronously, before anything awaits.
    const stamp = ++this.#stamp;
    if (endpoint.getOptimisticResponse !== undefined && endpoint.sideEffect) {
      try {
        applyOptimistic(
          this.#store,
          (schema, a) => this.#views.query(schema, a).peek(),
          endpoint,
          args,
          stamp,
          this.#clock(),
        );
      } catch (error) {
        return Promise.reject(error);
      }
    }
    const promise = this.#request(endpoint, args, key, stamp);
    if (!endpoint.sideEffect) {
      this.#inflight.set(key, promise);
      this.#flights.value++;
      const clear = () => {
        if (this.#inflight.get(key) === promise) this.#inflight.delete(key);
        this.#flights.value++;
      };
      promise.then(clear, clear);
    }
    return promise as Promise<ResolveType<E>>;
  }

  /**
   * Fetches only when the response is missing, stale or invalidated; otherwise resolves
   * with the cached value. While an error of the key is current (see `isStale`) and no
   * fetch is due, rejects with that error instead of fetching again.
   */
  fetchIfStale<E extends EndpointInterface>(endpoint: E, ...args: Parameters<E['fetch']>): Promise<ResolveType<E>> {
    let key: string;
    try {
      key = endpoint.key(...args);
    } catch (error) {
      return Promise.reject(error);
    }
    if (!endpoint.sideEffect && !this.#isStale(key, endpoint, args)) {
      const error = this.#freshError(key);
      if (error !== undefined) return Promise.reject(error);
      return Promise.resolve(this.#views.response(key, endpoint.schema, args).peek() as ResolveType<E>);
    }
    return this.fetch(endpoint, ...args);
  }

  /**
   * Whether a read of this endpoint and args would fetch: the response is missing, expired
   * or invalidated, and no error of it is current (an error stays current for the
   * endpoint's `errorExpiryLength`, so a failing endpoint is not refetched on every read).
   */
  isStale<E extends EndpointInterface>(endpoint: E, ...args: Parameters<E['fetch']>): boolean {
    return this.#isStale(endpoint.key(...args), endpoint, args);
  }

  /**
   * Whether a GET of the endpoint and args is in flight; tracked inside an effect (a
   * reader re-runs when it starts or settles).
   */
  isFetching<E extends EndpointInterface>(endpoint: E, ...args: Parameters<E['fetch']>): boolean {
    this.#flights.value;
    return this.#inflight.has(endpoint.key(...args));
  }

  /**
   * Stale: missing, expired or invalidated — unless an error is still current. A response
   * whose entity is gone (deleted) is missing. An Entity endpoint never fetched is fresh
   * while a response that stored its row vouches for the row (`Cell._exp`).
   */
  #isStale(key: string, endpoint: EndpointInterface, args: readonly unknown[]): boolean {
    const result = this.#store._results.get(key);
    const meta = result?._meta.peek();
    const now = this.#clock();
    if (meta?.error !== undefined && now < meta.errorExpiresAt) return false;
    if (meta?.invalidated) return true;
    if (result?._sig.peek() === undefined) {
      const schema = endpoint.schema;
      if (!isEntity(schema)) return true;
      const cell = this.#store._tables.get(schema._key)?._cells.get(String(schema.queryKey(args)));
      return cell?.peek() === undefined || now >= cell._exp.t;
    }
    return (
      now >= meta!.expiresAt || untracked(() => this.#views.response(key, endpoint.schema, args).value) === undefined
    );
  }

  /**
   * @internal What a suspense read of the endpoint does now: throw the returned error (a
   * current error when the data is missing, or a hard one — see `errorPolicy`), suspend on
   * a fetch (`true`: no data, or stale data with `invalidIfStale`), or show the data.
   *
   * With `throws` (Solid) the error is thrown rather than returned, once: a later read of
   * the same error is a new mount after the error boundary showed it (its reset), so it
   * suspends instead while {@link _load} refetches at once.
   */
  _suspense(endpoint: EndpointInterface, args: readonly unknown[], throws?: 1): Error | boolean {
    const key = endpoint.key(...args);
    const missing =
      this.#views.response(key, endpoint.schema, args).peek() === undefined ||
      (!!endpoint.invalidIfStale && this.#isStale(key, endpoint, args));
    const error = this.#freshError(key);
    if (!error || (!missing && (endpoint.errorPolicy ?? errorPolicy)(error) !== 'hard')) return missing;
    if (!throws) return error;
    if (this.#shown.has(error)) return true;
    this.#shown.add(error);
    throw error;
  }

  /**
   * @internal The request of a suspense read: `fetchIfStale` (a current error rejects
   * without a request), except after the error was shown (a retry), which fetches at once.
   */
  _load(endpoint: EndpointInterface, args: readonly unknown[]): Promise<unknown> {
    const error = this.#freshError(endpoint.key(...args));
    return error && this.#shown.has(error) ? this.fetch(endpoint, ...args) : this.fetchIfStale(endpoint, ...args);
  }

  /** @internal A signal of the key's last error alone: suspense bindings re-render when it changes. */
  _error(endpoint: EndpointInterface, args: readonly unknown[]): ReadonlySignal<Error | undefined> {
    const meta = this.meta(endpoint, ...args);
    return new Computed(() => meta.value.error);
  }

  /** The key's last error while it is current (before `errorExpiryLength` passed). */
  #freshError(key: string): Error | undefined {
    const meta = this.#store._results.get(key)?._meta.peek();
    return meta?.error !== undefined && this.#clock() < meta.errorExpiresAt ? meta.error : undefined;
  }

  async #request(endpoint: EndpointInterface, args: readonly unknown[], key: string, stamp: number): Promise<unknown> {
    let value: unknown;
    for (let attempt = 0; ; attempt++) {
      try {
        value = await this.#send(endpoint, args);
        break;
      } catch (error) {
        // An abort is the caller's choice, not a failure of the key: nothing is recorded.
        if (isAbort(error)) {
          this.#store._layers.get(stamp)?._drop();
          throw error;
        }
        // A soft failure of a GET is retried `retry` times, waiting 1 s, 2 s, 4 s … (at most 30 s).
        if (
          endpoint.sideEffect ||
          attempt >= (endpoint.retry ?? 0) ||
          !(error instanceof Error) ||
          (endpoint.errorPolicy ?? errorPolicy)(error) === 'hard'
        ) {
          throw this.#fail(endpoint, key, error, stamp);
        }
        await new Promise<void>((resolve) =>
          this.#timers.setTimeout(resolve, endpoint.retryDelay?.(attempt) ?? Math.min(1000 * 2 ** attempt, 30_000)),
        );
      }
    }
    return this.#write(endpoint, args, key, value, stamp, true);
  }

  /**
   * Runs the endpoint, racing its `signal` and `timeout`: an abort (rejecting with the
   * signal's reason, an `AbortError` unless another reason was given) or a timeout rejects
   * at once (so the key is free for the next fetch) even when the request ignores the
   * signal, and its late answer is never written. The endpoint runs with a signal that
   * aborts on either (`this.signal` inside its fetch).
   */
  #send(endpoint: EndpointInterface, args: readonly unknown[]): Promise<unknown> {
    const { signal, timeout } = endpoint;
    if (signal === undefined && !timeout) return this.#run(endpoint, args);
    const ac = new AbortController();
    const abort = () => ac.abort(signal!.reason);
    let timer: TimerHandle;
    return new Promise((resolve, reject) => {
      ac.signal.onabort = () => reject(ac.signal.reason);
      if (signal?.aborted) return abort();
      signal?.addEventListener('abort', abort);
      if (timeout) {
        timer = this.#timers.setTimeout(
          () => ac.abort(new TimeoutError(`${endpoint.name} timed out after ${timeout} ms`)),
          timeout,
        );
      }
      this.#run(Object.create(endpoint, { signal: { value: ac.signal } }), args).then(resolve, reject);
    }).finally(() => {
      signal?.removeEventListener('abort', abort);
      this.#timers.clearTimeout(timer);
    });
  }

  /**
   * Normalizes a response completely, then writes it in one batch, as one transaction:
   * when anything after the first write throws (with `read`, the first read of the
   * response), every write is undone and the error is recorded as the fetch's failure.
   * @returns the denormalized response with `read`, else its stored form
   */
  #write(
    endpoint: EndpointInterface,
    args: readonly unknown[],
    key: string,
    value: unknown,
    stamp: number,
    read = false,
  ): unknown {
    if (stamp <= this.#reset) throw new Error(`${endpoint.name}: dropped by resetEntireStore`);
    const staging = new Staging(endpoint.name, args);
    const store = this.#store;
    const schema = endpoint.schema;
    let normalized: unknown;
    try {
      normalized = normalizeRoot(schema, value, staging);
    } catch (error) {
      throw this.#fail(endpoint, key, error, stamp);
    }
    const now = this.#clock();
    const expiresAt = now + (endpoint.dataExpiryLength ?? DEFAULT_DATA_EXPIRY);
    let out: unknown = normalized;
    let failed = false;
    this.#batch(() => {
      try {
        out = store._transact(() => {
          store._commit(staging, stamp, expiresAt);
          // Responses are kept by key, unless the endpoint retains nothing.
          const result = !endpoint.sideEffect && endpoint.dataExpiryLength !== 0 ? store._result(key) : undefined;
          if (result !== undefined && stamp >= result._stamp) {
            store._save(result);
            result._stamp = stamp;
            result._schema = schema;
            result._args = args;
            if (!equalValue(result._sig.peek(), normalized)) result._sig.value = normalized;
            result._meta.value = {
              fetchedAt: now,
              expiresAt,
              error: undefined,
              errorExpiresAt: 0,
              // An invalidation issued after this fetch started outlives its answer.
              invalidated: result._invalidated >= stamp,
            };
          }
          if (!read) return normalized;
          // The key is known: read the view directly instead of recomputing it through `response()`.
          if (result !== undefined) return this.#views.response(key, schema, args).peek();
          return untracked(() => denormalizeValue(schema, normalized, new Walker(store, args)));
        });
      } catch (error) {
        failed = true;
        // A read's SchemaError (rows nested too deep) is ours: it gets the endpoint's name.
        out = error instanceof SchemaError ? new SchemaError(`${endpoint.name}: ${error.message}`, error.path) : error;
      }
    });
    if (failed) throw this.#fail(endpoint, key, out, stamp);
    return out;
  }

  /**
   * Runs writes in one batch. Readers re-run when it ends; what they throw goes to
   * `onError`, never to the writer.
   */
  #batch(fn: () => void): void {
    try {
      batch(fn);
    } catch (error) {
      this.#onError(error);
    }
  }

  /**
   * Records an error under the key (cached data stays) and returns it. An `Error` passes
   * through unchanged (`instanceof`, `status`, `name` survive); anything else thrown is
   * wrapped in an `Error` naming the endpoint, with the thrown value as `cause`.
   */
  #fail(endpoint: EndpointInterface, key: string, error: unknown, stamp: number): Error {
    const named =
      error instanceof Error ? error : new Error(`${endpoint.name}: threw ${describeThrown(error)}`, { cause: error });
    // A failed mutation rolls its optimistic layer back.
    this.#store._layers.get(stamp)?._drop();
    if (!endpoint.sideEffect && stamp > this.#reset) {
      const result = this.#store._result(key);
      if (stamp >= result._stamp) {
        this.#patch(result, {
          error: named,
          errorExpiresAt: this.#clock() + (endpoint.errorExpiryLength ?? DEFAULT_ERROR_EXPIRY),
        });
      }
    }
    return named;
  }

  /** Changes fields of the result's meta, in one batch. */
  #patch(result: ResultCell, change: Partial<Meta>): void {
    this.#batch(() => (result._meta.value = { ...result._meta.peek(), ...change }));
  }

  //#endregion

  //#region reading

  /**
   * The view of a queryable schema (Entity, All, Collection, Union, object of schemas,
   * Query) read by `args`. Equal args give the same signal while it is referenced.
   * @returns a signal of the denormalized value, `undefined` while not cached
   */
  query<Q extends Queryable>(queryable: Q, ...args: ArgsOf<Q>): ReadonlySignal<Denormalize<Q> | undefined> {
    return this.#views.query(queryable, args) as ReadonlySignal<Denormalize<Q> | undefined>;
  }

  /** @internal Number of live views (for memory tests). */
  get _viewCount(): number {
    return this.#views._size;
  }

  /** The current value of `query(schema, ...args)`; tracked when read inside an effect. */
  get<Q extends Queryable>(queryable: Q, ...args: ArgsOf<Q>): Denormalize<Q> | undefined {
    return this.#views.query(queryable, args).value as Denormalize<Q> | undefined;
  }

  /** The cached denormalized response of an endpoint, `undefined` until fetched: the value of `response()`. */
  getResponse<E extends EndpointInterface>(endpoint: E, ...args: Parameters<E['fetch']>): ResolveType<E> | undefined {
    return this.response(endpoint, ...args).value;
  }

  /** Signal of the cached denormalized response of an endpoint; `undefined` until fetched. */
  response<E extends EndpointInterface>(
    endpoint: E,
    ...args: Parameters<E['fetch']>
  ): ReadonlySignal<ResolveType<E> | undefined> {
    return this.#views.response(endpoint.key(...args), endpoint.schema, args) as ReadonlySignal<
      ResolveType<E> | undefined
    >;
  }

  /** Signal of an endpoint key's cache state: fetch time, expiry, last error, invalidation. */
  meta<E extends EndpointInterface>(endpoint: E, ...args: Parameters<E['fetch']>): ReadonlySignal<Meta> {
    return this.#views.meta(endpoint.key(...args));
  }

  /** An endpoint key's cache state: the value of `meta()`; tracked inside an effect. */
  getMeta<E extends EndpointInterface>(endpoint: E, ...args: Parameters<E['fetch']>): Meta {
    return this.meta(endpoint, ...args).value;
  }

  /** The last error of an endpoint key, or `undefined` (`meta().value.error`); tracked inside an effect. */
  getError<E extends EndpointInterface>(endpoint: E, ...args: Parameters<E['fetch']>): Error | undefined {
    return this.meta(endpoint, ...args).value.error;
  }

  //#endregion

  //#region writing

  /**
   * Writes a value through a schema as if it had been fetched: `ctrl.set(User, { id: '1' },
   * { id: '1', name: 'Ada' })`. The last argument is the value, or an updater that
   * receives the current value (`prev => next`, `undefined` when not cached).
   */
  set<S extends Schema>(
    schema: S,
    ...argsAndValue: readonly [...args: readonly unknown[], value: Input<S> | Updater<S>]
  ): void {
    // The rest array is the method's own: popping the value leaves the arguments.
    let value: unknown = (argsAndValue as readonly unknown[] as unknown[]).pop();
    if (typeof value === 'function')
      value = value(this.#views.query(schema, argsAndValue as readonly unknown[]).peek());
    // Messages name the write `set(Key)` for an Entity, else `set`.
    const staging = new Staging(
      typeof schema === 'function' ? `set(${schema._key})` : 'set',
      argsAndValue as readonly unknown[],
    );
    normalizeRoot(schema, value, staging);
    this.#batch(() => this.#store._commit(staging, ++this.#stamp, this.#clock() + DEFAULT_DATA_EXPIRY));
  }

  /**
   * Stores `response` as the endpoint's response for `args`, as if it had been fetched
   * (normalized and written in one batch). Returns nothing, as in Reactive Data Client:
   * read it back with `response(endpoint, ...args)`. Throws a `SchemaError` (writing
   * nothing) when the value does not fit the schema.
   */
  setResponse<E extends EndpointInterface>(
    endpoint: E,
    ...argsAndResponse: WithLast<Parameters<E['fetch']>, unknown>
  ): void {
    const response = (argsAndResponse as readonly unknown[] as unknown[]).pop();
    this.#write(
      endpoint,
      argsAndResponse as readonly unknown[],
      endpoint.key(...(argsAndResponse as unknown as Parameters<E['fetch']>)),
      response,
      ++this.#stamp,
    );
  }

  /**
   * Records `error` as the endpoint's error for `args`, as if its fetch had failed: the
   * cached response stays. `ctrl.setError(getUser, { id: '1' }, new Error('gone'))`.
   */
  setError<E extends EndpointInterface>(endpoint: E, ...argsAndError: readonly unknown[]): void {
    const error = (argsAndError as unknown[]).pop() as Error;
    this.#patch(this.#store._result(endpoint.key(...argsAndError)), {
      error,
      errorExpiresAt: this.#clock() + (endpoint.errorExpiryLength ?? DEFAULT_ERROR_EXPIRY),
    });
  }

  /**
   * Clears rows, lists, responses, meta and optimistic layers in one batch. Requests in
   * flight that started before it reject and write nothing.
   */
  resetEntireStore(): void {
    this.#reset = this.#stamp;
    this.#inflight.clear();
    this.#flights.value++;
    resetStore(this.#store);
  }

  /**
   * Marks the endpoint's response invalid: it keeps showing; a mounted key (shown by a
   * binding, or `subscribe`d) refetches now, any other key on its next read.
   */
  invalidate<E extends EndpointInterface>(endpoint: E, ...args: Parameters<E['fetch']>): void {
    const key = endpoint.key(...args);
    const result = this.#store._result(key);
    result._invalidated = this.#stamp;
    this.#patch(result, { invalidated: true });
    this.#refetch(key);
  }

  /**
   * Invalidates every cached response whose key passes the filter (default: all):
   * `ctrl.invalidateAll({ testKey: (key) => key.startsWith('getUser') })`. Mounted ones
   * refetch now, once.
   */
  invalidateAll(filter: KeyFilter = all): void {
    this.#markAll(filter, { invalidated: true }, this.#stamp);
  }

  /** Makes every cached response whose key passes the filter stale (default: all); mounted ones refetch now, once. */
  expireAll(filter: KeyFilter = all): void {
    this.#markAll(filter, { expiresAt: 0 });
  }

  /** Marks responses; a fetch in flight keeps an invalidation past its answer (see `_invalidated`). */
  #markAll(filter: KeyFilter, change: Partial<Meta>, invalidated?: number): void {
    const results = this.#store._results;
    // The filter runs before the batch: what it throws goes to the caller.
    const marked = [...results.keys()].filter(
      (key) =>
        results.get(key)!._sig.peek() !== undefined &&
        (typeof filter === 'function' ? filter(key) : filter.testKey(key)),
    );
    this.#batch(() => {
      for (const key of marked) {
        const result = results.get(key)!;
        if (invalidated !== undefined) result._invalidated = invalidated;
        this.#patch(result, change);
      }
    });
    for (const key of marked) this.#refetch(key);
  }

  //#endregion

  //#region triggers

  #listen(name: string, trigger: Trigger | false | undefined): void {
    if (!trigger) return;
    trigger((on) => {
      if (!on) return void this.#away.add(name);
      this.#away.delete(name);
      // Back (focused and online): refetch the stale data that is mounted.
      if (this.#away.size === 0)
        for (const [key, m] of this.#mounted) if (this.#isStale(key, m.endpoint, m.args)) this.#refetch(key);
    });
  }

  //#endregion

  //#region memory

  /**
   * Runs a garbage-collection sweep now (the Controller also sweeps every `gcInterval`).
   * Drops every row, Collection list and response that no live view reaches (no effect or
   * mounted component depends on it), that no fresh response references, and whose own
   * expiry passed: responses after `dataExpiryLength` (or a current error's
   * `errorExpiryLength`) unless a request of them is in flight or they are subscribed;
   * rows after the `dataExpiryLength` of the last response that wrote them (rows written
   * by `set` after 60 s); placeholders left by reading missing rows, lists and keys at once.
   * A dropped row or response read again is simply missing: the next fetch brings it back.
   * @returns the number of rows, lists and responses dropped
   */
  gc(): number {
    return sweep(this.#store, this.#clock(), (key) => this.#inflight.has(key) || this.#mounted.has(key));
  }

  //#endregion

  //#region polling

  /**
   * Keeps the response fresh while subscribed: fetches when stale, then refetches every
   * `pollFrequency` ms — the fastest frequency among the key's subscribers, so a fast
   * subscriber joining a slow (or non-polling) one speeds polling up, and polling falls
   * back when it leaves. Reference-counted per key; identical polled data notifies no one.
   * The last unsubscribe never aborts a request in flight: its answer is still written, so
   * a reader that mounts again finds it (abort explicitly with the endpoint's `signal`).
   * @returns a function that unsubscribes once
   */
  subscribe<E extends EndpointInterface>(endpoint: E, ...args: Parameters<E['fetch']>): () => void {
    const key = endpoint.key(...args);
    const frequency = endpoint.pollFrequency;
    this.#polling._set(key, frequency, () => this.fetch(endpoint, ...args).catch(noop));
    const unmount = this._mount(endpoint, ...args);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.#polling._set(key, frequency);
      unmount();
    };
  }

  /** Drops one subscription of the endpoint and args; polling stops with the last one. */
  unsubscribe<E extends EndpointInterface>(endpoint: E, ...args: Parameters<E['fetch']>): void {
    const key = endpoint.key(...args);
    if (!this.#polling._keys.has(key)) return;
    this.#polling._set(key, endpoint.pollFrequency);
    this.#unmount(key);
  }

  /** Number of subscriptions of a key (0 when none). */
  subscriptionCount<E extends EndpointInterface>(endpoint: E, ...args: Parameters<E['fetch']>): number {
    return this.#polling._keys.get(endpoint.key(...args))?.n ?? 0;
  }

  //#endregion

  //#region mounted keys

  /**
   * @internal Marks a key as shown (by a binding or `subscribe`) until the returned
   * function is called; reference-counted per key. A mounted key is fetched now when
   * stale, refetched (once, sharing a request in flight) by `invalidate`,
   * `invalidateAll` and `expireAll`, and again when its data expires; its cached data
   * keeps showing meanwhile. A key whose last fetch failed waits for a retry.
   */
  _mount<E extends EndpointInterface>(endpoint: E, ...args: Parameters<E['fetch']>): () => void {
    const key = endpoint.key(...args);
    let mounted = this.#mounted.get(key);
    if (mounted === undefined) {
      const m: Mounted = (mounted = { endpoint, args, count: 0, stop: noop, timer: undefined });
      this.#mounted.set(key, m);
      const meta = this.#store._result(key)._meta;
      // Re-armed on every meta change: a new fetch moves the expiry, an error stops it.
      const check = () => {
        this.#timers.clearTimeout(m.timer);
        const { error, fetchedAt, expiresAt, invalidated } = meta.peek();
        if (error !== undefined) return;
        // Never fetched, or emptied by `resetEntireStore`.
        if (fetchedAt === 0) return void (this.#isStale(key, endpoint, args) && this.#refetch(key));
        const delay = expiresAt - this.#clock();
        // Invalidated again: an invalidation issued while a request was in flight outlives its answer.
        if (invalidated || delay <= 0) this.#refetch(key);
        else if (delay < 2 ** 31) m.timer = this.#timers.setTimeout(check, delay);
      };
      // (`subscribe`: an effect that reads `meta` and runs `check` untracked.)
      m.stop = meta.subscribe(check);
    }
    mounted.count++;
    this.fetchIfStale(endpoint, ...args).catch(noop);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.#unmount(key);
    };
  }

  #unmount(key: string): void {
    const m = this.#mounted.get(key);
    if (m === undefined || --m.count > 0) return;
    m.stop();
    this.#timers.clearTimeout(m.timer);
    this.#mounted.delete(key);
  }

  /**
   * Refetches a mounted key (nothing when it is not mounted) in a microtask, so that the
   * marks of one task (two `invalidate` calls, an `invalidateAll` and an expiry) send one
   * request.
   */
  #refetch(key: string): void {
    // Hidden or offline: nothing is sent; the return of focus and network refetches what is stale.
    if (!this.#mounted.has(key) || this.#away.size > 0) return;
    if (this.#due.size === 0) {
      queueMicrotask(() => {
        for (const due of this.#due) {
          const m = this.#mounted.get(due);
          if (m !== undefined) this.fetch(m.endpoint, ...m.args).catch(noop);
        }
        this.#due.clear();
      });
    }
    this.#due.add(key);
  }

  //#endregion

  /** @internal The store and a new fetch stamp, for `dehydrate` / `hydrate` (hydrate.ts). */
  _hydration(): [Store, number] {
    return [this.#store, ++this.#stamp];
  }
}

function noop(): void {}

function all(): boolean {
  return true;
}

/**
 * Methods work destructured (`const { fetch, get } = ctrl`), as in Reactive Data Client:
 * each Controller method (a subclass's override of it included) becomes an own bound
 * property of the instance.
 */
function bindMethods(ctrl: Controller): void {
  for (const name of Object.getOwnPropertyNames(Controller.prototype)) {
    const value = (ctrl as any)[name];
    if (typeof value === 'function' && name !== 'constructor') (ctrl as any)[name] = value.bind(ctrl);
  }
}
