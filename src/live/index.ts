/**
 * signal-cache/live: queries kept incrementally over the cache (count, sum, min, max,
 * avg, groupBy, sorted windows, distinct). Its own entry, so an app that does not use
 * them ships none of this code.
 *
 * @module signal-cache/live
 */
export { live } from './live.js';
export type { Aggregate, Args, Group, GroupAggregates, LiveList, LiveQuery, LiveWindow } from './live.js';
