/** The paging state of a list fetched page by page, as a Solid accessor. */
import type { Accessor } from 'solid-js';
import { pagesOf, type EndpointInterface, type Pages } from '../index.js';
import { NO_PAGES } from '../controller/pagesOf.js';
import { createArgs, fromView, type EndpointArgs } from './base.js';
import { useController } from './context.js';

/**
 * The paging state of a list loaded page by page with `getPage` (see `pagesOf`):
 * `count` of pages loaded, the `next` page's cursor, `hasMore`, `loading`, `error`, and
 * `fetchNext()`, which appends the next page. A refetch of the list (invalidation, expiry,
 * focus, polling) asks for every loaded page again, so the list keeps its length. Reading
 * the list itself is `createSuspense` (or `createFetch`) of the same endpoint and args.
 * Follows the key when `args()` changes; `null` args give a state without pages.
 *
 * @param endpoint the list endpoint (the one with `paginationField`, not its `getPage`).
 * @param args accessor of its parameters; omit when it takes none, `null` for nothing.
 * @returns accessor of the paging state.
 * @example
 * function Feed() {
 *   const feed = createSuspense(getFeed);
 *   const pages = createPages(getFeed);
 *   return (
 *     <>
 *       <For each={feed()?.results}>{(post) => <Row post={post} />}</For>
 *       <Show when={pages().hasMore} fallback={<p>No more</p>}>
 *         <button disabled={pages().loading} onClick={() => pages().fetchNext()}>More</button>
 *       </Show>
 *     </>
 *   );
 * }
 */
export function createPages<E extends EndpointInterface>(endpoint: E, ...[args]: EndpointArgs<E>): Accessor<Pages> {
  const ctrl = useController();
  const pages = fromView(createArgs(args), (a) => pagesOf(ctrl, endpoint, ...(a as Parameters<E['fetch']>)));
  return () => pages() ?? NO_PAGES;
}
