/**
 * `resource()`: the six endpoints of a REST resource from one path and one entity, as
 * Reactive Data Client's `resource()`.
 */
import { Collection, type CollectionAddition, type CollectionOptions } from '../schema/Collection.js';
import { Invalidate } from '../schema/Invalidate.js';
import type { EntityClass, EntityInput } from '../schema/types.js';
import type { ShortenPath } from './path.js';
import { RestEndpoint, type RestEndpointOptions } from './RestEndpoint.js';

/** Options of {@link resource}. Other members are shared by every endpoint. */
export interface ResourceOptions<P extends string, SP = {}, E extends EntityClass = EntityClass>
  extends Omit<
    RestEndpointOptions<P>,
    'path' | 'schema' | 'method' | 'name' | 'searchParams' | 'process' | 'body' | 'sideEffect'
  > {
  /** Path of one item; its last `:param` segment is dropped for the list. Required. */
  path: P;
  /** The entity of the resource. Required. */
  schema: E;
  /** Type only: query-string parameters of `getList` and `create`. Default: none. */
  searchParams?: SP;
  /** Options of `getList`'s Collection (e.g. `nonFilterArgumentKeys`). Default: none. */
  collection?: CollectionOptions;
  /** The endpoint class, e.g. a subclass with transform hooks. Default: `RestEndpoint`. */
  Endpoint?: new (
    options: any,
  ) => RestEndpoint<any, any, any, any, any, any>;
}

/** The endpoints `resource()` returns. */
export interface Resource<P extends string, SP = {}, E extends EntityClass = EntityClass> {
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
 */
export function resource<P extends string, SP = {}, E extends EntityClass = EntityClass>(
  options: ResourceOptions<P, SP, E>,
): Resource<P, SP, E> {
  const { path, schema, collection, searchParams: _searchParams, Endpoint = RestEndpoint, ...shared } = options;
  const listPath = shortenPath(path);
  const name = (member: string) => `${schema.key}.${member}`;
  const make = (extra: Record<string, unknown>): any => new Endpoint({ ...shared, ...extra } as RestEndpointOptions);

  const getList = make({
    path: listPath,
    movePath: path,
    schema: new Collection([schema], collection),
    name: name('getList'),
  });
  return {
    get: make({ path, schema, name: name('get') }),
    getList,
    create: getList.push.extend({ name: name('create') }),
    update: make({ path, schema, method: 'PUT', name: name('update') }),
    partialUpdate: make({ path, schema, method: 'PATCH', name: name('partialUpdate') }),
    delete: make({
      path,
      schema: new Invalidate(schema),
      method: 'DELETE',
      name: name('delete'),
      process(value: unknown, params: unknown) {
        return typeof value === 'object' && value !== null && Object.keys(value).length > 0 ? value : params;
      },
    }),
  };
}

/** `'/:group/posts/:id'` → `'/:group/posts'`: drops the last `:param` and what follows it. */
function shortenPath(path: string): string {
  const last = path.lastIndexOf(':');
  if (last === -1) throw new Error(`resource: path ${path} needs at least one :parameter`);
  const head = path.slice(0, last);
  return head.endsWith('/') ? head.slice(0, -1) : head;
}
