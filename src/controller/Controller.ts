/**
 * Controller: the one writer of the cache. It runs endpoints, normalizes their responses
 * into the signal tables (one batch per response), keeps per-key meta (fetch time,
 * expiry, errors), deduplicates identical requests in flight, orders responses by fetch
 * start, and hands out views.
 *
 * @example
 * const ctrl = new Controller();
 * await ctrl.fetch(getUsers);
 * effect(() => console.log(ctrl.get(userCount, { isAdmin: true })));
 */
import { Signal, batch, effect, untracked, type ReadonlySignal } from '@preact/signals-core';
import type { EndpointInterface } from '../endpoint/types.js';
import { isEntity } from '../schema/Entity.js';
import type { Query } from '../schema/Query.js';
import type { Denormalize, Input, Schema } from '../schema/types.js';
import { denormalizeValue, normalizeValue } from '../schema/visit.js';
import { resetStore } from '../store/reset.js';
import { Staging } from '../store/Staging.js';
import { Store, type Meta } from '../store/Store.js';
import { Views } from '../store/views.js';
import { Walker } from '../store/Walker.js';
import { equalValue } from '../util/equal.js';
import { abortError, describeThrown, isAbort, TimeoutError } from './errors.js';
import { applyOptimistic } from './optimistic.js';
import { Polling } from './polling.js';
import { systemTimers, type TimerHandle, type Timers } from './timers.js';

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
   * Runs an endpoint. Default: `(endpoint, args) => endpoint.fetch(...args)`. Replace it to
   * route every request through one place (auth refresh, logging, a test double).
   */
  fetch?: (endpoint: EndpointInterface, args: readonly unknown[]) => Promise<unknown>;
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

