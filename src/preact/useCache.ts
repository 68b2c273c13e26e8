/** Reads an endpoint's cached response, as a value or as the view (`useCacheSignal`); never fetches. */
import type { EndpointInterface, ReadonlySignal, ResolveType } from '../index.js';
import { useResponse, useValue, type EndpointArgs } from './base.js';

/**
 * An endpoint's cached response as a signal; never fetches, never re-renders the
 * component (see {@link useQuerySignal}).
 *
 * @param endpoint the endpoint whose response to read.
 * @param args its parameters; omit when it takes none, `null` for nothing.
 * @returns the response view; its value is `undefined` until fetched.
 */
export function useCacheSignal<E extends EndpointInterface>(
  endpoint: E,
  ...[args]: EndpointArgs<E>
): ReadonlySignal<ResolveType<E> | undefined> {
  return useResponse(endpoint, args)[2];
}

/**
 * Reads an endpoint's cached response, never fetching. Re-renders when the response or
 * a row it reached changes.
 *
 * @param endpoint the endpoint whose response to read.
 * @param args its parameters; omit when it takes none, `null` for nothing.
 * @returns the denormalized response; `undefined` until fetched.
 * @example
 * const users = useCache(getUsers);
 * return <p>{users?.length ?? 0} users cached</p>;
 */
export function useCache<E extends EndpointInterface>(
  endpoint: E,
  ...[args]: EndpointArgs<E>
): ResolveType<E> | undefined {
  return useValue(useResponse(endpoint, args)[2]);
}
