/**
 * `resource()`: the six endpoints of a REST resource from one path and one entity, as
 * Reactive Data Client's `resource()`, and `.extend()` to change or add endpoints.
 */
import { Collection, type CollectionAddition, type CollectionOptions } from '../schema/Collection.js';
import { Invalidate } from '../schema/Invalidate.js';
import type { EntityClass, EntityInput } from '../schema/types.js';
import type { SnapshotInterface } from './types.js';
import type { ShortenPath } from './path.js';
import { RestEndpoint, type RestEndpointOptions, type RestExtended, type RestExtendOptions } from './RestEndpoint.js';

/** Options of {@link resource}. Other members are shared by every endpoint. */
export interface ResourceOptions<P extends string, SP = {}, E extends EntityClass = EntityClass>
  extends Omit<
    RestEndpointOptions<P>,
    'path' | 'schema' | 'method' | 'name' | 'searchParams' | 'process' | 'body' | 'sideEffect'
  > {
  /** Path of one item; its last `:param` or `*wildcard` segment is dropped for the list. Required. */
  path: P;
  /** The entity of the resource. Required. */
  schema: E;
  /** Type only: query-string parameters of `getList` and `create`. Default: none. */
  searchParams?: SP;
  /** Options of `getList`'s Collection (e.g. `nonFilterArgumentKeys`). Default: none. */
  collection?: CollectionOptions;
  /** `getList`'s `nonFilterArgumentKeys`, as in Reactive Data Client. Default: none. */
  nonFilterArgumentKeys?: CollectionOptions['nonFilterArgumentKeys'];
  /** The Collection class of `getList` (a subclass of `Collection`). Default: `Collection`. */
  Collection?: new (
    schema: any,
    options?: CollectionOptions,
  ) => Collection<any, any>;
  /** The endpoint class, e.g. a subclass with transform hooks. Default: `RestEndpoint`. */
  Endpoint?: new (
    options: any,
  ) => RestEndpoint<any, any, any, any, any, any>;
  /**
   * Mutations show their result at once, before the server answers: `update`, `getList.push`
   * (`create`), `getList.move` show the arguments and body; `partialUpdate` the cached entity
   * with the body over it (nothing when it is not cached); `delete` removes the entity.
   * Default: `false`.
   */
  optimistic?: boolean;
}

/** The endpoints `resource()` returns. */
export interface ResourceEndpoints<P extends string, SP = {}, E extends EntityClass = EntityClass> {
  /** `GET path` → the entity. */
  get: RestEndpoint<P, {}, 'GET', unknown, any, E>;
  /**
   * `GET list path` → `new Collection([schema])`, with `push`, `unshift`, `remove`, `move`
   * (PATCH to the item path) and `getPage` (with the `paginationField` option).
   */
  getList: RestEndpoint<ShortenPath<P>, SP, 'GET', unknown, any, Collection<E>>;
  /**
   * `POST list path` with a body of the entity's fields; the new entity joins matching
   * lists (`getList.push`).
   */
  create: RestEndpoint<ShortenPath<P>, SP, 'POST', EntityInput<E>, any, CollectionAddition<E>>;
  /** `PUT path` with a body of the entity's fields → the entity. */
  update: RestEndpoint<P, {}, 'PUT', EntityInput<E>, any, E>;
  /** `PATCH path` with some of the entity's fields → the entity. */
  partialUpdate: RestEndpoint<P, {}, 'PATCH', EntityInput<E>, any, E>;
  /** `DELETE path` → removes the entity (`new Invalidate(schema)`); resolves with its pk. */
  delete: RestEndpoint<P, {}, 'DELETE', unknown, any, Invalidate<E>>;
}

type AnyRest = RestEndpoint<any, any, any, any, any, any>;
/** The endpoint `EP` extended with options `O`. */
type ExtendOf<EP, O> =
  EP extends RestEndpoint<infer P, infer SP, infer M, infer B, infer R, infer S>
    ? RestExtended<P, SP, M, B, R, S, O>
    : never;

/** A resource: its endpoints, and `extend` to change or add some (each call returns a new resource). */
export type Extendable<T> = T & { extend: ResourceExtend<T> };

/** The three forms of a resource's `extend`, as in Reactive Data Client. */
export interface ResourceExtend<T> {
  /**
   * One endpoint extended with `options` (`.extend('getList', { dataExpiryLength })`), or a
   * new member made from `get` with them (`.extend('current', { path: '/me' })`).
   */
  <const K extends string, const O extends RestExtendOptions>(
    key: K,
    options: O,
  ): Extendable<Omit<T, K> & { [Key in K]: ExtendOf<K extends keyof T ? T[K] : T['get' & keyof T], O> }>;
  /** Several endpoints extended, each with its options: `.extend({ getList: { … }, delete: { … } })`. */
  <const O extends { [K in keyof T]?: RestExtendOptions }>(
    overrides: O,
  ): Extendable<Omit<T, keyof O> & { [K in keyof O & keyof T]: ExtendOf<T[K], O[K]> }>;
  /** Members made from the resource: `.extend((base) => ({ current: base.get.extend({ path: '/me' }) }))`. */
  <const R extends Record<string, AnyRest>>(fn: (base: T) => R): Extendable<Omit<T, keyof R> & R>;
}

/** What {@link resource} returns: its six endpoints and `extend`. */
export type Resource<P extends string, SP = {}, E extends EntityClass = EntityClass> = Extendable<
  ResourceEndpoints<P, SP, E>
