/** Fetches an endpoint's response while mounted; never suspends. */
import type { EndpointInterface, ReadonlySignal, ResolveType } from '../index.js';
import { useEndpoint, useValue, type EndpointArgs } from './base.js';

/**
 * The response view of an endpoint, fetched (after render) when missing or stale; never
 * suspends, never throws, never re-renders the component.
 *
 * @param endpoint the endpoint to read.
 * @param args its parameters; omit when it takes none, `null` for nothing.
 * @returns the response view; its value is `undefined` until fetched.
 */
export function useFetchSignal<E extends EndpointInterface>(
  endpoint: E,
  ...[args]: EndpointArgs<E>
): ReadonlySignal<ResolveType<E> | undefined> {
  return useEndpoint(endpoint, args, false, false);
}

/**
 * Reads an endpoint's response and fetches it (after render) when missing or stale;
 * never suspends and never throws; refetches on invalidation and expiry while mounted.
 * Errors stay in the cache: read them with `useError`.
 *
 * @param endpoint the endpoint to read.
 * @param args its parameters; omit when it takes none, `null` for nothing.
 * @returns the denormalized response; `undefined` until fetched.
 * @example
 * const todos = useFetch(getTodos, { userId });
 * return todos ? <TodoList todos={todos} /> : <Spinner />;
 */
export function useFetch<E extends EndpointInterface>(
  endpoint: E,
  ...[args]: EndpointArgs<E>
): ResolveType<E> | undefined {
  return useValue(useEndpoint(endpoint, args, false, false));
}
