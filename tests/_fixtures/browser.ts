/**
 * Headless Chromium for the browser tests, with no system browser required (see
 * ./browser-options.mjs for which binary and which flags).
 */
import { chromium, type Browser } from 'playwright-core';
import { browserLaunchOptions } from './browser-options.mjs';

/** Launches headless Chromium. */
export async function launchBrowser(): Promise<Browser> {
  const { source: _source, ...options } = await browserLaunchOptions();
  return chromium.launch(options);
}
