/**
 * Fetching Solid primitives: `createSuspense` (suspends until data is cached),
 * `createFetch` (fetches, never suspends) and `createLive` (suspends, then polls).
 *
 * ## How `createSuspense` suspends
 *
 * A `createResource` keyed on "no data for these args" runs the fetch; its only job is to tell
 * `<Suspense>` that a request is pending and to carry a failed request's error to
 * `<ErrorBoundary>`. The value shown is always the cache's view, never the resource's
 * value. The accessor reads the resource only while the view has no data, so:
 *
 * - missing data: the read registers with the nearest `<Suspense>` until the fetch
 *   settles, or throws the fetch's error;
 * - stale data: the refetch runs in the background and the stale value keeps showing
 *   (unless the endpoint has `invalidIfStale`); a failed refetch keeps it too when its
 *   error is soft (`errorPolicy`: 5xx, network), while a hard error (a 404 after a
 *   delete) is thrown to the `<ErrorBoundary>` even though data is cached;
 * - an error still current at mount is thrown at once; after `errorExpiryLength` a new
 *   mount (an `<ErrorBoundary>` reset) refetches;
 * - later changes (another fetch, `set`, polling) flow through the view alone.
 *
 * `createResource` is the public way to register with Suspense; a hand-made read would
 * need Solid's internal Suspense context.
 */
import { createEffect, createResource, onCleanup, type Accessor } from 'solid-js';
import type { Controller, EndpointInterface, ResolveType } from '../index.js';
import { createArgs, fromResponse, fromView, type ArgList, type EndpointArgs } from './bridge.js';
import { useController } from './context.js';

/**
 * Registers the key as shown while the owner lives (`ctrl.subscribe` when `live`): it is
 * fetched when stale and refetched on invalidation and expiry.
 */
function mount(ctrl: Controller, endpoint: EndpointInterface, list: Accessor<ArgList>, live?: boolean): void {
  createEffect(() => {
    const a = list();
    if (a !== null) onCleanup((live ? ctrl.subscribe : ctrl._mount).call(ctrl, endpoint, ...a));
  });
}

function suspense<E extends EndpointInterface>(
  ctrl: Controller,
  endpoint: E,
  list: Accessor<ArgList>,
  live?: boolean,
): Accessor<ResolveType<E> | undefined> {
  const value = fromResponse(ctrl, endpoint, list);
  mount(ctrl, endpoint, list, live);
  // The key's error, mirrored so that a failed background refetch re-runs the accessor.
  const error = fromView(list, (a) => ctrl._error(endpoint, a));
  // Loads whenever the view has no data for the args (or stale data, with
  // `invalidIfStale`): on mount, on new args, after an <ErrorBoundary> reset (its children
  // are created again) and when the entity shown was deleted. Other stale data is
  // refetched by the mount, in the background. An error still current rejects without a
  // request, unless it was shown already: then this mount is the boundary's reset, a retry.
  const [request] = createResource(
    () => {
      const a = list();
      // `value()` re-runs this when the data goes (a deleted entity).
      return a && (value(), ctrl._suspense(endpoint, a) !== false) && a;
    },
    // Resolves to `true`, not the response: a server render serializes resource values for
    // hydration, and entity instances (a `Decimal` field, a cycle) have no serialized form.
    // The data travels as `dehydrate(ctrl)`.
    (a) => ctrl._load(endpoint, a as Parameters<E['fetch']>).then(() => true),
  );
  return () => {
    const current = value();
    const a = list();
    // A current error when data is missing or the error is hard (to the ErrorBoundary);
    // else suspend while data is missing (or stale with `invalidIfStale`).
    if (a && (error(), ctrl._suspense(endpoint, a, 1))) request();
    return current;
  };
}

/**
 * Reads an endpoint's response, fetching it when missing or stale, for use inside
 * `<Suspense>`.
 *
 * While no data is cached the accessor suspends the nearest `<Suspense>` until the fetch
 * settles; a failed fetch is thrown to the nearest `<ErrorBoundary>`. Stale data keeps
 * showing while it refetches; when the entity shown is deleted it fetches again (the
 * server's 404 goes to the boundary). An `<ErrorBoundary>` reset fetches at once. While
 * the owner lives the key is mounted: `invalidate`, `invalidateAll`, `expireAll` and
 * expiry refetch it. Afterwards the accessor follows the cache like `createQuery`. Args
 * re-key by stable key; `null` means "nothing" (no fetch, `undefined`).
 *
 * @param endpoint the endpoint to read.
 * @param args accessor of the endpoint's parameters; omit when it takes none.
 * @returns accessor of the denormalized response.
 * @example
 * function Profile(props: { id: string }) {
 *   const user = createSuspense(getUser, () => ({ id: props.id }));
 *   return <h1>{user()?.name}</h1>;
 * }
 * <ErrorBoundary fallback={(e) => <p>{e.message}</p>}>
 *   <Suspense fallback={<p>Loading…</p>}><Profile id="1" /></Suspense>
 * </ErrorBoundary>
 */
export function createSuspense<E extends EndpointInterface>(
  endpoint: E,
  ...[args]: EndpointArgs<E>
): Accessor<ResolveType<E> | undefined> {
  return suspense(useController(), endpoint, createArgs(args));
}

/**
 * Reads an endpoint's response and fetches it (after render) when missing or stale;
 * never suspends and never throws; refetches on invalidation and expiry while mounted.
 * Errors stay in the cache: read them with `createError`.
 *
 * @param endpoint the endpoint to read.
 * @param args accessor of the endpoint's parameters; omit when it takes none.
 * @returns accessor of the denormalized response; `undefined` until fetched.
 * @example
 * const todos = createFetch(getTodos, () => ({ userId: props.userId }));
 * return <Show when={todos()} fallback="…">{(list) => <TodoList todos={list()} />}</Show>;
 */
export function createFetch<E extends EndpointInterface>(
  endpoint: E,
  ...[args]: EndpointArgs<E>
): Accessor<ResolveType<E> | undefined> {
  const ctrl = useController();
  const list = createArgs(args);
  mount(ctrl, endpoint, list);
  return fromResponse(ctrl, endpoint, list);
}

/**
 * `createSuspense` plus a polling subscription (`ctrl.subscribe`) for the owner's
 * lifetime: the response refetches every `endpoint.pollFrequency` ms; identical data
 * re-renders nothing. Re-keying moves the subscription; cleanup (unmount) stops it.
 *
 * @param endpoint the endpoint to read and poll; set its `pollFrequency`.
 * @param args accessor of the endpoint's parameters; omit when it takes none.
 * @returns accessor of the denormalized response.
 * @example
 * const price = createLive(getTicker, () => ({ symbol: props.symbol }));
 * return <span>{price()?.last}</span>;
 */
export function createLive<E extends EndpointInterface>(
  endpoint: E,
  ...[args]: EndpointArgs<E>
): Accessor<ResolveType<E> | undefined> {
  return suspense(useController(), endpoint, createArgs(args), true);
}
