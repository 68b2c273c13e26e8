/**
 * TanStack DB (`@tanstack/db`): collections fed the way an app loads server rows, through
 * a sync collection's `begin` / `write` / `commit` / `markReady`; live queries are
 * `createLiveQueryCollection`s (incremental view maintenance by differential dataflow).
 */
import { createCollection, createLiveQueryCollection } from '@tanstack/db';
export { BasicIndex, avg, count, eq, max, min, sum } from '@tanstack/db';

let ids = 0;

/**
 * A collection synced from "the server": `rows` arrive in one transaction, then the
 * collection is ready. `write(type, value)` delivers one more server change.
 */
export function serverCollection(rows, getKey = (row) => row.id) {
  let sync;
  const collection = createCollection({
    id: `server-${++ids}`,
    getKey,
    startSync: true,
    sync: {
      rowUpdateMode: 'partial',
      sync: (params) => {
        sync = params;
        params.begin();
        for (const row of rows) params.write({ type: 'insert', value: row });
        params.commit();
        params.markReady();
      },
    },
  });
  /** One server change in its own transaction. */
  const write = (type, value) => {
    sync.begin();
    sync.write({ type, value });
    sync.commit();
  };
  return { collection, write };
}

/** A live query collection, started (kept up to date from now on). */
export function liveQuery(query) {
  return createLiveQueryCollection({ query, startSync: true });
}
