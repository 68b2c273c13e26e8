/**
 * The playground end to end in headless Chromium: builds and serves it on a free port and
 * drives one page through every demo (no console error, a screenshot each into the
 * git-ignored test-artifacts/playground/), live editing (the preview follows the code; a
 * syntax error shows in place and clears when mended; the code survives a reload through
 * the URL), framework switching, the inspector, and the 10,000-row demo rendering exactly
 * one row component per update in Solid, Preact and vanilla. The tests run in order on
 * one page.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../_fixtures/browser.js';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

// Loaded at run time (not bundled by the test runner) so its paths stay those of playground/.
const servePath = join(process.cwd(), 'playground', 'serve.mjs');
const artifacts = join(process.cwd(), 'test-artifacts', 'playground');

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
    mkdirSync(artifacts, { recursive: true });
    const { startPlayground } = await import(pathToFileURL(servePath).href);
    const server = (state.server = await startPlayground({ port: 0 }));
    state.browser = await launchBrowser();
    const page = (state.page = await state.browser.newPage({ viewport: { width: 1280, height: 800 } }));
    page.setDefaultTimeout(15_000);
    page.on('console', (m) => m.type() === 'error' && state.errors.push(`console: ${m.text()}`));
    page.on('pageerror', (e) => state.errors.push(`page error: ${e.message}`));
    page.on('requestfailed', (r) => state.errors.push(`request failed: ${r.url()}`));
    await page.goto(server.url);
    await page.waitForSelector('body[data-ready]');
    await setLatency(page, 50); // the default 250 ms is there to show loading states
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

//#region helpers

const byTestId = (id: string) => `[data-testid="${id}"]`;

/** Waits until the current run mounted, its requests settled and nothing says Loading. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const pg = (globalThis as any).playground;
    const preview = document.querySelector('[data-testid="preview"]')!;
    return pg.settled() && !/Loading/.test(preview.textContent ?? '') && preview.childElementCount > 0;
  });
}

/** A screenshot once the inspector caught up (it redraws at most every 150 ms). */
async function screenshot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(200);
  await page.screenshot({ path: join(artifacts, `${name}.png`) });
}

async function openDemo(page: Page, id: string, framework?: string): Promise<void> {
  if ((await page.evaluate(() => (globalThis as any).playground.demo)) !== id)
    await page.selectOption(byTestId('demo-select'), id);
  if (framework) await page.click(`[data-fw="${framework}"]`);
  await settled(page);
}

/** Replaces the first `search` in the shown file through the editor (as typing would). */
async function replaceInEditor(page: Page, search: string, replacement: string): Promise<void> {
  const found = await page.evaluate(
    ([search, replacement]) => {
      const view = (globalThis as any).playground.editor.view;
      const from = view.state.doc.toString().indexOf(search);
      if (from < 0) return false;
      view.dispatch({ changes: { from, to: from + search.length, insert: replacement } });
      return true;
    },
    [search, replacement] as const,
  );
  assert.ok(found, `"${search}" is in the editor`);
}

/** Moves the latency slider, as a person would drag it. */
async function setLatency(page: Page, ms: number): Promise<void> {
  await page.$eval(
    byTestId('latency'),
    (input: HTMLInputElement, ms) => {
      input.value = String(ms);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    },
    ms,
  );
  assert.is(await text(page, byTestId('latency-value')), `${ms} ms`);
}

const runs = (page: Page) => page.evaluate(() => Number(document.body.dataset.runs));
const text = (page: Page, selector: string) => page.textContent(selector).then((t) => t?.trim() ?? '');
const errorShown = (page: Page) => page.isVisible(byTestId('error'));

async function showFile(page: Page, file: string): Promise<void> {
  await page.click(`${byTestId('file-tabs')} [data-file="${file}"]`);
}

const inPreview = (page: Page, pattern: RegExp) =>
  page.waitForFunction(
    (source) => new RegExp(source).test(document.querySelector('[data-testid="preview"]')!.textContent ?? ''),
    pattern.source,
  );
const sent = (page: Page) =>
  page.evaluate(() =>
    (globalThis as any).playground.controller.calls
      .map((c: any) => c.wire?.body)
      .filter((b: unknown) => b !== undefined),
  );

