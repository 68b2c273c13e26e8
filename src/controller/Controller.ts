/**
 * Controller: the one writer of the cache, and a facade over its parts: the store (the
 * signal tables, src/store), the request runner (./Runner.ts: requests, ordering, writes
 * of answers and errors), the per-key entries (./Entry.ts: requests in flight, mounted
 * readers and their expiry watch) and the managers (./actions.ts: Reactive Data Client's
 * Manager API).
 *
 * Every operation is an action (`FETCH`, `SET_RESPONSE`, `SET`, `INVALIDATE` …) that
 * passes through the middlewares of the Controller's managers, in order, before it takes
 * effect at the end of the pipeline (`#apply`). Reading is not: it goes to the views.
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
import { Computed, Signal, type ReadonlySignal } from '@preact/signals-core';
import type { EndpointInterface } from '../endpoint/types.js';
import { describe } from '../schema/SchemaError.js';
import type { Denormalize, Input, Schema } from '../schema/types.js';
import { plainOf } from '../schema/visit.js';
import { release, sweep } from '../store/gc.js';
import { resetStore } from '../store/reset.js';
import { Store, type Meta } from '../store/Store.js';
import { hydrateStore } from '../state/hydrate.js';
import { expectSchema, Views } from '../store/Views.js';
import {
  EXPIREALL,
  FETCH,
  GC,
  INVALIDATE,
  INVALIDATEALL,
  OPTIMISTIC,
  RESET,
  SET,
  SET_RESPONSE,
  SUBSCRIBE,
  UNSUBSCRIBE,
} from './actionTypes.js';
import type { ActionTypes, Dispatch, FetchAction, FetchMeta, GCAction, Manager } from './actions.js';
import { Entry } from './Entry.js';
import { errorPolicy } from './errors.js';
import { getDefaultManagers } from './managers/getDefaultManagers.js';
import { actionMeta, DEFAULT_DATA_EXPIRY, DONE, Runner, responseAction } from './Runner.js';
import { systemTimers, type Timers } from './timers.js';
import type { ArgsOf, ControllerOptions, KeyFilter, Queryable, ResolveType, Updater, WithLast } from './types.js';

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
 * @returns the function that stops the sweeps
 */
function sweepEvery(ctrl: Controller, timers: Timers, every: number): () => void {
  const ref = new WeakRef(ctrl);
  const stop = () => timers.clearInterval(handle);
  // `gc()` returns a count, never nullish: `??` clears the timer only once `ref` is empty.
  const handle = timers.setInterval(() => ref.deref()?.gc() ?? stop(), every) as { unref?(): void };
  handle?.unref?.();
  sweeps.register(ctrl, stop, stop);
  return () => {
    sweeps.unregister(stop);
    stop();
  };
}

/** The state a manager's `init` receives: Reactive Data Client's, empty (a new Controller holds nothing). */
const INITIAL_STATE = {
  entities: {},
  endpoints: {},
  indexes: {},
  meta: {},
  entitiesMeta: {},
  optimistic: [],
  lastReset: 0,
};

export class Controller {
  readonly #runner: Runner;
  /** Keys in flight or mounted (see Entry.ts). */
  readonly #entries = new Map<string, Entry>();
  /** Bumped whenever a request starts or settles: what `isFetching` readers track. */
  readonly #flights = new Signal(0);
  /** Mounted keys to refetch at the end of the task (see `#refetch`). */
  readonly #due = new Set<string>();
  /** The triggers whose last report was "hidden" or "offline": automatic requests wait while any is. */
  readonly #away = new Set<string>();
  /** The managers, in order: those attached later (`_attach`) first, then the constructor's. */
  readonly #managers: Manager[];
  /** Each manager's middleware, made once: a function of `next` (parallel to `#managers`). */
  readonly #made: (((next: Dispatch) => Dispatch) | undefined)[];
  /** The first middleware's dispatch (the last one's `next` is `#apply`). */
  #dispatch: (action: ActionTypes) => Promise<void> = building;
  /** Stops the sweep timer. */
  #stopSweeps: () => void = noop;
  /** Rows, lists and responses the last sweep dropped (see `gc`). */
  #dropped = 0;
  #cleaned = false;

