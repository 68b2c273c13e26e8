/**
 * Fetching Preact hooks: `useSuspense` (suspends until data is cached), `useFetch`
 * (fetches, never suspends) and `useLive` (suspends, then polls), each with a `…Signal`
 * form that returns the response view instead of its value (see ./useQuery.ts).
 *
 * ## How `useSuspense` suspends
 *
 * While the response has no data, the render throws: the last error when it is still
 * current (to the nearest error boundary), else the promise of a fetch (to the nearest
 * `Suspense` from `preact/compat`; identical requests in flight are shared by the
 * Controller). The thrown promise never rejects: after it settles the component renders
 * again and finds either the data or the error. Stale data does not suspend (unless the
 * endpoint has `invalidIfStale`): it keeps showing while an effect refetches it. A failed
 * refetch keeps it too when its error is soft (`errorPolicy`: 5xx, network); a hard error
 * (a 404 after a delete) is thrown to the error boundary even though data is cached.
 */
import { useEffect, useMemo } from 'preact/hooks';
import type { EndpointInterface, ReadonlySignal, ResolveType } from '../index.js';
import { noop, useResponse, type EndpointArgs } from './useQuery.js';

/**
 * @internal The shared body of the fetching hooks. Every hook runs before anything is
 * thrown, so the hook order never depends on the cache.
 */
function useEndpoint<E extends EndpointInterface>(
  endpoint: E,
  args: unknown,
  suspend: boolean,
  live: boolean,
): ReadonlySignal<ResolveType<E> | undefined> {
  const [ctrl, list, view] = useResponse(endpoint, args);
  // The key's error as a signal: read while suspending, so that a failed background
  // refetch re-renders the component (and a hard error reaches the boundary).
  const error = useMemo(() => list && ctrl._error(endpoint, list), [ctrl, endpoint, list]);
  // While mounted the key is fetched when stale and refetched on invalidation and expiry.
  useEffect(
    () => (list === null ? undefined : (live ? ctrl.subscribe : ctrl._mount).call(ctrl, endpoint, ...list)),
    [ctrl, endpoint, list, live],
  );
  if (suspend && error) {
    error.value;
    // A current error when data is missing or the error is hard (unless a retry is in
    // flight); else a fetch when data is missing (or stale with `invalidIfStale`). The
    // thrown fetch never rejects.
    const state = ctrl._suspense(endpoint, list!);
    if (state instanceof Error) {
      // Tracked: a render during the request that failed (or a retry) runs again when it settles.
      if (!ctrl.isFetching(endpoint, ...list!)) {
        retries.set(state, () => ctrl.fetch(endpoint, ...list!).catch(noop));
        throw state;
      }
      if (view.peek() === undefined) throw ctrl.fetch(endpoint, ...list!).then(noop, noop);
    } else if (state) throw ctrl.fetch(endpoint, ...list!).then(noop, noop);
  }
  return view;
}

/**
 * @internal How to retry the key whose current error a render threw: the
 * `ErrorBoundary` reset calls it.
 */
export const retries = new WeakMap<object, () => unknown>();

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
export function useSuspense<E extends EndpointInterface>(endpoint: E, ...args: EndpointArgs<E>): ResolveType<E> | undefined;
export function useSuspense<E extends EndpointInterface>(endpoint: E, ...[args]: EndpointArgs<E>): ResolveType<E> | undefined {
  return useEndpoint(endpoint, args, true, false).value;
}

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
export function useFetch<E extends EndpointInterface>(endpoint: E, ...[args]: EndpointArgs<E>): ResolveType<E> | undefined {
  return useEndpoint(endpoint, args, false, false).value;
}

/**
 * {@link useSuspenseSignal} plus a polling subscription while mounted (see
 * {@link useLive}).
 *
 * @param endpoint the endpoint to read and poll; set its `pollFrequency`.
 * @param args its parameters; omit when it takes none, `null` for nothing.
 * @returns the response view.
 */
export function useLiveSignal<E extends EndpointInterface>(
  endpoint: E,
  ...[args]: EndpointArgs<E>
): ReadonlySignal<ResolveType<E> | undefined> {
  return useEndpoint(endpoint, args, true, true);
}

/**
 * {@link useSuspense} plus a polling subscription (`ctrl.subscribe`) while mounted: the
 * response refetches every `endpoint.pollFrequency` ms and identical data re-renders
 * nothing. New args move the subscription; unmounting stops it.
 *
 * @param endpoint the endpoint to read and poll; set its `pollFrequency`.
 * @param args its parameters; omit when it takes none, `null` for nothing.
 * @returns the denormalized response.
 * @example
 * const price = useLive(getTicker, { symbol });
 * return <span>{price.last}</span>;
 */
export function useLive<E extends EndpointInterface>(endpoint: E, ...args: EndpointArgs<E, never>): ResolveType<E>;
/** With `null` args (or args that may be `null`): `undefined` for `null`. */
export function useLive<E extends EndpointInterface>(endpoint: E, ...args: EndpointArgs<E>): ResolveType<E> | undefined;
export function useLive<E extends EndpointInterface>(endpoint: E, ...[args]: EndpointArgs<E>): ResolveType<E> | undefined {
  return useEndpoint(endpoint, args, true, true).value;
}