/** What each demo shows once loaded, and one interaction that must work. */
const checks: Record<string, (page: Page) => Promise<void>> = {
  sort: async (page) => {
    assert.equal(await page.locator('[data-testid="posts"] b').allTextContents(), ['Context', 'Hooks', 'Signals']);
    await page.click(byTestId('add-post'));
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="posts"] li').length === 4);
    assert.equal(await page.locator('[data-testid="posts"] b').allTextContents(), [
      'Actions',
      'Context',
      'Hooks',
      'Signals',
    ]);
  },
  join: async (page) => {
    assert.match(await text(page, '[data-product="BTC-USD"]'), /ticker price: \d+\.\d\dstats last: 99\.25/);
    assert.match(await text(page, '[data-product="SOL-USD"]'), /ticker price: —stats last: 142\.10/);
  },
  'fallback-join': async (page) => {
    assert.is(await text(page, '[data-product="SOL-USD"] [data-testid="price"]'), '142.10');
    assert.match(await text(page, '[data-product="SOL-USD"]'), /stats$/);
    await page.click(byTestId('feed'));
    await page.waitForFunction(() => /feed$/.test(document.querySelector('[data-product="BTC-USD"]')!.textContent!));
    await page.click(byTestId('feed'));
  },
  count: async (page) => assert.is(await text(page, byTestId('counts')), 'users: 3 · admins: 1'),
  'group-by': async (page) => {
    assert.is(await page.locator('[data-user="ann"] li').count(), 2);
    await page.click('[data-user="ann"] li:first-child button');
    await page.waitForFunction(() => document.querySelectorAll('[data-user="bob"] li').length === 2);
    assert.is(await page.locator('[data-user="ann"] li').count(), 1);
  },
  'transform-camel-case': async (page) => {
    assert.match(await text(page, byTestId('members')), /Ada Lovelace · St James's Square/);
    await page.click(`${byTestId('members')} li:first-child button`);
    await inPreview(page, /Augusta Lovelace/);
    assert.equal(await sent(page), [{ first_name: 'Augusta' }]);
  },
  'transform-deserialize': async (page) => {
    await inPreview(page, /67012\.123456789012345679/);
    await inPreview(page, /price × 3201036\.370370367037037037/);
    await inPreview(page, /2026-11-23T10:00:00\.000000001Z/);
    await inPreview(page, /Decimal, Instant, Date/);
  },
  'transform-missing-pk': async (page) => {
    assert.match(await text(page, byTestId('stream')), /ninja/);
    assert.match(await text(page, byTestId('ticker')), /BTC-USD/);
  },
  'transform-polling': async (page) => {
    // The mock changes the price on every third request: the first poll returns identical data.
    const first = await text(page, byTestId('price'));
    assert.match(first, /rendered 1×$/);
    await page.waitForFunction(
      () => (globalThis as any).playground.controller.calls.filter((c: any) => c.status === 200).length === 2,
    );
    await page.waitForTimeout(50);
    assert.is(await text(page, byTestId('price')), first, 'an identical poll renders nothing');
  },
  'transform-pagination': async (page) => {
    for (const n of [3, 6]) {
      assert.is(await page.locator(byTestId('user')).count(), n);
      await page.click(byTestId('more'));
      await page.waitForFunction((n) => document.querySelectorAll('[data-testid="user"]').length > n, n);
    }
    assert.is(await page.locator(byTestId('user')).count(), 8);
    assert.not.ok(await page.isVisible(byTestId('more')));
  },
  'transform-download': async (page) => {
    await page.click(byTestId('download'));
    await inPreview(page, /users\.csv22 bytes, text\/plain/);
  },
  'mutation-optimistic': async (page) => {
    await setLatency(page, 600); // long enough to see the layer before the answer
    const row = `${byTestId('user-row')}:nth-child(2)`;
    assert.is(await text(page, `${row} ${byTestId('renders')}`), 'rendered 1×');
    await page.click(`${row} ${byTestId('fail')}`);
    assert.is(await text(page, `${row} ${byTestId('name')}`), 'Ada King', 'shown at once');
    await page.click('[data-tab="layers"]');
    await page.waitForSelector(`${byTestId('layer-entry')} >> text=shown`);
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="user-row"]:nth-child(2) [data-testid="name"]')!.textContent ===
        'Grace Hopper',
    );
    await page.waitForSelector(`${byTestId('layer-entry')} >> text=rolled back (500)`);
    assert.is(
      await text(page, `${row} ${byTestId('renders')}`),
      'rendered 3×',
      'optimistic, then rolled back: two renders',
    );
    assert.equal(
      await page.locator(`${byTestId('renders')}`).allTextContents(),
      ['rendered 1×', 'rendered 3×', 'rendered 1×'],
      'the other rows did not render',
    );
    await page.click('[data-tab="rows"]');
    await setLatency(page, 50);
  },
  'mutation-create-delete': async (page) => {
    assert.is(await page.locator(`${byTestId('todos')} li`).count(), 3);
    await page.click(byTestId('create'));
    await inPreview(page, /Write the docs/);
    assert.is(await page.locator(`${byTestId('todos')} li`).count(), 4);
    await page.click(`${byTestId('todos')} li:first-child ${byTestId('delete')}`);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="todos"] li').length === 3);
    assert.not.match(await text(page, byTestId('todos')), /Write the spec/);
  },
  'mutation-move': async (page) => {
    assert.is(await page.locator('[data-status="todo"] li').count(), 2);
    await page.click('[data-status="todo"] li:first-child button');
    await page.waitForFunction(() => document.querySelectorAll('[data-status="doing"] li').length === 2);
    assert.is(await page.locator('[data-status="todo"] li').count(), 1);
    assert.is(await page.locator('[data-status="done"] li').count(), 1);
  },
  'mutation-infinite-scroll': async (page) => {
    const atLeast = (n: number) =>
      page.waitForFunction((n) => document.querySelectorAll('[data-testid="post"]').length >= n, n);
    await atLeast(10);
    // Scrolling to the end makes the last item visible: the observer loads the next page.
    for (const n of [20, 30]) {
      await page.$eval(byTestId('feed'), (ul) => ul.scrollTo(0, ul.scrollHeight));
      await atLeast(n);
      await settled(page);
    }
    const shown = await page.locator(byTestId('post')).count();
    await page.$eval(byTestId('more'), (button: HTMLButtonElement) => button.click()); // the button loads one too
    await atLeast(shown + 10);
    assert.equal(
      [...new Set(await page.locator(`${byTestId('post')} .muted`).allTextContents())],
      ['rendered 1×'],
      'each row rendered once',
    );
    // Edited on the server (post 1 renamed, post 2 deleted), then invalidated: every loaded
    // page is asked for again and written as one response; the list keeps its pages.
    // (Scrolled to the top first: an end of the list in view would load the next page meanwhile.)
    await page.$eval(byTestId('feed'), (ul) => ul.scrollTo(0, 0));
    await settled(page);
    const loaded = await page.locator(byTestId('post')).count();
    const pages = await text(page, byTestId('pages'));
    // GETs of the feed the page sends from now on (through the global fetch the mock answers).
    await page.evaluate(() => {
      (globalThis as any).feedGets = 0;
      // Once per page: the loop may come back to this demo in another framework.
      if ((globalThis as any).countsFeed) return;
      (globalThis as any).countsFeed = true;
      const send = globalThis.fetch;
      globalThis.fetch = (input, init) => {
        if (/\/feed(\?|$)/.test(String(input)) && (init?.method ?? 'GET') === 'GET') (globalThis as any).feedGets++;
        return send(input, init);
      };
    });
    const feedGets = () => page.evaluate(() => (globalThis as any).feedGets as number);
    const before = await feedGets();
    await page.click(byTestId('edit'));
    await inPreview(page, /Post 1, renamed on the server/);
    await settled(page);
    // (The cursors are offsets: with post 2 gone, each page starts one post later.)
    assert.is(await page.locator(byTestId('post')).count(), loaded, 'every loaded page refetched, none lost');
    assert.is(await text(page, byTestId('pages')), pages);
    assert.not.match(await text(page, byTestId('feed')), /Post 2rendered/);
    assert.is((await feedGets()) - before, Number(pages.split(' ')[0]), 'one request per loaded page');
    const others = await page.locator(`${byTestId('post')}:not(:first-child) .muted`).allTextContents();
    assert.equal([...new Set(others)], ['rendered 1×'], 'no other row rendered again');
  },
  'transform-rename': async (page) => {
    await page.click(byTestId('create'));
    await inPreview(page, /#3 alan/);
    assert.equal(await sent(page), [{ screen_name: 'alan' }]);
  },
};

