/**
 * The page side of W25's server: `fetch` of a path (`/issues…`, `/users…`) goes to the
 * server worker (./server.worker.ts) and resolves with a real `Response` of JSON text, so
 * every library parses and handles it as it would a network answer. Other URLs go to the
 * browser's own `fetch`.
 */
import type { NetworkSim } from './server.worker.js';

const worker = new Worker('/worker.js');
const pending = new Map<number, (answer: { status: number; text: string }) => void>();
let nextId = 0;
/** Requests not answered yet. */
const inflight = new Set<Promise<unknown>>();

worker.onmessage = (e: MessageEvent) => {
  const { id, status, text } = e.data as { id: number; status: number; text: string };
  const resolve = pending.get(id);
  pending.delete(id);
  resolve?.({ status, text });
};

const browserFetch = globalThis.fetch.bind(globalThis);

globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const path = new URL(url, location.href);
  if (path.origin !== location.origin || !/^\/(issues|users)\b/.test(path.pathname)) return browserFetch(input, init);
  const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
  const body = typeof init?.body === 'string' ? init.body : undefined;
  const id = nextId++;
  const answer = new Promise<Response>((resolve) => {
    pending.set(id, ({ status, text }) =>
      resolve(new Response(text, { status, headers: { 'content-type': 'application/json' } })),
    );
  });
  worker.postMessage({ id, method, url: path.pathname + path.search, body });
  inflight.add(answer);
  answer.finally(() => inflight.delete(answer));
  return answer;
};

/**
 * Resolves after two frames and a task: effects that frameworks run after paint (Preact's
 * `useEffect`, its cleanups on unmount) have run.
 */
export function afterPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve))));
}

/**
 * Resolves once no request is in flight and a paint has passed without a new one: every
 * answer has been handled, refetches it caused included.
 */
export async function settle(): Promise<void> {
  do {
    while (inflight.size > 0) await Promise.allSettled([...inflight]);
    await afterPaint();
  } while (inflight.size > 0);
}

/** Network simulation on (data-client's `NETWORK_SIM_CONFIG`) or off (`null`). */
export function setNetworkSim(sim: NetworkSim | null): void {
  worker.postMessage({ control: 'sim', sim });
}

/** Resets the server to the first `count` fixture issues. */
export function seedServer(count: number): void {
  worker.postMessage({ control: 'seed', count });
}

/** Plain `fetch` + JSON, for the libraries that take a fetch function (TanStack, baselines). */
export async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method,
    headers: body === undefined ? undefined : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status}`);
  return response.json() as Promise<T>;
}
