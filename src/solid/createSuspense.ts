/** Suspends until an endpoint's response is cached (see ./base.ts for how). */
import type { Accessor } from 'solid-js';
import type { EndpointInterface, ResolveType } from '../index.js';
import { createArgs, suspense, type EndpointArgs } from './base.js';
import { useController } from './context.js';

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
