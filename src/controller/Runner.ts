/**
 * The request runner of one Controller: it stamps a request at its start, shows its
 * optimistic layer (an `OPTIMISTIC` action), runs the endpoint (racing its `signal` and
 * `timeout`, retrying soft failures of a GET), and hands the answer or the failure to the
 * middlewares as a `SET_RESPONSE` action. At the end of the middlewares, the writes of
 * the actions that change data happen here: a response into the store as one transaction,
 * a failure under its key (cached data kept), `set`, the marks of `invalidate` and
 * `expireAll`. It also answers the questions a read asks of a key's state: is it stale,
 * is an error of it current.
 *
 * Ordering (DESIGN rule 6): every request is stamped with a per-Controller counter when it
 * starts (two clock reads can return the same ms); the store merges an older answer under
 * newer fields. `resetEntireStore` records the stamp it happened at: an answer to a
 * request started before it is dropped.
 *
 * The actions of one request carry no stamp of their own (their fields are data-client's):
 * their `meta` objects are mapped to the request (`#flights`). A middleware that passes on
 * a changed copy of an action keeps its `meta`, so the write stays the request's; an action
 * with a `meta` of its own is a new write, stamped when it takes effect.
 */
import { batch, untracked } from '@preact/signals-core';
import type { EndpointInterface, SnapshotInterface } from '../endpoint/types.js';
import { SchemaError } from '../schema/SchemaError.js';
import type { SchemaClass } from '../schema/types.js';
import { denormalizeValue, isEntity, normalizeRoot } from '../schema/visit.js';
import { Layer } from '../store/Layers.js';
import { Staging } from '../store/Staging.js';
import type { CommitOrigin } from '../store/Journal.js';
import type { Meta, ResultCell, Store } from '../store/Store.js';
import type { Views } from '../store/Views.js';
import { Walker } from '../store/Walker.js';
import { equalValue } from '../util/equal.js';
import { nameError } from '../util/named.js';
import { OPTIMISTIC, SET_RESPONSE } from './actionTypes.js';
import type { ActionMeta, ActionTypes, OptimisticAction, SetAction, SetResponseAction } from './actions.js';
import { describeThrown, errorPolicy, isAbort, TimeoutError } from './errors.js';
import { applyOptimistic } from './optimistic.js';
import { PagedAnswer, pagesToRefetch, pagingAfter } from './pages.js';
import type { TimerHandle, Timers } from './timers.js';
import type { ControllerOptions } from './types.js';

/** Default freshness of a response, in ms. */
export const DEFAULT_DATA_EXPIRY = 60_000;
/** Default time an error is kept before a read retries, in ms. */
export const DEFAULT_ERROR_EXPIRY = 1_000;

/** What the actions of one request lead to. */
interface Flight {
  readonly stamp: number;
  /** Whether its `SET_RESPONSE` took effect; then `out` is the denormalized response, or the error (`failed`). */
  done: boolean;
  failed: boolean;
  out: unknown;
}

/** A mutation whose optimistic layer is pending. */
interface Optimistic {
  readonly endpoint: EndpointInterface;
  readonly args: readonly unknown[];
  readonly key: string;
  /** Clock time the request started (`snap.fetchedAt`). */
  readonly fetchedAt: number;
  /** What `getOptimisticResponse` threw the last time it ran, recorded as the key's error. */
  error: Error | undefined;
}

/** The meta of a write at `now`, fresh for `expiry` ms. */
export function actionMeta(fetchedAt: number, now: number, expiry: number): ActionMeta {
  return { fetchedAt, date: now, expiresAt: now + expiry };
}

/**
 * A `SET_RESPONSE` action: the endpoint's response for `args` (with `error`, its failure),
 * fresh for the endpoint's data (or error) expiry from `now`.
 */
