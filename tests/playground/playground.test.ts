/**
 * The playground end to end in headless Chromium: the page and its assets, live editing
 * (the preview follows the code; a syntax error shows in place and clears when mended; the
 * code survives a reload through the URL), framework switching, the inspector
 * (signal-cache/devtools' panel, one per run), the demo of errors and Retry in each
 * framework, and the type checker (TypeScript in a worker, loaded after the first paint; a
 * type error underlined on its line within 3 s). Every demo is
 * driven by ./demos.test.ts. The tests run in order on one page.
 */
import * as assert from 'uvu/assert';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import {
  artifacts,
  byTestId,
  errorShown,
  failFirstLoad,
  openDemo,
  playgroundSuite,
  replaceInEditor,
  retry,
  runs,
  screenshot,
  settled,
  showFile,
  text,
  typeErrors,
} from '../_fixtures/playground.js';

const test = playgroundSuite('playground');

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
  const urlBefore = page!.url();
  await showFile(page!, 'fixtures.json');
  await replaceInEditor(page!, '"Grace Hopper"', '"Grace Hopper", "isAdmin": true');
  await page!.waitForFunction(() =>
    /admins: 2/.test(document.querySelector('[data-testid="counts"]')?.textContent ?? ''),
  );
  // The URL is written after the run, asynchronously (the code is compressed into it).
  await page!.waitForFunction((previous) => location.href !== previous, urlBefore);

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
  // Outside the demo's own error boundary (inside it, the demo shows the error itself).
  await replaceInEditor(
    page!,
    'export default function App() {',
    'export default function App() {\n  throw new Error("boom");',
  );
  const code: string = await page!.evaluate(() => (globalThis as any).playground.editor.text('preact.tsx'));
  const line = code.slice(0, code.indexOf('throw new Error("boom")')).split('\n').length;
  await page!.waitForSelector(`${byTestId('error')}:visible`);
  assert.match(
    await text(page!, byTestId('error')),
    new RegExp(`Runtime error in preact\\.tsx:${line}:\\d+[\\s\\S]*boom`),
  );
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

/** Waits until the panel's User table lists `n` rows (in its shadow root, which `document.querySelector` does not pierce). */
const userRows = (page: Page, n: number) =>
  page.waitForFunction(
    (n) =>
      document
        .querySelector('[data-signal-cache-devtools]')!
        .shadowRoot!.querySelectorAll('[data-entity="User"] [data-pk]').length === n,
    n,
  );

test("the inspector pane holds signal-cache/devtools' panel: its DOM contract; a refetch sends one request", async ({
  page,
}) => {
  await openDemo(page!, 'count', 'solid');
  const pane = byTestId('inspector');
  assert.is(
    await page!.locator(`${pane} > [data-signal-cache-devtools][data-inline]`).count(),
    1,
    'the panel fills the pane',
  );
  assert.is(await page!.locator('[data-signal-cache-devtools]').count(), 1, 'one inspector in the page');
  const key: string = await page!.evaluate(() => (globalThis as any).playground.api.getUsers.key());
  const entry = `${pane} [data-key="${key}"]`;
  await page!.waitForSelector(`${entry}[data-status="fresh"]`, { state: 'attached' });
  await page!.waitForSelector(`${pane} [data-entity="User"][data-count="3"]`, { state: 'attached' });
  for (const action of ['refetch', 'invalidate', 'expire', 'remove'])
    assert.is(await page!.locator(`${entry} [data-action="${action}"]`).count(), 1, action);

  // Refetch: one request reaches the mock API, and the key is fresh again.
  const before: number = await page!.evaluate(() => (globalThis as any).playground.wire.length);
  await page!.click(`${entry} [data-action="refetch"]`);
  await page!.waitForFunction((n) => (globalThis as any).playground.wire.length > n, before);
  await settled(page!);
  await page!.waitForSelector(`${entry}[data-status="fresh"]`, { state: 'attached' });
  const wire = await page!.evaluate(
    (n) => (globalThis as any).playground.wire.slice(n).map((w: any) => `${w.method} ${w.url} ${w.status}`),
    before,
  );
  assert.equal(wire, ['GET https://api.example.com/users 200'], 'one request');

  // The User table open and a row as a tree, for the picture (docs/playground-devtools.png).
  await page!.locator(`${pane} [data-entity="User"] summary`).first().click();
  await userRows(page!, 3);
  await page!.click(`${pane} [data-entity="User"] [data-pk="2"] > summary`);
  await page!.waitForSelector(`${pane} [data-entity="User"] [data-pk="2"] .fields button`);
  assert.match(await text(page!, `${pane} [data-entity="User"] [data-pk="2"] .fields`), /name: "Grace Hopper"/);
  await screenshot(page!, 'inspector');
});

