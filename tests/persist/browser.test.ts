// persist in headless Chromium with its real IndexedDB: a page fetches and saves; after a
// reload it shows the same data restored from IndexedDB, without a request.
import { build } from 'esbuild';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { launchBrowser } from '../_fixtures/browser.js';
import { json, send, startServer, type TestServer } from '../_fixtures/server.js';

const test = suite<{ server: TestServer; browser: Browser }>('persist in Chromium');

test.before(async (ctx) => {
  const bundle = await build({
    entryPoints: [join(process.cwd(), 'tests', '_fixtures', 'persistPage.ts')],
    bundle: true,
    write: false,
    format: 'esm',
    target: 'es2022',
    platform: 'browser',
    logLevel: 'error',
  });
  const server = (ctx.server = await startServer());
  server.route('GET', '/', (_req, res) =>
    send(
      res,
      200,
      '<!doctype html><title>persist</title><p id="out"></p><script type="module" src="/app.js"></script>',
      { 'content-type': 'text/html' },
    ),
  );
  server.route('GET', '/app.js', (_req, res) =>
    send(res, 200, bundle.outputFiles[0].contents, { 'content-type': 'text/javascript' }),
  );
  server.route('GET', '/api/invoices', (_req, res) =>
    json(res, 200, [
      { id: '1', title: 'Rent', issuedAt: '2026-03-01T00:00:00.000Z' },
      { id: '2', title: 'Power', issuedAt: '2026-03-05T00:00:00.000Z' },
    ]),
  );
  ctx.browser = await launchBrowser();
});

test.after(async (ctx) => {
  await ctx.browser?.close();
  await ctx.server?.close();
});

test('a reload shows the saved data restored from IndexedDB, without a request', async ({ server, browser }) => {
  const page = await browser.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  const result = async () => {
    await page.waitForFunction(() => (window as any).result !== undefined, undefined, { timeout: 10_000 });
    return page.evaluate(() => (window as any).result);
  };
  await page.goto(server.url);
  assert.equal(await result(), { restored: false, classes: true, errors: [] });
  assert.is(server.count('GET', '/api/invoices'), 1);
  await page.reload();
  assert.equal(await result(), { restored: true, classes: true, errors: [] });
  assert.is(await page.textContent('#out'), 'Rent 2026-03-01, Power 2026-03-05');
  assert.is(server.count('GET', '/api/invoices'), 1, 'no second request');
  assert.equal(pageErrors, []);
  await page.close();
});

test.run();
