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

/**
 * A Vite plugin of the tests: a Preact app (its `main.tsx`) counts the renders of its row
 * components in `window.rowRenders`, through Preact's render hook (`options.__r`, the one
 * @preact/signals uses): a render of a function component given an `issue` prop, the
 * `memo` wrapper (a class component) left out. The app's own code is unchanged.
 */
const countRowRenders = {
  name: 'count-row-renders',
  transform(code: string, id: string) {
    if (!/[\\/]preact[\\/](src[\\/])?main\.tsx$/.test(id)) return undefined;
    // Plain JavaScript: it may be added after TypeScript was compiled away.
    return `import { options as countedOptions } from 'preact';
window.rowRenders = 0;
const previousRender = countedOptions.__r;
countedOptions.__r = (vnode) => {
  const type = vnode.type;
  if (typeof type === 'function' && 'issue' in vnode.props && !type.prototype?.isReactComponent) window.rowRenders++;
  previousRender?.(vnode);
};
${code}`;
  },
};

/** Builds each app of examples/ (a folder with a Vite config) into `<out>/<app>`. */
export async function buildApps(out: string, apps: readonly string[]): Promise<void> {
  const { build } = await import('vite');
  for (const name of apps) {
    await build({
      root: join(root, 'examples', name),
      logLevel: 'error',
      plugins: [countRowRenders],
      build: { outDir: join(out, name), emptyOutDir: true },
    });
  }
}

/** How many times the row components of a Preact app rendered so far (see `countRowRenders`). */
export const rowRenders = (page: Page) => page.evaluate(() => (window as unknown as { rowRenders: number }).rowRenders);

/** Marks each `#issues li` element, so that {@link keptRows} can tell the ones created since. */
export const markRows = (page: Page) =>
  page.$$eval('#issues li', (items) => items.forEach((li) => ((li as HTMLElement).dataset.kept = '')));

/** How many `#issues li` elements are those {@link markRows} marked, and how many there are. */
export const keptRows = (page: Page) =>
  page.$$eval('#issues li', (items) => [
    items.filter((li) => (li as HTMLElement).dataset.kept === '').length,
    items.length,
  ]);

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
