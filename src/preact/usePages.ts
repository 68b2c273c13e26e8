/** The paging state of a list fetched page by page; re-renders only when it changes. */
import { pagesOf, type EndpointInterface, type Pages } from '../index.js';
import { NO_PAGES } from '../controller/pagesOf.js';
import { useValue, useView, type EndpointArgs } from './base.js';

/**
 * The paging state of a list loaded page by page with `getPage` (see `pagesOf`):
 * `count` of pages loaded, the `next` page's cursor, `hasMore`, `loading`, `error`, and
 * `fetchNext()`, which appends the next page. A refetch of the list (invalidation, expiry,
 * focus, polling) asks for every loaded page again, so the list keeps its length. Reading
 * the list itself is `useSuspense` (or `useFetch`) of the same endpoint and args.
 *
 * @param endpoint the list endpoint (the one with `paginationField`, not its `getPage`).
 * @param args its parameters; omit when it takes none, `null` for nothing (a state without pages).
 * @returns the paging state.
 * @example
 * function More() {
 *   const pages = usePages(getFeed);
 *   if (!pages.hasMore) return <p>No more</p>;
 *   return <button disabled={pages.loading} onClick={pages.fetchNext}>More</button>;
 * }
 */
export function usePages<E extends EndpointInterface>(endpoint: E, ...[args]: EndpointArgs<E>): Pages {
  return (
    useValue(useView(endpoint, args, (ctrl, list: Parameters<E['fetch']>) => pagesOf(ctrl, endpoint, ...list))[2]) ??
    NO_PAGES
  );
}
