// Builds dist/ (ESM per entry, shared chunks, .d.ts through tsc) and the playground.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';

const peers = ['@preact/signals-core', 'solid-js', 'solid-js/*', 'preact', 'preact/*', '@preact/signals'];
rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: { index: 'src/index.ts', 'solid/index': 'src/solid/index.ts', 'preact/index': 'src/preact/index.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  target: 'es2022',
  platform: 'neutral',
  external: peers,
  logLevel: 'warning',
});
execFileSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