export function responseAction(
  endpoint: EndpointInterface,
  args: readonly unknown[],
  key: string,
  response: unknown,
  error: boolean,
  fetchedAt: number,
  now: number,
): SetResponseAction {
  const expiry = error
    ? (endpoint.errorExpiryLength ?? DEFAULT_ERROR_EXPIRY)
    : (endpoint.dataExpiryLength ?? DEFAULT_DATA_EXPIRY);
  return {
    type: SET_RESPONSE,
    endpoint,
    args,
    key,
    response,
    meta: actionMeta(fetchedAt, now, expiry),
    error,
  } as SetResponseAction;
}

/** @internal */
export class Runner {
  readonly _store: Store;
  readonly _views: Views;
  readonly _timers: Timers;
  readonly _clock: () => number;
  readonly #run: (endpoint: EndpointInterface, args: readonly unknown[]) => Promise<unknown>;
  readonly #onError: (error: unknown) => void;
  readonly #dispatch: (action: ActionTypes) => Promise<void>;
  /** The request of each action meta this runner made (see the module comment). */
  readonly #flights = new WeakMap<ActionMeta, Flight>();
  /** Fetch start counter: orders responses (two clock reads can return the same ms). */
  _stamp = 0;
  /** Stamp of the last `resetEntireStore`: requests started before it write nothing. */
  _reset = 0;
  /**
   * Mutations whose optimistic layer is pending, by stamp (so in the order they started):
   * their layers are computed again whenever a response is written (see `#refold`).
   */
  readonly #optimistic = new Map<number, Optimistic>();
  /** What `getOptimisticResponse(snap)` reads: the store with the layers before its own. */
  readonly #reader: Omit<SnapshotInterface, 'fetchedAt' | 'abort'>;

