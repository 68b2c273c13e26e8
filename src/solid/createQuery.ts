/**
 * Read-only Solid primitives: `createQuery` reads a schema or `Query` by arguments,
 * `createCache` reads an endpoint's cached response. Neither fetches.
 */
import type { Accessor } from 'solid-js';
import type { Denormalize, EndpointInterface, Queryable, ReadonlySignal, ResolveType, Schema } from '../index.js';
import type { QueryArg } from '../controller/args.js';
import { createArgs, fromResponse, fromView, type EndpointArgs } from './bridge.js';
import { useController } from './context.js';


/**
 * Reads a queryable schema (Entity, All, Collection, Union, object of schemas) or a
 * `Query` from the cache of the nearest `CacheProvider`, by reactive arguments.
 *
 * The accessor is fine-grained: a computation reading it re-runs only when the view's
 * value changes, that is when a row the view reached changes. When the value of `args()`
 * changes (compared by a stable key, so an equal new object does nothing) the view
 * re-keys. `null` args mean "nothing": the accessor returns `undefined`. The view is
 * released when the owner is cleaned up. Entities keep one object in Solid for as long
 * as they are held; their fields are reactive getters (read them in JSX, not at setup).
 *
 * @param queryable the schema or `Query` to read.
 * @param args accessor of the arguments (e.g. `() => ({ id: props.id })`); omit for none.
 * @returns accessor of the denormalized value; `undefined` until cached.
 * @example
 * function UserName(props: { id: string }) {
 *   const user = createQuery(User, () => ({ id: props.id }));
 *   return <span>{user()?.name}</span>;
 * }
 */
export function createQuery<Q extends Queryable>(
  queryable: Q,
  args?: () => QueryArg<Q> | null,
): Accessor<Denormalize<Q> | undefined> {
  const ctrl = useController();
  // Both Controller.query overloads in one: the value type is Denormalize<Q> either way.
  return fromView(createArgs(args), (a) => ctrl.query(queryable as Schema, ...a) as ReadonlySignal<Denormalize<Q> | undefined>, ctrl);
}

/**
 * Reads an endpoint's cached response, never fetching. Updates like `createQuery` when
 * the response or a row it reached changes; `null` args mean "nothing".
 *
 * @param endpoint the endpoint whose response to read.
 * @param args accessor of the endpoint's parameters; omit when it takes none.
 * @returns accessor of the denormalized response; `undefined` until fetched.
 * @example
 * const users = createCache(getUsers);
 * return <p>{users()?.length ?? 0} users cached</p>;
 */
export function createCache<E extends EndpointInterface>(
  endpoint: E,
  ...[args]: EndpointArgs<E>
): Accessor<ResolveType<E> | undefined> {
  return fromResponse(useController(), endpoint, createArgs(args));
}