//#endregion

test('serves the page and its assets with their content types, nothing outside', async ({ server }) => {
  const html = await fetch(server!.url);
  assert.is(html.status, 200);
  assert.match(html.headers.get('content-type') ?? '', 'text/html');
  for (const [file, type] of [
    ['main.js', 'text/javascript'],
    ['main.css', 'text/css'],
  ]) {
    const res = await fetch(new URL(file, server!.url));
    assert.is(res.status, 200, file);
    assert.match(res.headers.get('content-type') ?? '', type);
  }
  assert.is((await fetch(new URL('missing.js', server!.url))).status, 404);
  assert.is((await fetch(new URL('../package.json', server!.url))).status, 404);
});

// Every demo's Solid view by default; PLAYGROUND_FRAMEWORKS=solid,preact,vanilla runs the
// demo loop (load, screenshot, interaction) in each.
const loopFrameworks = (process.env.PLAYGROUND_FRAMEWORKS ?? 'solid').split(',');

test('every demo loads without an error, and works (screenshot of each)', async ({ page, errors }) => {
  const ids: string[] = await page!.evaluate(() => (globalThis as any).playground.demos);
  assert.ok(ids.length >= 2, `${ids.length} demos`);
  for (const fw of loopFrameworks)
    for (const id of ids) {
      await openDemo(page!, id, fw);
      const name = fw === 'solid' ? id : `${id}-${fw}`;
      assert.not.ok(await errorShown(page!), `${id}: ${await text(page!, byTestId('error'))}`);
      assert.equal(errors, [], `${id}: no console error`);
      await screenshot(page!, name);
      await checks[id]?.(page!).catch((error: Error) => {
        throw new Error(`${name}: ${error.message}`);
      });
      assert.not.ok(await errorShown(page!), `${id}: ${await text(page!, byTestId('error'))}`);
    }
});

