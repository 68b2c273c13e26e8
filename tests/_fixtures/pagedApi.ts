/**
 * A paged todo API on the real HTTP fixture, shared by the paging tests: 13 rows over
 * `GET /todos?page=n` (pages by number, five rows a page, page 1 when absent; `userId`
 * filters) and `GET /feed?cursor=c` (`{ results, nextCursor }`), and the list endpoints
 * that page through them with `getPage`.
 */
import { Collection, RestEndpoint } from '../../src/index.js';
import { Task } from './models.js';
import { json, startServer, type TestServer } from './server.js';

export interface Row {
  id: string;
  title: string;
  userId: string;
}

export interface Paged {
  server: TestServer;
  /** The server's table: edit it to change what the next requests answer. */
  rows: Row[];
}

/** Rows a page. */
export const PAGE_SIZE = 5;

/** Starts the server with 13 rows (pages of 5, 5 and 3); assigns `server` and `rows` on `ctx`. */
export async function startPaged(ctx: Paged): Promise<void> {
  ctx.server = await startServer();
  ctx.rows = Array.from({ length: 13 }, (_, i) => ({ id: String(i + 1), title: `t${i + 1}`, userId: 'a' }));
  ctx.server.route('GET', '/todos', (req, res) => {
    const page = Number(req.query.get('page') ?? 1);
    const userId = req.query.get('userId');
    const rows = ctx.rows.filter((row) => userId === null || row.userId === userId);
    json(res, 200, rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE));
  });
  ctx.server.route('GET', '/feed', (req, res) => {
    const from = Number(req.query.get('cursor') ?? 0);
    const to = from + PAGE_SIZE;
    json(res, 200, { results: ctx.rows.slice(from, to), nextCursor: to < ctx.rows.length ? String(to) : null });
  });
}

/** The todos list, paged by number (`paginationField: 'page'`). */
export const todosOf = (server: TestServer, options: { pollFrequency?: number; dataExpiryLength?: number } = {}) =>
  new RestEndpoint({
    urlPrefix: server.url,
    path: '/todos',
    searchParams: {} as { page?: number; userId?: string },
    paginationField: 'page',
    schema: new Collection([Task]),
    ...options,
  });

/** The feed, paged by cursor (`paginationField: 'cursor'`; the response names the next one `nextCursor`). */
export const feedOf = (server: TestServer) =>
  new RestEndpoint({
    urlPrefix: server.url,
    path: '/feed',
    searchParams: {} as { cursor?: string },
    paginationField: 'cursor',
    schema: { results: new Collection([Task]), nextCursor: undefined },
  });

/** The ids of a list, joined by commas. */
export const ids = (list: readonly { id: string }[] | undefined) => list?.map((t) => t.id).join(',');

/** The GETs of a path the server received, as `path?query`, in arrival order. */
export const gets = (server: TestServer, path: string) =>
  server.requests
    .filter((r) => r.method === 'GET' && r.path === path)
    .map((r) => `${r.path}${r.query.size ? `?${r.query}` : ''}`);
