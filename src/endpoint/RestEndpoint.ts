/**
 * `RestEndpoint`: an `Endpoint` for HTTP/REST, following Reactive Data Client.
 *
 * ## The request pipeline
 *
 * ```
 * fetch(...args)
 *   → url(...args)                          urlPrefix + path (params encoded) + ?sorted search
 *   → getRequestInit(body)                  method, headers (getHeaders), JSON body
 *   → fetchResponse(url, init)              global fetch; non-2xx → NetworkError
 *   → parseResponse(response)               204/empty → null, JSON, else text
 *   → process(value, ...args)               the value handed to normalization
 * ```
 *
 * Every step is a prototype method meant to be overridden (calling `super`), or replaced
 * per instance by an option of the same name.
 *
 * ## Arguments
 *
 * Methods without a body (`GET`, `HEAD`, `OPTIONS`, `DELETE`) take one argument: the
 * parameters object. Keys that name a path parameter fill the path; the others form the
 * query string. Methods with a body (`POST`, `PUT`, `PATCH`, any other) take the body
 * as the **last** argument: `(params, body)`, or `(body)` alone when the path has no
 * required parameter. The rule only counts arguments, so it is the same at runtime and
 * in the types. The body is never part of `key()`. An option `body: undefined` declares
 * a body method without a body (one argument, the parameters).
 */
import type { Collection, CollectionAddition } from '../schema/Collection.js';
import type { EntityInput, Schema } from '../schema/types.js';
import type { Values } from '../schema/Values.js';
import { bareKey, defineOwn, Endpoint, withShape, type EndpointOptions, type SameTypeOptions } from './Endpoint.js';
import { isPlain } from '../util/equal.js';
import { nameError } from '../util/named.js';
import { NetworkError } from './NetworkError.js';
import { compilePath, searchParamsOf, searchString, unsendable, type ParamValue, type PathParams } from './path.js';

//#region types

/** How `parseResponse` reads a body (the `content` option). */
export type RestContent = 'json' | 'blob' | 'text' | 'arrayBuffer' | 'stream';

/** Methods whose requests carry no body: they take only the parameters object. */
export type BodylessMethod = 'GET' | 'HEAD' | 'OPTIONS' | 'DELETE';

type HasRequired<T> = {} extends T ? false : true;

/**
 * Arguments of a `RestEndpoint` call, from its path, search parameters, method and body.
 * Bodyless methods: `[params]` (optional when nothing is required). Body methods:
 * `[params, body]`, or `[body]` when the path has no required parameters.
 */
export type RestArgs<P extends string, SP, M extends string, B> = M extends BodylessMethod
  ? HasRequired<PathParams<P> & SP> extends true
    ? [params: PathParams<P> & SP]
    : [params?: PathParams<P> & SP]
  : [B] extends [undefined]
    ? HasRequired<PathParams<P> & SP> extends true
      ? [params: PathParams<P> & SP]
      : [params?: PathParams<P> & SP]
    : string extends P
      ? [params: PathParams<P> & SP, body: B]
      : HasRequired<PathParams<P>> extends false
        ? unknown extends B
          ? [body?: B] | [params: PathParams<P> & SP, body: B]
          : [body: B] | [params: PathParams<P> & SP, body: B]
        : [params: PathParams<P> & SP, body: B];

/** Options of a `RestEndpoint`. Each becomes an own property of the instance. */
export interface RestEndpointOptions<
  P extends string = string,
  SP = {},
  M extends string = 'GET',
  B = unknown,
  R = any,
  S extends Schema = Schema,