test('editing the code changes the preview; the edit is kept in the URL', async ({ page }) => {
  await openDemo(page!, 'count', 'solid');
  assert.is(await text(page!, byTestId('counts')), 'users: 3 · admins: 1');
  const before = await runs(page!);
  await showFile(page!, 'solid.tsx');
  await replaceInEditor(page!, '>users: {', '>people: {');
  await page!.waitForFunction((n) => Number(document.body.dataset.runs) > n, before);
  await settled(page!);
  assert.is(await text(page!, byTestId('counts')), 'people: 3 · admins: 1');

  // Typing in the editor re-runs the preview too.
  const typed = await runs(page!);
  await page!.click('.cm-content');
  await page!.keyboard.press('Control+End');
  await page!.keyboard.type('\n// typed');
  await page!.waitForFunction((n) => Number(document.body.dataset.runs) > n, typed);
  await settled(page!);

  // Fixtures are editable: the mock API answers with the edited data.
  await showFile(page!, 'fixtures.json');
  await replaceInEditor(page!, '"Grace Hopper"', '"Grace Hopper", "isAdmin": true');
  await page!.waitForFunction(() =>
    /admins: 2/.test(document.querySelector('[data-testid="counts"]')?.textContent ?? ''),
  );

  const url = page!.url();
  assert.match(url, /code=/);
  await page!.goto('about:blank');
  await page!.goto(url);
  await page!.waitForSelector('body[data-ready]');
  await settled(page!);
  assert.is(await text(page!, byTestId('counts')), 'people: 3 · admins: 2');
  await page!.click(byTestId('reset'));
  await settled(page!);
  assert.is(await text(page!, byTestId('counts')), 'users: 3 · admins: 1');
  assert.not.match(page!.url(), /code=/);
});

