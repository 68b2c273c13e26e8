/**
 * The manager examples (examples/managers) as an app developer gets them: signal-cache
 * packed with `npm pack` into a scratch project, the examples type-checked (strict)
 * against the packed declarations, bundled against the packed package and run: a
 * websocket `StreamManager` against a real `ws` server (a pushed price re-runs only the
 * reader of that row), `LogoutManager` (a 401 resets the cache), `LoggingManager`.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { build } from 'esbuild';
import { copyFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import type { WebSocket as Client, WebSocketServer as Server } from 'ws';
import { json, startServer, type TestServer } from '../_fixtures/server.js';
import { sleep, waitFor } from '../_fixtures/time.js';

const root = process.cwd();
// Node's `ws` (the tests run with the browser condition, under which the package is a stub).
const { WebSocket, WebSocketServer } = createRequire(import.meta.url)(join(root, 'node_modules', 'ws', 'index.js')) as {
  WebSocket: typeof Client;
  WebSocketServer: typeof Server;
};
const scratch = join(root, '.test-build', `managers-${process.pid}`);
const examples = join(root, 'examples', 'managers');

type Examples = typeof import('../../examples/managers/StreamManager.js') &
  typeof import('../../examples/managers/LogoutManager.js') &
  typeof import('../../examples/managers/LoggingManager.js') &
  typeof import('../../examples/managers/ticker.js') &
  Pick<typeof import('signal-cache'), 'Controller' | 'RestEndpoint' | 'effect' | 'getDefaultManagers'>;

let packed: Examples;
let installed: string;
let runTsc: (scratch: string, installed: string, project: string) => { status: number; output: string };
let api: TestServer;
let sockets: Server;
/** Messages the websocket server received, in order; and the connections open. */
const received: string[] = [];
let open = 0;
const prices: Record<string, number> = { AAPL: 100, MSFT: 200, GOOG: 300 };

const test = suite('manager examples');

test.before(async () => {
  try {
    const pack = await import(pathToFileURL(join(root, 'tools', 'pack.mjs')).href);
    runTsc = pack.runTsc;
    installed = pack.installPacked(scratch, ['@preact/signals-core', 'ws', '@types/ws', '@types/node', 'typescript']);
    for (const name of readdirSync(examples)) copyFileSync(join(examples, name), join(scratch, name));
    // The examples and the package's own exports, from the packed copy (one copy of everything).
    writeFileSync(
      join(scratch, 'entry.ts'),
      [
        "export * from './StreamManager.js';",
        "export * from './LogoutManager.js';",
        "export * from './LoggingManager.js';",
        "export * from './ticker.js';",
        "export { Controller, RestEndpoint, effect, getDefaultManagers } from 'signal-cache';",
      ].join('\n'),
    );
    await build({
      entryPoints: [join(scratch, 'entry.ts')],
      outfile: join(scratch, 'entry.mjs'),
      bundle: true,
      packages: 'external',
      format: 'esm',
      platform: 'node',
      logLevel: 'error',
    });
    packed = await import(pathToFileURL(join(scratch, 'entry.mjs')).href);
    api = await startServer();
    api.route('GET', '/tickers/:symbol', (req, res) =>
      json(res, 200, { symbol: req.params.symbol, price: prices[req.params.symbol] }),
    );
    api.route('GET', '/me', (_req, res) => json(res, 401, { error: 'session ended' }));
    api.route('GET', '/tickers', (_req, res) =>
      json(
        res,
        200,
        Object.entries(prices).map(([symbol, price]) => ({ symbol, price })),
      ),
    );
    sockets = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await new Promise<void>((resolve) => sockets.once('listening', resolve));
    sockets.on('connection', (socket) => {
      open++;
      socket.on('message', (data) => received.push(String(data)));
      socket.on('close', () => open--);
    });
  } catch (error) {
    // uvu does not report an error thrown by a `before` hook; print it.
    console.error(error);
    throw error;
  }
});
test.after(async () => {
  await api?.close();
  await new Promise((resolve) => sockets?.close(resolve));
});

/** Pushes a new price of `symbol` to every connected client. */
function push(symbol: string, price: number) {
  prices[symbol] = price;
  for (const client of sockets.clients) client.send(JSON.stringify({ symbol, price }));
}

test('the examples type-check (strict) against the packed package', () => {
  const { status, output } = runTsc(scratch, installed, join(scratch, 'tsconfig.json'));
  assert.is(status, 0, output);
});

