/**
 * W22 — persistence of a one-row write into a store of 10,000 rows: bytes written and the
 * time of the save, until the storage has it.
 *
 * - signal-cache: `persist(ctrl, storage)` (signal-cache/persist) saves entry by entry: the
 *   row that changed.
 * - TanStack Query: `persistQueryClientSave` (@tanstack/query-persist-client-core) with
 *   `createSyncStoragePersister` (@tanstack/query-sync-storage-persister), what
 *   `persistQueryClient` runs on every cache change: the whole cache dehydrated and
 *   serialized into one storage item. Its throttle timer is made a microtask (through
 *   the persister's `timeoutManager`), so the time is the save's work, not its wait.
 *
 * Same kind of storage for both: in memory, strings, counting the bytes written (id or
 * key plus JSON text). A second case saves into IndexedDB (fake-indexeddb in Node: its
 * time says little about a browser's, its bytes are the same): signal-cache with
 * `indexedDBStorage`, TanStack with a persister putting its serialized client into one
 * IndexedDB key, as its async-storage persister over idb-keyval does.
 *
 * Each round writes one row (a new score for a different row each time) and times its
 * save, from after the cache write until the storage has it (signal-cache: the microtask
 * that compares and writes, awaited by `flush()`; TanStack: `persistQueryClientSave`,
 * which dehydrates, serializes and stores); ROUNDS rounds per peer, best and median as
 * ops/s; bytes are per write. A second case saves a refetch of the 10k list that found
 * nothing new: signal-cache writes the response's meta and one expiry entry (the 10k row
 * ids), TanStack the whole cache again.
 */
import { persistQueryClientSave } from '@tanstack/query-persist-client-core';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { timeoutManager } from '../node_modules/@tanstack/query-sync-storage-persister/node_modules/@tanstack/query-core/build/modern/timeoutManager.js';
import { IDBFactory } from 'fake-indexeddb';
import { Scenario, collect, QUICK } from './_lib/harness.mjs';
import { flat } from './_lib/fixtures.mjs';
import * as sc from './_lib/signal-cache.mjs';
import { createClient } from './_lib/tanstack.mjs';
import { indexedDBStorage, memoryStorage, persist } from '../dist/persist/index.js';

const s = new Scenario({ id: 'W22', title: 'persist a one-row write into a 10k store', file: 'persist-one-row.mjs' });
const N = 10_000;
const ROUNDS = QUICK ? 9 : 41;
/** Unmeasured writes first: the JIT warms up on them. */
const WARMUP = QUICK ? 3 : 10;
const rows = flat(N);
const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
/** Bytes of a string as UTF-8 (the fixtures are ASCII: one byte a character). */
const size = (text) => Buffer.byteLength(text);

// TanStack's throttle waits on a timer: run it in a microtask instead.
timeoutManager.setTimeoutProvider({
  setTimeout: (callback) => (queueMicrotask(callback), 1),
  clearTimeout: () => {},
  setInterval: (callback, ms) => setInterval(callback, ms),
  clearInterval: (id) => clearInterval(id),
});

//#region storages

/** signal-cache's memory storage, counting the bytes of every write. */
function countingMemory() {
  const inner = memoryStorage();
  const counter = { bytes: 0, puts: 0 };
  const storage = {
    ...inner,
    write(puts, deletes) {
      for (const [id, value] of puts) counter.bytes += size(id) + size(JSON.stringify(value));
      counter.puts += puts.length;
      return inner.write(puts, deletes);
    },
  };
  return { storage, counter, inner };
}

/** A synchronous Web Storage in memory (what `createSyncStoragePersister` takes), counting bytes. */
function countingWebStorage() {
  const items = new Map();
  const counter = { bytes: 0, puts: 0 };
  const storage = {
    getItem: (key) => items.get(key) ?? null,
    setItem(key, value) {
      counter.bytes += size(key) + size(value);
      counter.puts++;
      items.set(key, value);
    },
    removeItem: (key) => items.delete(key),
  };
  return { storage, counter, items };
}

