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
 *
 * @module signal-cache/solid
 */
export { CacheProvider, useController } from './context.js';
export type { CacheProviderProps } from './context.js';
export type { EndpointArg, QueryArg } from '../controller/args.js';
export type { EndpointArgs } from './base.js';
export { createCache } from './createCache.js';
export { createError } from './createError.js';
export { createFetch } from './createFetch.js';
export { createKeepPrevious } from './createKeepPrevious.js';
export { createLive } from './createLive.js';
export { createLoading } from './createLoading.js';
export { createMeta } from './createMeta.js';
export { createMutation } from './createMutation.js';
export { createPages } from './createPages.js';
export type { Mutation } from './createMutation.js';
export { createQuery } from './createQuery.js';
export { createSuspense } from './createSuspense.js';
