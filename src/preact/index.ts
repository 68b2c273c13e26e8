/**
 * signal-cache/preact: Preact bindings. Thin adapters over `Controller`: a provider, and
 * hooks that read the cache's views, each also as a `…Signal` form for the fine-grained
 * JSX binding of `@preact/signals` (which the app imports: this entry installs nothing in
 * Preact; its plain hooks subscribe their component to the view it read).
 *
 * @example
 * import { CacheProvider, useSuspense } from 'signal-cache/preact';
 * import { Suspense } from 'preact/compat';
 * function Users() {
 *   const users = useSuspense(getUsers);
 *   return <ul>{users.map((user) => <li key={user.id}>{user.name}</li>)}</ul>;
 * }
 * render(
 *   <CacheProvider>
 *     <Suspense fallback="Loading…"><Users /></Suspense>
 *   </CacheProvider>,
 *   document.body,
 * );
 *
 * @module signal-cache/preact
 */
export { CacheProvider, useController } from './context.js';
export type { CacheProviderProps } from './context.js';
export { ErrorBoundary } from './ErrorBoundary.js';
export type { ErrorBoundaryProps } from './ErrorBoundary.js';
export type { EndpointArg, QueryArg } from '../controller/args.js';
export type { EndpointArgs } from './base.js';
export { useCache, useCacheSignal } from './useCache.js';
export { useError } from './useError.js';
export { useFetch, useFetchSignal } from './useFetch.js';
export { useKeepPrevious } from './useKeepPrevious.js';
export { useLive, useLiveSignal } from './useLive.js';
export { useLoading } from './useLoading.js';
export { useMeta } from './useMeta.js';
export { useMutation } from './useMutation.js';
export type { Mutation } from './useMutation.js';
export { usePages } from './usePages.js';
export { useQuery, useQuerySignal } from './useQuery.js';
export { useSuspense, useSuspenseSignal } from './useSuspense.js';