test("a run replaces the previous run's panel, on the tab and with the search it had", async ({ page }) => {
  await openDemo(page!, 'count', 'solid');
  await page!.click('[data-tab="requests"]');
  await page!.fill('[data-signal-cache-devtools] input[type="search"]', 'users');
  await page!.evaluate(() => {
    const pg = (globalThis as any).playground;
    (globalThis as any).previousRun = [document.querySelector('[data-signal-cache-devtools]'), pg.controller];
  });
  const before = await runs(page!);
  await page!.click(byTestId('rerun'));
  await page!.waitForFunction((n) => Number(document.body.dataset.runs) > n, before);
  await settled(page!);
  const replaced = await page!.evaluate(() => {
    const [element, ctrl] = (globalThis as any).previousRun;
    const roots = document.querySelectorAll('[data-testid="inspector"] > [data-signal-cache-devtools]');
    return {
      roots: roots.length,
      inPage: document.querySelectorAll('[data-signal-cache-devtools]').length,
      previousGone: !element.isConnected,
      sameElement: roots[0] === element,
      sameController: (globalThis as any).playground.controller === ctrl,
    };
  });
  assert.equal(replaced, { roots: 1, inPage: 1, previousGone: true, sameElement: false, sameController: false });
  await page!.waitForFunction(
    () =>
      document
        .querySelector('[data-signal-cache-devtools]')!
        .shadowRoot!.querySelector('[data-tab="requests"]')
        ?.getAttribute('aria-selected') === 'true',
  );
  assert.is(await page!.inputValue('[data-signal-cache-devtools] input[type="search"]'), 'users');
  assert.match(await text(page!, byTestId('run-status')), /^ran at \d\d:\d\d:\d\d$/);
  await page!.fill('[data-signal-cache-devtools] input[type="search"]', '');
  await page!.click('[data-tab="cache"]');
});

test('the inspector shows rows, views and the request timeline', async ({ page }) => {
  await page!.click(byTestId('rerun'));
  await settled(page!);
  await page!.waitForSelector('[data-entity="User"][data-count="3"]', { state: 'attached' });
  // The table's rows, searchable.
  await page!.locator('[data-entity="User"] summary').first().click();
  await userRows(page!, 3);
  await page!.fill('[data-signal-cache-devtools] input[type="search"]', 'grace');
  await userRows(page!, 1);
  assert.match((await page!.locator('[data-entity="User"] [data-pk]').textContent()) ?? '', /Grace Hopper/);
  await page!.fill('[data-signal-cache-devtools] input[type="search"]', '');

  await page!.click(`${byTestId('user-row')}:nth-child(1) button`);
  await page!.waitForFunction(() =>
    /admins: 0/.test(document.querySelector('[data-testid="counts"]')?.textContent ?? ''),
  );
  await settled(page!);
  await page!.click('[data-tab="views"]');
  // The views by the names api.ts exports: the two counts (one with args); the All(User)
  // both read reaches the three users.
  await page!.waitForSelector('[data-view="All(User)"] [data-rows="3"]', { state: 'attached' });
  const counts = await page!
    .locator('[data-view="userCount"] summary')
    .evaluateAll((items) => items.map((s) => s.textContent));
  assert.is(counts.length, 2, counts.join('\n'));
  assert.ok(
    counts.some((c) => /\{"isAdmin":true\}/.test(c!)),
    counts.join('\n'),
  );

  await page!.click('[data-tab="requests"]');
  await page!.waitForSelector('[data-request="updateUser"] [data-status="ok"]', { state: 'attached' });
  const log = await page!
    .locator('[data-request]')
    .evaluateAll((rows) =>
      rows.map((row) =>
        [...row.children].slice(1).map((cell, i) => (i === 3 ? /^\d+$/.test(cell.textContent!) : cell.textContent)),
      ),
    );
  // endpoint (by its name in api.ts), args, status, a duration in ms, neither joined nor
  // optimistic; newest first.
  assert.equal(log, [
    ['updateUser', '[{"id":"1"},{"isAdmin":false}]', 'ok', true, ''],
    ['getUsers', '[]', 'ok', true, ''],
  ]);
  await page!.click('[data-tab="cache"]');
});

