/**
 * The README's quick start (examples/quick-start: Solid, Preact, vanilla) as an app
 * developer gets it: built from the packed package (unpacked into
 * examples/quick-start/node_modules), type-checked strict, and driven in headless Chromium:
 * the list with authors, the open count, an optimistic close, a failed first load and its Retry.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser } from 'playwright-core';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser } from '../_fixtures/browser.js';
import {
  buildApps,
  exampleServer,
  installPackedPackage,
  keptRows,
  markRows,
  rowRenders,
  rows,
  typeCheckApp,
  until,
  type Served,
} from '../_fixtures/examples.js';

const root = process.cwd();
const out = join(root, '.test-build', `quick-start-${process.pid}`);
const quickStart = ['solid', 'preact', 'vanilla'] as const;
const apps = quickStart.map((name) => `quick-start/${name}`);

let browser: Browser;
let startExampleServer: (options: { root: string }) => Promise<Served>;

const test = suite('quick start');

for (const name of apps)
  test(`${name}: the app type-checks (strict) against the packed package's types`, () => typeCheckApp(name));

test('the packed package carries its LICENSE', () => {
  const license = join(root, 'examples', 'quick-start', 'node_modules', 'signal-cache', 'LICENSE');
  assert.match(readFileSync(license, 'utf8'), /^MIT License/);
});

test.before(async () => {
  try {
    installPackedPackage(out, join(root, 'examples', 'quick-start', 'node_modules'));
    await buildApps(out, apps);
    startExampleServer = await exampleServer();
    browser = await launchBrowser();
  } catch (error) {
    // uvu does not report an error thrown by a `before` hook; print it.
    console.error('quick start setup failed:', error);
    throw error;
  }
});

test.after(async () => {
  await browser?.close();
  rmSync(out, { recursive: true, force: true });
});

for (const name of quickStart) {
  test(`${name}: issues with authors, the open count, an optimistic close, a failed load and Retry`, async () => {
    const server = await startExampleServer({ root: join(out, 'quick-start', name) });
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const count = () => page.textContent('#open-count');
    try {
      await page.goto(server.url);
      await until(page, 'the list', async () => (await rows(page)).length === 5);
      assert.equal((await rows(page)).slice(0, 2), ['Issue 12 by Linus', 'Issue 11 by Grace'], 'titles and authors');
      assert.is(await count(), '4 open');

      if (name === 'preact') assert.is(await rowRenders(page), 5, 'each row rendered once');
      await markRows(page);

      // Close an issue: the row and the count change before the server answers.
      await page.click('#issues li:first-child input');
      await until(page, 'the count', async () => (await count()) === '3 open');
      assert.ok(await page.isChecked('#issues li:first-child input'));
      await until(page, 'the PATCH', async () => server.requests.get('PATCH /api/issues/12') === 1);
      await page.waitForTimeout(100);
      assert.is(await count(), '3 open', 'the answer agrees');
      // One change: one row component rendered again (Preact, memo), no row re-created (Solid, vanilla).
      if (name === 'preact') assert.is(await rowRenders(page), 6, 'the closed row alone rendered again');
      assert.equal(await keptRows(page), [5, 5], 'every row element kept');

      // A failed first load: the app's own error, and a Retry that loads the list.
      await fetch(`${server.url}/api/fail?times=1`, { method: 'POST' });
      await page.reload();
      await page.waitForSelector('[role="alert"]');
      assert.match((await page.textContent('[role="alert"]'))!, /failed with 500/);
      await page.click('[role="alert"] button');
      await until(page, 'the list after Retry', async () => (await rows(page)).length === 5);
      assert.is(await page.$('[role="alert"]'), null, 'the error is gone');
      assert.is(await count(), '3 open', 'issue 12 stayed closed on the server');
      assert.equal(errors, [], 'no uncaught page error');
    } finally {
      await page.close();
      await server.close();
    }
  });
}

test.run();
