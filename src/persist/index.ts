/**
 * signal-cache/persist: a Controller's server data saved entry by entry (one row, list or
 * response at a time) into IndexedDB or any other store, and restored on start. Its own
 * entry, so an app that does not persist ships none of this code.
 *
 * @module signal-cache/persist
 */
export { persist, PersistError } from './persist.js';
export type { PersistOptions, Persister } from './persist.js';
export { indexedDBStorage, memoryStorage } from './storage.js';
export type { MemoryStorage, PersistEntry, PersistStorage } from './storage.js';
