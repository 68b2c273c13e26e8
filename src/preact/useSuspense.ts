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
 * again and finds either the data or the error. Stale data does not suspend: it keeps
 * showing while an effect refetches it, and a failed refetch keeps it too
 * (`ctrl.getError` has the error).
 */
import { useEffect } from 'preact/hooks';
import { untracked, type Controller, type EndpointInterface, type ReadonlySignal, type ResolveType } from '../index.js';
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
  // While mounted the key is fetched when stale and refetched on invalidation and expiry.
  useEffect(
    () => (list === null ? undefined : (live ? ctrl.subscribe : ctrl._mount).call(ctrl, endpoint, ...list)),
    [ctrl, endpoint, list, live],
  );
  if (suspend && list !== null && view.peek() === undefined) throw pending(ctrl, endpoint, list);
  return view;
}

/**
 * @internal How to retry the key whose current error a render threw: the
 * `ErrorBoundary` reset calls it.
 */
export const retries = new WeakMap<object, () => unknown>();

/**
 * What a render without data throws: a current error (unless a retry is in flight), or
 * the promise of a fetch, which never rejects.
 */
function pending<E extends EndpointInterface>(ctrl: Controller, endpoint: E, list: Parameters<E['fetch']>): unknown {
  const { error } = ctrl.meta(endpoint, ...list).peek();
  // A current error makes the key "not stale": throw it instead of refetching.
  if (error !== undefined && !ctrl.isStale(endpoint, ...list) && !untracked(() => ctrl.isFetching(endpoint, ...list))) {
    retries.set(error, () => ctrl.fetch(endpoint, ...list).catch(noop));
    return error;
  }
  return ctrl.fetch(endpoint, ...list).then(noop, noop);
}

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