test('identical GETs in flight: one request is sent, the second call shows as joined', async ({ page }) => {
  await openDemo(page!, 'count', 'solid');
  const wires = await page!.evaluate(async () => {
    const pg = (globalThis as any).playground;
    const before = pg.wire.length;
    await Promise.all([pg.controller.fetch(pg.api.getUsers), pg.controller.fetch(pg.api.getUsers)]);
    return pg.wire.length - before;
  });
  assert.is(wires, 1, 'one request reached the mock API');
  await page!.click('[data-tab="requests"]');
  await page!.waitForSelector('[data-request="getUsers"] >> text=joined a request in flight', { state: 'attached' });
  await page!.click('[data-tab="cache"]');
});

test('an injected 500 shows in the demo as its own error state, and its Retry recovers (Errors and Retry demo)', async ({
  page,
}) => {
  for (const fw of ['solid', 'preact', 'vanilla']) {
    await openDemo(page!, 'errors-retry', fw);
    const users = () => page!.locator(`${byTestId('users')} li`).count();
    assert.is(await users(), 3, fw);

    // A failed first load: the demo's error state (an error boundary, or the vanilla catch).
    await failFirstLoad(page!, 'errors-retry', fw);
    await retry(page!);
    assert.is(await users(), 3, `${fw}: Retry loaded the list`);

    // A failed refetch is soft: the list stays, and the error shows beside it with its Retry.
    await page!.click(byTestId('fail-next'));
    await page!.click(byTestId('refresh'));
    await page!.waitForSelector(`${byTestId('preview')} [role="alert"]`);
    assert.is(await users(), 3, `${fw}: the cached list keeps showing`);
    assert.not.ok(await errorShown(page!));
    await retry(page!);
    assert.is(await users(), 3);

    // A 404 is hard: its boundary shows it; Retry asks again (and gets the 404 again).
    await page!.click(byTestId('missing'));
    await page!.waitForSelector(`${byTestId('preview')} [role="alert"] >> text=404`);
    assert.not.ok(await errorShown(page!));
  }
});

test('TypeScript loads in a worker after the first paint', async ({ page }) => {
  const [paint, checker, main] = await page!.evaluate(() => [
    performance.getEntriesByName('first-paint')[0]?.startTime,
    performance.getEntriesByType('resource').find((e) => e.name.endsWith('/checker.js'))?.startTime,
    performance.getEntriesByType('resource').find((e) => e.name.endsWith('/main.js'))?.startTime,
  ]);
  assert.ok(paint !== undefined && checker !== undefined && main !== undefined, `${paint} ${checker} ${main}`);
  assert.ok(checker! > paint!, `checker.js requested at ${checker} ms, after the first paint at ${paint} ms`);
  const mainJs = await (await fetch(new URL('main.js', page!.url()))).text();
  assert.not.match(mainJs, /createLanguageService/, "the page's own script holds no TypeScript");
});

test('a type error shows a diagnostic on its line within 3 s; mended, it goes', async ({ page }) => {
  await openDemo(page!, 'mutation-optimistic', 'solid');
  await showFile(page!, 'solid.tsx');
  // The checker warms up once (TypeScript's libraries); the demo's code checks clean.
  await page!.waitForFunction(
    () => {
      const checker = (globalThis as any).playground.typeChecker;
      return checker.lastMs !== undefined && checker.pending === 0;
    },
    null,
    { timeout: 60_000 },
  );
  assert.equal(await typeErrors(page!), []);
  const code: string = await page!.evaluate(() => (globalThis as any).playground.editor.text('solid.tsx'));
  const line = code.slice(0, code.indexOf('() => ({ id: props.id })')).split('\n').length;
  const start = Date.now();
  await replaceInEditor(page!, '() => ({ id: props.id })', '() => ({ idd: 42 })');
  await page!.waitForFunction(
    (line) =>
      (globalThis as any).playground
        .diagnostics()
        .some((d: { line: number; source: string }) => d.source === 'TypeScript' && d.line === line),
    line,
    { timeout: 3_000 },
  );
  const ms = Date.now() - start;
  console.log(
    `[report] playground: a type error underlined ${ms} ms after the edit (checker ${await page!.evaluate(() => Math.round((globalThis as any).playground.typeChecker.lastMs))} ms)`,
  );
  const shown = await typeErrors(page!);
  assert.match(shown[0]!.message, /idd/);
  assert.ok(await page!.isVisible('.cm-lintRange-error'), 'underlined in the editor');
  await replaceInEditor(page!, '() => ({ idd: 42 })', '() => ({ id: props.id })');
  await page!.waitForFunction(
    () => !(globalThis as any).playground.diagnostics().some((d: { source: string }) => d.source === 'TypeScript'),
  );
  await settled(page!);
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
