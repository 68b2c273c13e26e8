/**
 * A real HTTP server on 127.0.0.1 (random port) for endpoint and controller tests.
 *
 * @example
 * const server = await startServer();
 * server.route('GET', '/users/:id', (req, res) => json(res, 200, { id: req.params.id }));
 * // ... fetch(server.url + '/users/1')
 * await server.close();
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** Path without the query string. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** Raw request body. */
  body: string;
  /** Route parameters (`:name` segments). */
  params: Record<string, string>;
}

export type Handler = (req: RecordedRequest, res: ServerResponse) => void | Promise<void>;

export interface TestServer {
  /** `http://127.0.0.1:PORT` */
  url: string;
  /** Every request received, in arrival order. */
  requests: RecordedRequest[];
  /** Adds (or replaces) a route; `:name` segments match one path segment. */
  route(method: string, pattern: string, handler: Handler): void;
  /** Number of requests whose method and path match. */
  count(method: string, path: string): number;
  /** Connections accepted so far, and how many of them are still open. */
  sockets(): { opened: number; open: number };
  close(): Promise<void>;
}

/** Sends a JSON body. */
export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** Sends a raw body with a content type. */
export function send(
  res: ServerResponse,
  status: number,
  body: string | Uint8Array,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, headers);
  res.end(body);
}

export { sleep } from './time.js';

/** Starts a server on 127.0.0.1 with a random port. Unknown routes answer 404 JSON. */
export async function startServer(): Promise<TestServer> {
  const routes: { method: string; parts: string[]; handler: Handler }[] = [];
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (body += chunk));
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body,
        params: {},
      };
      requests.push(recorded);
      const segments = url.pathname.split('/');
      for (let i = routes.length - 1; i >= 0; i--) {
        const route = routes[i];
        if (route.method !== recorded.method || route.parts.length !== segments.length) continue;
        const params: Record<string, string> = {};
        const ok = route.parts.every((part, j) => {
          if (part.startsWith(':')) {
            params[part.slice(1)] = decodeURIComponent(segments[j]);
            return true;
          }
          return part === segments[j];
        });
        if (!ok) continue;
        recorded.params = params;
        try {
          await route.handler(recorded, res);
        } catch (error) {
          json(res, 500, { error: String(error) });
        }
        return;
      }
      json(res, 404, { error: `no route for ${recorded.method} ${recorded.path}` });
    });
  });
  let opened = 0;
  let open = 0;
  server.on('connection', (socket) => {
    opened++;
    open++;
    socket.on('close', () => open--);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    route(method, pattern, handler) {
      routes.push({ method: method.toUpperCase(), parts: pattern.split('/'), handler });
    },
    count(method, path) {
      return requests.filter((r) => r.method === method && r.path === path).length;
    },
    sockets() {
      return { opened, open };
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
