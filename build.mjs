// Builds dist/ (ESM per entry, shared chunks, .d.ts through tsc), checks the size
// budget, and builds the playground.
//
//   node build.mjs            everything
//   node build.mjs --no-types skip the .d.ts step (faster, for benches)
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';

export const peers = ['@preact/signals-core', 'solid-js', 'solid-js/*', 'preact', 'preact/*', '@preact/signals'];
export const entries = { index: 'src/index.ts', 'solid/index': 'src/solid/index.ts', 'preact/index': 'src/preact/index.ts', 'live/index': 'src/live/index.ts' };

rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: entries,
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  target: 'es2022',
  platform: 'neutral',
  external: peers,
  logLevel: 'warning',
});
if (!process.argv.includes('--no-types')) {
  execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
}
if (existsSync('tools/size.mjs')) await (await import('./tools/size.mjs')).checkSize({ entries, peers });
if (existsSync('playground/build.mjs')) await (await import('./playground/build.mjs')).buildPlayground();