test('StreamManager: a pushed price re-runs only the reader of that row', async () => {
  const { Controller, StreamManager, Ticker, effect, getDefaultManagers, tickerApi } = packed;
  const { getTicker } = tickerApi(api.url);
  const url = `ws://127.0.0.1:${(sockets.address() as { port: number }).port}`;
  const stream = new StreamManager(() => new WebSocket(url), getTicker);
  const ctrl = new Controller({ gcInterval: 0, managers: [...getDefaultManagers(), stream] });
  await waitFor(() => open === 1, 'the socket');
  const runs: Record<string, number> = {};
  const shown: Record<string, number | undefined> = {};
  const stops = Object.keys(prices).flatMap((symbol) => [
    ctrl.subscribe(getTicker, { symbol }),
    effect(() => {
      shown[symbol] = ctrl.get(Ticker, { symbol })?.price;
      runs[symbol] = (runs[symbol] ?? 0) + 1;
    }),
  ]);
  await waitFor(() => Object.values(shown).every((p) => p !== undefined), 'the prices fetched');
  await waitFor(() => received.length === 3, 'the subscriptions sent');
  assert.equal(
    received.map((m) => JSON.parse(m)).sort((a, b) => a.subscribe.localeCompare(b.subscribe)),
    [{ subscribe: 'AAPL' }, { subscribe: 'GOOG' }, { subscribe: 'MSFT' }],
  );
  assert.equal(runs, { AAPL: 2, MSFT: 2, GOOG: 2 }, 'missing, then fetched');

  push('AAPL', 101.5);
  await waitFor(() => shown.AAPL === 101.5, 'the pushed price');
  await sleep(20);
  assert.equal(runs, { AAPL: 3, MSFT: 2, GOOG: 2 }, 'only the reader of AAPL re-ran');
  push('AAPL', 101.5);
  push('MSFT', 201);
  await waitFor(() => shown.MSFT === 201, 'the second push');
  await sleep(20);
  assert.equal(runs, { AAPL: 3, MSFT: 3, GOOG: 2 }, 'an identical price re-runs nothing');
  assert.is(api.count('GET', '/tickers/AAPL'), 1, 'pushed, not refetched');

  // The last reader of a key leaving unsubscribes it from the stream.
  stops[0]();
  await waitFor(() => received.length === 4, 'the unsubscribe');
  assert.equal(JSON.parse(received[3]), { unsubscribe: 'AAPL' });
  ctrl.cleanup();
  await waitFor(() => open === 0, 'the socket closed by cleanup');
  for (const stop of stops) stop();
});

test('LogoutManager: a 401 resets the cache', async () => {
  const { Controller, LogoutManager, RestEndpoint, getDefaultManagers, tickerApi } = packed;
  const { getTickers } = tickerApi(api.url);
  const getMe = new RestEndpoint({ urlPrefix: api.url, path: '/me' });
  const ctrl = new Controller({ gcInterval: 0, managers: [...getDefaultManagers(), new LogoutManager()] });
  await ctrl.fetch(getTickers);
  assert.is(ctrl.getResponse(getTickers)!.length, 3);
  const error = await ctrl.fetch(getMe).then(
    () => undefined,
    (e: Error & { status?: number }) => e,
  );
  assert.is(error?.status, 401);
  await waitFor(() => ctrl.getResponse(getTickers) === undefined, 'the reset');
  assert.is(ctrl.getError(getMe), undefined, 'the reset took the recorded failure too');

  let loggedOut = 0;
  const custom = new Controller({
    gcInterval: 0,
    managers: [new LogoutManager({ shouldLogout: (e) => e.status === 401, handleLogout: () => loggedOut++ })],
  });
  await custom.fetch(getTickers);
  await custom.fetch(getMe).catch(() => {});
  await waitFor(() => loggedOut === 1, 'handleLogout');
  assert.is(custom.getResponse(getTickers)!.length, 3, 'a custom handleLogout decides what happens');
});

test('LoggingManager: one entry per action, in order', async () => {
  const { Controller, LoggingManager, RestEndpoint, tickerApi } = packed;
  const { getTicker } = tickerApi(api.url);
  const getMe = new RestEndpoint({ urlPrefix: api.url, path: '/me' });
  const log: { type: string; key?: string; error?: boolean; ms: number }[] = [];
  const ctrl = new Controller({ gcInterval: 0, managers: [new LoggingManager((entry) => log.push(entry))] });
  await ctrl.fetch(getTicker, { symbol: 'GOOG' });
  await ctrl.fetch(getMe).catch(() => {});
  ctrl.invalidate(getTicker, { symbol: 'GOOG' });
  await sleep(0);
  const key = getTicker.key({ symbol: 'GOOG' });
  assert.equal(
    log.map(({ ms: _, ...entry }) => entry),
    [
      { type: 'rdc/fetch', key },
      { type: 'rdc/setresponse', key, error: false },
      { type: 'rdc/fetch', key: getMe.key() },
      { type: 'rdc/setresponse', key: getMe.key(), error: true },
      { type: 'rdc/invalidate', key },
    ],
    'each entry when the action settled: a fetch once its request started',
  );
  assert.ok(log.every((entry) => entry.ms >= 0));
});

test.run();
