/**
 * The playground end to end: builds and serves it on a free port, drives it in headless
 * Chromium, and checks the counts, the list, and that an identical refetch re-renders
 * nothing. The tests run in order on one page; each builds on the previous one.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../_fixtures/browser.js';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

// Loaded at run time (not bundled by the test runner) so its paths stay those of playground/.
const servePath = join(process.cwd(), 'playground', 'serve.mjs');

interface State {
  server?: { url: string; close(): Promise<void> };
  browser?: Browser;
  page?: Page;
  errors: string[];
}

const test = suite<State>('playground', { errors: [] });

test.before(async (state) => {
  try {
    assert.ok(existsSync(servePath), `${servePath} exists (run from the repository root)`);
    const { startPlayground } = await import(pathToFileURL(servePath).href);
    const server = (state.server = await startPlayground({ port: 0 }));
    state.browser = await launchBrowser();
    const page = (state.page = await state.browser.newPage());
    page.setDefaultTimeout(10_000);
    page.on('console', (m) => m.type() === 'error' && state.errors.push(`console: ${m.text()}`));
    page.on('pageerror', (e) => state.errors.push(`page error: ${e.message}`));
    page.on('requestfailed', (r) => state.errors.push(`request failed: ${r.url()}`));
    await page.goto(server.url);
  } catch (error) {
    // uvu does not report an error thrown by a `before` hook; print it.
    console.error('playground setup failed:', error);
    throw error;
  }
});

test.after(async (state) => {
  try {
    await state.browser?.close();
  } finally {
    await state.server?.close();
  }
});

const text = (page: Page, testId: string) => page.textContent(`[data-testid="${testId}"]`).then((t) => t?.trim());

async function renders(page: Page): Promise<{ counts: number; list: number }> {
  const read = async (testId: string) => Number(/renders: (\d+)/.exec((await text(page, testId)) ?? '')?.[1]);
  return { counts: await read('count-renders'), list: await read('list-renders') };
}

/** Clicks, then waits until the action finished and the mock server answered once more. */
async function act(page: Page, selector: string): Promise<void> {
  const status = page.locator('[data-testid="status"]');
  const before = Number(await status.getAttribute('data-requests'));
  await page.click(selector);
  await page.waitForFunction((n) => {
    const el = document.querySelector<HTMLElement>('[data-testid="status"]')!;
    return el.dataset.state !== 'busy' && Number(el.dataset.requests) > n;
  }, before);
  assert.is(await status.getAttribute('data-state'), 'idle', `action failed: ${await status.textContent()}`);
}

test('serves the page and its bundle with their content types', async ({ server }) => {
  const html = await fetch(server!.url);
  assert.is(html.status, 200);
  assert.match(html.headers.get('content-type') ?? '', 'text/html');
  const js = await fetch(new URL('main.js', server!.url));
  assert.is(js.status, 200);
  assert.match(js.headers.get('content-type') ?? '', 'text/javascript');
  assert.is((await fetch(new URL('missing.js', server!.url))).status, 404);
  assert.is((await fetch(new URL('../package.json', server!.url))).status, 404);
});

test('loads the users and shows the counts', async ({ page }) => {
  await page!.waitForSelector('[data-testid="status"][data-state="idle"]');
  assert.is(await page!.locator('[data-testid="user-row"]').count(), 3);
  assert.is(await text(page!, 'counts'), 'users: 3 · admins: 1');
  // One render before the data, one when the response arrived (written in one batch).
  assert.equal(await renders(page!), { counts: 2, list: 2 });
});

test('"Add user" adds a row and updates the count', async ({ page }) => {
  await act(page!, '[data-testid="add-user"]');
  assert.is(await page!.locator('[data-testid="user-row"]').count(), 4);
  assert.is(await text(page!, 'counts'), 'users: 4 · admins: 1');
});

test('"Toggle admin" updates the admin count and re-renders each view once', async ({ page }) => {
  const before = await renders(page!);
  await act(page!, '[data-testid="user-row"][data-id="2"] [data-testid="toggle-admin"]');
  assert.is(await text(page!, 'counts'), 'users: 4 · admins: 2');
  assert.is(await page!.textContent('[data-testid="user-row"][data-id="2"] .badge'), 'admin');
  assert.equal(await renders(page!), { counts: before.counts + 1, list: before.list + 1 });
});

test('"Refetch" of identical data re-renders nothing', async ({ page }) => {
  const before = await renders(page!);
  await act(page!, '[data-testid="refetch"]');
  await act(page!, '[data-testid="refetch"]');
  assert.equal(await renders(page!), before);
  assert.is(await text(page!, 'counts'), 'users: 4 · admins: 2');
  assert.is(await page!.locator('[data-testid="user-row"]').count(), 4);
});

test('no console errors', ({ errors }) => {
  assert.equal(errors, []);
});

test.run();
