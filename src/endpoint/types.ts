/**
 * What the Controller needs of an endpoint. `Endpoint` and `RestEndpoint` implement it;
 * any object with these members can be fetched through a Controller.
 */
import type { Schema } from '../schema/types.js';

export interface EndpointInterface<A extends readonly any[] = any[], R = any> {
  /** Calling an endpoint runs `fetch` without any cache. */
  (...args: A): Promise<R>;
  /** Runs the request and resolves with the processed (not normalized) value. */
  fetch(...args: A): Promise<R>;
  /** Identity of a request in the cache: equal for requests that return the same data. */
  key(...args: A): string;
  /** Normalization schema; `undefined` stores the value as is. */
  readonly schema: Schema;
  /** `true` for requests that change data (never deduplicated, never cached by key). Default: `undefined`. */
  readonly sideEffect?: boolean | undefined;
  /** Name used in error messages. */
  readonly name: string;
  /** Refetch interval in ms while subscribed. Default: none. */
  readonly pollFrequency?: number | undefined;
  /** How long a response stays fresh, in ms; `0` retains nothing. Default: 60000. */
  readonly dataExpiryLength?: number | undefined;
  /** How long an error stays before a read retries, in ms. Default: 1000. */
  readonly errorExpiryLength?: number | undefined;
  /**
   * The response a mutation is expected to give, shown at once as an optimistic layer
   * until the request settles (see {@link SnapshotInterface}). Default: none.
   */
  getOptimisticResponse?(snap: SnapshotInterface, ...args: A): unknown;
  /** Aborts the request: it rejects with an `AbortError` and records no error. Default: none. */
  readonly signal?: AbortSignal | undefined;
  /** Aborts a request that takes longer, in ms, with a recorded `TimeoutError`. Default: none. */
  readonly timeout?: number | undefined;
  /** `'hard'` errors reach suspense error boundaries even when data is cached. Default: soft for 5xx and network errors. */
  readonly errorPolicy?: ((error: Error) => 'soft' | 'hard') | undefined;
  /** Stale data counts as missing: suspense reads suspend again. Default: `false`. */
  readonly invalidIfStale?: boolean | undefined;
  /** Times a GET that failed softly is tried again. Default: `0` (no retry). */
  readonly retry?: number | undefined;
  /** Wait before retry `attempt` (0, 1, …), in ms. Default: `min(1000 * 2 ** attempt, 30000)`. */
  readonly retryDelay?: ((attempt: number) => number) | undefined;
  /** Name of the argument that selects a page of the list (`getPage`). Default: none. */
  readonly paginationField?: string | undefined;
  /**
   * The `paginationField` value of the page after `response` (the processed value of the
   * last page loaded), `null` or `undefined` when it was the last. Default: the response's
   * member named like `paginationField`, `next` + that name, `nextCursor` or `nextPage`;
   * else, for pages by number, the page's number + 1 while pages bring items.
   */
  readonly nextPage?: ((response: R, ...args: A) => unknown) | undefined;
}

/** What `getOptimisticResponse(snap, ...args)` can read, as in Reactive Data Client. */
export interface SnapshotInterface {
  /** The current value (with pending optimistic layers) of a schema read by `args`. */
  get(schema: Schema, ...args: readonly unknown[]): any;
  /** An endpoint's cached response (with the optimistic layers before this one) and when it expires. */
  getResponse(endpoint: EndpointInterface, ...args: readonly unknown[]): { data: any; expiresAt: number };
  /** An endpoint's current error, if any. */
  getError(endpoint: EndpointInterface, ...args: readonly unknown[]): Error | undefined;
  /** Clock time at which the mutation started. */
  readonly fetchedAt: number;
  /** Throw it to show no optimistic value; the request is still sent. */
  readonly abort: Error;
}
