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
import { batch, untracked, type ReadonlySignal } from '@preact/signals-core';
import type { EndpointInterface } from '../endpoint/types.js';
import type { Query } from '../schema/Query.js';
import type { Denormalize, Schema } from '../schema/types.js';
import { denormalizeValue, normalizeRoot } from '../schema/visit.js';
import { Staging } from '../store/Staging.js';
import { Store, type Meta } from '../store/Store.js';
import { Views } from '../store/views.js';
import { Walker } from '../store/Walker.js';
import { equalValue } from '../util/equal.js';

/** Options of `new Controller()`. */
export interface ControllerOptions {
  /** Clock for fetch times and expiry, in ms. Default: `Date.now`. */
  clock?: () => number;
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

/** The value `ctrl.fetch(endpoint)` resolves with: denormalized when the endpoint has a schema. */
export type ResolveType<E extends EndpointInterface> = [E['schema']] extends [undefined]
  ? Awaited<ReturnType<E['fetch']>>
  : Schema extends E['schema']
    ? any
    : Denormalize<E['schema']>;

/** Anything `query` / `get` accept. */
export type Queryable = Schema | Query<any, any, any>;

/**
 * Arguments of a Query read: those its `process` declares; any when it declares none
 * (the args may still select rows, as in a join by `product_id`).
 */
export type QueryArgs<A extends readonly unknown[]> = A extends readonly [] ? readonly unknown[] : A;

/** Default freshness of a response, in ms. */
const DEFAULT_DATA_EXPIRY = 60_000;
/** Default time an error is kept before a read retries, in ms. */
const DEFAULT_ERROR_EXPIRY = 1_000;

interface Subscription {
  count: number;
  timer: ReturnType<typeof setInterval> | undefined;
}

export class Controller {
  readonly #store = new Store();
  readonly #views = new Views(this.#store);
  readonly #clock: () => number;
  readonly #run: (endpoint: EndpointInterface, args: readonly unknown[]) => Promise<unknown>;
  readonly #onError: (error: unknown) => void;
  /** Fetch start counter: orders responses (two clock reads can return the same ms). */
  #stamp = 0;
  readonly #inflight = new Map<string, Promise<unknown>>();
  readonly #subscriptions = new Map<string, Subscription>();

  constructor(options: ControllerOptions = {}) {
    this.#clock = options.clock ?? Date.now;
    this.#run = options.fetch ?? ((endpoint, args) => endpoint.fetch(...args));
    this.#onError = options.onError ?? ((error) => console.error(error));
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
    const promise = this.#request(endpoint, args, key, stamp);
    if (!endpoint.sideEffect) {
      this.#inflight.set(key, promise);
      const clear = () => {
        if (this.#inflight.get(key) === promise) this.#inflight.delete(key);
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
    if (!endpoint.sideEffect && !this.#isStale(key)) {
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
    return this.#isStale(endpoint.key(...args));
  }

  /** Stale: missing, expired or invalidated — unless an error is still current. */
  #isStale(key: string): boolean {
    const result = this.#store._results.get(key);
    if (result === undefined) return true;
    const meta = result._meta.peek();
    const now = this.#clock();
    if (meta.error !== undefined && now < meta.errorExpiresAt) return false;
    if (result._sig.peek() === undefined) return true;
    return meta.invalidated || now >= meta.expiresAt;
  }

  /** The key's last error while it is current (before `errorExpiryLength` passed). */
  #freshError(key: string): Error | undefined {
    const meta = this.#store._results.get(key)?._meta.peek();
    return meta?.error !== undefined && this.#clock() < meta.errorExpiresAt ? meta.error : undefined;
  }

  async #request(endpoint: EndpointInterface, args: readonly unknown[], key: string, stamp: number): Promise<unknown> {
    let value: unknown;
    try {
      value = await this.#run(endpoint, args);
    } catch (error) {
      throw this.#fail(endpoint, key, error, stamp);
    }
    return this.#write(endpoint, args, key, value, stamp, true);
  }

  /** Whether the endpoint's responses are kept by key. */
  #retains(endpoint: EndpointInterface): boolean {
    return !endpoint.sideEffect && endpoint.dataExpiryLength !== 0;
  }