/** One IndexedDB key holding the serialized client, as an async-storage persister over idb-keyval does. */
function idbPersister(factory) {
  const counter = { bytes: 0, puts: 0 };
  const db = new Promise((resolve, reject) => {
    const req = factory.open('tanstack', 1);
    req.onupgradeneeded = () => req.result.createObjectStore('kv');
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  const put = async (value) => {
    const tx = (await db).transaction('kv', 'readwrite');
    tx.objectStore('kv').put(value, 'REACT_QUERY_OFFLINE_CACHE');
    return new Promise((resolve, reject) => {
      tx.oncomplete = resolve;
      tx.onerror = () => reject(tx.error);
    });
  };
  const persister = {
    async persistClient(client) {
      const text = JSON.stringify(client);
      counter.bytes += size('REACT_QUERY_OFFLINE_CACHE') + size(text);
      counter.puts++;
      await put(text);
    },
    restoreClient: async () => undefined,
    removeClient: async () => undefined,
  };
  return { persister, counter };
}

//#endregion

//#region peers

/** A Controller holding the 10k rows (one list response), persisting into `storage`, all saved. */
async function scStore(storage) {
  // A clock one ms further on each read: every refetch gets a new fetch time and expiry.
  let now = Date.now();
  const ctrl = new sc.Controller({ gcInterval: 0, clock: () => ++now });
  const persister = persist(ctrl, storage);
  await persister.restored;
  // The list response (10k rows, its list of pks and meta), as TanStack holds one query.
  ctrl.setResponse(sc.getRows, rows);
  await persister.flush();
  let n = 0;
  return {
    ctrl,
    persister,
    /** Writes one row; returns the ms until the storage has it. */
    async writeOne() {
      const row = rows[(n++ * 7919) % N];
      ctrl.set(sc.Row, { id: row.id }, { ...row, score: row.score + n });
      return saved(() => persister.flush());
    },
    /** Stores an equal copy of the list response (a refetch that found nothing new); returns the ms until saved. */
    async refetchEqual() {
      ctrl.setResponse(
        sc.getRows,
        rows.map((row) => ({ ...row })),
      );
      return saved(() => persister.flush());
    },
  };
}

/** A QueryClient holding the 10k rows under one key, saving through `persister`. */
async function tsStore(persister, settle) {
  const client = createClient();
  client.setQueryData(['rows'], rows);
  await persistQueryClientSave({ queryClient: client, persister });
  await settle();
  let n = 0;
  return {
    client,
    async writeOne() {
      const i = (n++ * 7919) % N;
      client.setQueryData(['rows'], (old) => old.map((row, j) => (j === i ? { ...row, score: row.score + n } : row)));
      // What persistQueryClientSubscribe runs on the cache's 'updated' event.
      return saved(() => persistQueryClientSave({ queryClient: client, persister }).then(settle));
    },
    async refetchEqual() {
      client.setQueryData(
        ['rows'],
        rows.map((row) => ({ ...row })),
      );
      return saved(() => persistQueryClientSave({ queryClient: client, persister }).then(settle));
    },
  };
}

/**
 * The ms `save()` takes to settle. The timer starts after the cache write, so the
 * time is the save's alone: writing 10k rows into signal-cache's store (normalizing) and
 * into TanStack's (replacing one value) are different work, measured elsewhere (W7).
 */
async function saved(save) {
  const start = performance.now();
  await save();
  return performance.now() - start;
}

/** Times `ROUNDS` operations; returns the best and median rates and the bytes and puts of one. */
async function measure(peer, counter, op = 'writeOne') {
  for (let i = 0; i < WARMUP; i++) await peer[op]();
  const before = { bytes: counter.bytes, puts: counter.puts };
  const times = [];
  for (let i = 0; i < ROUNDS; i++) {
    times.push(await peer[op]());
  }
  return {
    rounds: times.map((ms) => 1000 / ms),
    value: 1000 / Math.min(...times),
    median: 1000 / median(times),
    bytes: Math.round((counter.bytes - before.bytes) / ROUNDS),
    puts: (counter.puts - before.puts) / ROUNDS,
  };
}

//#endregion

const microtask = () => new Promise((resolve) => queueMicrotask(resolve));

// In memory.
{
  const mem = countingMemory();
  const ours = await scStore(mem.storage);
  const web = countingWebStorage();
  const theirs = await tsStore(createSyncStoragePersister({ storage: web.storage, throttleTime: 0 }), microtask);
  s.gate(
    'signal-cache: the 10k rows are saved',
    [...mem.inner.data.keys()].filter((id) => id.startsWith('r\0Row\0')).length === N,
  );
  s.gate(
    'tanstack: the 10k rows are saved',
    JSON.parse(web.items.get('REACT_QUERY_OFFLINE_CACHE')).clientState.queries[0].state.data.length === N,
  );
  collect();
  const results = [
    ['signal-cache', 'persist + memoryStorage', await measure(ours, mem.counter)],
    ['tanstack', 'persistQueryClientSave + sync storage persister', await measure(theirs, web.counter)],
  ];
  // The last write is in the storage, and a new Controller restores it.
  const last = ours.ctrl.get(sc.Row, { id: rows[((ROUNDS - 1) * 7919) % N].id });
  const check = new sc.Controller({ gcInterval: 0 });
  await persist(check, mem.inner).restored;
  s.gate(
    'signal-cache: a new Controller restores the last write',
    check.get(sc.Row, { id: last.id })?.score === last.score,
  );
  s.gate('signal-cache: and the list response', check.getResponse(sc.getRows)?.length === N);
  s.gate('signal-cache: one entry per one-row write', results[0][2].puts === 1, `${results[0][2].puts} puts`);
  for (const [peer, variant, r] of results) {
    s.value({
      case: 'one-row write, memory: time',
      peer,
      variant,
      unit: 'ops/s',
      value: r.value,
      median: r.median,
      rounds: r.rounds,
    });
  }
  for (const [peer, variant, r] of results) {
    s.value({ case: 'one-row write, memory: bytes written', peer, variant, unit: 'B', value: r.bytes });
  }
  s.note(
    `bytes per one-row write: signal-cache ${results[0][2].bytes} B in ${results[0][2].puts} entry; TanStack ${results[1][2].bytes} B in ${results[1][2].puts} item (${(results[1][2].bytes / results[0][2].bytes).toFixed(0)}×)`,
  );
  s.note(
    `median time to save a one-row write: signal-cache ${(1000 / results[0][2].median).toFixed(3)} ms, TanStack ${(1000 / results[1][2].median).toFixed(1)} ms (${(results[0][2].median / results[1][2].median).toFixed(0)}×)`,
  );
  s.check(
    'signal-cache writes under 1/1000 of the bytes',
    results[0][2].bytes * 1000 < results[1][2].bytes,
    `${results[0][2].bytes} B vs ${results[1][2].bytes} B`,
  );

  // A refetch of the 10k list that finds nothing new: signal-cache saves the response's
  // meta and one expiry entry (the 10k row ids), TanStack the whole cache again.
  collect();
  const refetch = [
    ['signal-cache', 'persist + memoryStorage', await measure(ours, mem.counter, 'refetchEqual')],
    ['tanstack', 'persistQueryClientSave + sync storage persister', await measure(theirs, web.counter, 'refetchEqual')],
  ];
  s.gate(
    'signal-cache: a refetch of equal data writes two entries (meta, expiry)',
    refetch[0][2].puts === 2,
    `${refetch[0][2].puts} puts`,
  );
  for (const [peer, variant, r] of refetch) {
    s.value({
      case: 'refetch of equal 10k list, memory: time',
      peer,
      variant,
      unit: 'ops/s',
      value: r.value,
      median: r.median,
      rounds: r.rounds,
    });
  }
  for (const [peer, variant, r] of refetch) {
    s.value({ case: 'refetch of equal 10k list, memory: bytes written', peer, variant, unit: 'B', value: r.bytes });
  }
}

// IndexedDB (fake-indexeddb).
{
  collect();
  const mem = countingMemory();
  const idb = indexedDBStorage('w22', new IDBFactory());
  // Bytes counted as for memory: the same JSON the entries would take as text.
  const counting = { ...idb, write: (puts, deletes) => (mem.storage.write(puts, deletes), idb.write(puts, deletes)) };
  const ours = await scStore(counting);
  const tp = idbPersister(new IDBFactory());
  const theirs = await tsStore(tp.persister, microtask);
  const results = [
    ['signal-cache', 'persist + indexedDBStorage', await measure(ours, mem.counter)],
    ['tanstack', 'persistQueryClientSave + one IndexedDB key', await measure(theirs, tp.counter)],
  ];
  for (const [peer, variant, r] of results) {
    s.value({
      case: 'one-row write, IndexedDB (fake): time',
      peer,
      variant,
      unit: 'ops/s',
      value: r.value,
      median: r.median,
      rounds: r.rounds,
    });
  }
  s.note(
    `IndexedDB (fake-indexeddb): signal-cache ${results[0][2].puts} put of ${results[0][2].bytes} B per write; TanStack ${results[1][2].puts} put of ${results[1][2].bytes} B`,
  );
}

s.report();
