/**
 * Where `persist` saves a Controller's server data: a key-value store of JSON-safe
 * entries, one per row, Collection list, response and response meta. Two come with the
 * package — IndexedDB for browsers, memory for tests and server rendering — and any other
 * store fits the three methods of {@link PersistStorage}.
 */

/** One saved entry: its id and its JSON-safe value. */
export type PersistEntry = readonly [id: string, value: unknown];

/**
 * A store `persist` saves into. Calls never overlap: `persist` waits for each to settle
 * before the next.
 */
export interface PersistStorage {
  /** Every saved entry, in any order; an empty store yields none. */
  load(): Promise<Iterable<PersistEntry>>;
  /**
   * Saves `puts` (an id already saved is replaced) and removes `deletes` (an id not saved
   * is no error), all or nothing: one IndexedDB transaction.
   */
  write(puts: readonly PersistEntry[], deletes: readonly string[]): Promise<void>;
  /** Removes every entry. */
  clear(): Promise<void>;
}

/** A {@link PersistStorage} in memory: each entry kept as its JSON text in `data`. */
export interface MemoryStorage extends PersistStorage {
  /** Id → the entry's JSON text. */
  readonly data: Map<string, string>;
}

/**
 * A storage in memory, for tests and server rendering. Entries are kept as JSON text, as
 * a real store would copy them: what is loaded never shares objects with what was saved.
 * @example
 * const storage = memoryStorage();
 * persist(ctrl, storage);
 */
export function memoryStorage(): MemoryStorage {
  const data = new Map<string, string>();
  return {
    data,
    load: async () => [...data].map(([id, text]): PersistEntry => [id, JSON.parse(text)]),
    async write(puts, deletes) {
      // Serialized first: a value that does not serialize writes nothing (all or nothing).
      const texts = puts.map(([id, value]) => [id, JSON.stringify(value)] as const);
      for (const id of deletes) data.delete(id);
      for (const [id, text] of texts) data.set(id, text);
    },
    clear: async () => data.clear(),
  };
}

/** Name of the object store inside the database. */
const STORE = 'entries';

/**
 * A storage in an IndexedDB database (created on first use, with one object store,
 * `entries`): each `write` is one transaction; values are saved as structured clones.
 * @param name the database name. Default: `'signal-cache'`.
 * @param factory the `IDBFactory` to open it with. Default: the global `indexedDB`.
 * @example
 * persist(ctrl, indexedDBStorage('my-app-cache'), { schemas: [Invoice] });
 */
export function indexedDBStorage(name = 'signal-cache', factory: IDBFactory = indexedDB): PersistStorage {
  let db: Promise<IDBDatabase> | undefined;
  const open = (): Promise<IDBDatabase> =>
    (db ??= new Promise<IDBDatabase>((resolve, reject) => {
      const req = factory.open(name, 1);
      req.onupgradeneeded = () => req.result.createObjectStore(STORE);
      req.onsuccess = () => {
        const opened = req.result;
        // Another page upgrading the database: let it, and open again on the next call.
        opened.onversionchange = () => {
          opened.close();
          db = undefined;
        };
        resolve(opened);
      };
      req.onerror = () => reject(req.error);
      req.onblocked = () => reject(new Error(`indexedDBStorage: opening "${name}" is blocked by another page`));
    }).catch((error) => {
      // A failed open is tried again by the next call.
      db = undefined;
      throw error;
    }));
  /** Runs `fn` in one transaction; resolves with what it returns once the transaction completed. */
  const run = async <T>(mode: IDBTransactionMode, fn: (store: IDBObjectStore) => () => T): Promise<T> => {
    const tx = (await open()).transaction(STORE, mode);
    let result: () => T;
    try {
      result = fn(tx.objectStore(STORE));
    } catch (error) {
      // A value that cannot be cloned throws at its `put`: what came before it is undone.
      tx.abort();
      throw error;
    }
    return new Promise<T>((resolve, reject) => {
      tx.oncomplete = () => resolve(result());
      tx.onerror = tx.onabort = () =>
        reject(tx.error ?? new Error(`indexedDBStorage: a transaction on "${name}" was aborted`));
    });
  };
  return {
    load: () =>
      run('readonly', (store) => {
        const keys = store.getAllKeys();
        const values = store.getAll();
        // Both in key order: the nth key is the nth value's.
        return () => keys.result.map((id, i): PersistEntry => [String(id), values.result[i]]);
      }),
    write: (puts, deletes) =>
      run('readwrite', (store) => {
        for (const id of deletes) store.delete(id);
        for (const [id, value] of puts) store.put(value, id);
        return () => undefined;
      }),
    clear: () =>
      run('readwrite', (store) => {
        store.clear();
        return () => undefined;
      }),
  };
}