  /**
   * Normalizes a response completely, then writes it in one batch, as one transaction:
   * when anything after the first write throws (with `read`, the first read of the
   * response), every write is undone and the error is recorded as the fetch's failure.
   * @returns the denormalized response with `read`, else its stored form
   */
  #write(endpoint: EndpointInterface, args: readonly unknown[], key: string, value: unknown, stamp: number, read = false): unknown {
    const staging = new Staging(endpoint.name, args);
    const store = this.#store;
    const schema = endpoint.schema;
    let normalized: unknown;
    try {
      normalized = normalizeRoot(schema, value, staging);
    } catch (error) {
      throw this.#fail(endpoint, key, error, stamp);
    }
    const retain = this.#retains(endpoint);
    const now = this.#clock();
    let out: unknown = normalized;
    let failed = false;
    this.#batch(() => {
      try {
        out = store._transact(() => {
          store._commit(staging, stamp);
          const result = retain ? store._result(key) : undefined;
          if (result !== undefined && stamp >= result._stamp) {
            store._save(result);
            result._stamp = stamp;
            if (!equalValue(result._sig.peek(), normalized)) result._sig.value = normalized;
            result._meta.value = {
              fetchedAt: now,
              expiresAt: now + (endpoint.dataExpiryLength ?? DEFAULT_DATA_EXPIRY),
              error: undefined,
              errorExpiresAt: 0,
              invalidated: false,
            };
          }
          if (!read) return normalized;
          // The key is known: read the view directly instead of recomputing it through `response()`.
          if (result !== undefined) return this.#views.response(key, schema, args).peek();
          return untracked(() => denormalizeValue(schema, normalized, new Walker(store, args)));
        });
      } catch (error) {
        failed = true;
        out = error;
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

  /** Records an error under the key (cached data stays) and returns it, named. */
  #fail(endpoint: EndpointInterface, key: string, error: unknown, stamp: number): Error {
    const named =
      error instanceof Error && error.message.includes(endpoint.name)
        ? error
        : new Error(`${endpoint.name}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    if (!endpoint.sideEffect) {
      const result = this.#store._result(key);
      if (stamp >= result._stamp) {
        const now = this.#clock();
        this.#batch(() => {
          result._meta.value = {
            ...result._meta.peek(),
            error: named,
            errorExpiresAt: now + (endpoint.errorExpiryLength ?? DEFAULT_ERROR_EXPIRY),
          };
        });
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
  query<S extends Queryable, R, A extends readonly unknown[]>(query: Query<S, R, A>, ...args: QueryArgs<A>): ReadonlySignal<R | undefined>;
  query<S extends Schema>(schema: S, ...args: readonly unknown[]): ReadonlySignal<Denormalize<S> | undefined>;
  query(schema: Queryable, ...args: readonly unknown[]): ReadonlySignal<unknown> {
    return this.#views.query(schema, args);
  }

  /** @internal Number of live views (for memory tests). */
  get _viewCount(): number {
    return this.#views._size;
  }

  /** The current value of `query(schema, ...args)`; tracked when read inside an effect. */
  get<S extends Queryable, R, A extends readonly unknown[]>(query: Query<S, R, A>, ...args: QueryArgs<A>): R | undefined;
  get<S extends Schema>(schema: S, ...args: readonly unknown[]): Denormalize<S> | undefined;
  get(schema: Queryable, ...args: readonly unknown[]): unknown {
    return this.#views.query(schema, args).value;
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
   * { id: '1', name: 'Ada' })`. The last argument is the value.
   */
  set(schema: Schema, ...argsAndValue: readonly unknown[]): void {
    const args = argsAndValue.slice(0, -1);
    const value = argsAndValue[argsAndValue.length - 1];
    const staging = new Staging(describeSchema(schema), args);
    normalizeRoot(schema, value, staging);
    this.#batch(() => this.#store._commit(staging, ++this.#stamp));
  }

  /**
   * Stores `response` as the endpoint's response for `args`, as if it had been fetched
   * (normalized and written in one batch). Returns nothing, as in Reactive Data Client:
   * read it back with `response(endpoint, ...args)`. Throws a `SchemaError` (writing
   * nothing) when the value does not fit the schema.
   */
  setResponse<E extends EndpointInterface>(endpoint: E, ...argsAndResponse: readonly unknown[]): void {
    const args = argsAndResponse.slice(0, -1);
    const response = argsAndResponse[argsAndResponse.length - 1];
    this.#write(endpoint, args, endpoint.key(...args), response, ++this.#stamp);
  }

  /** Marks the endpoint's response invalid: it keeps showing, and the next read refetches. */
  invalidate<E extends EndpointInterface>(endpoint: E, ...args: Parameters<E['fetch']>): void {
    const result = this.#store._result(endpoint.key(...args));
    this.#batch(() => (result._meta.value = { ...result._meta.peek(), invalidated: true }));
  }

  /** Invalidates every cached response whose key passes `test` (default: all). */
  invalidateAll(test: (key: string) => boolean = () => true): void {
    this.#markAll(test, { invalidated: true });
  }

  /** Makes every cached response whose key passes `test` stale (default: all). */
  expireAll(test: (key: string) => boolean = () => true): void {
    this.#markAll(test, { expiresAt: 0 });
  }

  #markAll(test: (key: string) => boolean, change: Partial<Meta>): void {
    // `test` runs before the batch: what it throws goes to the caller.
    const marked = [...this.#store._results].filter(([key, result]) => result._sig.peek() !== undefined && test(key));
    this.#batch(() => {
      for (const [, result] of marked) result._meta.value = { ...result._meta.peek(), ...change };
    });
  }

