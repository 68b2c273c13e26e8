// Builds dist/ (one ESM module per source file, .d.ts through tsc), checks the size
// budget, and builds the playground.
//
//   node build.mjs            everything
//   node build.mjs --no-types skip the .d.ts step and the playground (faster, for benches)
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

export const peers = ['@preact/signals-core', 'solid-js', 'solid-js/*', 'preact', 'preact/*', '@preact/signals'];
export const entries = {
  index: 'src/index.ts',
  'solid/index': 'src/solid/index.ts',
  'preact/index': 'src/preact/index.ts',
  'live/index': 'src/live/index.ts',
  'persist/index': 'src/persist/index.ts',
  'tabs/index': 'src/tabs/index.ts',
  'ssr/index': 'src/ssr/index.ts',
  'devtools/index': 'src/devtools/index.ts',
};

/** Internal property names and their short forms in dist (tools/mangle.json). */
export const mangled = JSON.parse(readFileSync(new URL('./tools/mangle.json', import.meta.url), 'utf8')).names;

rmSync('dist', { recursive: true, force: true });
// One module per source file, imports kept: an app's bundler then drops every module and
// export the app does not reach (`sideEffects: false`). A bundled chunk would not shake:
// its namespace objects and class static blocks are top-level statements.
await build({
  entryPoints: sourceFiles('src'),
  outdir: 'dist',
  outbase: 'src',
  bundle: false,
  format: 'esm',
  target: 'es2022',
  platform: 'neutral',
  // Internal `_names` listed in tools/mangle.json ship short (the same in every build).
  mangleProps: new RegExp(`^(${Object.keys(mangled).join('|')})$`),
  mangleCache: { ...mangled },
  logLevel: 'warning',
});
const noTypes = process.argv.includes('--no-types');
if (!noTypes) {
  execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], {
    stdio: 'inherit',
  });
}
if (existsSync('tools/size.mjs')) await (await import('./tools/size.mjs')).checkSize({ entries, peers });
// The playground type-checks against the .d.ts: not built without them (benches need only dist).
if (!noTypes && existsSync('playground/build.mjs')) await (await import('./playground/build.mjs')).buildPlayground();

/** Every .ts / .tsx file under `dir` (declaration files left out). */
function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}
