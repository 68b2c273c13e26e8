/**
 * `Endpoint`: an async data source the Controller can fetch and cache, as in Reactive
 * Data Client. `RestEndpoint` builds on it; any fetch function can be wrapped directly.
 *
 * ## Instances are functions
 *
 * The constructor builds `(...args) => self.fetch(...args)`, gives it the prototype of
 * the class being constructed (`new.target.prototype`) and returns it, so an endpoint is
 * called like the function it describes (`await getUser({ id: '1' })`) and subclass
 * methods still apply.
 *
 * ## Options are own properties, hooks live on the prototype
 *
 * Every option becomes an own, enumerable property of the instance, so an option
 * overrides the method of the same name for that instance only. Hooks (`fetch`, `key`,
 * `process`, …) are prototype methods and are never declared as class fields: with
 * `useDefineForClassFields` a field would be defined on every instance after the base
 * constructor ran, hiding the override of a subclass.
 *
 * Two consequences for this file and its subclasses:
 * - no class field may carry state (fields of the base class would land on the object
 *   the constructor throws away); members are `declare`d and defaults live on the
 *   prototype;
 * - `name` and `sideEffect` are prototype accessors whose setter defines an own data
 *   property, so a derived default can be replaced by an option or an assignment.
 */
import { argsKey, idOf } from '../util/argsKey.js';
import type { Schema } from '../schema/types.js';
import { signature } from '../schema/signature.js';
import type { EndpointInterface, SnapshotInterface } from './types.js';

/** The function an `Endpoint` wraps; `this` is the endpoint. */
export type FetchFunction<A extends readonly any[] = any[], R = any> = (this: any, ...args: A) => Promise<R>;

/**
 * Options of every endpoint. Each becomes an own property of the instance (members not
 * listed here too, for subclasses with options of their own).
 */
export interface EndpointOptions<A extends readonly any[] = any[], R = any, S extends Schema = Schema> {
  /** Name used in keys and error messages. Default: the fetch function's name, else `'Endpoint#<n>'`, unique per fetch function. */
  name?: string;
  /** Normalization schema; `undefined` stores the value as is. Default: `undefined`. */
  schema?: S;
  /** `true` for requests that change data. Default: `undefined` (RestEndpoint: inferred from `method`). */
  sideEffect?: boolean | undefined;
  /** Refetch interval in ms while subscribed. Default: `undefined` (no polling). */
  pollFrequency?: number | undefined;
  /** How long a response stays fresh, in ms; `0` retains nothing. Default: `undefined` (the Controller's default). */
  dataExpiryLength?: number | undefined;
  /** How long an error stays before a read retries, in ms. Default: `undefined` (the Controller's default). */
  errorExpiryLength?: number | undefined;
  /**
   * Aborts the request when it fires: a Controller fetch rejects at once with the signal's
   * reason (an `AbortError` unless `abort(reason)` gave another), and for an `AbortError`
   * records no error; it writes nothing and frees the key (the next fetch is a new
   * request). `RestEndpoint` passes it to `fetch`. Default: none.
   */
  signal?: AbortSignal | undefined;
  /**
   * Limit in ms for a Controller fetch: past it the request is aborted and rejects with a
   * `TimeoutError` (`GET /users timed out after 5000 ms`), recorded as the key's error.
   * The endpoint sees the abort as `this.signal`. Default: none (no limit).
   */
  timeout?: number | undefined;
  /**
   * Classifies a failure of this endpoint, as in Reactive Data Client. A `'soft'` error
   * keeps showing cached data (a flaky 503 during a background refetch); a `'hard'` error
   * reaches `createSuspense` / `useSuspense` error boundaries even when data is cached (a
   * 404 after a delete). Default: `'soft'` for status 5xx, timeouts and requests that could
   * not be sent; `'hard'` otherwise.
   */
  errorPolicy?: ((error: Error) => 'soft' | 'hard') | undefined;
  /** Stale data counts as missing: suspense reads suspend (refetch) instead of showing it. Default: `false`. */
  invalidIfStale?: boolean | undefined;
  /**
   * Times a Controller fetch of a GET (not a `sideEffect`) is tried again after a soft
   * failure (see `errorPolicy`: 5xx, timeouts, network), with exponential backoff; the
   * error is recorded only when the last try fails. Default: `0` (no retry, as in
   * Reactive Data Client).
   */
  retry?: number | undefined;
  /** Wait in ms before retry `attempt` (0 for the first). Default: `min(1000 * 2 ** attempt, 30000)`. */
  retryDelay?: ((attempt: number) => number) | undefined;
  /** Replaces the prototype `fetch`. Default: the function given to the constructor. */
  fetch?: FetchFunction<A, R>;
  /** Replaces the prototype `key`. Default: `` `${name} ${argsKey(args)}` `` and the schema's signature. */
  key?: (this: any, ...args: A) => string;
  /**
   * The response a mutation is expected to give, shown at once above the server data
   * and removed when the request settles (the server's answer takes its place; a failure
   * rolls it back). `snap.get(schema, ...args)` reads the current state, `snap.fetchedAt`
   * is the fetch start, `throw snap.abort` shows nothing. Default: none.
   */
  getOptimisticResponse?: (this: any, snap: SnapshotInterface, ...args: A) => unknown;
}