  //#endregion

  //#region polling

  /**
   * Keeps the response fresh while subscribed: fetches when stale, then refetches every
   * `pollFrequency` ms. Reference-counted per key; identical polled data notifies no one.
   * @returns a function that unsubscribes once
   */
  subscribe<E extends EndpointInterface>(endpoint: E, ...args: Parameters<E['fetch']>): () => void {
    const key = endpoint.key(...args);
    let sub = this.#subscriptions.get(key);
    if (sub === undefined) {
      sub = { count: 0, timer: undefined };
      this.#subscriptions.set(key, sub);
      const frequency = endpoint.pollFrequency;
      if (frequency !== undefined && frequency > 0) {
        sub.timer = setInterval(() => this.fetch(endpoint, ...args).catch(noop), frequency);
      }
    }
    sub.count++;
    this.fetchIfStale(endpoint, ...args).catch(noop);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.#release(key);
    };
  }

  /** Drops one subscription of the endpoint and args; polling stops with the last one. */
  unsubscribe<E extends EndpointInterface>(endpoint: E, ...args: Parameters<E['fetch']>): void {
    this.#release(endpoint.key(...args));
  }

  #release(key: string): void {
    const sub = this.#subscriptions.get(key);
    if (sub === undefined) return;
    if (--sub.count > 0) return;
    if (sub.timer !== undefined) clearInterval(sub.timer);
    this.#subscriptions.delete(key);
  }

  /** Number of subscriptions of a key (0 when none). */
  subscriptionCount<E extends EndpointInterface>(endpoint: E, ...args: Parameters<E['fetch']>): number {
    return this.#subscriptions.get(endpoint.key(...args))?.count ?? 0;
  }

  //#endregion
}

function noop(): void {}

function describeSchema(schema: Schema): string {
  if (typeof schema === 'function') return `set(${schema._key})`;
  return 'set';
}
