/**
 * Which Chromium the browser tests launch, and with which flags (plain JavaScript, so the
 * test runner can call it before any test is built).
 *
 * `CHROME_PATH` when set, else `/usr/bin/chromium` when present, else the Chromium that
 * `@sparticuz/chromium` (a dev dependency) carries inside its npm package, unpacked on
 * first use. `npm install && npm test` is therefore all the set-up there is.
 *
 * Flags: headless, no sandbox (CI runs as root), no background networking (the machines
 * have no route to Google's hosts; Chromium would retry those connections).
 */
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

/** @returns {Promise<{ executablePath: string, args: string[], source: string }>} */
export async function browserLaunchOptions() {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) return { executablePath: fromEnv, args: COMMON, source: `CHROME_PATH=${fromEnv}` };
  if (existsSync('/usr/bin/chromium'))
    return { executablePath: '/usr/bin/chromium', args: COMMON, source: '/usr/bin/chromium' };
  const { default: packaged } = await import('@sparticuz/chromium');
  const executablePath = await packaged.executablePath();
  // Its own flags minus --single-process (pages of one context must not share a renderer)
  // and the web-security switch (tests must see what a user's browser enforces).
  const own = packaged.args.filter((a) => !/^--(single-process|disable-web-security|headless)/.test(a));
  return { executablePath, args: [...new Set([...own, ...COMMON])], source: '@sparticuz/chromium' };
}
