/**
 * TanStack side: `QueryClient` + `QueryObserver`s from `@tanstack/query-core` (what
 * `@tanstack/solid-query`'s createQuery wraps). TanStack is not normalized: a list lives
 * under one query key, and views are observers with `select`. Notifications are made
 * synchronous (as in TanStack's own tests) so a write is measured with its fan-out.
 */
import { QueryClient, QueryObserver, notifyManager } from '@tanstack/query-core';

notifyManager.setScheduler((cb) => cb());

export function createClient() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, gcTime: Infinity } } });
  client.mount();
  return client;
}

/**
 * An observer of `key` deriving its value with `select`, notified only when the
 * selected data changes (notifyOnChangeProps: ['data'], what a component reading only
 * `data` gets from tracked props).
 */
export function observe(client, key, select, onChange) {
  const observer = new QueryObserver(client, {
    queryKey: key,
    queryFn: () => Promise.reject(new Error('the benchmarks never fetch')),
    enabled: false,
    select,
    notifyOnChangeProps: ['data'],
  });
  const unsubscribe = observer.subscribe(onChange);
  return { observer, unsubscribe };
}
