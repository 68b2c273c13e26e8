/**
 * signal-cache/devtools: the cache's devtools. `mountDevtools(ctrl)` shows a panel in the
 * page (keys and their status with actions, entity tables, views, requests, optimistic
 * layers, the commit journal); `DevToolsManager` sends the Controller's actions and state
 * to the Redux DevTools extension. Its own entry, and the panel's code loads lazily: an
 * app that imports it without calling it in production ships none of it.
 *
 * @module signal-cache/devtools
 */
export { DevToolsManager } from './DevToolsManager.js';
export type { DevToolsConfig, DevToolsConnection } from './DevToolsManager.js';
export { mountDevtools } from './mount.js';
export type { DevtoolsHandle, DevtoolsOptions } from './mount.js';
export type { DevtoolsState, ErrorState } from './state.js';
