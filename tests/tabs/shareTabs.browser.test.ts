// shareTabs in a browser: pages of one headless Chromium context share one cache over a
// real BroadcastChannel. The page (tests/_fixtures/tabsPage.ts, bundled with esbuild) and
// its API are served by a small node:http server that counts requests.
import { build } from 'esbuild';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { launchBrowser } from '../_fixtures/browser.js';

interface Ctx {
  browser: Browser;
  context: BrowserContext;
  server: Server;
  url: string;
  /** `METHOD path` → requests received. */
  requests: Map<string, number>;
}

const test = suite<Ctx>('shareTabs in Chromium');

test.before(async (ctx) => {
  try {
    const bundle = await build({
      entryPoints: [join(process.cwd(), 'tests/_fixtures/tabsPage.ts')],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      write: false,
      define: { 'process.env.NODE_ENV': '"development"' },
      logLevel: 'error',
    });
    const script = bundle.outputFiles[0].text;
    const html =
      '<!doctype html><meta charset="utf-8"><title>tabs</title><p id="title">…</p><script type="module" src="/app.js"></script>';
    const todo = { id: '1', title: 'Write tests', updatedAt: '2026-01-01T00:00:00.000Z' };
    ctx.requests = new Map();
    ctx.server = createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (path.startsWith('/api/'))
        ctx.requests.set(`${req.method} ${path}`, (ctx.requests.get(`${req.method} ${path}`) ?? 0) + 1);
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        if (path === '/') return void res.writeHead(200, { 'content-type': 'text/html' }).end(html);
        if (path === '/app.js') return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
        if (path === '/api/todos/1' && req.method === 'PATCH')
          Object.assign(todo, JSON.parse(body), { updatedAt: '2026-02-01T00:00:00.000Z' });
        if (path === '/api/todos/1')
          return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(todo));
        res.writeHead(404).end();
      });
    });
    await new Promise<void>((resolve) => ctx.server.listen(0, '127.0.0.1', resolve));
    ctx.url = `http://127.0.0.1:${(ctx.server.address() as AddressInfo).port}/`;
    ctx.browser = await launchBrowser();
    ctx.context = await ctx.browser.newContext();
  } catch (error) {
    // uvu does not report an error thrown by a `before` hook; print it.
    console.error('browser setup failed:', error);
    throw error;
  }
});

test.after(async (ctx) => {
  await ctx.browser?.close();
  ctx.server?.closeAllConnections();
  await new Promise((resolve) => ctx.server?.close(resolve));
});

/** Opens a page; it waits `wait` ms for an open page's state before it renders. */
async function open(ctx: Ctx, wait = 10_000): Promise<Page> {
  const page = await ctx.context.newPage();
  const failures: string[] = [];
  page.on('pageerror', (error) => failures.push(String(error)));
  page.on('console', (message) => message.type() === 'error' && failures.push(message.text()));
  await page.goto(`${ctx.url}?wait=${wait}`);
  await page.evaluate(() => (window as any).app.ready);
  assert.equal(failures, [], 'no error in the page');
  return page;
}

const title = (page: Page) => page.textContent('#title');

test('page 1 fetches, page 2 shows the row without a request; an edit in page 1 appears in page 2', async (ctx) => {
  const page1 = await open(ctx, 100);
  const page2 = await open(ctx);
  assert.is(await page2.evaluate(() => (window as any).app.ready), true, 'page 1 answered');
  assert.is(await title(page2), '(none)');
  assert.is(await page1.evaluate(() => (window as any).app.fetch()), 'Write tests');
  await page2.waitForFunction(() => document.getElementById('title')!.textContent === 'Write tests');
  assert.is(await page2.evaluate(() => (window as any).app.isDate()), true, 'the Date field is a Date in page 2');
  assert.is(await page2.evaluate(() => (window as any).app.load()), 'Write tests', 'page 2 reads the fresh key');
  assert.equal(Object.fromEntries(ctx.requests), { 'GET /api/todos/1': 1 }, 'one request, from page 1');

  assert.is(await page1.evaluate(() => (window as any).app.edit('Ship it')), 'Ship it');
  await page2.waitForFunction(() => document.getElementById('title')!.textContent === 'Ship it');
  assert.equal(Object.fromEntries(ctx.requests), { 'GET /api/todos/1': 1, 'PATCH /api/todos/1': 1 });
  assert.is(
    await page2.evaluate(() => (window as any).app.renders),
    3,
    'page 2 rendered: none, the fetched row, the edit',
  );

  // A page opened now gets the state of the open pages: it shows the row, no request.
  const page3 = await open(ctx);
  assert.is(await page3.evaluate(() => (window as any).app.ready), true);
  assert.is(await title(page3), 'Ship it');
  assert.is(await page3.evaluate(() => (window as any).app.load()), 'Ship it');
  assert.is(ctx.requests.get('GET /api/todos/1'), 1);
  for (const page of [page1, page2, page3]) assert.equal(await page.evaluate(() => (window as any).app.errors), []);
});

test.run();
