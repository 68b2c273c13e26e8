/** Suspends until an endpoint's response is cached (see ./base.ts for how). */
import type { EndpointInterface, ReadonlySignal, ResolveType } from '../index.js';
import { useEndpoint, useValue, type EndpointArgs } from './base.js';

/**
 * The response view of an endpoint, fetched when missing or stale, for use inside
 * `Suspense`. Suspends (and throws errors) like {@link useSuspense}; the component does
 * not re-render when the data changes afterwards: place the signal (or a `useComputed`
 * of it) in JSX.
 *
 * @param endpoint the endpoint to read.
 * @param args its parameters; omit when it takes none, `null` for nothing.
 * @returns the response view; its value is the data once the component renders.
 */
export function useSuspenseSignal<E extends EndpointInterface>(
  endpoint: E,
  ...[args]: EndpointArgs<E>
): ReadonlySignal<ResolveType<E> | undefined> {
  return useEndpoint(endpoint, args, true, false);
}

/**
 * Reads an endpoint's response, fetching it when missing or stale, for use inside
 * `Suspense` (from `preact/compat`).
 *
 * While no data is cached the render suspends until the fetch settles; a failed fetch is
 * thrown to the nearest error boundary (and again on renders until the endpoint's
 * `errorExpiryLength` passes, then it refetches). Stale data keeps showing while it
 * refetches; when the entity shown is deleted it fetches again (the server's 404 goes to
 * the boundary; `ErrorBoundary`'s reset retries at once). While mounted, `invalidate`,
 * `invalidateAll`, `expireAll` and expiry refetch it. Afterwards the component re-renders
 * when the response or a row it reached changes. Args are compared by stable key; `null`
 * means "nothing" (no fetch, `undefined`).
 *
 * @param endpoint the endpoint to read.
 * @param args its parameters; omit when it takes none, `null` for nothing.
 * @returns the denormalized response.
 * @example
 * function Profile({ id }: { id: string }) {
 *   const user = useSuspense(getUser, { id });
 *   return <h1>{user.name}</h1>;
 * }
 * <Suspense fallback={<p>Loading…</p>}><Profile id="1" /></Suspense>
 */
export function useSuspense<E extends EndpointInterface>(endpoint: E, ...args: EndpointArgs<E, never>): ResolveType<E>;
/** With `null` args (or args that may be `null`): `undefined` for `null`. */
export function useSuspense<E extends EndpointInterface>(
  endpoint: E,
  ...args: EndpointArgs<E>
): ResolveType<E> | undefined;
export function useSuspense<E extends EndpointInterface>(
  endpoint: E,
  ...[args]: EndpointArgs<E>
): ResolveType<E> | undefined {
  return useValue(useEndpoint(endpoint, args, true, false));
}
