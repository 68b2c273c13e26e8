/**
 * What data-client's rest and core tests share, for their ports under tests/peer/: the
 * payloads of `packages/rest/src/test-fixtures.ts`, the models of its `__tests__/new.ts`,
 * and `reply()`, which serves from the real test server what those tests told `nock` to
 * answer (same method, path, query string, status, body and headers).
 */
import type { ServerResponse } from 'node:http';
import { Entity, RestEndpoint, resource, type Schema } from '../../src/index.js';
import type { RecordedRequest, TestServer } from './server.js';

//#region payloads (packages/rest/src/test-fixtures.ts)

export const payload = { id: 5, title: 'hi ho', content: 'whatever', tags: ['a', 'best', 'react'] };
export const createPayload = { id: 1, title: 'hi ho', content: 'whatever', tags: ['a', 'best', 'react'] };
export const users = [
  { id: 23, username: 'bob', email: 'bob@bob.com', isAdmin: false },
  { id: 7342, username: 'lindsey', email: 'lindsey@bob.com', isAdmin: true },
];
export const nested = [
  { id: 5, title: 'hi ho', content: 'whatever', tags: ['a', 'best', 'react'], author: { id: 23, username: 'bob' } },
  { id: 3, title: 'the next time', content: 'whatever', author: { id: 23, username: 'charles', email: 'bob@bob.com' } },
];
export const moreNested = [
  { id: 7, title: 'article 7', content: 'whatever', tags: ['blah'], author: { id: 23, username: 'bob' } },
  { id: 8, title: 'article 8', content: 'whatever', author: { id: 27, username: 'zac', email: 'zac@bob.com' } },
];
export const paginatedFirstPage = { nextPage: '2', data: { results: nested } };
export const paginatedSecondPage = { data: { results: moreNested } };

//#endregion

//#region models (__tests__/new.ts)

export class User extends Entity {
  readonly id: number | undefined = undefined;
  readonly username: string = '';
  readonly email: string = '';
  readonly isAdmin: boolean = false;
  override pk() {
    return this.id;
  }
}

export class Article extends Entity {
  readonly id: number | undefined = undefined;
  readonly title: string = '';
  readonly content: string = '';
  readonly author: User | null = null;
  readonly tags: string[] = [];
  override pk() {
    return this.id;
  }
  static override schema = { author: User };
}

export class CoolerArticle extends Article {
  get things() {
    return `${this.title} five`;
  }
}

/**
 * data-client's `createArticleResource`: a resource at `<server>/<urlRoot>/:id` with the
 * members `longLiving`, `neverRetryOnError`, `singleWithUser`, `listWithUser`, and (unless
 * `optimistic`) optimistic `partialUpdate` and `delete`.
 */
export function createArticleResource<S extends typeof Article>(
  server: TestServer,
  { schema, urlRoot = 'article', optimistic = false }: { schema: S; urlRoot?: string; optimistic?: boolean },
) {
  class EndpointUrlRootOverride<
    P extends string = string,
    SP = {},
    M extends string = 'GET',
    B = unknown,
    R = any,
    Sc extends Schema = Schema,
  > extends RestEndpoint<P, SP, M, B, R, Sc> {
    override urlPrefix = `${server.url}/${urlRoot}`;
  }
  const base = resource({ path: '/:id', schema, Endpoint: EndpointUrlRootOverride, optimistic })
    .extend('longLiving', { dataExpiryLength: 1000 * 60 * 60 })
    .extend('neverRetryOnError', { errorExpiryLength: Infinity })
    .extend((Base) => ({
      singleWithUser: Base.get.extend({
        url: (...args: any[]) => (Base.get.url as any)({ ...args[0], includeUser: true }),
      }),
      listWithUser: Base.getList.extend({ url: () => (Base.getList.url as any)({ includeUser: true }) }),
    }));
  if (optimistic) return base;
  return base.extend({
    partialUpdate: { getOptimisticResponse: (_snap: unknown, params: any, body: any) => ({ id: params.id, ...body }) },
    delete: { getOptimisticResponse: (_snap: unknown, params: any) => params },
  });
}

/** data-client's `CoolerArticleResource`: `get` takes an optional id and title. */
export function coolerArticleResource(server: TestServer) {
  const base = createArticleResource(server, { schema: CoolerArticle, urlRoot: 'article-cooler' });
  return { ...base, get: base.get.extend({ path: '{/:id}{/:title}' }) };
}

//#endregion

//#region nock → the test server

/** A reply: a body (an object is sent as JSON) or a function of the request giving `[status, body, headers?]`. */
export type Reply =
  | { status: number; body?: unknown; headers?: Record<string, string> }
  | ((req: RecordedRequest) => [status: number, body?: unknown, headers?: Record<string, string>]);

/**
 * Answers `method path?query` (the query string compared as sorted parameters) with
 * `reply`, as `nock(…).defaultReplyHeaders(defaults).get(path).reply(status, body)` did:
 * an object body goes as JSON, with `content-type: application/json` unless a header says
 * otherwise. A later reply for the same request replaces an earlier one.
 */
export function reply(
  server: TestServer,
  method: string,
  path: string,
  answer: Reply,
  defaults: Record<string, string> = { 'content-type': 'application/json' },
): void {
  const [pathname, query = ''] = path.split('?');
  const table = tables.get(server) ?? tables.set(server, new Map()).get(server)!;
  const route = `${method.toUpperCase()} ${pathname}`;
  if (![...table.keys()].some((k) => k.startsWith(`${route}?`))) {
    server.route(method, pathname!, (req, res) => {
      const found = table.get(`${route}?${sorted(req.query)}`);
      if (found === undefined) return send(res, 404, { error: `no reply for ${route}?${sorted(req.query)}` }, {});
      const [answer, defaults] = found;
      const [status, body, headers] =
        typeof answer === 'function' ? answer(req) : [answer.status, answer.body, answer.headers];
      send(res, status, body, { ...lower(defaults), ...lower(headers ?? {}) });
    });
  }
  table.set(`${route}?${sorted(new URLSearchParams(query))}`, [answer, defaults]);
}
const tables = new WeakMap<TestServer, Map<string, [Reply, Record<string, string>]>>();

function sorted(query: URLSearchParams): string {
  const copy = new URLSearchParams(query);
  copy.sort();
  return copy.toString();
}

function lower(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string>): void {
  const raw = typeof body === 'string' || body instanceof Uint8Array || body === undefined;
  if (!raw && !('content-type' in headers)) headers['content-type'] = 'application/json';
  res.writeHead(status, headers);
  res.end(raw ? body : JSON.stringify(body));
}

/** The request body as JSON (nock handed it to a reply function parsed). */
export const bodyOf = (req: RecordedRequest): any => (req.body ? JSON.parse(req.body) : undefined);

/** The path of the server's URL with every `:` escaped, for a path template (`http\://127.0.0.1\:PORT`). */
export const host = (server: TestServer): string => server.url.replace(/:/g, '\\:');

//#endregion
