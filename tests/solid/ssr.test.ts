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
import type { DehydratedState } from '../../src/ssr/index.js';
import { json, startServer, type TestServer } from '../_fixtures/server.js';
import { rowsByPk } from '../_fixtures/state.js';

// Test files run from a build folder; the runner starts them in the repository root.
const root = process.cwd();
const fixtures = join(root, 'tests', '_fixtures', 'ssr');
const outdir = join(root, '.test-build', `ssr-${process.pid}`);

/**
 * Bundles a fixture (src inlined) for the server (packages external) or the browser
 * (solid-js inlined from its development build, which reports hydration mismatches).
 */
async function bundle(name: string, generate: 'ssr' | 'dom'): Promise<string> {
  await build({
    entryPoints: [join(fixtures, `${name}.tsx`)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    ...(generate === 'ssr'
      ? { packages: 'external' }
      : { external: ['@preact/signals-core', 'decimal.js'], conditions: ['browser', 'development'] }),
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
  /** The chunks `renderToStream` wrote for the same app, the state last. */
  stream: string[];
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

/** The inline scripts of a piece of server markup, in document order. */
function scriptsOf(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
}

/**
 * The values Solid's serializer resolves promises with in `scripts` (`$R[5]($R[1],!0)`):
 * the resource's and the boundary's.
 */
function resolvedValues(scripts: string): string[] {
  return [...scripts.matchAll(/\(\$R\[\d+\],([^)]*)\)/g)].map((m) => m[1]);
}

/** Runs the inline scripts of a piece of server markup, as the browser would while parsing it. */
function runScripts(html: string): void {
  for (const code of scriptsOf(html)) new Function('window', 'self', code)(globalThis, globalThis);
}

const items = '<li data-hk="00010020">Pen 1.50</li><li data-hk="00010021">Ink 2.00</li>';

interface Ctx {
  server: TestServer;
  rendered: Rendered;
  clientFile: string;
}

/**
 * The browser: the page as served (markup, then its scripts in order), then the client
 * app hydrating it from `state()` (read once the scripts ran). Returns the page, its
 * first `<li>` before hydration, the console warnings and what the client started.
 */
async function openPage(ctx: Ctx, html: string, state: () => DehydratedState) {
  const warnings: unknown[] = [];
  const { warn, error } = console;
  console.warn = console.error = (...args: unknown[]) => void warnings.push(args);
  try {
    const page = window.document.createElement('div');
    page.innerHTML = html;
    window.document.body.appendChild(page);
    runScripts(ctx.rendered.head);
    runScripts(html);
    const li = page.querySelector('li');
    const client = await import(pathToFileURL(ctx.clientFile).href);
    const started = client.start(page, JSON.parse(JSON.stringify(state())), ctx.server.url);
    await new Promise((done) => setTimeout(done, 20));
    return { page, li, warnings, Product: client.Product, ...started };
  } finally {
    console.warn = warn;
    console.error = error;
  }
}

/** Asserts a hydrated page kept the server's nodes, sent no request and follows the cache. */
function assertHydrated(ctx: Ctx, opened: Awaited<ReturnType<typeof openPage>>, requests: number) {
  const { page, li, warnings, ctrl, getProducts, dispose, Product } = opened;
  assert.equal(warnings, [], 'no hydration warning');
  assert.ok(li, 'the server markup holds the list');
  assert.is(page.querySelector('li'), li, 'the server nodes are kept (hydrated, not rendered anew)');
  assert.is(page.querySelector('main')!.textContent, 'Pen 1.50Ink 2.00');
  assert.is(ctx.server.count('GET', '/products'), requests, 'the client sent no request');
  assert.not.ok(ctrl.isStale(getProducts));

  // Hydrated markup follows the cache afterwards.
  ctrl.set(Product, { id: 'p1' }, { id: 'p1', name: 'Pencil', price: '1.5' });
  assert.is(page.querySelector('li')!.textContent, 'Pencil 1.50');
  dispose();
  page.remove();
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
  [ctx.rendered, ctx.clientFile] = await Promise.all([renderOnServer(ctx.server), bundle('solidClient', 'dom')]);
  assert.is(ctx.server.count('GET', '/products'), 3, 'one request for each of the three server Controllers');
});
ssr.after(async (ctx) => {
  await ctx.server.close();
  rmSync(outdir, { recursive: true, force: true });
});

ssr('renderToString renders data already cached without suspending', ({ rendered }) => {
  assert.match(rendered.sync, items);
  assert.not.match(rendered.sync, 'loading');
});

ssr(
  'renderToStringAsync renders the data; the client hydrates from the state without a request or a mismatch',
  async (ctx) => {
    const { html, state } = ctx.rendered;
    assert.match(html, items);
    // What Solid serializes for its resources: `true`, never the entities (a Decimal has no
    // serialized form; the data travels in the state).
    const scripts = scriptsOf(html).join('');
    assert.equal(resolvedValues(scripts), ['!0', '!0'], 'the resource and the boundary resolve with true');
    assert.not.match(scripts, 'Pen');
    assert.ok(scripts.length < 600, `resource payload of ${scripts.length} characters`);
    assert.equal(rowsByPk(state).Product.p1[0], { id: 'p1', name: 'Pen', price: '1.5' });

    assertHydrated(ctx, await openPage(ctx, html, () => state), 3);
  },
);

ssr(
  'renderToStream streams the fallback, then the data; the client hydrates from the state written last',
  async (ctx) => {
    const chunks = ctx.rendered.stream;
    assert.ok(chunks.length >= 2, `${chunks.length} chunks`);
    assert.match(chunks[0], '<p>loading</p>', 'the shell goes out with the fallback, before the data');
    assert.not.match(chunks[0], 'Pen');
    const html = chunks.join('');
    assert.match(
      html,
      `<template id="00010"><ul data-hk="0001001">${items}</ul></template>`,
      'the data follows, swapped in for the fallback',
    );

    // What Solid serializes for its resources and boundaries is small and holds no entity;
    // the state (the last script) carries the rows, their converted fields in JSON form.
    const scripts = scriptsOf(html);
    const solid = scripts.slice(0, -1).join('');
    assert.equal(resolvedValues(solid), ['!0', '!0'], 'the resource and the boundary resolve with true');
    assert.not.match(solid, 'Pen');
    assert.not.match(solid, 'Decimal');
    assert.ok(solid.length < 1500, `resource and boundary scripts of ${solid.length} characters`);
    assert.match(scripts.at(-1)!, /^self\.__STATE__=\{"version":4,/);
    const global = globalThis as { __STATE__?: DehydratedState };
    const opened = await openPage(ctx, html, () => global.__STATE__!);
    assert.equal(rowsByPk(global.__STATE__!).Product.p2[0], { id: 'p2', name: 'Ink', price: '2' });
    assertHydrated(ctx, opened, 3);
  },
);

ssr('the mismatch check sees one: hydrating markup the app does not render throws (development build)', async (ctx) => {
  const { html, state } = ctx.rendered;
  const wrong = html.replace('<li data-hk="00010021">', '<li data-hk="00010099">');
  let error: unknown;
  await openPage(ctx, wrong, () => state).catch((e) => (error = e));
  assert.match(String(error), 'Hydration Mismatch. Unable to find DOM nodes for hydration key: 00010021');
});

ssr.run();
