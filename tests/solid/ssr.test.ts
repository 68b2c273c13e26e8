// Solid server rendering: the app (tests/_fixtures/ssr/solidApp.tsx) is rendered with
// `renderToStringAsync` by the server build of solid-js in a Node process of its own, then
// hydrated in this process's DOM from `dehydrate(ctrl)`. Requests are counted on the real
// HTTP server fixture.
import { window } from '../_fixtures/dom.js';
import { build } from 'esbuild';
import { solidPlugin } from 'esbuild-plugin-solid';
import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { DehydratedState } from '../../src/index.js';
import { json, startServer, type TestServer } from '../_fixtures/server.js';

// Test files run from a build folder; the runner starts them in the repository root.
const root = process.cwd();
const fixtures = join(root, 'tests', '_fixtures', 'ssr');
const outdir = join(root, '.test-build', `ssr-${process.pid}`);

/** Bundles a fixture (src inlined, packages external) for the server or the browser. */
async function bundle(name: string, generate: 'ssr' | 'dom'): Promise<string> {
  await build({
    entryPoints: [join(fixtures, `${name}.tsx`)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outdir: join(outdir, generate),
    logLevel: 'error',
    plugins: [solidPlugin({ solid: { generate, hydratable: true } })],
  });
  return join(outdir, generate, `${name}.js`);
}

interface Rendered {
  html: string;
  head: string;
  state: DehydratedState;
  /** `renderToStream` of the same app, collected. */
  stream: string;
  /** `renderToString` with a Controller that holds the data already. */
  sync: string;
}

/** Runs the server half in a Node process without the browser condition (solid-js server build). */
async function renderOnServer(server: TestServer): Promise<Rendered> {
  const file = await bundle('solidServer', 'ssr');
  const { stdout } = await promisify(execFile)(process.execPath, [file], {
    cwd: root,
    env: { ...process.env, SERVER_URL: server.url },
  });
  return JSON.parse(stdout);
}

/** Runs the inline scripts of a piece of server markup, as the browser would while parsing it. */
function runScripts(html: string): void {
  for (const [, code] of html.matchAll(/<script>([\s\S]*?)<\/script>/g)) new Function('window', 'self', code)(globalThis, globalThis);
}

interface Ctx {
  server: TestServer;
}

const ssr = suite<Ctx>('Solid server rendering');
ssr.before(async (ctx) => {
  ctx.server = await startServer();
  ctx.server.route('GET', '/products', (_req, res) =>
    json(res, 200, [
      { id: 'p1', name: 'Pen', price: '1.5' },
      { id: 'p2', name: 'Ink', price: '2' },
    ]),
  );
});
ssr.after(async (ctx) => {
  await ctx.server.close();
  rmSync(outdir, { recursive: true, force: true });
});

ssr('renders the data on the server; the client hydrates from the state without a request or a mismatch', async ({ server }) => {
  const [rendered, clientFile] = await Promise.all([renderOnServer(server), bundle('solidClient', 'dom')]);
  const { html, head, state, stream, sync } = rendered;
  assert.is(server.count('GET', '/products'), 3, 'one request for each of the three server Controllers');
  const items = '<li data-hk="00010020">Pen 1.50</li><li data-hk="00010021">Ink 2.00</li>';
  assert.match(html, items);
  assert.match(stream, items, 'renderToStream streams the data in (after the fallback, as a template swapped in)');
  assert.match(sync, items, 'renderToString renders data already cached without suspending');
  assert.not.match(sync, 'loading');

  // What Solid serializes for its resources: `true`, never the entities (a Decimal has no
  // serialized form; the data travels in the state).
  const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('');
  assert.not.match(scripts, 'Pen');
  assert.ok(scripts.length < 600, `resource payload of ${scripts.length} characters`);
  assert.equal(state.rows.Product.p1[0], { id: 'p1', name: 'Pen', price: '1.5' });

  // The browser: the page as served, then the app hydrating it.
  const warnings: unknown[] = [];
  const { warn, error } = console;
  console.warn = console.error = (...args: unknown[]) => void warnings.push(args);
  const page = window.document.createElement('div');
  page.innerHTML = html;
  window.document.body.appendChild(page);
  runScripts(head);
  runScripts(html);
  const li = page.querySelector('li');
  const client = await import(pathToFileURL(clientFile).href);
  const { ctrl, getProducts, dispose } = client.start(page, JSON.parse(JSON.stringify(state)), server.url);
  await new Promise((done) => setTimeout(done, 20));
  console.warn = warn;
  console.error = error;

  assert.equal(warnings, [], 'no hydration warning');
  assert.is(page.querySelector('li'), li, 'the server nodes are kept (hydrated, not rendered anew)');
  assert.is(page.querySelector('main')!.textContent, 'Pen 1.50Ink 2.00');
  assert.is(server.count('GET', '/products'), 3, 'the client sent no request');
  assert.not.ok(ctrl.isStale(getProducts));

  // Hydrated markup follows the cache afterwards.
  ctrl.set(client.Product, { id: 'p1' }, { id: 'p1', name: 'Pencil', price: '1.5' });
  assert.is(page.querySelector('li')!.textContent, 'Pencil 1.50');
  dispose();
});

ssr.run();
