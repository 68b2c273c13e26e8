/**
 * Paged lists (`getPage`): a list loaded over several pages remembers them, so that any
 * refetch of it — `invalidate`, expiry, focus and network coming back, polling, a
 * `ctrl.fetch` of the list — asks for every loaded page again, in order, and writes them
 * as one response: rows the server deleted leave the list, renamed rows update, and the
 * list keeps its length instead of collapsing to its first page.
 *
 * What a key remembers lives in its meta (`Meta._paging`, replaced with the meta by each
 * write, so a failed write leaves it as it was): the page requests after the first, and
 * the item counts of the first and the last page. The first page is the list itself,
 * asked for with whatever refetches it. The paging state users read (next page, has
 * more) is derived from it where it is read (./pagesOf.ts): an app that does not page
 * pays for this file only.
 *
 *   fetch(list)             → meta._paging { pages: [] }
 *   fetch(list.getPage, c2) → meta._paging { pages: [[getPage, { cursor: c2 }]] }
 *   invalidate(list)        → GET list, GET list?cursor=c2 (in order) → one write
 */
import type { EndpointInterface } from '../endpoint/types.js';
import type { CollectionAddition } from '../schema/Collection.js';
import type { Schema } from '../schema/types.js';
import type { Staging } from '../store/Staging.js';
import type { Paging, Store } from '../store/Store.js';
import { argsKey } from '../util/argsKey.js';
import { isPlain } from '../util/equal.js';

/** @internal One page request after the first: the page endpoint and its arguments. */
export type PageCall = readonly [endpoint: EndpointInterface, args: readonly unknown[]];

/** @internal One page of a paged refetch: the endpoint, its arguments and its answer. */
export type PagePart = readonly [endpoint: EndpointInterface, args: readonly unknown[], value: unknown];

/** @internal An answer of every loaded page of a list, in order: written as one response. */
export class PagedAnswer {
  readonly _parts: readonly PagePart[];
  constructor(parts: readonly PagePart[]) {
    this._parts = parts;
  }
}

/**
 * @internal The page requests a fetch of the endpoint must add after its own: those the
 * key remembers, unless the endpoint is itself a page endpoint (one page is fetched).
 */
export function pagesToRefetch(store: Store, key: string, endpoint: EndpointInterface): readonly PageCall[] {
  const pages = store._results.get(key)?._meta.peek()._paging?._pages as readonly PageCall[] | undefined;
  return pages === undefined || pages.length === 0 || isPageSchema(endpoint.schema) ? [] : pages;
}

/** Whether a schema writes one page of a list (`paginated()`, `getPage`): itself, or a member of an object schema. */
function isPageSchema(schema: Schema): boolean {
  if ((schema as CollectionAddition | undefined)?.mode === 'page') return true;
  if (!isPlain(schema)) return false;
  for (const k in schema) if (isPageSchema((schema as Record<string, Schema>)[k])) return true;
  return false;
}

/**
 * @internal The paging a write leaves in the key's meta, or `undefined` for a response
 * that is no page of a list the endpoint can page (no `paginationField`, no `nextPage`).
 * `at` is where this response's list writes start in `staging`; `prev` is what the key
 * held: a page joins it (once: loaded again, a page keeps its place), when the key holds
 * a list (`listed`); a first page starts afresh.
 */
export function pagingAfter(
  prev: Paging | undefined,
  endpoint: EndpointInterface,
  args: readonly unknown[],
  staging: Staging,
  at: number,
  listed: boolean,
): Paging | undefined {
  let page = false;
  let size = -1;
  const writes = staging._collections;
  for (let i = at; i < writes.length; i++) {
    const { mode, items } = writes[i]!.write;
    if (mode === 'page') page = true;
    if (size < 0 && (mode === 'page' || mode === 'set'))
      size = (Array.isArray(items) ? items : Object.keys(items)).length;
  }
  if (!page && endpoint.paginationField === undefined && endpoint.nextPage === undefined) return undefined;
  if (!page || (prev === undefined && !listed)) return { _pages: [], _first: size, _size: size };
  const id = argsKey(args);
  const pages = prev?._pages ?? [];
  return {
    _pages: pages.some(([, a]) => argsKey(a) === id) ? pages : [...pages, [endpoint, args]],
    _first: prev?._first ?? -1,
    _size: size,
  };
}
