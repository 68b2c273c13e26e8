/**
 * signal-cache/tabs: tabs of one origin share one cache over a `BroadcastChannel`. Its own
 * entry, so an app that does not share tabs ships none of this code.
 *
 * @module signal-cache/tabs
 */
export { TabsError } from './message.js';
export { shareTabs } from './shareTabs.js';
export type { ShareTabsOptions, TabShare } from './shareTabs.js';