> extends EndpointOptions<RestArgs<P, SP, M, B>, R, S> {
  /** Normalization schema; its type gives `ctrl.fetch` its result type. Default: `undefined`. */
  schema?: S;
  /** Path template with `:param` (and optional `:param?`) segments. Required. */
  path: P;
  /** Base address prepended to the path, e.g. `'https://api.example.com'`. Default: `''`. */
  urlPrefix?: string;
  /** Type only: the query-string parameters (`searchParams: {} as { orderBy?: string }`). Default: none. */
  searchParams?: SP;
  /** HTTP method. Default: `'GET'`. */
  method?: M;
  /** Type only: the body type; `undefined` declares no body for a body method. Default: any body. */
  body?: B;
  /** `true` for requests that change data. Default: `undefined` for GET/HEAD/OPTIONS, else `true`; `true` alone makes the method POST. */
  sideEffect?: boolean | undefined;
  /** Merged into every request's init (credentials, mode, signal, headers …). Default: none. */
  requestInit?: RequestInit;
  /**
   * Query-string names whose values error messages replace by `***` (messages end up in
   * logs). Default: `/token|secret|passw|auth|key|sig|session|cred/i`; `/$^/` keeps all.
   */
  secretParams?: RegExp;
  /** Replaces the prototype `process` for this instance. Default: returns the value. */
  process?: (this: RestEndpoint<P, SP, M, B, R, S>, value: any, ...args: RestArgs<P, SP, M, B>) => R;
  /** Replaces the prototype `parseResponse`. */
  parseResponse?: (this: RestEndpoint<P, SP, M, B, R, S>, response: Response) => Promise<any>;
  /** Replaces the prototype `getRequestInit`. */
  getRequestInit?: (this: RestEndpoint<P, SP, M, B, R, S>, body?: any) => RequestInit | Promise<RequestInit>;
  /** Replaces the prototype `url`. */
  url?: (this: RestEndpoint<P, SP, M, B, R, S>, ...args: RestArgs<P, SP, M, B>) => string;
  /** Replaces the prototype `searchToString`. */
  searchToString?: (this: RestEndpoint<P, SP, M, B, R, S>, searchParams: Record<string, unknown>) => string;
  /** Replaces the prototype `getHeaders`. */
  getHeaders?: (
    this: RestEndpoint<P, SP, M, B, R, S>,
    headers: Record<string, string>,
  ) => HeadersInit | Promise<HeadersInit>;
  /**
   * How to read the body: `'json'` (whatever the content type), `'blob'`, `'text'`,
   * `'arrayBuffer'` or `'stream'` (the body's `ReadableStream`); only `'json'` goes with a
   * schema. Default: by content type (see {@link RestEndpoint.parseResponse}).
   */
  content?: RestContent | undefined;
  /** Name of the cursor parameter of `getPage`. Default: none. */
  paginationField?: string;
  /**
   * The `paginationField` value of the page after a response (the processed value of the
   * last page loaded), `null` or `undefined` when it was the last: what `ctrl.pages()`
   * reports as `next`. Default: the response's member named like `paginationField`,
   * `next` + that name, `nextCursor` or `nextPage`; else, for pages by number, the page's
   * number + 1 while pages bring items.
   */
  nextPage?: (this: RestEndpoint<P, SP, M, B, R, S>, response: R, ...args: RestArgs<P, SP, M, B>) => unknown;
  /** Path of one item, for `move`. Default: `path`. */
  movePath?: string;
  /** Replaces the prototype `fetchResponse`. */
  fetchResponse?: (this: RestEndpoint<P, SP, M, B, R, S>, input: string, init: RequestInit) => Promise<Response>;
}

/** Options of `extend()`: any {@link RestEndpointOptions} member, hooks typed loosely. */
export type RestExtendOptions = {
  [K in keyof RestEndpointOptions]?: K extends 'fetch' | 'key' | 'process' | 'getOptimisticResponse' | 'url'
    ? (this: any, ...args: any[]) => any
    : RestEndpointOptions<string, any, string, any, any, Schema>[K];
};

/** A `const`-inferred body type widened back: literals to their primitive, `readonly` dropped. */
type Widen<T> = T extends string
  ? string
  : T extends number
    ? number
    : T extends boolean
      ? boolean
      : T extends (...args: any[]) => any
        ? T
        : T extends object
          ? { -readonly [K in keyof T]: Widen<T[K]> }
          : T;

/**
 * What `endpoint.extend(options)` returns when an option changes a type: a `RestEndpoint`
 * with the new path, search parameters, method, body, schema or `process` result.
 */
export type RestExtended<P extends string, SP, M extends string, B, R, S extends Schema, O> = RestEndpoint<
  O extends { path: infer P2 extends string } ? P2 : P,
  O extends { searchParams: infer SP2 } ? SP2 : SP,
  O extends { method: infer M2 extends string } ? M2 : M,
  'body' extends keyof O ? Widen<O['body']> : B,
  O extends { process: (...args: any[]) => infer R2 } ? R2 : R,
  O extends { schema: infer S2 extends Schema } ? S2 : S
>;

