/**
 * signal-cache/ssr: a `Controller` that starts from a dehydrated state
 * (`new Controller({ initialState, schemas })`) and has `dehydrate()` / `hydrate()`
 * methods. Its own entry, so an app that never renders on a server ships none of this code.
 *
 * @module signal-cache/ssr
 */
export { Controller } from './Controller.js';
export type { SSRControllerOptions } from './Controller.js';
export { dehydrate, hydrate } from './dehydrate.js';
export { HydrationError } from '../state/hydrate.js';
export type { DehydratedRows, DehydratedState } from '../state/hydrate.js';
