/**
 * The playground's 10,000-row demo in headless Chromium: one change renders exactly one row
 * component (one row effect in vanilla), in Solid, Preact and vanilla.
 */
import * as assert from 'uvu/assert';
import { byTestId, openDemo, playgroundSuite, screenshot } from '../_fixtures/playground.js';

const test = playgroundSuite('playground: 10,000 rows');

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
      const calls = await page!.evaluate(() => (globalThis as any).playground.wire.length);
      await page!.click(byTestId('change-one'));
      await page!.waitForFunction(
        ([n, previous]) =>
          (globalThis as any).playground.wire.length > n &&
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

test('no console errors', ({ errors }) => {
  assert.equal(errors, []);
});

test.run();
