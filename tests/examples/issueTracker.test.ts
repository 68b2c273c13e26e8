/**
 * The issue tracker examples (examples/solid, examples/preact) as an app developer gets
 * them: built from the packed package (unpacked into examples/node_modules), type-checked
 * strict, served with their API and driven in headless Chromium: list with author names,
 * detail from the cache, edit, an optimistic close, create, delete, next page, a failed
 * request and its Retry.
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
const out = join(root, '.test-build', `examples-${process.pid}`);
const frameworks = ['solid', 'preact'] as const;

let browser: Browser;
let startExampleServer: (options: { root: string }) => Promise<Served>;

const test = suite('issue tracker examples');

for (const name of frameworks)
  test(`${name}: the app type-checks (strict) against the packed package's types`, () => typeCheckApp(name));

test('the packed package carries its LICENSE', () => {
  assert.match(readFileSync(join(root, 'examples', 'node_modules', 'signal-cache', 'LICENSE'), 'utf8'), /^MIT License/);
});

test.before(async () => {
  try {
    installPackedPackage(out, join(root, 'examples', 'node_modules'));
    await buildApps(out, frameworks);
    startExampleServer = await exampleServer();
    browser = await launchBrowser();
  } catch (error) {
    // uvu does not report an error thrown by a `before` hook; print it.
    console.error('examples setup failed:', error);
    throw error;
  }
});

test.after(async () => {
  await browser?.close();
  rmSync(out, { recursive: true, force: true });
});

for (const name of frameworks) {
  test(`${name}: list, detail from the cache, edit, create, delete, next page, a failed request and Retry`, async () => {
    const server = await startExampleServer({ root: join(out, name) });
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      await page.goto(server.url);
      await until(page, 'page 1', async () => (await rows(page)).length === 5);
      assert.equal(
        (await rows(page)).slice(0, 2),
        ['Issue 12 Linus open', 'Issue 11 Grace open'],
        'titles with author names',
      );
      assert.is(await page.textContent('#open-count'), '4 open (cached)');

      // Close an issue: an optimistic update, then the server's answer; the count follows.
      const rendered = name === 'preact' ? await rowRenders(page) : 0;
      await markRows(page);
      await page.click('#issues li:first-child .toggle');
      await until(page, 'the closed row', async () => (await rows(page))[0] === 'Issue 12 Linus closed');
      assert.is(await page.textContent('#open-count'), '3 open (cached)');
      await until(page, 'the PATCH', async () => server.requests.get('PATCH /api/issues/12') === 1);
      await page.waitForTimeout(100);
      // One change: one row component of five rendered again (Preact, memo), none re-created (Solid).
      if (name === 'preact') assert.is((await rowRenders(page)) - rendered, 1, 'the closed row alone rendered again');
      assert.equal(await keptRows(page), [5, 5], 'every row element kept');
      await page.click('#issues li:first-child .toggle');
      await until(page, 'the reopened row', async () => (await rows(page))[0] === 'Issue 12 Linus open');
      assert.is(await page.textContent('#open-count'), '4 open (cached)');

      // Detail: read from the row the list cached, no request.
      await page.click('#issues li:first-child .title');
      await page.waitForSelector('#detail h2');
      assert.is(await page.textContent('#detail h2'), 'Issue 12');
      assert.is(server.requests.get('GET /api/issues/12'), undefined, 'the detail sent no request');

      // Edit: the list row follows the entity.
      await page.fill('#edit-title', 'Renamed');
      await page.click('#save');
      await until(page, 'the renamed row', async () => (await rows(page))[0] === 'Renamed Linus open');
      assert.is(await page.textContent('#detail h2'), 'Renamed');
      assert.is(server.requests.get('GET /api/issues'), 1, 'the edit refetched no list');

      // Create: the page on screen refetches after the invalidation.
      await page.fill('#new-title', 'Brand new');
      await page.click('#create');
      await until(page, 'the created row', async () => (await rows(page))[0] === 'Brand new Ada open');
      assert.is((await rows(page)).length, 5);

      // Delete: the row leaves at once; the refetched page fills the hole.
      await page.click('#issues li:first-child .title');
      await until(
        page,
        'its detail',
        async () => (await page.textContent('#detail h2').catch(() => null)) === 'Brand new',
      );
      await page.click('#delete');
      await until(page, 'the page without it', async () => {
        const now = await rows(page);
        return now.length === 5 && now[0] === 'Renamed Linus open';
      });
      assert.is(await page.$('#detail'), null, 'the detail closed');

      // Next page.
      await page.click('#next');
      await until(page, 'page 2', async () => (await rows(page))[0] === 'Issue 7 Ada closed');
      assert.is(await page.textContent('#page'), 'Page 2');

      // A failed request: the error shows with Retry, page 2 stays (previous data).
      await fetch(`${server.url}/api/fail?times=1`, { method: 'POST' });
      await page.click('#next');
      await page.waitForSelector('.list-error');
      assert.match((await page.textContent('.list-error'))!, /500/);
      assert.is((await rows(page))[0], 'Issue 7 Ada closed', 'the previous page keeps showing');
      assert.ok(await page.$('#issues.previous'), 'flagged as previous');
      await page.click('.list-error button');
      await until(
        page,
        'page 3 after Retry',
        async () => (await rows(page)).join('|') === 'Issue 2 Grace open|Issue 1 Ada closed',
      );
      assert.is(await page.$('.list-error'), null, 'the error is gone');
      assert.equal(errors, [], 'no uncaught page error');
    } finally {
      await page.close();
      await server.close();
    }
  });
}

test.run();