/** The endpoint's Collection: the schema itself, or a member of an object schema. */
type CollectionIn<S> = Schema extends S
  ? never
  : S extends Collection<any, any>
    ? S
    : S extends abstract new (
          ...args: any[]
        ) => unknown
      ? never
      : S extends readonly unknown[] | { normalize(...args: any[]): unknown }
        ? never
        : S extends object
          ? { [K in keyof S]: S[K] extends Collection<any, any> ? S[K] : never }[keyof S]
          : never;
/** The entity of the endpoint's Collection. */
type CollectionEntity<S> = [CollectionIn<S>] extends [never]
  ? never
  : CollectionIn<S> extends Collection<infer E, any>
    ? E
    : never;
/** The schema of `push`, `unshift`, `assign`, `remove` and `move`: the Collection's derived schema. */
type DerivedSchema<S> = [CollectionIn<S>] extends [never]
  ? Schema
  : CollectionIn<S> extends Collection<infer E, infer V>
    ? CollectionAddition<E, V>
    : Schema;
/**
 * Their body: the declared body, else the fields of the Collection's entity (for a keyed
 * collection, except `move`'s, an object of key → fields).
 */
type DerivedBody<S, B, One = false> = [CollectionEntity<S>] extends [never]
  ? unknown
  : unknown extends B
    ? [One, CollectionIn<S>] extends [false, Collection<any, Values<any>>]
      ? Record<string, EntityInput<CollectionEntity<S>>>
      : EntityInput<CollectionEntity<S>>
    : B extends undefined
      ? EntityInput<CollectionEntity<S>>
      : B;
/** An endpoint derived from a list endpoint (`push`, `unshift`, `remove`). */
type Derived<P extends string, SP, M extends string, B, R, S extends Schema, One = false> = RestEndpoint<
  P,
  SP,
  M,
  DerivedBody<S, B, One>,
  R,
  DerivedSchema<S>
>;

//#endregion

const SAFE: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);
const BODYLESS: ReadonlySet<string> = new Set([...SAFE, 'DELETE']);

/**
 * An endpoint for a REST URL: path template, search parameters, method, body, and the
 * hooks of the request pipeline (see the file header).
 *
 * @example
 * const getPost = new RestEndpoint({ urlPrefix: 'https://api.example.com', path: '/posts/:id', schema: Post });
 * const getPosts = new RestEndpoint({
 *   path: '/:group/posts',
 *   searchParams: {} as { orderBy?: string; author?: string },
 *   schema: new Collection([Post], { nonFilterArgumentKeys: /orderBy/ }),
 * });
 * await getPost({ id: '1' });                                // GET https://api.example.com/posts/1
 * await getPosts({ group: 'react', orderBy: 'title' });      // GET /react/posts?orderBy=title
 * await getPosts.push({ group: 'react' }, { title: 'New' }); // POST /react/posts
 *
 * @example Transform hooks: override and call super.
 * // Forward the generics so that the subclass keeps typed arguments for every method:
 * class CamelEndpoint<P extends string = string, SP = {}, M extends string = 'GET', B = unknown, R = any, S extends Schema = Schema>
 *   extends RestEndpoint<P, SP, M, B, R, S> {
 *   override getRequestInit(body?: unknown) {
 *     return super.getRequestInit(body ? deepSnakeCase(body) : body);
 *   }
 *   override process(value: unknown, ...args: any[]) {
 *     return deepCamelCase(value);
 *   }
 * }
 */
export class RestEndpoint<
  P extends string = string,
  SP = {},
  M extends string = 'GET',
  B = unknown,
  R = any,
  S extends Schema = Schema,