  constructor(options: ControllerOptions = {}) {
    const timers = options.timers ?? systemTimers;
    const store = new Store(release);
    this.#runner = new Runner(store, new Views(store), timers, options, (action) => this.#dispatch(action));
    const managers = (this.#managers = [...(options.managers ?? getDefaultManagers(options))]);
    // Methods work destructured (`const { fetch, get } = ctrl`), as in Reactive Data Client:
    // each method (a subclass's override of it included) is also an own bound property.
    const self = this as unknown as Record<string, unknown>;
    for (const name of Object.getOwnPropertyNames(Controller.prototype)) {
      const method = self[name];
      if (typeof method === 'function' && name !== 'constructor') self[name] = method.bind(this);
    }
    // Each middleware is made once, in order; the first one sees each action first.
    this.#made = managers.map((manager) => this.#make(manager));
    this.#compose();
    const every = options.gcInterval ?? DEFAULT_GC_INTERVAL;
    if (every > 0) this.#stopSweeps = sweepEvery(this, timers, every);
    for (const manager of managers) manager.init?.(INITIAL_STATE);
    if (options.initialState !== undefined) {
      try {
        hydrateStore(store, () => ++this.#runner._stamp, options.initialState);
      } catch (error) {
        // `hydrateStore` writes nothing before it has checked the whole state: still empty.
        (options.onError ?? console.error)(error);
      }
    }
  }

  /**
   * Sends an action through every manager's middleware, from the first; it takes effect
   * at the end of them (an action of another type does nothing there). Managers use it;
   * the methods (`fetch`, `setResponse` …) dispatch their own actions.
   * @returns a promise that settles once the action went through
   */
  dispatch(action: ActionTypes): Promise<void> {
    return this.#dispatch(action);
  }

  /**
   * Stops what runs on its own: every manager's `cleanup()` (once), the garbage-collection
   * sweeps, and the expiry watch of mounted keys. The cache stays readable and writable;
   * nothing refetches or polls by itself any more.
   */
  cleanup(): void {
    if (this.#cleaned) return;
    this.#cleaned = true;
    this.#stopSweeps();
    for (const entry of this.#entries.values()) entry._stop(this.#runner);
    this.#due.clear();
    for (const manager of this.#managers) manager.cleanup();
  }

  /** A manager's middleware, made with this Controller: a function of `next`. */
  #make(manager: Manager): ((next: Dispatch) => Dispatch) | undefined {
    return (manager.middleware ??= manager.getMiddleware?.())?.(this);
  }

  /** Chains the middlewares: the first sees each action first; the last one's `next` is `#apply`. */
  #compose(): void {
    let dispatch = (action: ActionTypes) => this.#apply(action);
    for (let i = this.#made.length - 1; i >= 0; i--) dispatch = this.#made[i]?.(dispatch) ?? dispatch;
    this.#dispatch = dispatch;
  }

  /**
   * @internal Adds a manager to a Controller made already (signal-cache/devtools mounts its
   * own this way): its middleware is made now and sees every action first; the pipeline
   * is chained anew (each middleware's function of `next` is called again); its `init`
   * is not called. `cleanup()` cleans it up with the others.
   * @returns the function that takes it out again (chaining anew) and cleans it up, once
   */
  _attach(manager: Manager): () => void {
    const managers = this.#managers;
    managers.unshift(manager);
    this.#made.unshift(this.#make(manager));
    this.#compose();
    return () => {
      const at = managers.indexOf(manager);
      if (at < 0) return;
      managers.splice(at, 1);
      this.#made.splice(at, 1);
      this.#compose();
      manager.cleanup();
    };
  }

  /**
   * @internal What signal-cache/devtools reads (never writes through): the request runner
   * (its store, views and clock), the keys in flight or mounted (see Entry.ts), the signal
   * bumped whenever a request starts or settles, and the managers in order (those
   * attached later first).
   */
  _inspect(): Inspection {
    return [this.#runner, this.#entries, this.#flights, this.#managers];
  }

  /** The end of the pipeline: where each action takes effect. */
  #apply(action: ActionTypes): Promise<void> {
    const runner = this.#runner;
    switch (action.type) {
      case FETCH:
        this.#fetch(action);
        break;
      case SET_RESPONSE:
        runner._setResponse(action);
        break;
      case SET:
        runner._set(action);
        break;
      case OPTIMISTIC:
        runner._optimistic(action);
        break;
      case INVALIDATE: {
        const result = runner._store._result(action.key);
        result._invalidated = runner._stamp;
        runner._patch(action.key, result, { invalidated: true }, 'invalidate');
        this.#refetch(action.key);
        break;
      }
      case INVALIDATEALL:
        this.#markAll(action.testKey, 'invalidate', { invalidated: true }, runner._stamp);
        break;
      case EXPIREALL:
        this.#markAll(action.testKey, 'expire', { expiresAt: 0 });
        break;
      case RESET:
        runner._reset = runner._stamp;
        for (const [key, entry] of [...this.#entries]) {
          entry._pending = undefined;
          this.#release(key, entry);
        }
        this.#flights.value++;
        resetStore(runner._store);
        break;
      case GC: {
        const { entities, endpoints } = this.#sweep(action);
        this.#dropped = entities.length + endpoints.length;
        break;
      }
    }
    // SUBSCRIBE and UNSUBSCRIBE take effect in the managers (polling); the mount is counted already.
    return DONE;
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
      expectEndpoint('fetch', endpoint);
      key = endpoint.key(...args);
    } catch (error) {
      return Promise.reject(error);
    }
    const meta = { fetchedAt: this.#runner._clock() } as FetchMeta;
    meta.promise = new Promise((resolve, reject) => {
      meta.resolve = resolve;
      meta.reject = reject;
    });
    // What a middleware throws (or rejects with) fails the fetch.
    try {
      this.#dispatch({ type: FETCH, endpoint, args, key, meta }).then(undefined, meta.reject);
    } catch (error) {
      meta.reject(error);
    }
    return meta.promise as Promise<ResolveType<E>>;
  }

  /**
   * `FETCH` at the end of the middlewares: a GET in flight for the key is shared, else the
   * request starts, registered synchronously (before anything awaits).
   */
  #fetch({ endpoint, args, key, meta }: FetchAction): void {
    let entry = endpoint.sideEffect ? undefined : this.#entries.get(key);
    if (entry?._pending !== undefined) return meta.resolve(entry._pending);
    const promise = this.#runner._start(endpoint, args, key, meta.fetchedAt);
    meta.resolve(promise);
    if (endpoint.sideEffect) return;
    if (entry === undefined) this.#entries.set(key, (entry = new Entry(endpoint, args)));
    const settled = entry;
    settled._pending = promise;
    this.#flights.value++;
    const clear = () => {
      if (settled._pending === promise) {
        settled._pending = undefined;
        this.#release(key, settled);
      }
      this.#flights.value++;
    };
    promise.then(clear, clear);
  }

  /**
   * Fetches only when the response is missing, stale or invalidated; otherwise resolves
   * with the cached value. While an error of the key is current (see `isStale`) and no
   * fetch is due, rejects with that error instead of fetching again.
   */
  fetchIfStale<E extends EndpointInterface>(endpoint: E, ...args: Parameters<E['fetch']>): Promise<ResolveType<E>> {
    let key: string;
    try {
      expectEndpoint('fetchIfStale', endpoint);
      key = endpoint.key(...args);
    } catch (error) {
      return Promise.reject(error);
    }
    const runner = this.#runner;
    if (!endpoint.sideEffect && !runner._isStale(key, endpoint, args)) {
      const error = runner._freshError(key);
      if (error !== undefined) return Promise.reject(error);
      return Promise.resolve(runner._views.response(key, endpoint.schema, args).peek() as ResolveType<E>);
    }
    return this.fetch(endpoint, ...args);
  }

  /**
   * Whether a read of this endpoint and args would fetch: the response is missing, expired
   * or invalidated, and no error of it is current (an error stays current for the
   * endpoint's `errorExpiryLength`, so a failing endpoint is not refetched on every read).
   */
  isStale<E extends EndpointInterface>(endpoint: E, ...args: Parameters<E['fetch']>): boolean {
    return this.#runner._isStale(endpoint.key(...args), endpoint, args);
  }

  /**
   * Whether a GET of the endpoint and args is in flight; tracked inside an effect (a
   * reader re-runs when it starts or settles).
   */
  isFetching<E extends EndpointInterface>(endpoint: E, ...args: Parameters<E['fetch']>): boolean {
    this.#flights.value;
    return this.#entries.get(endpoint.key(...args))?._pending !== undefined;
  }

  /**
   * @internal What a suspense read of the endpoint does now: return the error to throw (a
   * current error when the data is missing, or a hard one — see `errorPolicy`), suspend on
   * a fetch (`true`: no data, or stale data with `invalidIfStale`), or show the data.
   */
  _suspense(endpoint: EndpointInterface, args: readonly unknown[]): Error | boolean {
    const key = endpoint.key(...args);
    const runner = this.#runner;
    const missing =
      runner._views.response(key, endpoint.schema, args).peek() === undefined ||
      (!!endpoint.invalidIfStale && runner._isStale(key, endpoint, args));
    const error = runner._freshError(key);
    if (!error || (!missing && (endpoint.errorPolicy ?? errorPolicy)(error) !== 'hard')) return missing;
    return error;
  }

  /** @internal The key's last error while it is current (before `errorExpiryLength` passed). */
  _freshError(endpoint: EndpointInterface, args: readonly unknown[]): Error | undefined {
    return this.#runner._freshError(endpoint.key(...args));
  }

  /** @internal A signal of the key's last error alone: suspense bindings re-render when it changes. */
  _error(endpoint: EndpointInterface, args: readonly unknown[]): ReadonlySignal<Error | undefined> {
    const meta = this.meta(endpoint, ...args);
    return new Computed(() => meta.value.error);
  }

  //#endregion

  //#region reading

  /**
   * The view of a queryable schema (Entity, All, Collection, Union, object of schemas,
   * Query) read by `args`. Equal args give the same signal while it is referenced.
   * @returns a signal of the denormalized value, `undefined` while not cached
   */
  query<Q extends Queryable>(queryable: Q, ...args: ArgsOf<Q>): ReadonlySignal<Denormalize<Q> | undefined> {
    return this.#runner._views.query(queryable, args) as ReadonlySignal<Denormalize<Q> | undefined>;
  }

  /** @internal Number of live views (for memory tests). */
  get _viewCount(): number {
    return this.#runner._views._size;
  }

  /** The current value of `query(schema, ...args)`; tracked when read inside an effect. */
  get<Q extends Queryable>(queryable: Q, ...args: ArgsOf<Q>): Denormalize<Q> | undefined {
    return this.#runner._views.query(queryable, args).value as Denormalize<Q> | undefined;
  }

  /** The cached denormalized response of an endpoint, `undefined` until fetched: the value of `response()`. */
  getResponse<E extends EndpointInterface>(
    endpoint: E,
    ...args: Parameters<E['fetch']> | readonly [null]
  ): ResolveType<E> | undefined {
    return this.response(endpoint, ...args).value;
  }

  /**
   * Signal of the cached denormalized response of an endpoint; until fetched, what its
   * schema finds by the args (the row of an Entity endpoint, a Collection's list), else
   * `undefined`. With `null` arguments (a conditional read, as in Reactive Data Client) it
   * reads no response: only the schema's plain members (`nextPage: ''`) as written.
   */
  response<E extends EndpointInterface>(
    endpoint: E,
    ...args: Parameters<E['fetch']> | readonly [null]
  ): ReadonlySignal<ResolveType<E> | undefined> {
    return (
      args[0] === null
        ? skeletonOf(endpoint.schema)
        : this.#runner._views.response(endpoint.key(...args), endpoint.schema, args)
    ) as ReadonlySignal<ResolveType<E> | undefined>;
  }

  /** Signal of an endpoint key's cache state: fetch time, expiry, last error, invalidation. */
  meta<E extends EndpointInterface>(endpoint: E, ...args: Parameters<E['fetch']>): ReadonlySignal<Meta> {
    return this.#runner._views.meta(endpoint.key(...args));
  }

  /** An endpoint key's cache state: the value of `meta()`; tracked inside an effect. */
  getMeta<E extends EndpointInterface>(endpoint: E, ...args: Parameters<E['fetch']>): Meta {
    return this.meta(endpoint, ...args).value;
  }

  /**
   * The last error of an endpoint key, or `undefined` (`meta().value.error`); tracked
   * inside an effect. `undefined` for `null` arguments (a conditional read).
   */
  getError<E extends EndpointInterface>(
    endpoint: E,
    ...args: Parameters<E['fetch']> | readonly [null]
  ): Error | undefined {
    return args[0] === null ? undefined : this.meta(endpoint, ...(args as Parameters<E['fetch']>)).value.error;
  }

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
    expectSchema('set', schema);
    // The rest array is the method's own: popping the value leaves the arguments.
    const value = (argsAndValue as readonly unknown[] as unknown[]).pop() as {};
    const now = this.#runner._clock();
    this.#runner._send({
      type: SET,
      schema,
      args: argsAndValue as readonly unknown[],
      value,
      meta: actionMeta(now, now, DEFAULT_DATA_EXPIRY),
    });
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
    this.#setResponse('setResponse', endpoint, argsAndResponse as readonly unknown[] as unknown[], false);
  }

  /**
   * Records `error` as the endpoint's error for `args`, as if its fetch had failed: the
   * cached response stays. `ctrl.setError(getUser, { id: '1' }, new Error('gone'))`.
   */
  setError<E extends EndpointInterface>(endpoint: E, ...argsAndError: readonly unknown[]): void {
    this.#setResponse('setError', endpoint, argsAndError as unknown[], true);
  }

  /** `setResponse` and `setError`: the last of `argsAndResponse` is the response (the error). */
  #setResponse(method: string, endpoint: EndpointInterface, argsAndResponse: unknown[], error: boolean): void {
    expectEndpoint(method, endpoint);
    const response = argsAndResponse.pop();
    const now = this.#runner._clock();
    this.#runner._send(
      responseAction(endpoint, argsAndResponse, endpoint.key(...argsAndResponse), response, error, now, now),
    );
  }

  /**
   * Clears rows, lists, responses, meta and optimistic layers in one batch. Requests in
   * flight that started before it reject and write nothing.
   */
  resetEntireStore(): void {
    this.#runner._send({ type: RESET, date: this.#runner._clock() });
  }

  /**
   * Marks the endpoint's response invalid: it keeps showing; a mounted key (shown by a
   * binding, or `subscribe`d) refetches now, any other key on its next read.
   * `invalidate(endpoint, null)` does nothing (`null` arguments name no request).
   */
  invalidate<E extends EndpointInterface>(endpoint: E, ...args: Parameters<E['fetch']> | readonly [null]): void {
    // As in Reactive Data Client (a conditional read passes `null`).
    if (args[0] === null) return;
    this.#runner._send({ type: INVALIDATE, key: endpoint.key(...args) });
  }

  /**
   * Invalidates every cached response whose key passes the filter (default: all):
   * `ctrl.invalidateAll({ testKey: (key) => key.startsWith('getUser') })`. Mounted ones
   * refetch now, once.
   */
  invalidateAll(filter: KeyFilter = all): void {
    this.#runner._send({ type: INVALIDATEALL, testKey: testKey(filter) });
  }

  /** Makes every cached response whose key passes the filter stale (default: all); mounted ones refetch now, once. */
  expireAll(filter: KeyFilter = all): void {
    this.#runner._send({ type: EXPIREALL, testKey: testKey(filter) });
  }

  /** Marks responses; a fetch in flight keeps an invalidation past its answer (see `_invalidated`). */
  #markAll(
    test: (key: string) => boolean,
    origin: 'invalidate' | 'expire',
    change: Partial<Meta>,
    invalidated?: number,
  ): void {
    const runner = this.#runner;
    const results = runner._store._results;
    // The test runs before the batch: what it throws goes to the caller.
    const marked = [...results.keys()].filter((key) => results.get(key)!._sig.peek() !== undefined && test(key));
    // One batch, one record of the journal.
    runner._batch(() =>
      runner._store._record(origin, 0, () => {
        for (const key of marked) {
          const result = results.get(key)!;
          if (invalidated !== undefined) result._invalidated = invalidated;
          runner._patch(key, result, change, origin);
        }
      }),
    );
    for (const key of marked) this.#refetch(key);
  }

  //#endregion

  //#region triggers

  /**
   * @internal A refetch trigger's report (see `TriggerManager`): the page focused or
   * hidden (`name` 'focus'), the network back or gone ('online'). While any is away,
   * polling and the refetches of mounted keys wait; when all are back, the stale mounted
   * keys refetch.
   */
  _present(name: string, on: boolean): void {
    if (!on) return void this.#away.add(name);
    this.#away.delete(name);
    if (this.#away.size === 0)
      for (const [key, entry] of this.#entries)
        if (entry._mounts > 0 && this.#runner._isStale(key, entry._endpoint, entry._args)) this.#refetch(key);
  }

  /** @internal Whether automatic requests wait (the page is hidden, or offline). */
  get _away(): boolean {
    return this.#away.size > 0;
  }

  /** @internal Where this Controller schedules what happens later (polling uses it). */
  get _timers(): Timers {
    return this.#runner._timers;
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
   * What it drops passes through the middlewares first, as a `GC` action.
   * @returns the number of rows, lists and responses dropped
   */
  gc(): number {
    const { entities, endpoints } = this.#sweep(undefined, true);
    this.#dropped = 0;
    if (entities.length + endpoints.length > 0) this.#runner._send({ type: GC, entities, endpoints });
    return this.#dropped;
  }

  /** Drops what `action` lists and is still collectable; with `dry`, reports what is collectable. */
  #sweep(action: GCAction | undefined, dry?: boolean) {
    const runner = this.#runner;
    return sweep(runner._store, runner._clock(), (key) => this.#entries.has(key), action, dry);
  }

  //#endregion

  //#region mounted keys

  /**
   * Keeps the response fresh while subscribed: fetches when stale, then refetches every
   * `pollFrequency` ms (with the default managers) — the fastest frequency among the key's
   * subscribers, so a fast subscriber joining a slow (or non-polling) one speeds polling
   * up, and polling falls back when it leaves. Reference-counted per key; identical polled
   * data notifies no one. The last unsubscribe never aborts a request in flight: its
   * answer is still written, so a reader that mounts again finds it (abort explicitly with
   * the endpoint's `signal`). A subscribed key is mounted (see `_mount`): the first
   * subscriber of a key (and of a frequency) dispatches `SUBSCRIBE`, the last `UNSUBSCRIBE`.
   * @returns a function that unsubscribes once
   */
  subscribe<E extends EndpointInterface>(endpoint: E, ...args: Parameters<E['fetch']>): () => void {
    expectEndpoint('subscribe', endpoint);
    return this._mount(endpoint, ...args);
  }

  /** Drops one subscription of the endpoint and args (of its `pollFrequency`); polling stops with the last one. */
  unsubscribe<E extends EndpointInterface>(endpoint: E, ...args: Parameters<E['fetch']>): void {
    this.#unmount(endpoint, args, endpoint.key(...args));
  }

  /** Number of subscriptions of a key (0 when none): its mounted readers, bindings included. */
  subscriptionCount<E extends EndpointInterface>(endpoint: E, ...args: Parameters<E['fetch']>): number {
    return this.#entries.get(endpoint.key(...args))?._mounts ?? 0;
  }

  /**
   * @internal Marks a key as shown (by a binding or `subscribe`) until the returned
   * function is called; reference-counted per key. A mounted key is fetched now when
   * stale, refetched (once, sharing a request in flight) by `invalidate`,
   * `invalidateAll` and `expireAll`, and again when its data expires; its cached data
   * keeps showing meanwhile. A key whose last fetch failed waits for a retry.
   */
  _mount<E extends EndpointInterface>(endpoint: E, ...args: Parameters<E['fetch']>): () => void {
    const key = endpoint.key(...args);
    let entry = this.#entries.get(key);
    if (entry === undefined) this.#entries.set(key, (entry = new Entry(endpoint, args)));
    if (entry._mounts === 0) {
      entry._endpoint = endpoint;
      entry._args = args;
      if (!this.#cleaned) entry._arm(this.#runner, key, () => this.#refetch(key));
    }
    if (entry._join(endpoint.pollFrequency)) this.#runner._send({ type: SUBSCRIBE, endpoint, args, key });
    this.fetchIfStale(endpoint, ...args).catch(noop);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.#unmount(endpoint, args, key);
    };
  }

  #unmount(endpoint: EndpointInterface, args: readonly unknown[], key: string): void {
    const entry = this.#entries.get(key);
    if (entry === undefined) return;
    const left = entry._leave(endpoint.pollFrequency);
    if (left === undefined) return;
    if (entry._mounts === 0) {
      entry._stop(this.#runner);
      this.#release(key, entry);
    }
    if (left) this.#runner._send({ type: UNSUBSCRIBE, endpoint, args, key });
  }

  /** Forgets an entry that has nothing left to do. */
  #release(key: string, entry: Entry): void {
    if (entry._idle && this.#entries.get(key) === entry) this.#entries.delete(key);
  }

  /**
   * Refetches a mounted key (nothing when it is not mounted) in a microtask, so that the
   * marks of one task (two `invalidate` calls, an `invalidateAll` and an expiry) send one
   * request.
   */
  #refetch(key: string): void {
    // Hidden or offline: nothing is sent; the return of focus and network refetches what is stale.
    if ((this.#entries.get(key)?._mounts ?? 0) === 0 || this.#away.size > 0 || this.#cleaned) return;
    if (this.#due.size === 0) {
      queueMicrotask(() => {
        for (const due of this.#due) {
          const entry = this.#entries.get(due);
          if (entry !== undefined && entry._mounts > 0) this.fetch(entry._endpoint, ...entry._args).catch(noop);
        }
        this.#due.clear();
      });
    }
    this.#due.add(key);
  }

  //#endregion

  /** @internal The store and a new fetch stamp, for the state codec (src/state) and the capabilities using it. */
  _hydration(): [Store, number] {
    const runner = this.#runner;
    return [runner._store, ++runner._stamp];
  }
}

/** @internal What `Controller._inspect()` returns (for signal-cache/devtools). */
export type Inspection = readonly [
  runner: Runner,
  entries: ReadonlyMap<string, Entry>,
  flights: ReadonlySignal<number>,
  managers: readonly Manager[],
];

function noop(): void {}

const skeletons = new WeakMap<object, ReadonlySignal<unknown>>();

/**
 * The response of `null` arguments, as Reactive Data Client gives it: the schema's plain
 * members (`nextPage: ''`) as written, nothing for its schemas (no request names them).
 * One signal per schema.
 */
function skeletonOf(schema: Schema): ReadonlySignal<unknown> {
  if (typeof schema !== 'object' || schema === null) return NOTHING;
  let found = skeletons.get(schema);
  if (found === undefined) skeletons.set(schema, (found = new Signal(plainOf(schema))));
  return found;
}
const NOTHING: ReadonlySignal<undefined> = new Signal(undefined);

/**
 * Throws a `TypeError` naming the method and what it got when `endpoint` is no endpoint
 * (`undefined`, a string, a number), instead of an engine error at its first use.
 */
function expectEndpoint(method: string, endpoint: EndpointInterface): void {
  if (typeof endpoint?.key !== 'function')
    throw new TypeError(`${method}: expected an endpoint, got ${describe(endpoint)}`);
}

function all(): boolean {
  return true;
}

/** The key test of a filter. */
function testKey(filter: KeyFilter): (key: string) => boolean {
  return typeof filter === 'function' ? filter : (key) => filter.testKey(key);
}

/** The dispatch while the middlewares are being made. */
function building(): Promise<void> {
  throw new Error(
    (typeof process < 'u' ? process.env.NODE_ENV : 'production') !== 'production'
      ? 'Dispatching while constructing your middleware is not allowed. Other middleware would not be applied to this dispatch.'
      : 'dispatch while constructing middleware',
  );
}