test('a syntax error shows in place and clears when mended', async ({ page }) => {
  await openDemo(page!, 'count', 'solid');
  await showFile(page!, 'api.ts');
  await replaceInEditor(page!, "id = '';", 'id = ;');
  await page!.waitForSelector(`${byTestId('error')}:visible`);
  assert.match(await text(page!, byTestId('error')), /Compile error in api\.ts:\d+:\d+/);
  assert.ok(await page!.isVisible('.cm-lint-marker-error'), 'the line is marked in the editor');
  await replaceInEditor(page!, 'id = ;', "id = '';");
  await page!.waitForSelector(`${byTestId('error')}`, { state: 'hidden' });
  await settled(page!);
  assert.is(await text(page!, byTestId('counts')), 'users: 3 · admins: 1');
  assert.not.ok(await page!.isVisible('.cm-lint-marker-error'));
});

test('a runtime error shows in place and the page keeps working', async ({ page }) => {
  await openDemo(page!, 'count', 'preact');
  await showFile(page!, 'preact.tsx');
  await replaceInEditor(page!, 'function Counts() {', 'function Counts() {\n  throw new Error("boom");');
  await page!.waitForSelector(`${byTestId('error')}:visible`);
  assert.match(await text(page!, byTestId('error')), /Runtime error in preact\.tsx:6:\d+[\s\S]*boom/);
  assert.ok(await page!.isVisible('.cm-lint-marker-error'), 'the line is marked in the editor');
  await page!.click(byTestId('reset'));
  await settled(page!);
  assert.not.ok(await errorShown(page!));
  assert.is(await text(page!, byTestId('counts')), 'users: 3 · admins: 1');
});

test('switching framework keeps the demo working', async ({ page }) => {
  for (const fw of ['solid', 'preact', 'vanilla']) {
    await openDemo(page!, 'count', fw);
    assert.is(await page!.getAttribute(`[data-fw="${fw}"]`, 'aria-pressed'), 'true');
    assert.is(await text(page!, byTestId('counts')), 'users: 3 · admins: 1', fw);
    await page!.click(`${byTestId('user-row')}:nth-child(2) button`);
    await page!.waitForFunction(() =>
      /admins: 2/.test(document.querySelector('[data-testid="counts"]')?.textContent ?? ''),
    );
    assert.ok(
      await page!.isVisible(`${byTestId('user-row')}:nth-child(2) .badge.on`),
      `${fw}: the row shows the change`,
    );
  }
});

test('the inspector shows rows, views and the request log', async ({ page }) => {
  await openDemo(page!, 'count', 'solid');
  await page!.click('[data-tab="rows"]');
  assert.is(await page!.locator(byTestId('entity-row')).count(), 3);
  await page!.fill(byTestId('inspector-search'), 'grace');
  await page!.waitForFunction(() => document.querySelectorAll('[data-testid="entity-row"]').length === 1);
  assert.match(await text(page!, byTestId('entity-row')), /Grace Hopper/);
  await page!.fill(byTestId('inspector-search'), '');

  await page!.click(`${byTestId('user-row')}:nth-child(1) button`);
  await page!.waitForFunction(() =>
    /admins: 0/.test(document.querySelector('[data-testid="counts"]')?.textContent ?? ''),
  );
  await settled(page!);
  await page!.click('[data-tab="views"]');
  const views = await page!.locator(byTestId('view-entry')).allTextContents();
  // undefined before the response, 1 admin, then 0: three values; the total never changed.
  assert.ok(
    views.some((v) => v.startsWith('userCount[{"isAdmin":true}]updates 3rows 3User:1, User:2, User:3')),
    views.join('\n'),
  );
  assert.ok(
    views.some((v) => v.startsWith('userCountupdates 2rows 3')),
    views.join('\n'),
  );

  await page!.click('[data-tab="requests"]');
  const log = await page!
    .locator(byTestId('request-entry'))
    .evaluateAll((rows) =>
      rows.map((row) =>
        [...row.children].map((cell, i) => (i === 3 ? /^\d+$/.test(cell.textContent!) : cell.textContent)),
      ),
    );
  // endpoint, args, status, a duration in ms, deduplicated; newest first.
  assert.equal(log, [
    ['updateUser', '[{"id":"1"},{"isAdmin":false}]sent {"isAdmin":false}', '200', true, ''],
    ['getUsers', '[]', '200', true, ''],
  ]);
});

