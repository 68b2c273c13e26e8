/**
 * Headless Chromium for the browser tests, with no system browser required.
 *
 * Which binary: `CHROME_PATH` when set, else `/usr/bin/chromium` when present, else the
 * Chromium that `@sparticuz/chromium` (a dev dependency) carries inside its npm package,
 * unpacked on first use. `npm install && npm test` is therefore all the set-up there is.
 *
 * Flags: headless, no sandbox (CI runs as root), and no background networking (the
 * machines have no route to Google's hosts; Chromium would retry those connections).
 */
import { chromium, type Browser, type LaunchOptions } from 'playwright-core';
import { existsSync } from 'node:fs';

const COMMON = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** Where the browser comes from and the flags it needs. */
export async function browserLaunchOptions(): Promise<LaunchOptions & { source: string }> {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) return { executablePath: fromEnv, args: COMMON, source: `CHROME_PATH=${fromEnv}` };
  if (existsSync('/usr/bin/chromium')) return { executablePath: '/usr/bin/chromium', args: COMMON, source: '/usr/bin/chromium' };
  const { default: packaged } = await import('@sparticuz/chromium');
  const executablePath = await packaged.executablePath();
  // Its own flags minus --single-process (pages of one context must not share a renderer
  // crash) and the web-security switch (tests must see what a user's browser enforces).
  const own = packaged.args.filter((a: string) => !/^--(single-process|disable-web-security|headless)/.test(a));
  return { executablePath, args: [...new Set([...own, ...COMMON])], source: '@sparticuz/chromium' };
}

/** Launches headless Chromium (see the file header for which one). */
export async function launchBrowser(): Promise<Browser> {
  const { source: _source, ...options } = await browserLaunchOptions();
  return chromium.launch(options);
}
