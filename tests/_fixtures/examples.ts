/**
 * The example apps as an app developer gets them (tests/examples/): signal-cache packed with
 * `npm pack` and unpacked into a node_modules folder the apps resolve it from, each app
 * built with Vite and type-checked strict against the packed declarations, then served with
 * its API (examples/server.mjs) for headless Chromium.
 */
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = process.cwd();

/** A running examples/server.mjs. */
export interface Served {
  url: string;
  /** Requests answered, by "METHOD path". */
  requests: Map<string, number>;
  close(): Promise<void>;
}

/** Packs the package and unpacks it into `<nodeModules>/signal-cache`, where apps below it resolve it. */
export function installPackedPackage(out: string, nodeModules: string): void {
  mkdirSync(out, { recursive: true });
  const tarball = execFileSync('npm', ['pack', '--silent', '--pack-destination', out], { cwd: root, encoding: 'utf8' })
    .trim()
    .split('\n')
    .pop()!;
  const target = join(nodeModules, 'signal-cache');
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  execFileSync('tar', ['-xzf', join(out, tarball), '-C', target, '--strip-components=1']);
}

/** Builds each app of examples/ (a folder with a Vite config) into `<out>/<app>`. */
export async function buildApps(out: string, apps: readonly string[]): Promise<void> {
  const { build } = await import('vite');
  for (const name of apps) {
    await build({
      root: join(root, 'examples', name),
      logLevel: 'error',
      build: { outDir: join(out, name), emptyOutDir: true },
    });
  }
}

/** Type-checks an app of examples/ with its tsconfig (strict); fails the test with tsc's output. */
export function typeCheckApp(name: string): void {
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  try {
    execFileSync(process.execPath, [tsc, '-p', join(root, 'examples', name, 'tsconfig.json')], { encoding: 'utf8' });
  } catch (error) {
    assert.unreachable(`tsc -p examples/${name}:\n${(error as { stdout?: string }).stdout}`);
  }
}

/** examples/server.mjs, loaded at run time (not bundled by the test runner), as `node examples/server.mjs` runs it. */
export async function exampleServer(): Promise<(options: { root: string }) => Promise<Served>> {
  return (await import(pathToFileURL(join(root, 'examples', 'server.mjs')).href)).startExampleServer;
}

/** The text of each `#issues li`, whitespace collapsed. */
export const rows = (page: Page) =>
  page.$$eval('#issues li', (items) => items.map((li) => li.textContent!.replace(/\s+/g, ' ').trim()));

/** Waits until `test()` holds (10 s at most), naming `what` and the rows shown when it does not. */
export async function until(page: Page, what: string, test: () => Promise<boolean>): Promise<void> {
  const end = Date.now() + 10_000;
  while (!(await test())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}; rows: ${JSON.stringify(await rows(page))}`);
    await page.waitForTimeout(20);
  }
}