> extends Endpoint<RestArgs<P, SP, M, B>, R, S> {
  /** Path template with `:param` segments. */
  declare path: P;
  /** Base address prepended to the path. Default: `''`. */
  declare urlPrefix: string;
  /** HTTP method. Default: `'GET'`. */
  declare method: M;
  /** Type only: the query-string parameters. */
  declare searchParams: SP | undefined;
  /** Type only: the body type. */
  declare body: B | undefined;
  /** Merged into every request's init. Default: `undefined`. */
  declare requestInit: RequestInit | undefined;
  /** Query-string names redacted in error messages. Default: `/token|secret|passw|auth|key|sig|session|cred/i`. */
  declare secretParams: RegExp;
  /** Normalization schema. Default: `undefined`. */
  declare schema: S;

  /** How the body is read (see {@link RestEndpointOptions.content}). Default: by content type. */
  declare content: RestContent | undefined;
  /** Name of the cursor parameter of `getPage` (e.g. `'cursor'`, `'page'`). Default: none. */
  declare paginationField: string | undefined;
  /** The next page's cursor after a response (see {@link RestEndpointOptions.nextPage}). Default: none. */
  declare nextPage: ((response: R, ...args: RestArgs<P, SP, M, B>) => unknown) | undefined;
  /** Path of one item, for `move` (`resource()` sets it). Default: `path`. */
  declare movePath: string | undefined;

  readonly #derived = new Map<string, RestEndpoint<any, any, any, any, any, any>>();

  /** @param options See {@link RestEndpointOptions}; `path` is required. */
  constructor(options: RestEndpointOptions<P, SP, M, B, R, S>) {
    super(options as EndpointOptions<RestArgs<P, SP, M, B>, R, S>);
    // As in Reactive Data Client: a side effect without a method is a POST.
    if (options.sideEffect && !('method' in options)) this.method = 'POST' as M;
    if (
      (typeof process < 'u' ? process.env.NODE_ENV : 'production') !== 'production' &&
      options.content &&
      options.content !== 'json' &&
      options.schema != null
    ) {
      console.error(
        `${this.name}: content '${options.content}' is incompatible with schema: binary and text responses cannot be normalized. Use schema: undefined.`,
      );
    }
  }

  static {
    // Defaults live on the prototype so options, assignments and subclass fields override them.
    Object.assign(this.prototype, {
      method: 'GET',
      urlPrefix: '',
      path: '',
      secretParams: /token|secret|passw|auth|key|sig|session|cred/i,
    });
  }

  /** Name used in error messages. Default: `` `${urlPrefix}${path}` ``, as in Reactive Data Client; a `name` option wins. */
  override get name(): string {
    return this.urlPrefix + this.path;
  }
  override set name(value: string) {
    defineOwn(this, 'name', value);
  }

  /** `true` for requests that change data. Default: `undefined` for GET, HEAD and OPTIONS, else `true`. */
  override get sideEffect(): boolean | undefined {
    return SAFE.has(this.method.toUpperCase()) ? undefined : true;
  }
  override set sideEffect(value: boolean | undefined) {
    defineOwn(this, 'sideEffect', value);
  }

  /**
   * Runs the pipeline: `url` → `getRequestInit` → `fetchResponse` → `parseResponse` →
   * `process`. A missing path parameter rejects before any request is sent.
   * @returns The processed (not normalized) value.
   */
  override async fetch(...args: RestArgs<P, SP, M, B>): Promise<R> {
    // url → request init → response → parsed value → processed value.
    const response = await this.fetchResponse(this.url(...args), await this.getRequestInit(this._body(args)));
    return this.process(await this.parseResponse(response), ...args);
  }

  /**
   * The full URL: `urlPrefix` + path with parameters encoded + `searchToString` of the
   * other parameters (keys sorted, `undefined` dropped).
   * @throws Error naming the endpoint and the parameter when a required one is missing.
   * @throws TypeError naming the endpoint and the parameter when a value cannot go into
   *   a URL: a function, a symbol, an invalid Date, a lone surrogate, or a path value
   *   `.` or `..`.
   */
  url(...args: RestArgs<P, SP, M, B>): string {
    const params = this._params(args);
    const compiled = compilePath(this.path);
    for (const key in params) {
      if (unsendable(params[key], compiled.names.has(key))) {
        throw new TypeError(`${this.name}: parameter "${key}" cannot go in a URL`);
      }
    }
    const path = compiled.build(params);
    if (typeof path !== 'string') {
      throw new Error(`${this.name}: missing path parameter "${path.missing}" for path ${this.path}`);
    }
    const search = searchParamsOf(params, compiled.names);
    const query = search && this.searchToString(search);
    return `${this.urlPrefix}${path}${query ? `?${query}` : ''}`;
  }

  /**
   * Encodes the parameters that are not path parameters into the query string (without
   * `?`); override to encode differently (and call `super.searchToString`).
   * @param searchParams Only the parameters whose value is not `undefined`.
   * @returns Keys sorted, arrays as the key repeated (`tag=a&tag=b`).
   */
  searchToString(searchParams: Record<string, unknown>): string {
    return searchString(searchParams);
  }

  /**
   * Identity in the cache: `` `${method} ${url}` ``, then a space and the schema's
   * signature when there is a schema (`GET /users [User]`). Equal arguments and equal
   * schemas (compared by structure) give equal keys; the body and `process` are not part of it.
   */
  override key(...args: RestArgs<P, SP, M, B>): string {
    return bareKey(this, args, () => withShape(`${this.method} ${this.url(...args)}`, this.schema));
  }

  /**
   * Whether a cache key is one of this endpoint's (its method, `urlPrefix` and path
   * template, any arguments): a filter for `ctrl.invalidateAll(getUser)`.
   */
  testKey(key: string): boolean {
    const [method, url = ''] = key.split(' ');
    return (
      method === this.method &&
      url.startsWith(this.urlPrefix) &&
      compilePath(this.path).test(url.slice(this.urlPrefix.length))
    );
  }

  /**
   * Builds the RequestInit for a body. Override it to transform outgoing bodies and call
   * `super.getRequestInit(body)`.
   *
   * Plain objects, arrays and other values are sent as JSON with `content-type:
   * application/json`; `FormData`, `Blob`, `URLSearchParams`, `ArrayBuffer`, typed arrays,
   * streams and strings pass through unchanged (fetch sets their content type).
   * `undefined` and `null` send no body.
   */
  async getRequestInit(body?: unknown): Promise<RequestInit> {
    const headers: Record<string, string> = {};
    new Headers(this.requestInit?.headers).forEach((value, key) => (headers[key] = value));
    let payload: BodyInit | undefined;
    if (body !== undefined && body !== null) {
      if (isRawBody(body)) {
        payload = body;
      } else {
        payload = JSON.stringify(body);
        headers['content-type'] ??= 'application/json';
      }
    }
    return {
      ...this.requestInit,
      method: this.method,
      headers: await this.getHeaders(headers),
      ...(payload !== undefined && { body: payload }),
      ...(this.signal && { signal: this.signal }),
    };
  }

  /**
   * The headers of every request; override to add authentication and the like. May be async.
   * @param headers Headers built so far (lower-case names).
   * @returns `headers` unchanged by default.
   */
  getHeaders(headers: Record<string, string>): HeadersInit | Promise<HeadersInit> {
    return headers;
  }

  /**
   * Sends the request with the global `fetch`.
   * @throws NetworkError for a status outside 200–299. Its `response` is a detached copy
   *   holding the first 16 KiB of the body: the original body is read (or cancelled past
   *   16 KiB), so the connection is released, and an error kept in the cache holds no
   *   socket.
   * @throws Error naming the endpoint, with `status` 500, when the request could not be sent (`cause`: the
   *   original error); an abort rejects with an `AbortError` naming the endpoint (`cause`: the original).
   */
  async fetchResponse(input: string, init: RequestInit): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(input, init);
    } catch (error) {
      if ((error as { name?: unknown })?.name === 'AbortError') throw nameError(this.name, '', error);
      // `status` 500, as in Reactive Data Client: an error boundary treats it as a server failure.
      throw Object.assign(
        new Error(
          `${this.name}: ${init.method ?? 'GET'} ${redact(this, input)} could not be sent: ${error instanceof Error ? error.message : String(error)}`,
          { cause: error },
        ),
        { status: 500 },
      );
    }
    if (!response.ok) {
      throw new NetworkError(await detach(response), {
        endpoint: this.name,
        method: init.method,
        url: redact(this, input),
      });
    }
    return response;
  }

  /**
   * Reads the response body, as Reactive Data Client does. Override to read headers or
   * other bodies (call `super` for the default reading).
   * - `content` (when set) says how: `'json'` (whatever the content type), `'blob'`,
   *   `'text'`, `'arrayBuffer'` or `'stream'` (the body's `ReadableStream`).
   * - Else by content type: `…json` parses as JSON; a text type (or none) gives the text,
   *   any other type (images, PDF, octet-stream …) a `Blob`.
   * - A body that is not JSON can only be normalized by a `process` of your own: with a
   *   schema and the default `process`, text or binary content is an error.
   * @returns `null` for 204 or an empty body.
   * @throws NetworkError naming the endpoint, with `status` 400 for a body that is not
   *   valid JSON or binary content for a schema, and 404 for text (an HTML fallback page)
   *   where the schema expects JSON.
   * @throws Error naming the endpoint when the body cannot be read (the connection closed
   *   mid-body; `cause`: the original error); an abort while reading rejects with an
   *   `AbortError` naming the endpoint.
   */
  async parseResponse(response: Response): Promise<any> {
    // Messages say what to do in development only (folded away in production builds).
    const dev = (typeof process < 'u' ? process.env.NODE_ENV : 'production') !== 'production';
    if (response.status === 204) return null;
    const content = this.content;
    const type = response.headers.get('content-type') ?? '';
    const schema = this.schema;
    // Only JSON can be normalized, unless a `process` of its own makes something of the body.
    const raw = schema == null || this.process !== RestEndpoint.prototype.process;
    if (content && content !== 'json') {
      if (schema != null) {
        throw await refuse(
          this,
          response,
          400,
          `reads its body as '${content}'${dev ? `: ${describeSchema(schema)} cannot normalize it (use schema: undefined)` : ''}`,
        );
      }
      return content === 'stream' ? response.body : read(this, response, content);
    }
    if (!content && type && !type.includes('json') && !TEXT_LIKE.test(type)) {
      if (raw) return read(this, response, 'blob');
      throw await refuse(
        this,
        response,
        400,
        `answered binary content-type "${type}"${dev ? `: ${describeSchema(schema)} cannot normalize it (use schema: undefined, or content: 'blob')` : ''}`,
      );
    }
    const text: string = await read(this, response, 'text');
    if (!text) return null;
    if (content || type.includes('json')) {
      try {
        return JSON.parse(text);
      } catch (error) {
        throw await refuse(
          this,
          response,
          400,
          `answered a body that is not valid JSON (${(error as Error).message})`,
          text,
        );
      }
    }
    if (raw) return text;
    const html = type.includes('html') || /^\s*<!doctype html/i.test(text);
    let problem = `answered ${html ? 'HTML' : 'text'}, not JSON`;
    if (dev) {
      problem += html
        ? `: ${describeSchema(schema)} needs JSON; no API endpoint may be configured for this request (an HTML fallback page)`
        : isJSON(text)
          ? ': the body is JSON, but its "content-type" header does not include "json"'
          : `: ${describeSchema(schema)} needs JSON (a process() of its own can use text)`;
    }
    throw await refuse(this, response, 404, problem, text);
  }

  /**
   * Turns the parsed response into the value to normalize. Receives the call's arguments
   * (typed loosely so that generic subclasses can override it with fewer parameters).
   * @returns `value` unchanged by default.
   */
  process(value: any, ..._args: any[]): R {
    return value;
  }

  /**
   * An endpoint of the same class with these options over this one's. When `method`
   * changes and `sideEffect` is not given, `sideEffect` is inferred again. Options that
   * change a type (`path`, `searchParams`, `method`, `body`, `schema`, `process`) re-type
   * the result; without them it has this endpoint's type.
   */
  override extend(options: SameTypeOptions<RestExtendOptions>): this;
  override extend<const O extends RestExtendOptions>(options: O): RestExtended<P, SP, M, B, R, S, O>;
  override extend(options: RestExtendOptions): RestEndpoint<any, any, any, any, any, any> {
    const own = this._ownOptions();
    if ('method' in options && !('sideEffect' in options)) delete own.sideEffect;
    return new (
      this.constructor as new (
        options: Record<string, unknown>,
      ) => RestEndpoint<any, any, any, any, any, any>
    )({ ...own, ...options });
  }

  /**
   * This endpoint as a POST that appends its body to the lists of its `Collection`
   * schema: `getPosts.push({ group }, body)`. Created once per endpoint.
   * @throws Error naming the endpoint when `schema` is not a Collection.
   */
  get push(): Derived<P, SP, 'POST', B, R, S> {
    return this.#derive('push', 'POST') as Derived<P, SP, 'POST', B, R, S>;
  }

  /** Like {@link push}, but prepends to the lists. */
  get unshift(): Derived<P, SP, 'POST', B, R, S> {
    return this.#derive('unshift', 'POST') as Derived<P, SP, 'POST', B, R, S>;
  }

  /**
   * For a Collection of `Values`: a POST to the list path whose response, an object of
   * key → entity, is merged into every matching keyed collection:
   * `getStats.assign({ 'BTC-USD': { product_id: 'BTC-USD', volume: 1000 } })`.
   */
  get assign(): Derived<P, SP, 'POST', B, R, S> {
    return this.#derive('assign', 'POST') as Derived<P, SP, 'POST', B, R, S>;
  }

  /**
   * A PATCH to the list path with the item as body; the item leaves every matching list
   * (the entity itself is still updated): `getTodos.remove({ userId }, todo)`.
   */
  get remove(): Derived<P, SP, 'PATCH', B, R, S> {
    return this.#derive('remove', 'PATCH') as Derived<P, SP, 'PATCH', B, R, S>;
  }

  /**
   * A PATCH to the item path (`movePath`) that moves the item between lists: out of the
   * lists its new values no longer match, into those they match:
   * `getTodos.move({ id }, { userId: 'b' })`.
   */
  get move(): Derived<string, {}, 'PATCH', B, R, S, true> {
    return this.#derive('move', 'PATCH', this.movePath) as Derived<string, {}, 'PATCH', B, R, S, true>;
  }

  /**
   * This endpoint for the next pages of its list, by `paginationField`:
   * `ctrl.fetch(getPosts.getPage, { cursor })` appends the page's items to the list of
   * `getPosts` (skipping items already there) and the other fields of the response
   * (`nextPage` …) take the new page's values.
   * @throws Error naming the endpoint when `paginationField` is not set.
   */
  get getPage(): RestEndpoint<P, SP & { [cursor: string]: unknown }, M, B, R, S> {
    const field = this.paginationField;
    if (field === undefined) throw new Error(`${this.name}: .getPage needs the paginationField option`);
    return (this.#derived.get('page') ?? this.#derived.set('page', this.paginated(field)).get('page')!) as any;
  }

  /**
   * This endpoint for one page of its list. `removeCursor` is the name of the cursor
   * argument, or a function from the call's arguments to the list's arguments. The page
   * shares the list's key and its Collection's list for the arguments without the cursor.
   */
  paginated<C extends string>(removeCursor: C): RestEndpoint<P, SP & { [K in C]: ParamValue }, M, B, R, S>;
  /** With a function: the page takes the function's arguments. */
  paginated<A extends object>(
    removeCursor: (params: A, ...rest: any[]) => readonly unknown[],
  ): RestEndpoint<P, SP & A, M, B, R, S>;
  paginated(removeCursor: string | ((...args: any[]) => readonly unknown[])): RestEndpoint<P, any, M, B, R, S> {
    const strip =
      typeof removeCursor === 'function'
        ? removeCursor
        : (params?: Record<string, unknown>) => {
            const { [removeCursor]: _cursor, ...rest } = params ?? {};
            return [rest];
          };
    const key = this.key;
    return this.extend({
      schema: this.#collection('getPage', (c) => c.paginated(strip)),
      name: `${this.name}.getPage`,
      key(...args: any[]) {
        return key.apply(this, strip(...args) as any);
      },
    } as RestExtendOptions) as any;
  }

  #derive(
    mode: 'push' | 'unshift' | 'assign' | 'remove' | 'move',
    method: string,
    path?: string,
  ): RestEndpoint<any, any, any, any, any, any> {
    let derived = this.#derived.get(mode);
    if (derived !== undefined) return derived;
    derived = this.extend({
      method,
      schema: this.#collection(mode, (c) => c[mode], true),
      name: `${this.name}.${mode}`,
      ...(path !== undefined && { path }),
    } as RestExtendOptions);
    // A body marker `body: undefined` of the list endpoint must not make the addition bodyless.
    if ('body' in derived && derived.body === undefined) delete (derived as { body?: unknown }).body;
    this.#derived.set(mode, derived);
    return derived;
  }

  /**
   * The schema with its Collection (itself, or a member of an object schema) replaced by
   * `fn`'s; with `alone`, only `fn`'s schema (the body of a push is one item).
   */
  #collection(what: string, fn: (collection: Collection) => Schema, alone = false): Schema {
    let found: Schema | null = null;
    const map = (schema: Schema): Schema => {
      if (isCollection(schema)) return (found = fn(schema));
      if (!isPlain(schema)) return schema;
      const out: Record<string, Schema> = {};
      for (const k in schema) out[k] = map((schema as Record<string, Schema>)[k]);
      return out;
    };
    const mapped = map(this.schema);
    if (found === null) {
      throw new Error(
        `${this.name}: .${what} needs a Collection schema${(typeof process < 'u' ? process.env.NODE_ENV : 'production') !== 'production' ? `, but the schema is ${describeSchema(this.schema)}` : ''}`,
      );
    }
    return alone ? found : mapped;
  }

  /** @internal Whether this endpoint's calls end with a body argument. */
  _hasBody(): boolean {
    return !BODYLESS.has(this.method.toUpperCase()) && !('body' in this && this.body === undefined);
  }

  /** @internal The parameters object of a call (see "Arguments" in the file header). */
  _params(args: readonly unknown[]): Readonly<Record<string, unknown>> {
    const params = this._hasBody() && args.length < 2 ? undefined : args[0];
    return typeof params === 'object' && params !== null ? (params as Record<string, unknown>) : {};
  }

  /** @internal The body of a call, `undefined` for bodyless endpoints. */
  _body(args: readonly unknown[]): unknown {
    return this._hasBody() ? args[args.length - 1] : undefined;
  }
}

