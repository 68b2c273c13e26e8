/**
 * signal-cache/solid: Solid bindings. Thin adapters over `Controller`: a provider, and
 * `create*` primitives that mirror the cache's views into Solid accessors for the
 * lifetime of their owner.
 *
 * @example
 * import { CacheProvider, createSuspense } from 'signal-cache/solid';
 * function Users() {
 *   const users = createSuspense(getUsers);
 *   return <For each={users()}>{(user) => <li>{user.name}</li>}</For>;
 * }
 * render(() => (
 *   <CacheProvider>
 *     <Suspense fallback="Loading…"><Users /></Suspense>
 *   </CacheProvider>
 * ), document.body);
 */
export { CacheProvider, useController } from './context.js';
export type { CacheProviderProps } from './context.js';
export { createCache, createQuery } from './createQuery.js';
export type { EndpointArg, QueryArg } from '../controller/args.js';
export { createError, createKeepPrevious, createLoading, createMeta, createMutation } from './createMeta.js';
export type { Mutation } from './createMeta.js';
export { createFetch, createLive, createSuspense } from './createSuspense.js';
export type { EndpointArgs } from './bridge.js';