>;

/**
 * Creates `get`, `getList`, `create`, `update`, `partialUpdate` and `delete` for one
 * entity. Names are `` `${Entity.key}.get` `` etc. `delete` resolves with the parameters
 * when the response body is empty, so the removed pk is known.
 *
 * @example
 * const PostResource = resource({ urlPrefix: 'https://api.example.com', path: '/posts/:id', schema: Post });
 * await PostResource.get({ id: '1' });                  // GET  /posts/1
 * await PostResource.getList();                         // GET  /posts
 * await PostResource.create({ title: 'New' });          // POST /posts
 * await PostResource.partialUpdate({ id: '1' }, { title: 'Renamed' }); // PATCH /posts/1
 * await PostResource.delete({ id: '1' });               // DELETE /posts/1
 *
 * @example Changing and adding endpoints
 * const UserResource = resource({ path: '/users/:id', schema: User })
 *   .extend('getList', { dataExpiryLength: 10 * 60 * 1000 })
 *   .extend('current', { path: '/users/me' });
 */
export function resource<P extends string, SP = {}, E extends EntityClass = EntityClass>(
  options: ResourceOptions<P, SP, E>,
): Resource<P, SP, E> {
  const {
    path,
    schema,
    collection,
    nonFilterArgumentKeys,
    optimistic,
    searchParams: _searchParams,
    Endpoint = RestEndpoint,
    Collection: ListClass = Collection,
    ...shared
  } = options;
  if ((typeof process < 'u' ? process.env.NODE_ENV : 'production') !== 'production') {
    // Reactive Data Client's capitalized options, given in lower case.
    for (const [given, meant] of [
      ['endpoint', 'Endpoint'],
      ['collection', 'Collection'],
    ]) {
      if (typeof (options as unknown as Record<string, unknown>)[given!] === 'function') {
        console.warn(
          `resource: the '${given}' option is a class; did you mean '${meant}'? Options are case-sensitive.`,
        );
      }
    }
  }
  const listPath = shortenPath(path);
  const name = (member: string) => `${schema.key}.${member}`;
  const mutate = optimistic ? { ...shared, getOptimisticResponse: optimisticUpdate } : shared;
  const make = (base: object, extra: Record<string, unknown>): any => new Endpoint({ ...base, ...extra });

  const getList = make(mutate, {
    path: listPath,
    movePath: path,
    schema: new ListClass([schema], {
      ...collection,
      ...(nonFilterArgumentKeys !== undefined && { nonFilterArgumentKeys }),
    }),
    name: name('getList'),
  });
  return {
    get: make(shared, { path, schema, name: name('get') }),
    getList,
    create: getList.push.extend({ name: name('create') }),
    update: make(mutate, { path, schema, method: 'PUT', name: name('update') }),
    partialUpdate: make(optimistic ? { ...shared, getOptimisticResponse: optimisticPartial(schema) } : shared, {
      path,
      schema,
      method: 'PATCH',
      name: name('partialUpdate'),
    }),
    delete: make(optimistic ? { ...shared, getOptimisticResponse: optimisticDelete } : shared, {
      path,
      schema: new Invalidate(schema),
      method: 'DELETE',
      name: name('delete'),
      process(value: unknown, params: unknown) {
        return typeof value === 'object' && value !== null && Object.keys(value).length > 0 ? value : params;
      },
    }),
    extend,
  } as Resource<P, SP, E>;
}

/** A resource's `extend` (see {@link ResourceExtend}); `this` is the resource. */
function extend(
  this: Record<string, AnyRest>,
  first: string | ((base: object) => Record<string, AnyRest>) | Record<string, RestExtendOptions>,
  options?: RestExtendOptions,
): object {
  if (typeof first === 'string') return { ...this, [first]: (this[first] ?? this.get!).extend(options!) };
  if (typeof first === 'function') return { ...this, ...first(this) };
  const out = { ...this };
  for (const key in first) out[key] = this[key]!.extend(first[key]!);
  return out;
}

/** The optimistic value of `update`, `create` and `move`: the parameters and the body. */
function optimisticUpdate(_snap: SnapshotInterface, params: unknown, body: unknown): unknown {
  return { ...(params as object), ...(fields(body) as object) };
}

/** `partialUpdate`'s: the cached entity with the body over it; nothing when it is not cached. */
function optimisticPartial(schema: EntityClass) {
  return (snap: SnapshotInterface, params: unknown, body: unknown): unknown => {
    const cached = snap.get(schema, params);
    if (!cached) throw snap.abort;
    return { ...(params as object), ...cached, ...(fields(body) as object) };
  };
}

/** `delete`'s: the parameters name the entity removed. */
function optimisticDelete(_snap: SnapshotInterface, params: unknown): unknown {
  return params;
}

/** A body's fields: a `FormData` as an object. */
function fields(body: unknown): unknown {
  return typeof FormData !== 'undefined' && body instanceof FormData ? Object.fromEntries(body) : body;
}

/**
 * `'/:group/posts/:id'` → `'/:group/posts'`: drops the last `:param` or `*wildcard` and
 * what follows it.
 */
function shortenPath(path: string): string {
  const last = Math.max(path.lastIndexOf(':'), path.lastIndexOf('*'));
  if (last === -1) throw new Error(`resource: path ${path} needs at least one :parameter or *wildcard`);
  const head = path.slice(0, last);
  return head.endsWith('/') ? head.slice(0, -1) : head;
}
