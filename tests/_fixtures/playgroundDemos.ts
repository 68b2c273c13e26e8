/**
 * The playground's demos in headless Chromium (tests/playground/demos.*.test.ts): what each
 * shows once loaded and one interaction that must work, and the test that runs them all.
 */
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import {
  byTestId,
  errorShown,
  failFirstLoad,
  inPreview,
  type playgroundSuite,
  retry,
  screenshot,
  sent,
  setLatency,
  settled,
  text,
} from './playground.js';

/** What each demo shows once loaded, and one interaction that must work. */
export const checks: Record<string, (page: Page) => Promise<void>> = {
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
      () => (globalThis as any).playground.wire.filter((w: any) => w.status === 200).length === 2,
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
    await setLatency(page, 2000); // long enough to see the layer before the answer, even on a loaded machine
    const row = `${byTestId('user-row')}:nth-child(2)`;
    assert.is(await text(page, `${row} ${byTestId('renders')}`), 'rendered 1×');
    await page.click(`${row} ${byTestId('fail')}`);
    assert.is(await text(page, `${row} ${byTestId('name')}`), 'Ada King', 'shown at once');
    await page.click('[data-tab="layers"]');
    await page.waitForSelector('[data-layer] >> text=shown');
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="user-row"]:nth-child(2) [data-testid="name"]')!.textContent ===
        'Grace Hopper',
    );
    await page.waitForSelector('[data-layer] >> text=rolled back (500)');
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
    // Each row component's view is a row: it reaches that row.
    await page.click('[data-tab="views"]');
    await page.waitForSelector('[data-view="User"] [data-rows]', { state: 'attached' });
    const reached = await page
      .locator('[data-view="User"] [data-rows]')
      .evaluateAll((pills) => pills.map((pill) => pill.getAttribute('data-rows')));
    assert.ok(reached.length >= 3, `${reached.length} row views`);
    assert.equal([...new Set(reached)], ['1'], 'each reaches one row');
    await page.click('[data-tab="cache"]');
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
    // Edit on the server (post 1 renamed, post 2 deleted) invalidates the feed: every loaded
    // page is fetched again, in order, and the list keeps its pages.
    await settled(page);
    const loaded = (await page.locator(byTestId('post')).count()) / 10;
    const requests = await page.evaluate(() => {
      const g = globalThis as any;
      const seen: string[] = (g.feedRequests = []);
      const inner = g.fetch;
      g.feedFetch = inner;
      g.fetch = (input: any, init?: RequestInit) => {
        seen.push(`${init?.method ?? 'GET'} ${new URL(String(input?.url ?? input)).search}`);
        return inner(input, init);
      };
      return seen;
    });
    assert.equal(requests, []);
    try {
      await page.click(byTestId('edit'));
      await page.waitForFunction(() =>
        /renamed/.test(document.querySelector('[data-testid="post"]')?.textContent ?? ''),
      );
      await settled(page);
      assert.equal(
        await page.evaluate(() => (globalThis as any).feedRequests),
        ['POST ', 'GET ', ...Array.from({ length: loaded - 1 }, (_, i) => `GET ?cursor=${(i + 1) * 10}`)],
        'every loaded page fetched again, in order',
      );
    } finally {
      await page.evaluate(() => {
        const g = globalThis as any;
        g.fetch = g.feedFetch;
      });
    }
    // The pages are offsets: post 2 gone, each page holds the ten posts from its offset.
    const titles = (await page.locator(byTestId('post')).allTextContents()).map((t) => t.replace(/rendered.*/, ''));
    assert.equal(titles.slice(0, 3), ['Post 1, renamed on the server', 'Post 3', 'Post 4']);
    assert.is(titles.length, loaded * 10);
    assert.is(titles.at(-1), `Post ${loaded * 10 + 1}`);
    assert.match(await text(page, byTestId('pages')), new RegExp(`^${loaded} pages`));
    const counts = await page.locator(`${byTestId('post')} .muted`).allTextContents();
    assert.equal([...new Set(counts.slice(1))], ['rendered 1×'], 'one write: no row but post 1 rendered again');
  },
  'transform-rename': async (page) => {
    await page.click(byTestId('create'));
    await inPreview(page, /#3 alan/);
    assert.equal(await sent(page), [{ screen_name: 'alan' }]);
  },
};

// Every demo's Solid view by default; PLAYGROUND_FRAMEWORKS=solid,preact,vanilla runs the
// demo loop (load, screenshot, interaction) in each.
export const loopFrameworks = (process.env.PLAYGROUND_FRAMEWORKS ?? 'solid').split(',');

/**
 * The test of every demo `which` selects: it loads, shows a server failure in its own error
 * state, recovers with its Retry, and works (a screenshot each).
 */
export function everyDemo(test: ReturnType<typeof playgroundSuite>, which: (id: string) => boolean): void {
  test('each demo loads, shows a server failure in its own error state, recovers, and works (screenshot of each)', async ({
    page,
    errors,
  }) => {
    const ids: string[] = (await page!.evaluate(() => (globalThis as any).playground.demos)).filter(which);
    assert.ok(ids.length >= 2, `${ids.length} demos`);
    for (const fw of loopFrameworks)
      for (const id of ids) {
        const name = fw === 'solid' ? id : `${id}-${fw}`;
        // The demo's first request fails: its own error state shows, and its Retry loads it.
        await failFirstLoad(page!, id, fw).catch((error: Error) => {
          throw new Error(`${name}, injected 500: ${error.message}`);
        });
        await retry(page!);
        assert.not.ok(await errorShown(page!), `${id}: ${await text(page!, byTestId('error'))}`);
        assert.equal(errors, [], `${id}: no console error`);
        await screenshot(page!, name);
        await checks[id]?.(page!).catch((error: Error) => {
          throw new Error(`${name}: ${error.message}`);
        });
        assert.not.ok(await errorShown(page!), `${id}: ${await text(page!, byTestId('error'))}`);
        assert.equal(errors, [], `${id}: no console error`);
      }
  });
}
