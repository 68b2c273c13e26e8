/**
 * The in-page mock API. Requests to `MOCK_ORIGIN` (through the global `fetch`, as every
 * `RestEndpoint` sends them) are answered here from a copy of the demo's fixtures, after
 * the chosen latency, or fail when an error is injected. Other URLs pass through.
 *
 * Routes: a demo's `server.ts` exports `{ 'GET /path/:param': handler }`; a handler gets
 * `{ db, params, query, body, method, path }` and returns a value (sent as JSON, 200), a
 * `reply(status, body, headers)` or a `Response`. Without a matching route, every array in
 * the fixtures is a REST collection keyed by `id` (or, without one, its first field): GET /name (filtered by query
 * parameters that name fields), GET /name/:id, POST /name, PATCH|PUT /name/:id,
 * DELETE /name/:id.
 */

import type { RouteContext } from '../checker/playground-module.js';

export const MOCK_ORIGIN = 'https://api.example.com';

// What a route handler receives: declared once, for this module and for the demos' type checker.
export type { RouteContext };
export type Handler = (ctx: RouteContext) => unknown;
export type Routes = Record<string, Handler>;

/** A reply with a status and headers (the body is sent as JSON unless it is a string or Blob). */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {}
}
export const reply = (status: number, body?: unknown, headers?: Record<string, string>) =>
  new Reply(status, body, headers);

/** One request the mock answered. */
export interface WireEntry {
  id: number;
  method: string;
  url: string;
  body: unknown;
  status: number | 'pending';
  started: number;
  duration: number | undefined;
  injected: boolean;
}

export interface MockSettings {
  latency: number;
  /** Percentage of requests that fail with 500. */
  errorRate: number;
  /** Requests still to fail, whatever the rate. */
  failNext: number;
}

export const settings: MockSettings = { latency: 250, errorRate: 0, failNext: 0 };

let db: Record<string, any> = {};
let routes: Array<{ method: string; pattern: RegExp; names: string[]; handler: Handler }> = [];
let wireId = 0;
let listener: ((entry: WireEntry) => void) | undefined;

/** Resets the data to a deep copy of `fixtures` and installs the demo's routes. */
export function resetMock(fixtures: unknown, demoRoutes: Routes = {}, onWire?: (entry: WireEntry) => void): void {
  db = structuredClone((fixtures ?? {}) as Record<string, any>);
  listener = onWire;
  routes = Object.entries(demoRoutes).map(([spec, handler]) => {
    const [method = 'GET', path = '/'] = spec.trim().split(/\s+/);
    const names: string[] = [];
    const source = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, (_, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
    return { method: method.toUpperCase(), pattern: new RegExp(`^${source}$`), names, handler };
  });
}

const realFetch = globalThis.fetch.bind(globalThis);

/** Replaces the global `fetch` once: requests to the mock origin are answered here. */
export function installMock(): void {
  globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return url.startsWith(MOCK_ORIGIN) ? answer(url, init ?? {}) : realFetch(input, init);
  };
}

async function answer(url: string, init: RequestInit): Promise<Response> {
  const method = (init.method ?? 'GET').toUpperCase();
  const body = typeof init.body === 'string' ? safeJson(init.body) : (init.body ?? undefined);
  const injected = settings.failNext > 0 || Math.random() * 100 < settings.errorRate;
  if (settings.failNext > 0) settings.failNext--;
  const entry: WireEntry = {
    id: ++wireId,
    method,
    url,
    body,
    status: 'pending',
    started: performance.now(),
    duration: undefined,
    injected,
  };
  const myListener = listener;
  myListener?.(entry);
  await new Promise((resolve) => setTimeout(resolve, settings.latency));
  let response: Response;
  try {
    response = injected ? json(500, { error: 'injected error (playground)' }) : route(method, new URL(url), body);
  } catch (error) {
    response = json(500, { error: error instanceof Error ? error.message : String(error) });
  }
  entry.status = response.status;
  entry.duration = performance.now() - entry.started;
  myListener?.(entry);
  return response;
}

function route(method: string, url: URL, body: unknown): Response {
  const path = decodeURIComponent(url.pathname);
  const query = Object.fromEntries(url.searchParams);
  for (const r of routes) {
    if (r.method !== method) continue;
    const match = r.pattern.exec(path);
    if (!match) continue;
    const params = Object.fromEntries(r.names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]));
    return toResponse(r.handler({ db, params, query, body, method, path }));
  }
  return rest(method, path, query, body);
}

/** The default REST collections over the fixtures' arrays. */
function rest(method: string, path: string, query: Record<string, string>, body: any): Response {
  const [, name = '', id, extra] = path.split('/');
  const list = db[name];
  if (!Array.isArray(list) || extra !== undefined) return json(404, { error: `no route for ${method} ${path}` });
  if (id === undefined) {
    if (method === 'GET') {
      const filters = Object.entries(query).filter(([key]) => list.some((item) => key in item));
      return json(
        200,
        list.filter((item) => filters.every(([key, value]) => String(item[key]) === value)),
      );
    }
    if (method === 'POST') {
      const item = { id: String(Math.max(0, ...list.map((i) => Number(i.id) || 0)) + 1), ...body };
      list.push(item);
      return json(201, item);
    }
  }
  const index = list.findIndex((item) => String(item.id ?? Object.values(item)[0]) === id);
  if (index < 0) return json(404, { error: `${name} ${id} not found` });
  if (method === 'GET') return json(200, list[index]);
  if (method === 'PATCH' || method === 'PUT') {
    list[index] = method === 'PUT' ? { ...body, id: list[index].id } : { ...list[index], ...body };
    return json(200, list[index]);
  }
  if (method === 'DELETE') {
    const [removed] = list.splice(index, 1);
    return json(200, removed);
  }
  return json(405, { error: `${method} not allowed on ${path}` });
}

function toResponse(value: unknown): Response {
  if (value instanceof Response) return value;
  if (value instanceof Reply) {
    const raw = typeof value.body === 'string' || value.body instanceof Blob;
    return new Response(raw ? (value.body as BodyInit) : value.body === undefined ? null : JSON.stringify(value.body), {
      status: value.status,
      headers: raw ? value.headers : { 'content-type': 'application/json', ...value.headers },
    });
  }
  return json(200, value);
}

function json(status: number, value: unknown): Response {
  return new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
