/** Reads an endpoint's cached response; never fetches. */
import type { Accessor } from 'solid-js';
import type { EndpointInterface, ResolveType } from '../index.js';
import { createArgs, fromResponse, type EndpointArgs } from './base.js';
import { useController } from './context.js';

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
