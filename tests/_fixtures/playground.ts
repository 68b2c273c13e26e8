/**
 * The playground end to end in headless Chromium (tests/playground/): builds and serves it
 * on a free port and opens one page per suite; helpers to drive it as a person would.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './browser.js';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

// Loaded at run time (not bundled by the test runner) so its paths stay those of playground/.
const servePath = join(process.cwd(), 'playground', 'serve.mjs');
export const artifacts = join(process.cwd(), 'test-artifacts', 'playground');

export interface State {
  server?: { url: string; close(): Promise<void> };
  browser?: Browser;
  page?: Page;
  errors: string[];
}

/**
 * A suite over one page of a freshly built and served playground (latency 50 ms), closed
 * after the suite's last test.
 */
export function playgroundSuite(name: string) {
  const test = suite<State>(name, { errors: [] });

  test.before(async (state) => {
    try {
      assert.ok(existsSync(servePath), `${servePath} exists (run from the repository root)`);
      mkdirSync(artifacts, { recursive: true });
      const { startPlayground } = await import(pathToFileURL(servePath).href);
      // Built once by tests/run.mjs for every playground test file, which run in parallel.
      const server = (state.server = await startPlayground({ port: 0, build: false }));
      state.browser = await launchBrowser();
      const page = (state.page = await state.browser.newPage({ viewport: { width: 1280, height: 800 } }));
      page.setDefaultTimeout(15_000);
      page.on('console', (m) => m.type() === 'error' && state.errors.push(`console: ${m.text()}`));
      page.on('pageerror', (e) => state.errors.push(`page error: ${e.message}`));
      // A request a navigation cut short (a reload while the type checker loads) is no error.
      page.on(
        'requestfailed',
        (r) => r.failure()?.errorText !== 'net::ERR_ABORTED' && state.errors.push(`request failed: ${r.url()}`),
      );
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

  return test;
}

export const byTestId = (id: string) => `[data-testid="${id}"]`;

/** Waits until the current run mounted, its requests settled and nothing says Loading. */
export async function settled(page: Page, timeout?: number): Promise<void> {
  await page.waitForFunction(
    () => {
      const pg = (globalThis as any).playground;
      const preview = document.querySelector('[data-testid="preview"]')!;
      return pg.settled() && !/Loading/.test(preview.textContent ?? '') && preview.childElementCount > 0;
    },
    null,
    { timeout },
  );
}

/** A screenshot once the inspector caught up (it redraws at most every 120 ms). */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(200);
  await page.screenshot({ path: join(artifacts, `${name}.png`) });
}

export async function openDemo(page: Page, id: string, framework?: string): Promise<void> {
  if ((await page.evaluate(() => (globalThis as any).playground.demo)) !== id)
    await page.selectOption(byTestId('demo-select'), id);
  if (framework) await page.click(`[data-fw="${framework}"]`);
  await settled(page);
}

/** Replaces the first `search` in the shown file through the editor (as typing would). */
export async function replaceInEditor(page: Page, search: string, replacement: string): Promise<void> {
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
export async function setLatency(page: Page, ms: number): Promise<void> {
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

export const runs = (page: Page) => page.evaluate(() => Number(document.body.dataset.runs));
export const text = (page: Page, selector: string) => page.textContent(selector).then((t) => t?.trim() ?? '');
export const errorShown = (page: Page) => page.isVisible(byTestId('error'));

export async function showFile(page: Page, file: string): Promise<void> {
  await page.click(`${byTestId('file-tabs')} [data-file="${file}"]`);
}

export const inPreview = (page: Page, pattern: RegExp) =>
  page.waitForFunction(
    (source) => new RegExp(source).test(document.querySelector('[data-testid="preview"]')!.textContent ?? ''),
    pattern.source,
  );
/** The bodies the current run's requests sent to the mock API. */
export const sent = (page: Page) =>
  page.evaluate(() =>
    (globalThis as any).playground.wire.map((w: any) => w.body).filter((b: unknown) => b !== undefined),
  );

/**
 * Makes the next mock request fail, then opens the demo (or runs it again): its first
 * request fails. Waits for the demo's own error state, and checks it is not shown as an
 * error of the code.
 */
export async function failFirstLoad(page: Page, demo: string, framework: string): Promise<void> {
  // A new demo in another framework: the demo first, unarmed, until its requests settled;
  // then the failure is armed and the framework switched.
  const fwButton = `[data-fw="${framework}"]`;
  if (
    (await page.evaluate(() => (globalThis as any).playground.demo)) !== demo &&
    (await page.getAttribute(fwButton, 'aria-pressed')) !== 'true'
  ) {
    await page.selectOption(byTestId('demo-select'), demo);
    await settled(page, 60_000);
  }
  // Armed and opened in one task of the page: between two steps of the test, the demo still
  // running (a poll of the polling demo) would take the failure first.
  const armed = await page.evaluate(
    ([demo, fwButton]) => {
      const $ = (selector: string) => document.querySelector<HTMLElement>(selector)!;
      const current = (globalThis as any).playground.demo;
      $('[data-testid="fail-next"]').click();
      const label = $('[data-testid="fail-next"]').textContent;
      if (current !== demo) {
        const select = $('[data-testid="demo-select"]') as HTMLSelectElement;
        select.value = demo!;
        select.dispatchEvent(new Event('change'));
      } else if ($(fwButton!).getAttribute('aria-pressed') !== 'true') $(fwButton!).click();
      else $('[data-testid="rerun"]').click();
      return label;
    },
    [demo, fwButton],
  );
  assert.is(armed, 'Fail next request (1)');
  // A demo without a request at start (a download) fails on its first action.
  await page.waitForFunction(
    () =>
      document.querySelector('[data-testid="fail-next"]')!.textContent === 'Fail next request' ||
      (globalThis as any).playground.settled(),
  );
  if ((await text(page, byTestId('fail-next'))) !== 'Fail next request') await firstActions[demo]?.(page);
  await page.waitForSelector(`${byTestId('preview')} [role="alert"]`);
  assert.is(await text(page, byTestId('fail-next')), 'Fail next request', 'the failure was used up');
  assert.not.ok(await errorShown(page), `${demo}: the failure is not shown as an error of the code`);
  assert.match(await text(page, `${byTestId('preview')} [role="alert"]`), /failed with 500/);
}

/** Clicks the Retry of the demo's error state; waits until the error is gone and the run settled. */
export async function retry(page: Page): Promise<void> {
  // Clicked in the page: a Retry of the performance demos loads 100,000 rows, which keeps the
  // page busy longer than a click's own wait on a loaded machine.
  await page.$eval(`${byTestId('preview')} [role="alert"] button`, (button: HTMLButtonElement) => button.click());
  // The performance demos load 10,000 and 100,000 rows: slow on a loaded machine.
  await page.waitForFunction(() => !document.querySelector('[data-testid="preview"] [role="alert"]'), null, {
    timeout: 60_000,
  });
  await settled(page, 60_000);
  assert.not.ok(await errorShown(page));
}

/** What starts the first request of a demo that sends none when it loads. */
const firstActions: Record<string, (page: Page) => Promise<void>> = {
  'transform-download': (page) => page.click(byTestId('download')),
};

/** The type checker's diagnostics of the shown file (source 'TypeScript'), with their lines. */
export const typeErrors = (page: Page) =>
  page.evaluate(() =>
    ((globalThis as any).playground.diagnostics() as Array<{ line: number; message: string; source: string }>).filter(
      (d) => d.source === 'TypeScript',
    ),
  );
