/**
 * W21's peers (bench/hydrate-state.mjs), shared with its allocation probe (w21-alloc.mjs):
 * per dataset, each peer's filled cache, its state as JSON text, a cache hydrated from that
 * text, and the first read of the response.
 */
import { QueryClient, dehydrate as tqDehydrate, hydrate as tqHydrate } from '@tanstack/query-core';
import * as dc from './data-client.mjs';
import { flat, long500 } from './fixtures.mjs';
import * as sc from './signal-cache.mjs';

const newController = () => new sc.Controller({ gcInterval: 0 });
const newClient = () => new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, gcTime: Infinity } } });

/** The datasets W21 travels: a cached list of FLAT-10k rows, and of LONG-500 projects with their nested build types. */
export const DATASETS = [
  { name: 'FLAT-10k', data: flat(10_000), sc: sc.getRows, dc: dc.getRows, tq: ['rows'] },
  { name: 'LONG-500', data: long500(), sc: sc.getProjects, dc: dc.getProjects, tq: ['projects'] },
];

/** A new cache from `make()` with `write` applied: the server's side. */
const written = (make, write) => () => {
  const cache = make();
  write(cache);
  return cache;
};
/** `(cache, text)` → the cache filled by `fill(cache, JSON.parse(text))`. */
const parsedInto = (fill) => (cache, text) => {
  fill(cache, JSON.parse(text));
  return cache;
};

/** The three peers: a filled cache, its state as JSON text, a cache from that text, and its read. */
export function peersOf(set) {
  return [
    {
      peer: 'signal-cache',
      variant: 'dehydrate / hydrate',
      filled: written(newController, (ctrl) => ctrl.setResponse(set.sc, set.data)),
      dehydrate: (ctrl) => JSON.stringify(sc.dehydrate(ctrl)),
      empty: newController,
      hydrate: parsedInto(sc.hydrate),
      read: (ctrl) => ctrl.getResponse(set.sc),
      fresh: (ctrl) => !ctrl.isStale(set.sc),
    },
    {
      peer: 'data-client',
      variant: 'state → initialState',
      filled: written(dc.createStore, (store) => store.controller.setResponse(set.dc, set.data)),
      dehydrate: (store) => JSON.stringify(store.state),
      empty: () => undefined,
      hydrate: (_, text) => dc.createStore({ state: JSON.parse(text) }),
      read: (store) => store.read(set.dc),
      // ExpiryStatus.Valid (3), not yet expired.
      fresh(store) {
        const { expiryStatus, expiresAt } = store.controller.getResponse(set.dc, store.state);
        return expiryStatus === 3 && expiresAt > Date.now();
      },
    },
    {
      peer: 'tanstack',
      variant: 'dehydrate / hydrate',
      filled: written(newClient, (client) => client.setQueryData(set.tq, set.data)),
      dehydrate: (client) => JSON.stringify(tqDehydrate(client)),
      empty: newClient,
      hydrate: parsedInto(tqHydrate),
      read: (client) => client.getQueryData(set.tq),
      fresh: (client) =>
        client.getQueryState(set.tq)?.status === 'success' &&
        !client.getQueryCache().find({ queryKey: set.tq }).isStale(),
    },
  ];
}

/**
 * Ends the current task: each operation starts in a task of its own, as a page's hydrate
 * does. Within one task the engine keeps every object reached through a `WeakRef` alive
 * (until the task ends, as the language specifies), so operations timed in one long task
 * would keep every earlier cache of a peer that uses `WeakRef`s alive, and time a growing heap.
 */
export const turn = () => new Promise((resolve) => setImmediate(resolve));
