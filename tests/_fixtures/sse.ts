/**
 * Server-pushed data over a real connection: an SSE stream from the `node:http` fixture,
 * read on the client with `fetch` (Node 20 has no built-in WebSocket client).
 *
 * @example
 * const events = serveEvents(server, '/events');
 * const stop = await listen(`${server.url}/events`, (data) => ctrl.set(User, data, data));
 * events.push({ id: 'u1', name: 'Ada' });
 */
import type { ServerResponse } from 'node:http';
import type { TestServer } from './server.js';

/** Adds an SSE route; `push` sends one JSON event to every open stream. */
export function serveEvents(server: TestServer, path: string) {
  const open = new Set<ServerResponse>();
  server.route('GET', path, (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.write(': open\n\n');
    open.add(res);
    res.on('close', () => open.delete(res));
  });
  return {
    push(data: unknown) {
      for (const res of open) res.write(`data: ${JSON.stringify(data)}\n\n`);
    },
  };
}

/**
 * Opens the stream and calls `onEvent` with each event's parsed data. Resolves once the
 * stream is open, with a function that closes it; `received` resolves after `n` events.
 */
export async function listen(url: string, onEvent: (data: any) => void) {
  const abort = new AbortController();
  const response = await fetch(url, { signal: abort.signal });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let count = 0;
  const waiters: { n: number; resolve: () => void }[] = [];
  let buffer = '';
  (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const event = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = event.split('\n').find((line) => line.startsWith('data: '));
        if (data === undefined) continue;
        onEvent(JSON.parse(data.slice(6)));
        count++;
        for (const w of waiters.filter((w) => count >= w.n)) w.resolve();
      }
    }
  })().catch(() => {});
  return {
    close: () => abort.abort(),
    /** Resolves once `n` events in all were handled. */
    received: (n: number) =>
      count >= n ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ n, resolve })),
  };
}
