/**
 * `pagesOf(ctrl, endpoint, ...args)`: the paging state of a list loaded page by page —
 * what the UI of an infinite list needs (is there a next page, is one loading, load it).
 * Built on the Controller's public reads (`meta`, `response`, `isFetching`, `fetch`) and
 * what the key remembers of its pages (./pages.ts); a function rather than a Controller
 * method, so that an app that does not page ships none of it. The bindings' `createPages`
 * (Solid) and `usePages` (Preact) read it.
 */
import { Computed, type ReadonlySignal } from '@preact/signals-core';
import type { EndpointInterface } from '../endpoint/types.js';
import { equalFields } from '../util/equal.js';
import type { Controller } from './Controller.js';

/** The paging state of a list: see {@link pagesOf}. */
export interface Pages {
  /** Pages loaded into the list: 0 before its first fetch, then 1 plus one per `getPage`. */
  readonly count: number;
  /**
   * The value of `paginationField` that fetches the next page; `undefined` when the last
   * page loaded was the last (see the endpoint's `nextPage` for how it is found).
   */
  readonly next: unknown;
  /** Whether there is a next page to fetch: `next !== undefined`. */
  readonly hasMore: boolean;
  /** Whether a request of the list is in flight: its next page, or a refetch of its pages. */
  readonly loading: boolean;
  /** The key's last error, until a fetch of it succeeds (`meta.error`). */
  readonly error: Error | undefined;
  /**
   * Fetches the next page (`endpoint.getPage` with `paginationField` set to `next`),
   * which joins the end of the list. Without a next page it does nothing; while a request
   * of the list is in flight, it waits for that one instead. A failed request does not
   * reject it: its error is in `error`.
   */
  fetchNext(): Promise<void>;
}

/**
 * The paging state of a list loaded page by page with `getPage`: how many pages are
 * loaded, the next page's `paginationField` value and whether there is one, a request in
 * flight, the last error, and `fetchNext()`. Loaded pages are remembered by the cache: any
 * refetch of the list (`invalidate`, expiry, focus and network coming back, polling,
 * `ctrl.fetch` of the list) asks for every one of them again, in order, and writes them as
 * one response, so the list keeps its length while deleted rows leave it and edited rows
 * update.
 *
 * The next page: the endpoint's `nextPage(response, ...args)` when it has one (`response`
 * as `ctrl.getResponse` reads it; `args` those of the last page loaded); else the
 * response's member named like `paginationField` (Reactive Data Client's `{ posts, cursor
 * }`), `next` + that name (`nextCursor` for `cursor`), `nextCursor` or `nextPage`; else,
 * for pages by number, the last page's number + 1 (a list fetched without the argument is
 * page 1) while pages bring items and none brings fewer than the first. `null`, `''` and
 * `false` mean "no next page".
 *
 * @param ctrl the Controller that caches the list.
 * @param endpoint the list endpoint (the one with `paginationField`, not its `getPage`).
 * @param args its arguments, without the page.
 * @returns a signal of the paging state; equal states keep their object.
 * @example
 * const feed = pagesOf(ctrl, getFeed);
 * effect(() => (more.hidden = !feed.value.hasMore));
 * more.onclick = () => feed.value.fetchNext();
 */
export function pagesOf<E extends EndpointInterface>(
  ctrl: Controller,
  endpoint: E,
  ...args: Parameters<E['fetch']>
): ReadonlySignal<Pages> {
  const meta = ctrl.meta(endpoint, ...args);
  const response = ctrl.response(endpoint, ...args);
  const fetchNext = async (): Promise<void> => {
    const { next, loading } = state.peek();
    if (next === undefined && !loading) return;
    // In flight, the key's request is shared (it is the list's key): the next page waits for it.
    const settled = loading
      ? ctrl.fetch(endpoint, ...args)
      : ctrl.fetch(
          // (`getPage` throws, naming the endpoint, without a `paginationField`.)
          (endpoint as unknown as { getPage: E }).getPage,
          ...([{ ...(args[0] as {}), [endpoint.paginationField!]: next }, ...args.slice(1)] as Parameters<E['fetch']>),
        );
    // A failed request is recorded in the key's meta: `error` shows it.
    await settled.catch(noop);
  };
  let last: Pages | undefined;
  const state = new Computed(() => {
    const { _paging: paging, error } = meta.value;
    const value = response.value;
    const pages = paging?._pages ?? [];
    const next =
      value === undefined || paging === undefined
        ? undefined
        : nextOf(endpoint, value, pages.at(-1)?.[1] ?? args, paging._first, paging._size);
    const state: Pages = {
      count: value === undefined ? 0 : 1 + pages.length,
      next,
      hasMore: next !== undefined,
      loading: ctrl.isFetching(endpoint, ...args),
      error,
      fetchNext,
    };
    // Equal state, same object: readers re-run only when something they show changed.
    return last !== undefined && equalFields(state as {}, last as {}) ? last : (last = state);
  });
  return state;
}

/** The `paginationField` value of the page after the last one loaded (see {@link pagesOf}). */
function nextOf(endpoint: EndpointInterface, value: unknown, args: readonly unknown[], first: number, size: number) {
  let next: unknown;
  const field = endpoint.paginationField;
  if (endpoint.nextPage !== undefined) next = endpoint.nextPage(value, ...args);
  else if (field !== undefined) {
    const member =
      value !== null && typeof value === 'object' && !Array.isArray(value)
        ? [field, `next${field[0]!.toUpperCase()}${field.slice(1)}`, 'nextCursor', 'nextPage'].find(
            (name) => name in value,
          )
        : undefined;
    if (member !== undefined) next = (value as Record<string, unknown>)[member];
    else {
      const current = (args[0] as Record<string, unknown> | undefined)?.[field];
      const number = current === undefined ? 1 : Number(current);
      if (Number.isInteger(number) && size > 0 && size >= first)
        next = typeof current === 'string' ? String(number + 1) : number + 1;
    }
  }
  return next === null || next === '' || next === false ? undefined : next;
}

function noop(): void {}

/** @internal The paging state the bindings show for `null` args: no list, nothing to fetch. */
export const NO_PAGES: Pages = /*#__PURE__*/ Object.freeze({
  count: 0,
  next: undefined,
  hasMore: false,
  loading: false,
  error: undefined,
  fetchNext: async () => {},
});