// The pipeline's helpers are functions, not `#private` methods: the Controller runs an
// endpoint with a signal of its own through an object that inherits from it
// (`Object.create(endpoint, { signal })`), which has none of the endpoint's private members.

/** A URL for messages: values of query names matching `secretParams` replaced by `***`. */
function redact(endpoint: RestEndpoint<any, any, any, any, any, any>, url: string): string {
  return url.replace(/(?<=[?&])([^=&#]*)=[^&#]*/g, (pair, name: string) =>
    endpoint.secretParams.test(name) ? `${name}=***` : pair,
  );
}

/** Reads the body; a failure (a socket closed mid-body, an abort) names the endpoint. */
async function read(
  endpoint: RestEndpoint<any, any, any, any, any, any>,
  response: Response,
  how: 'text' | 'blob' | 'arrayBuffer',
): Promise<any> {
  try {
    return await response[how]();
  } catch (error) {
    throw nameError(endpoint.name, 'reading the response body failed: ', error);
  }
}

/**
 * A NetworkError for a response whose status was fine but whose body cannot be used,
 * with a detached copy of the response (`text` when the body was read, quoted in the
 * message in development only: the body is data).
 */
async function refuse(
  endpoint: RestEndpoint<any, any, any, any, any, any>,
  response: Response,
  status: number,
  problem: string,
  text?: string,
): Promise<NetworkError> {
  if (text !== undefined && (typeof process < 'u' ? process.env.NODE_ENV : 'production') !== 'production') {
    problem += `. Body starts with: ${text.length > 80 ? `${text.slice(0, 80)}…` : text}`;
  }
  return new NetworkError(
    text === undefined ? await detach(response) : new Response(text.slice(0, ERROR_BODY_LIMIT), response),
    { endpoint: endpoint.name, method: endpoint.method, url: redact(endpoint, response.url), problem, status },
  );
}

/** Bytes of a failed response's body kept in its {@link NetworkError}. */
const ERROR_BODY_LIMIT = 16_384;

/**
 * A copy of a failed response holding at most the first `ERROR_BODY_LIMIT` bytes of its
 * body. The original body is read to its end or cancelled, which releases the connection.
 */
async function detach(response: Response): Promise<Response> {
  try {
    const reader = response.body!.getReader();
    const chunks: BlobPart[] = [];
    for (
      let size = 0, chunk;
      size < ERROR_BODY_LIMIT && !(chunk = await reader.read()).done;
      size += chunk.value.byteLength
    ) {
      chunks.push(chunk.value);
    }
    await reader.cancel();
    return new Response(new Blob(chunks).slice(0, ERROR_BODY_LIMIT), response);
  } catch {
    // No body, or a status a Response cannot be built with (0 for an opaque response).
    return response;
  }
}

/**
 * A Collection, recognized by its members rather than by `instanceof`: importing the
 * class would put Collection in every bundle that uses RestEndpoint.
 */
function isCollection(schema: Schema): schema is Collection {
  return typeof (schema as Collection | undefined)?.paginated === 'function';
}

/** Content types read as text; any other (images, PDF, octet-stream …) is read as a Blob. */
const TEXT_LIKE = /\b(?:text|xml|html|javascript|css|csv|urlencoded)\b/;

function isJSON(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    typeof body === 'string' ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body) ||
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    (typeof ReadableStream !== 'undefined' && body instanceof ReadableStream)
  );
}

function describeSchema(schema: Schema): string {
  if (schema === undefined) return 'undefined';
  if (typeof schema === 'function') return `the entity ${(schema as { key?: string }).key ?? schema.name}`;
  if (Array.isArray(schema)) return 'an array schema';
  return (schema as object).constructor?.name ?? 'an object schema';
}
