// Builds the playground page: bundles playground/src/main.ts for the browser (from the
// library's sources, so the library's dist/ is not needed) and copies index.html,
// into playground/dist/.
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const here = import.meta.dirname;
export const distDir = join(here, 'dist');

/** Builds playground/dist/ (index.html, main.js, main.js.map). */
export async function buildPlayground() {
  rmSync(distDir, { recursive: true, force: true });
  mkdirSync(distDir, { recursive: true });
  await build({
    entryPoints: [join(here, 'src', 'main.ts')],
    outfile: join(distDir, 'main.js'),
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    minify: false,
    sourcemap: true,
    logLevel: 'warning',
  });
  copyFileSync(join(here, 'index.html'), join(distDir, 'index.html'));
}

if (process.argv[1] === import.meta.filename) await buildPlayground();
