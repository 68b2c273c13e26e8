/**
 * The request runner of one Controller: it stamps a request at its start, shows its
 * optimistic layer, runs the endpoint (racing its `signal` and `timeout`, retrying soft
 * failures of a GET), and writes the answer into the store as one transaction — or
 * records the failure under the key, cached data kept. It also answers the questions a
 * read asks of a key's state: is it stale, is an error of it current.
 *
 * Ordering (DESIGN rule 6): every request is stamped with a per-Controller counter when it
 * starts (two clock reads can return the same ms); the store merges an older answer under
 * newer fields. `resetEntireStore` records the stamp it happened at: an answer to a
 * request started before it is dropped.
 */
import { untracked } from '@preact/signals-core';
import { batch } from '@preact/signals-core';
import type { EndpointInterface } from '../endpoint/types.js';
import { SchemaError } from '../schema/SchemaError.js';
import { denormalizeValue, isEntity, normalizeRoot } from '../schema/visit.js';
import { Staging } from '../store/Staging.js';
import type { Meta, ResultCell, Store } from '../store/Store.js';
import type { Views } from '../store/Views.js';
import { Walker } from '../store/Walker.js';
import { equalValue } from '../util/equal.js';
import { describeThrown, errorPolicy, isAbort, TimeoutError } from './errors.js';
import { applyOptimistic } from './optimistic.js';
import { PagedAnswer, pagesToRefetch, pagingAfter } from './pages.js';
import type { TimerHandle, Timers } from './timers.js';
import type { ControllerOptions } from './types.js';

/** Default freshness of a response, in ms. */
export const DEFAULT_DATA_EXPIRY = 60_000;
/** Default time an error is kept before a read retries, in ms. */
const DEFAULT_ERROR_EXPIRY = 1_000;

/** @internal */
export class Runner {
  readonly _store: Store;
  readonly _views: Views;
  readonly _timers: Timers;
  readonly _clock: () => number;
  readonly #run: (endpoint: EndpointInterface, args: readonly unknown[]) => Promise<unknown>;
  readonly #onError: (error: unknown) => void;
  /** Fetch start counter: orders responses (two clock reads can return the same ms). */
  _stamp = 0;
  /** Stamp of the last `resetEntireStore`: requests started before it write nothing. */
  _reset = 0;

  constructor(store: Store, views: Views, timers: Timers, options: ControllerOptions) {
    this._store = store;
    this._views = views;
    this._timers = timers;
    this._clock = options.clock ?? (timers.now ? () => timers.now!() : Date.now);
    this.#run = options.fetch ?? ((endpoint, args) => endpoint.fetch(...args));
    this.#onError = options.onError ?? ((error) => console.error(error));
  }

  /**
   * Starts a request: stamped and its optimistic layer shown synchronously, before
   * anything awaits. Rejects (writing nothing) when `getOptimisticResponse` fails.
   * @returns the denormalized answer (the processed value when the schema is undefined)
   */
  _start(endpoint: EndpointInterface, args: readonly unknown[], key: string): Promise<unknown> {
    const stamp = ++this._stamp;
    if (endpoint.getOptimisticResponse !== undefined && endpoint.sideEffect) {
      try {
        applyOptimistic(
          this._store,
          (schema, a) => this._views.query(schema, a).peek(),
          endpoint,
          args,
          stamp,
          this._clock(),
        );
      } catch (error) {
        return Promise.reject(error);
      }
    }
    return this.#request(endpoint, args, key, stamp);
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
      const cell = this._store._tables.get(schema._key)?._cells.get(String(schema.queryKey(args)));
      return cell?.peek() === undefined || now >= cell._exp.t;
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

  async #request(endpoint: EndpointInterface, args: readonly unknown[], key: string, stamp: number): Promise<unknown> {
    let value: unknown;
    for (let attempt = 0; ; attempt++) {
      try {
        value = await this.#load(endpoint, args, key);
        break;
      } catch (error) {
        // An abort is the caller's choice, not a failure of the key: nothing is recorded.
        if (isAbort(error)) {
          this._store._layers.get(stamp)?._drop();
          throw error;
        }
        // A soft failure of a GET is retried `retry` times, waiting 1 s, 2 s, 4 s … (at most 30 s).
        if (
          endpoint.sideEffect ||
          attempt >= (endpoint.retry ?? 0) ||
          !(error instanceof Error) ||
          (endpoint.errorPolicy ?? errorPolicy)(error) === 'hard'
        ) {
          throw this._fail(endpoint, key, error, stamp);
        }
        await new Promise<void>((resolve) =>
          this._timers.setTimeout(resolve, endpoint.retryDelay?.(attempt) ?? Math.min(1000 * 2 ** attempt, 30_000)),
        );
      }
    }
    return this._write(endpoint, args, key, value, stamp, true);
  }

  /**
   * The answer of a request: the endpoint's, or for a list with pages loaded after its
   * first (see ./pages.ts), every page's, asked for one after the other, in order.
   */
  async #load(endpoint: EndpointInterface, args: readonly unknown[], key: string): Promise<unknown> {
    const pages = pagesToRefetch(this._store, key, endpoint);
    if (pages.length === 0) return this.#send(endpoint, args);
    const parts: [EndpointInterface, readonly unknown[], unknown][] = [
      [endpoint, args, await this.#send(endpoint, args)],
    ];
    for (const [page, pageArgs] of pages) parts.push([page, pageArgs, await this.#send(page, pageArgs)]);
    return new PagedAnswer(parts);
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
    read = false,
  ): unknown {
    if (stamp <= this._reset) throw new Error(`${endpoint.name}: dropped by resetEntireStore`);
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
    const now = this._clock();
    const expiresAt = now + (endpoint.dataExpiryLength ?? DEFAULT_DATA_EXPIRY);
    let out: unknown = normalized;
    let failed = false;
    this._batch(() => {
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
              _paging: paging,
            };
          }
          if (!read) return normalized;
          // The key is known: read the view directly instead of recomputing it through `response()`.
          if (result !== undefined) return this._views.response(key, schema, args).peek();
          return untracked(() => denormalizeValue(schema, normalized, new Walker(store, args)));
        });
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
   * Records an error under the key (cached data stays) and returns it. An `Error` passes
   * through unchanged (`instanceof`, `status`, `name` survive); anything else thrown is
   * wrapped in an `Error` naming the endpoint, with the thrown value as `cause`.
   */
  _fail(endpoint: EndpointInterface, key: string, error: unknown, stamp: number): Error {
    const named =
      error instanceof Error ? error : new Error(`${endpoint.name}: threw ${describeThrown(error)}`, { cause: error });
    // A failed mutation rolls its optimistic layer back.
    this._store._layers.get(stamp)?._drop();
    if (!endpoint.sideEffect && stamp > this._reset) {
      const result = this._store._result(key);
      if (stamp >= result._stamp) this._setError(endpoint, result, named);
    }
    return named;
  }

  /** Records `error` in the result's meta until the endpoint's `errorExpiryLength` passes. */
  _setError(endpoint: EndpointInterface, result: ResultCell, error: Error): void {
    this._patch(result, {
      error,
      errorExpiresAt: this._clock() + (endpoint.errorExpiryLength ?? DEFAULT_ERROR_EXPIRY),
    });
  }

  /** Changes fields of the result's meta, in one batch. */
  _patch(result: ResultCell, change: Partial<Meta>): void {
    this._batch(() => (result._meta.value = { ...result._meta.peek(), ...change }));
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