  constructor(
    store: Store,
    views: Views,
    timers: Timers,
    options: ControllerOptions,
    dispatch: (action: ActionTypes) => Promise<void>,
  ) {
    this.#dispatch = dispatch;
    this._store = store;
    this._views = views;
    this._timers = timers;
    this._clock = options.clock ?? (timers.now ? () => timers.now!() : Date.now);
    this.#run = options.fetch ?? ((endpoint, args) => endpoint.fetch(...args));
    this.#onError = options.onError ?? ((error) => console.error(error));
    this.#reader = {
      get: (schema, ...args) => views.query(schema, args).peek(),
      getResponse: (endpoint, ...args) => {
        const key = endpoint.key(...args);
        return {
          data: views.response(key, endpoint.schema, args).peek(),
          expiresAt: store._results.get(key)?._meta.peek().expiresAt ?? 0,
        };
      },
      getError: (endpoint, ...args) => store._results.get(endpoint.key(...args))?._meta.peek().error,
    };
  }

  /**
   * Starts a request: stamped and its optimistic layer shown (an `OPTIMISTIC` action)
   * synchronously, before anything awaits. Rejects, sending nothing, when a middleware
   * throws (an error of `getOptimisticResponse` is the key's error, see `_optimistic`).
   * @returns the denormalized answer (the processed value when the schema is undefined)
   */
  _start(endpoint: EndpointInterface, args: readonly unknown[], key: string, fetchedAt: number): Promise<unknown> {
    const stamp = ++this._stamp;
    if (endpoint.getOptimisticResponse !== undefined && endpoint.sideEffect) {
      const meta = actionMeta(fetchedAt, this._clock(), endpoint.dataExpiryLength ?? DEFAULT_DATA_EXPIRY);
      this.#flights.set(meta, { stamp, done: false, failed: false, out: undefined });
      try {
        this._send({ type: OPTIMISTIC, endpoint, args, key, meta });
      } catch (error) {
        return Promise.reject(error);
      }
    }
    // In flight until it settles: a row removed meanwhile stays remembered (its answer may be older).
    const settled = this._store._hold(stamp);
    const request = this.#request(endpoint, args, key, stamp, fetchedAt);
    request.then(settled, settled);
    return request;
  }

  /**
   * Dispatches an action through every middleware. What the end of the pipeline throws
   * while the middlewares pass it on synchronously reaches the caller; what a middleware
   * that waits makes it reject with goes to `onError`.
   */
  _send(action: ActionTypes): void {
    const settled = this.#dispatch(action);
    if (settled !== DONE) settled?.then(undefined, this.#onError);
  }

  /** `OPTIMISTIC` at the end of the middlewares: the layer of a request of this runner (others have none to settle them). */
  _optimistic(action: OptimisticAction): void {
    const flight = this.#flights.get(action.meta);
    if (flight === undefined) return;
    const { endpoint, args, key } = action;
    const optimistic: Optimistic = { endpoint, args, key, fetchedAt: action.meta.fetchedAt, error: undefined };
    this.#optimistic.set(flight.stamp, optimistic);
    this._batch(() => this.#show(flight.stamp, optimistic));
  }

  /**
   * Shows a mutation's optimistic layer. When `getOptimisticResponse` throws (other than
   * `snap.abort`), nothing is shown and the error is the key's error until the request
   * settles, as in Reactive Data Client; the request is sent all the same.
   */
  #show(stamp: number, optimistic: Optimistic): void {
    try {
      applyOptimistic(this._store, this.#reader, optimistic.endpoint, optimistic.args, stamp, optimistic.fetchedAt);
    } catch (error) {
      optimistic.error = error as Error;
      this._patch(
        optimistic.key,
        this._store._result(optimistic.key),
        {
          error: optimistic.error,
          errorExpiresAt: this._clock() + (optimistic.endpoint.errorExpiryLength ?? DEFAULT_ERROR_EXPIRY),
        },
        'error',
      );
    }
  }

  /**
   * A request settled (answered, failed or aborted): its layer is gone, its error (if its
   * `getOptimisticResponse` threw) taken back, and the layers still pending are computed
   * again over what the store holds now, each reading the layers before it (Reactive Data
   * Client recomputes them on every change of its state). Called inside the batch that
   * wrote the answer, so readers see one change.
   */
  #refold(stamp: number): void {
    const pending = this.#optimistic;
    const settled = pending.get(stamp);
    if (settled?.error !== undefined) {
      const result = this._store._result(settled.key);
      if (result._meta.peek().error === settled.error) {
        this._patch(settled.key, result, { error: undefined, errorExpiresAt: 0 }, 'error');
      }
    }
    pending.delete(stamp);
    if (pending.size === 0) return;
    const layers: Layer[] = [];
    for (const s of pending.keys()) {
      const layer = this._store._layers.get(s);
      if (layer !== undefined) layers.push(layer);
    }
    Layer._refold(this._store, layers, () => {
      for (const [s, optimistic] of pending) {
        // A request started before `resetEntireStore` shows nothing again.
        if (s <= this._reset) pending.delete(s);
        else this.#show(s, optimistic);
      }
    });
  }

  /**
   * Rolls a request's optimistic layer back (failure, abort, a write a middleware
   * stopped) and computes the others again, in one batch; nothing when it has none.
   */
  #drop(stamp: number): void {
    const layer = this._store._layers.get(stamp);
    if (layer === undefined && !this.#optimistic.has(stamp)) return;
    this._batch(() => {
      layer?._drop();
      this.#refold(stamp);
    });
  }

  /**
   * Stale: missing, expired or invalidated — unless an error is still current. A response
   * whose entity is gone (deleted) is missing. An Entity endpoint never fetched is fresh
   * while a response that stored its row vouches for the row (`Cell._exp`).
   */
  _isStale(key: string, endpoint: EndpointInterface, args: readonly unknown[]): boolean {
    const result = this._store._results.get(key);
    const meta = result?._meta.peek();
    const now = this._clock();
    if (meta?.error !== undefined && now < meta.errorExpiresAt) return false;
    if (meta?.invalidated) return true;
    if (result?._sig.peek() === undefined) {
      const schema = endpoint.schema;
      if (!isEntity(schema)) return true;
      const cell = this._store._tables.get(schema.key)?._cells.get(String(schema.queryKey(args)));
      return cell?.peek() === undefined || now >= cell._exp._until;
    }
    return (
      now >= meta!.expiresAt || untracked(() => this._views.response(key, endpoint.schema, args).value) === undefined
    );
  }

  /** The key's last error while it is current (before `errorExpiryLength` passed). */
  _freshError(key: string): Error | undefined {
    const meta = this._store._results.get(key)?._meta.peek();
    return meta?.error !== undefined && this._clock() < meta.errorExpiresAt ? meta.error : undefined;
  }

  async #request(
    endpoint: EndpointInterface,
    args: readonly unknown[],
    key: string,
    stamp: number,
    fetchedAt: number,
  ): Promise<unknown> {
    let value: unknown;
    for (let attempt = 0; ; attempt++) {
      try {
        value = await this.#load(endpoint, args, key);
        break;
      } catch (error) {
        // An abort is the caller's choice, not a failure of the key: nothing is recorded.
        if (isAbort(error)) {
          this.#drop(stamp);
          throw nameError(endpoint.name, '', error);
        }
        // A soft failure of a GET is retried `retry` times, waiting 1 s, 2 s, 4 s … (at most 30 s).
        if (
          endpoint.sideEffect ||
          attempt >= (endpoint.retry ?? 0) ||
          !(error instanceof Error) ||
          (endpoint.errorPolicy ?? errorPolicy)(error) === 'hard'
        ) {
          return this.#answer(endpoint, args, key, stamp, fetchedAt, named(endpoint, error), true);
        }
        await new Promise<void>((resolve) =>
          this._timers.setTimeout(resolve, endpoint.retryDelay?.(attempt) ?? Math.min(1000 * 2 ** attempt, 30_000)),
        );
      }
    }
    return this.#answer(endpoint, args, key, stamp, fetchedAt, value, false);
  }

  /**
   * Hands a request's answer (or failure) to the middlewares as `SET_RESPONSE`.
   * @returns what the write made of it: the denormalized response; or, when no write took
   *   effect (a middleware stopped it, or passed on another meta), what the key holds now
   * @throws the recorded error; the failure itself when no write took effect
   */
  async #answer(
    endpoint: EndpointInterface,
    args: readonly unknown[],
    key: string,
    stamp: number,
    fetchedAt: number,
    response: unknown,
    error: boolean,
  ): Promise<unknown> {
    // Started before `resetEntireStore`: nothing of it is written.
    if (stamp <= this._reset) throw error ? response : new Error(`${endpoint.name}: dropped by resetEntireStore`);
    const action = responseAction(endpoint, args, key, response, error, fetchedAt, this._clock());
    const flight: Flight = { stamp, done: false, failed: false, out: undefined };
    this.#flights.set(action.meta, flight);
    try {
      // Awaited only when a middleware waits: a synchronous write resolves the fetch without a tick.
      const settled = this.#dispatch(action);
      if (!flight.done) await settled;
    } finally {
      // A request takes its optimistic layer with it, whatever the middlewares did.
      this.#drop(stamp);
    }
    if (flight.failed) throw flight.out;
    if (flight.done) return flight.out;
    if (error) throw response;
    return this._views.response(key, endpoint.schema, args).peek();
  }

  /**
   * `SET_RESPONSE` at the end of the middlewares: the response written (or the failure
   * recorded) under its key, stamped by its request (a new stamp for any other).
   * @throws what a write that is not a request's fails with (`setResponse`)
   */
  _setResponse(action: SetResponseAction): void {
    const { endpoint, key, meta } = action;
    const flight = this.#flights.get(meta);
    const stamp = flight?.stamp ?? ++this._stamp;
    if (action.error) {
      // A request's failure is recorded for a GET; `setError` (no request) for any endpoint.
      const error = this._fail(endpoint, key, action.response, stamp, meta.expiresAt, flight === undefined);
      if (flight !== undefined) {
        flight.done = flight.failed = true;
        flight.out = error;
      }
      return;
    }
    if (flight === undefined) {
      this._write(endpoint, action.args, key, action.response, stamp, false, meta);
      return;
    }
    try {
      flight.out = this._write(endpoint, action.args, key, action.response, stamp, true, meta);
    } catch (error) {
      flight.failed = true;
      flight.out = error;
    }
    flight.done = true;
  }

  /** `SET` at the end of the middlewares: the value (or the updater's) written through the schema. */
  _set(action: SetAction): void {
    const { schema, args } = action;
    let value: unknown = action.value;
    if (typeof value === 'function') value = value(this._views.query(schema, args).peek());
    // Messages name the write `set(Key)` for an Entity, else `set`.
    const staging = new Staging(typeof schema === 'function' ? `set(${schema.key})` : 'set', args);
    normalizeRoot(schema, value, staging);
    const stamp = ++this._stamp;
    // One transaction: a merge hook that throws leaves the tables as they were.
    this._batch(() => {
      this._store._transact('set', stamp, () => this._store._commit(staging, stamp, action.meta.expiresAt));
      this.#refold(stamp);
    });
  }

  /**
   * The answer of a request: the endpoint's, or for a list with pages loaded after its
   * first (see ./pages.ts), every page's, asked for one after the other, in order.
   */
  async #load(endpoint: EndpointInterface, args: readonly unknown[], key: string): Promise<unknown> {
    const pages = pagesToRefetch(this._store, key, endpoint);
    if (pages.length === 0) return this.#call(endpoint, args);
    const parts: [EndpointInterface, readonly unknown[], unknown][] = [
      [endpoint, args, await this.#call(endpoint, args)],
    ];
    for (const [page, pageArgs] of pages) parts.push([page, pageArgs, await this.#call(page, pageArgs)]);
    return new PagedAnswer(parts);
  }

  /**
   * Runs the endpoint, racing its `signal` and `timeout`: an abort (rejecting with the
   * signal's reason, an `AbortError` unless another reason was given) or a timeout rejects
   * at once (so the key is free for the next fetch) even when the request ignores the
   * signal, and its late answer is never written. The endpoint runs with a signal that
   * aborts on either (`this.signal` inside its fetch).
   */
  #call(endpoint: EndpointInterface, args: readonly unknown[]): Promise<unknown> {
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
        timer = this._timers.setTimeout(
          () => ac.abort(new TimeoutError(`${endpoint.name} timed out after ${timeout} ms`)),
          timeout,
        );
      }
      this.#run(Object.create(endpoint, { signal: { value: ac.signal } }), args).then(resolve, reject);
    }).finally(() => {
      signal?.removeEventListener('abort', abort);
      this._timers.clearTimeout(timer);
    });
  }

  /**
   * Normalizes a response completely, then writes it in one batch, as one transaction:
   * when anything after the first write throws (with `read`, the first read of the
   * response), every write is undone and the error is recorded as the fetch's failure.
   * @returns the denormalized response with `read`, else its stored form
   */
  _write(
    endpoint: EndpointInterface,
    args: readonly unknown[],
    key: string,
    value: unknown,
    stamp: number,
    read: boolean,
    meta: ActionMeta,
  ): unknown {
    if (stamp <= this._reset) {
      this.#optimistic.delete(stamp);
      throw new Error(`${endpoint.name}: dropped by resetEntireStore`);
    }
    const staging = new Staging(endpoint.name, args);
    const store = this._store;
    const schema = endpoint.schema;
    const before = store._results.get(key);
    let paging = before?._meta.peek()._paging;
    let normalized: unknown;
    try {
      // Every page of a paged refetch is staged, in order, as one response: the first sets
      // the list, the others append to it; the response is the last page's.
      const parts = value instanceof PagedAnswer ? value._parts : [[endpoint, args, value] as const];
      for (const [part, partArgs, partValue] of parts) {
        const at = staging._collections.length;
        staging.source = part.name;
        staging.args = partArgs;
        normalized = normalizeRoot(part.schema, partValue, staging);
        paging = pagingAfter(
          paging,
          part,
          partArgs,
          staging,
          at,
          part !== endpoint || before?._sig.peek() !== undefined,
        );
      }
    } catch (error) {
      throw this._fail(endpoint, key, error, stamp);
    }
    const { date: now, expiresAt } = meta;
    let out: unknown = normalized;
    let failed = false;
    this._batch(() => {
      try {
        out = store._transact(read ? 'fetch' : 'setResponse', stamp, () => {
          store._commit(staging, stamp, expiresAt);
          // Responses are kept by key, unless the endpoint retains nothing.
          const result = !endpoint.sideEffect && endpoint.dataExpiryLength !== 0 ? store._result(key) : undefined;
          if (result !== undefined && stamp >= result._stamp) {
            store._save(result);
            result._stamp = stamp;
            result._schema = schema;
            result._args = args;
            result._endpoint = endpoint;
            if (!equalValue(result._sig.peek(), normalized)) {
              result._sig.value = normalized;
              store._wrote(key, true);
            }
            store._wrote(key, false);
            result._meta.value = {
              fetchedAt: now,
              expiresAt,
              error: undefined,
              errorExpiresAt: 0,
              // An invalidation issued after this fetch started outlives its answer.
              invalidated: result._invalidated >= stamp,
              // (Only on lists of pages: the meta of other keys keeps its five fields.)
              ...(paging && { _paging: paging }),
            };
          }
          if (!read) return normalized;
          // The key is known: read the view directly instead of recomputing it through `response()`.
          if (result !== undefined) return this._views.response(key, schema, args).peek();
          // A schema may say what its mutation resolves with (`Invalidate`: the entity its
          // response described, the row being gone from the store by now).
          if (typeof (schema as SchemaClass | undefined)?._answer === 'function') {
            return (schema as SchemaClass)._answer!(value);
          }
          return untracked(() => denormalizeValue(schema, normalized, new Walker(store, args, false)));
        });
        this.#refold(stamp);
      } catch (error) {
        failed = true;
        // A read's SchemaError (rows nested too deep) is ours: it gets the endpoint's name.
        out = error instanceof SchemaError ? new SchemaError(`${endpoint.name}: ${error.message}`, error.path) : error;
      }
    });
    if (failed) throw this._fail(endpoint, key, out, stamp);
    return out;
  }

  /**
   * A failure (a request's, `setError`'s, or a write's whose response does not fit the
   * schema or whose first read failed): its optimistic layer rolled back, the error
   * recorded under the key for a GET (for any endpoint with `anyEndpoint`; cached data
   * stays), and returned, named by the endpoint.
   */
  _fail(
    endpoint: EndpointInterface,
    key: string,
    error: unknown,
    stamp: number,
    errorExpiresAt = this._clock() + (endpoint.errorExpiryLength ?? DEFAULT_ERROR_EXPIRY),
    anyEndpoint = false,
  ): Error {
    const failure = named(endpoint, error);
    this._store._record('error', stamp, () => {
      // A failed mutation rolls its optimistic layer back.
      this.#drop(stamp);
      if ((anyEndpoint || !endpoint.sideEffect) && stamp > this._reset) {
        const result = this._store._result(key);
        if (stamp >= result._stamp) this._patch(key, result, { error: failure, errorExpiresAt }, 'error');
      }
    });
    return failure;
  }

  /** Changes fields of the meta of the result of `key`, in one batch: a record of the journal by `origin`. */
  _patch(key: string, result: ResultCell, change: Partial<Meta>, origin: CommitOrigin): void {
    this._batch(() =>
      this._store._record(origin, 0, () => {
        result._meta.value = { ...result._meta.peek(), ...change };
        this._store._wrote(key, false);
      }),
    );
  }

  /**
   * Runs writes in one batch. Readers re-run when it ends; what they throw goes to
   * `onError`, never to the writer.
   */
  _batch(fn: () => void): void {
    try {
      batch(fn);
    } catch (error) {
      this.#onError(error);
    }
  }
}

/** The end of the pipeline: every action takes effect synchronously. */
export const DONE: Promise<void> = /*#__PURE__*/ Promise.resolve();

/**
 * An `Error` passes through unchanged (`instanceof`, `status`, `name` survive); anything
 * else thrown is wrapped in an `Error` naming the endpoint, with the thrown value as `cause`.
 */
function named(endpoint: EndpointInterface, error: unknown): Error {
  return error instanceof Error
    ? error
    : new Error(`${endpoint.name}: threw ${describeThrown(error)}`, { cause: error });
}