/** Arguments of a read of `Q`: a `Query`'s `process` arguments, else any. */
export type ArgsOf<Q> = Q extends abstract new (...args: any[]) => unknown
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

  constructor(options: ControllerOptions = {}) {
    const timers = (this.#timers = options.timers ?? systemTimers);
    this.#clock = options.clock ?? (() => timers.now());
    this.#polling = new Polling(timers, () => false);
    this.#run = options.fetch ?? ((endpoint, args) => endpoint.fetch(...args));
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
        applyOptimistic(this.#store, (schema, a) => this.#views.query(schema, a).peek(), endpoint, args, stamp, this.#clock());
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
   * while a response that stored its row vouches for the row (`Cell._expiresAt`).
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
      return cell?._sig.peek() === undefined || now >= cell._expiresAt;
    }
    return now >= meta!.expiresAt || untracked(() => this.#views.response(key, endpoint.schema, args).value) === undefined;
  }

  /** The key's last error while it is current (before `errorExpiryLength` passed). */
  #freshError(key: string): Error | undefined {
    const meta = this.#store._results.get(key)?._meta.peek();
    return meta?.error !== undefined && this.#clock() < meta.errorExpiresAt ? meta.error : undefined;
  }

  async #request(endpoint: EndpointInterface, args: readonly unknown[], key: string, stamp: number): Promise<unknown> {
    let value: unknown;
    try {
      value = await this.#send(endpoint, args);
    } catch (error) {
      // An abort is the caller's choice, not a failure of the key: nothing is recorded.
      if (!isAbort(error)) throw this.#fail(endpoint, key, error, stamp);
      this.#store._layers.get(stamp)?._drop();
      throw error;
    }
    return this.#receive(endpoint, args, key, value, stamp);
  }

  /**
   * Runs the endpoint, racing its `signal` and `timeout`: an abort or a timeout rejects at
   * once (so the key is free for the next fetch) even when the request ignores the signal,
   * and its late answer is never written. With a `timeout` the endpoint runs with a signal
   * that aborts on either (`this.signal` inside its fetch).
   */
  #send(endpoint: EndpointInterface, args: readonly unknown[]): Promise<unknown> {
    const { signal, timeout } = endpoint;
    if (signal === undefined && !timeout) return this.#run(endpoint, args);
    const ac = new AbortController();
    const abort = () => ac.abort(abortError(signal!.reason));
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
      const run = timeout ? Object.create(endpoint, { signal: { value: ac.signal } }) : endpoint;
      this.#run(run, args).then(resolve, reject);
    }).finally(() => {
      signal?.removeEventListener('abort', abort);
      this.#timers.clearTimeout(timer);
    });
  }

  /** Writes a response, then resolves it to its denormalized value. */
  #receive(endpoint: EndpointInterface, args: readonly unknown[], key: string, value: unknown, stamp: number): unknown {
    const normalized = this.#write(endpoint, args, key, value, stamp);
    // The key is known: read the view directly instead of recomputing it through `response()`.
    if (this.#retains(endpoint)) return this.#views.response(key, endpoint.schema, args).peek();
    return untracked(() => denormalizeValue(endpoint.schema, normalized, new Walker(this.#store, args)));
  }

  /** Whether the endpoint's responses are kept by key. */
  #retains(endpoint: EndpointInterface): boolean {
    return !endpoint.sideEffect && endpoint.dataExpiryLength !== 0;
  }

  /** Normalizes a response completely, then writes it in one batch; returns its stored form. */
  #write(endpoint: EndpointInterface, args: readonly unknown[], key: string, value: unknown, stamp: number): unknown {
    if (stamp <= this.#reset) throw new Error(`${endpoint.name}: dropped by resetEntireStore`);
    const staging = new Staging(endpoint.name, args);
    let normalized: unknown;
    try {
      normalized = normalizeValue(endpoint.schema, value, staging, '');
    } catch (error) {
      throw this.#fail(endpoint, key, error, stamp);
    }
    const retain = this.#retains(endpoint);
    const now = this.#clock();
    const expiresAt = now + (endpoint.dataExpiryLength ?? DEFAULT_DATA_EXPIRY);
    batch(() => {
      this.#store._commit(staging, stamp, expiresAt);
      if (!retain) return;
      const result = this.#store._result(key);
      if (stamp < result._stamp) return;
      result._stamp = stamp;
      if (!equalValue(result._sig.peek(), normalized)) result._sig.value = normalized;
      result._meta.value = {
        fetchedAt: now,
        expiresAt,
        error: undefined,
        errorExpiresAt: 0,
        // An invalidation issued after this fetch started outlives its answer.
        invalidated: result._invalidated >= stamp,
      };
    });
    return normalized;
  }

  /**
   * Records an error under the key (cached data stays) and returns it. An `Error` passes
   * through unchanged (`instanceof`, `status`, `name` survive); anything else thrown is
   * wrapped in an `Error` naming the endpoint, with the thrown value as `cause`.
   */
  #fail(endpoint: EndpointInterface, key: string, error: unknown, stamp: number): Error {
    const named = error instanceof Error ? error : new Error(`${endpoint.name}: threw ${describeThrown(error)}`, { cause: error });
    // A failed mutation rolls its optimistic layer back.
    this.#store._layers.get(stamp)?._drop();
    if (!endpoint.sideEffect && stamp > this.#reset) {
      const result = this.#store._result(key);
      if (stamp >= result._stamp) {
        const now = this.#clock();
        result._meta.value = {
          ...result._meta.peek(),
          error: named,
          errorExpiresAt: now + (endpoint.errorExpiryLength ?? DEFAULT_ERROR_EXPIRY),
        };
      }
    }
    return named;
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

  /** Signal of the cached denormalized response of an endpoint; `undefined` until fetched. */
  response<E extends EndpointInterface>(endpoint: E, ...args: Parameters<E['fetch']>): ReadonlySignal<ResolveType<E> | undefined> {
    return this.#views.response(endpoint.key(...args), endpoint.schema, args) as ReadonlySignal<ResolveType<E> | undefined>;
  }

  /** Signal of an endpoint key's cache state: fetch time, expiry, last error, invalidation. */
  meta<E extends EndpointInterface>(endpoint: E, ...args: Parameters<E['fetch']>): ReadonlySignal<Meta> {
    return this.#store._result(endpoint.key(...args))._meta;
  }

  /** The last error of an endpoint key, or `undefined`; tracked inside an effect. */
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
  set<S extends Schema>(schema: S, ...argsAndValue: readonly [...args: readonly unknown[], value: Input<S> | Updater<S>]): void {
    const args = argsAndValue.slice(0, -1);
    let value = argsAndValue[argsAndValue.length - 1];
    if (typeof value === 'function') value = value(this.#views.query(schema, args).peek());
    const staging = new Staging(describeSchema(schema), args);
    normalizeValue(schema, value, staging, '');
    this.#store._commit(staging, ++this.#stamp);
  }

  /**
   * Stores `response` as the endpoint's response for `args`, as if it had been fetched
   * (normalized and written in one batch). Returns nothing, as in Reactive Data Client:
   * read it back with `response(endpoint, ...args)`. Throws a `SchemaError` (writing
   * nothing) when the value does not fit the schema.
   */
  setResponse<E extends EndpointInterface>(endpoint: E, ...argsAndResponse: WithLast<Parameters<E['fetch']>, unknown>): void {
    const args = argsAndResponse.slice(0, -1);
    const response = argsAndResponse[argsAndResponse.length - 1];
    this.#write(endpoint, args, endpoint.key(...args), response, ++this.#stamp);
  }

  /**
   * Records `error` as the endpoint's error for `args`, as if its fetch had failed: the
   * cached response stays. `ctrl.setError(getUser, { id: '1' }, new Error('gone'))`.
   */
  setError<E extends EndpointInterface>(endpoint: E, ...argsAndError: readonly unknown[]): void {
    const args = argsAndError.slice(0, -1);
    const result = this.#store._result(endpoint.key(...args));
    result._meta.value = {
      ...result._meta.peek(),
      error: argsAndError[argsAndError.length - 1] as Error,
      errorExpiresAt: this.#clock() + (endpoint.errorExpiryLength ?? DEFAULT_ERROR_EXPIRY),
    };
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
    result._meta.value = { ...result._meta.peek(), invalidated: true };
    this.#refetch(key);
  }

  /** Invalidates every cached response whose key passes `test` (default: all); mounted ones refetch now, once. */
  invalidateAll(test: (key: string) => boolean = () => true): void {
    this.#markAll(test, { invalidated: true }, this.#stamp);
  }

  /** Makes every cached response whose key passes `test` stale (default: all); mounted ones refetch now, once. */
  expireAll(test: (key: string) => boolean = () => true): void {
    this.#markAll(test, { expiresAt: 0 });
  }

  #markAll(test: (key: string) => boolean, change: Partial<Meta>, invalidated?: number): void {
    const marked: string[] = [];
    batch(() => {
      for (const [key, result] of this.#store._results) {
        if (result._sig.peek() === undefined || !test(key)) continue;
        if (invalidated !== undefined) result._invalidated = invalidated;
        result._meta.value = { ...result._meta.peek(), ...change };
        marked.push(key);
      }
    });
    for (const key of marked) this.#refetch(key);
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
    this.#polling._add(key, frequency, () => this.fetch(endpoint, ...args).catch(noop));
    const unmount = this._mount(endpoint, ...args);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.#polling._remove(key, frequency);
      unmount();
    };
  }

  /** Drops one subscription of the endpoint and args; polling stops with the last one. */
  unsubscribe<E extends EndpointInterface>(endpoint: E, ...args: Parameters<E['fetch']>): void {
    const key = endpoint.key(...args);
    if (!this.#polling._has(key)) return;
    this.#polling._remove(key, endpoint.pollFrequency);
    this.#unmount(key);
  }

  /** Number of subscriptions of a key (0 when none). */
  subscriptionCount<E extends EndpointInterface>(endpoint: E, ...args: Parameters<E['fetch']>): number {
    return this.#polling._count(endpoint.key(...args));
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
      m.stop = effect(() => {
        meta.value;
        untracked(check);
      });
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
    if (!this.#mounted.has(key)) return;
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

function describeSchema(schema: Schema): string {
  if (typeof schema === 'function') return `set(${schema._key})`;
  return 'set';
}