test('identical GETs in flight are logged as deduplicated; one request is sent', async ({ page }) => {
  await openDemo(page!, 'count', 'solid');
  const { log, wires } = await page!.evaluate(async () => {
    const ctrl = (globalThis as any).playground.controller;
    const getUsers = [...ctrl.names].find(([, name]) => name === 'getUsers')![0];
    const before = ctrl.calls.length;
    await Promise.all([ctrl.fetch(getUsers), ctrl.fetch(getUsers)]);
    const calls = ctrl.calls.slice(before);
    return {
      log: calls.map((c: any) => [c.endpoint, c.deduplicated]),
      wires: new Set(calls.map((c: any) => c.wire).filter(Boolean)).size,
    };
  });
  assert.equal(log, [
    ['getUsers', false],
    ['getUsers', true],
  ]);
  assert.is(wires, 1, 'one request reached the mock API');
  await page!.click('[data-tab="requests"]');
  await page!.waitForFunction(
    () => document.querySelector('[data-testid="request-entry"] td:last-child')?.textContent === 'yes',
  );
});

test('an injected error shows in place; the next run recovers', async ({ page }) => {
  await openDemo(page!, 'count', 'preact');
  await page!.click(byTestId('fail-next'));
  assert.is(await text(page!, byTestId('fail-next')), 'Fail next request (1)');
  await page!.click(byTestId('rerun'));
  await page!.waitForSelector(`${byTestId('error')}:visible`);
  assert.is(await text(page!, byTestId('fail-next')), 'Fail next request', 'the failure was used up');
  const shown = await text(page!, byTestId('error'));
  assert.ok(
    /Runtime error in preact.tsx[\s\S]*GET https:\/\/api.example.com\/users failed with 500/.test(shown),
    shown,
  );
  await page!.click(byTestId('rerun'));
  await settled(page!);
  assert.not.ok(await errorShown(page!));
  assert.is(await text(page!, byTestId('counts')), 'users: 3 · admins: 1');
});

test('the 10,000-row demo renders exactly one row component per update', async ({ page }) => {
  for (const fw of ['solid', 'preact', 'vanilla']) {
    await openDemo(page!, 'ten-thousand-rows', fw);
    assert.is(await page!.locator(`${byTestId('rows')} li`).count(), 10_000);
    for (let i = 0; i < 2; i++) {
      const renders = () =>
        page!.evaluate(() =>
          Object.fromEntries(
            [...document.querySelectorAll<HTMLElement>('[data-testid="rows"] li')].map((li) => [
              li.dataset.id,
              Number(li.dataset.renders),
            ]),
          ),
        );
      const before = await renders();
      const previous = await page!.getAttribute(byTestId('last-update'), 'data-id');
      const calls = await page!.evaluate(() => (globalThis as any).playground.controller.calls.length);
      await page!.click(byTestId('change-one'));
      await page!.waitForFunction(
        ([n, previous]) =>
          (globalThis as any).playground.controller.calls.length > n &&
          (globalThis as any).playground.settled() &&
          document.querySelector<HTMLElement>('[data-testid="last-update"]')!.dataset.id !== previous,
        [calls, previous] as const,
      );
      await page!.waitForTimeout(50);
      const after = await renders();
      const changed = Object.keys(after).filter((id) => after[id] !== before[id]);
      const id = await page!.getAttribute(byTestId('last-update'), 'data-id');
      assert.equal(changed, [id], `${fw}: only row ${id} rendered`);
      assert.is(after[id!], before[id!]! + 1, `${fw}: row ${id} rendered once`);
      assert.is(await page!.getAttribute(byTestId('last-update'), 'data-rows'), '1', `${fw}: the counter reads 1`);
    }
    if (fw === 'preact') await screenshot(page!, 'ten-thousand-rows-after-update');
  }
});

test('usable at phone width', async ({ page }) => {
  await page!.setViewportSize({ width: 390, height: 844 });
  await openDemo(page!, 'count', 'solid');
  assert.ok((await page!.evaluate(() => document.documentElement.scrollWidth)) <= 390, 'no horizontal scrolling');
  assert.ok(await page!.isVisible(byTestId('counts')));
  await page!.waitForTimeout(200);
  await page!.screenshot({ path: join(artifacts, 'phone-count.png'), fullPage: true });
  await page!.setViewportSize({ width: 1280, height: 800 });
});

test('no console errors', ({ errors }) => {
  assert.equal(errors, []);
});

test.run();