/**
 * Options of `extend()` that keep the endpoint's type (none of them changes a type). The
 * others are `undefined` rather than `never`, so that a subclass's `extend` still overrides
 * this one under an app's exactOptionalPropertyTypes.
 */
export type SameTypeOptions<O> = O & {
  path?: undefined;
  searchParams?: undefined;
  method?: undefined;
  body?: undefined;
  schema?: undefined;
  process?: undefined;
};

/** Instances are callable: calling an endpoint runs its `fetch` without any cache. */
export interface Endpoint<A extends readonly any[] = any[], R = any, S extends Schema = Schema> {
  (...args: A): Promise<R>;
}

/**
 * An async data source: a fetch function plus what the cache needs to know of it
 * (`key`, `schema`, `sideEffect`, expiry, polling).
 *
 * @example
 * const getTodo = new Endpoint(
 *   async function getTodo({ id }: { id: string }) {
 *     return (await fetch(`/todos/${id}`)).json();
 *   },
 *   { schema: Todo },
 * );
 * await getTodo({ id: '1' });            // callable on its own
 * await ctrl.fetch(getTodo, { id: '1' }); // or cached through a Controller
 */
export class Endpoint<A extends readonly any[] = any[], R = any, S extends Schema = Schema>
  implements EndpointInterface<A, R>
{
  /** Normalization schema; `undefined` stores the value as is. Default: `undefined`. */
  declare schema: S;
  /** Refetch interval in ms while subscribed. Default: `undefined` (no polling). */
  declare pollFrequency: number | undefined;
  /** Freshness in ms; `0` retains nothing. Default: `undefined` (the Controller's default, 60000). */
  declare dataExpiryLength: number | undefined;
  /** Error retention in ms. Default: `undefined` (the Controller's default, 1000). */
  declare errorExpiryLength: number | undefined;
  /** The optimistic response of a mutation (see {@link EndpointOptions}). Default: none. */
  // (Optional, not `| undefined`: under an app's exactOptionalPropertyTypes the class must
  // still implement EndpointInterface's optional method.)
  declare getOptimisticResponse?: (this: any, snap: SnapshotInterface, ...args: A) => unknown;
  /** Aborts the request (see {@link EndpointOptions.signal}). Default: `undefined`. */
  declare signal: AbortSignal | undefined;
  /** Request time limit in ms (see {@link EndpointOptions.timeout}). Default: `undefined` (none). */
  declare timeout: number | undefined;
  /** Soft or hard failures (see {@link EndpointOptions.errorPolicy}). Default: `undefined` (soft for 5xx and network errors). */
  declare errorPolicy: ((error: Error) => 'soft' | 'hard') | undefined;
  /** Stale data counts as missing for suspense reads. Default: `undefined` (no). */
  declare invalidIfStale: boolean | undefined;
  /** Retries of a soft GET failure (see {@link EndpointOptions.retry}). Default: `undefined` (none). */
  declare retry: number | undefined;
  /** Backoff before each retry (see {@link EndpointOptions.retryDelay}). Default: `undefined` (exponential). */
  declare retryDelay: ((attempt: number) => number) | undefined;

  /**
   * @param fetchFunction The request to run (`this` is the endpoint). Optional for
   *   subclasses that implement `fetch` on their prototype.
   * @param options Members of the instance (see {@link EndpointOptions}).
   */
  constructor(fetchFunction?: FetchFunction<A, R>, options?: EndpointOptions<A, R, S>);
  /** Options only: the form `extend()` and subclasses use. */
  constructor(options: EndpointOptions<A, R, S>);
  constructor(fetchOrOptions?: FetchFunction<A, R> | EndpointOptions<A, R, S>, options?: EndpointOptions<A, R, S>) {
    const self = ((...args: A) => self.fetch(...args)) as unknown as Endpoint<A, R, S>;
    Object.setPrototypeOf(self, new.target.prototype);
    // A function's own `name` is read-only; removing it exposes the prototype accessor.
    delete (self as { name?: string }).name;
    const opts = typeof fetchOrOptions === 'function' ? { ...options, fetch: fetchOrOptions } : fetchOrOptions;
    if (opts) for (const [key, value] of Object.entries(opts)) defineOwn(self, key, value);
    return self as any;
  }

  static {
    // Instances are functions: keep `call`, `apply` and `bind` reachable.
    Object.setPrototypeOf(this.prototype, Function.prototype);
  }

  /**
   * Name used in keys and error messages.
   * Default: the name of the fetch function (when it has a useful one), else
   * `'Endpoint#'` and a number unique to the fetch function, so two anonymous endpoints
   * never share a cache key.
   */
  get name(): string {
    const fetch = this.fetch;
    const name = fetch.name;
    // Anonymous endpoints must not share keys: each fetch function gets a number.
    return name && name !== 'fetch' && name !== 'anonymous' ? name : `Endpoint#${idOf(fetch)}`;
  }
  set name(value: string) {
    defineOwn(this, 'name', value);
  }

  /**
   * `true` for requests that change data (never deduplicated, never cached by key).
   * Default: `undefined` (no side effect), as in Reactive Data Client.
   */
  get sideEffect(): boolean | undefined {
    return undefined;
  }
  set sideEffect(value: boolean | undefined) {
    defineOwn(this, 'sideEffect', value);
  }

  /**
   * Runs the request and resolves with its value. The base class has no request of its
   * own: pass a fetch function to the constructor or override this method.
   */
  fetch(..._args: A): Promise<R> {
    return Promise.reject(
      new Error(
        `${this.name}: no fetch function${(typeof process < 'u' ? process.env.NODE_ENV : 'production') !== 'production' ? '; pass one to new Endpoint(fetchFunction, options)' : ''}`,
      ),
    );
  }

  /**
   * Identity of a request in the cache: equal for equal arguments (object keys sorted,
   * `undefined` members dropped), distinct for `NaN`, `null`, `Infinity`, and for
   * different functions.
   * @throws TypeError naming the endpoint for a symbol, an invalid Date or arguments
   *   nested deeper than 100 levels.
   * @returns `` `${name} ${argsKey(args)}` ``, then a space and the schema's signature
   *   when there is a schema (`getTodo {"id":"1"} Todo`).
   */
  key(...args: A): string {
    return bareKey(this, args, () => withShape(`${this.name} ${argsKey(args, this.name)}`, this.schema));
  }

  /**
   * A new endpoint of the same class with these options over this one's own properties.
   * Subclass methods keep working; options of this instance carry over unless replaced.
   *
   * @example
   * const getUserFast = getUser.extend({ dataExpiryLength: 1000 });
   */
  extend(options: SameTypeOptions<EndpointOptions<any[], any, any>>): this;
  /** With a `schema`: an endpoint of the new schema type. */
  extend<S2 extends Schema>(options: EndpointOptions<any[], any, S2> & { schema: S2 }): Endpoint<A, R, S2>;
  extend(options: EndpointOptions<any[], any, any>): Endpoint<any[], any, any> {
    return new (this.constructor as new (options: EndpointOptions<any[], any, any>) => Endpoint<any[], any, any>)({
      ...this._ownOptions(),
      ...options,
    });
  }

  /** @internal The own enumerable properties of this instance: its options. */
  _ownOptions(): Record<string, unknown> {
    return { ...this } as Record<string, unknown>;
  }
}

const bare = new WeakMap<object, string>();

/**
 * @internal An endpoint's key: `make()`, made once for an endpoint called without
 * arguments. (A key built anew is a new string, hashed anew by every lookup: most of a
 * warm read.)
 */
export function bareKey(endpoint: object, args: readonly unknown[], make: () => string): string {
  if (args.length) return make();
  let key = bare.get(endpoint);
  if (key === undefined) bare.set(endpoint, (key = make()));
  return key;
}

/**
 * @internal A request key followed by the shape of its schema: endpoints of one URL
 * (or name and arguments) with different schemas never share a cache entry.
 */
export function withShape(request: string, schema: Schema): string {
  const shape = signature(schema);
  return shape ? `${request} ${shape}` : request;
}

/** @internal Defines an own, writable, enumerable data property (shadows accessors). */
export function defineOwn(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}
