/**
 * signal-cache/persist as an app uses it, with the types it must see. Each `expectType`
 * and each `@ts-expect-error` is one expectation of tools/consumer.mjs.
 */
import { Controller } from 'signal-cache';
import {
  PersistError,
  indexedDBStorage,
  memoryStorage,
  persist,
  type MemoryStorage,
  type PersistEntry,
  type PersistOptions,
  type PersistStorage,
  type Persister,
} from 'signal-cache/persist';
import { expectType, type Equal, type Resolved } from './expect.js';
import { User } from './models.js';

const ctrl = new Controller();
const persister = persist(ctrl, indexedDBStorage('app'), {
  schemas: [User],
  version: 'v2',
  onError: (error) => expectType<Equal<typeof error, PersistError>>(),
});
expectType<Equal<typeof persister, Persister>>();
expectType<Equal<Resolved<typeof persister.restored>, void>>();
expectType<Equal<Resolved<ReturnType<Persister['flush']>>, void>>();
persist(ctrl, indexedDBStorage());
persist(new Controller(), indexedDBStorage('app', indexedDB));
// @ts-expect-error a version is a string or a number
persist(ctrl, memoryStorage(), { version: true });
// @ts-expect-error a storage has load, write and clear
persist(ctrl, { load: async () => [] });

const memory: MemoryStorage = memoryStorage();
expectType<Equal<typeof memory.data, Map<string, string>>>();
persist(ctrl, memory);

/** Any store fits the three methods: here, one that keeps the entries in a Map. */
const entries = new Map<string, unknown>();
const custom: PersistStorage = {
  load: async () => entries,
  async write(puts, deletes) {
    expectType<Equal<typeof puts, readonly PersistEntry[]>>();
    expectType<Equal<typeof deletes, readonly string[]>>();
    for (const id of deletes) entries.delete(id);
    for (const [id, value] of puts) entries.set(id, value);
  },
  clear: async () => entries.clear(),
};
const options: PersistOptions = { onError: (error) => console.warn(error.name, error.cause) };
persist(ctrl, custom, options);
