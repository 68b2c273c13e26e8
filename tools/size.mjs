/**
 * Size budget: each package entry bundled and minified with esbuild, gzipped (zlib level
 * 9), printed, and checked against its ceiling in tools/size-budget.json. build.mjs calls
 * `checkSize({ entries, peers })` after building dist; an entry above its ceiling fails
 * the build. Ceilings only go down.
 *
 * What is counted:
 * - the typical import of an app ({@link TYPICAL_IMPORT}) from the built `dist/`, with
 *   `@preact/signals-core`: what tree-shaking leaves (needs `dist/`: run the build first);
 * - the vanilla entry (`dist/index.js`) with `@preact/signals-core`, its one runtime
 *   dependency, bundled in: what an app ships for it;
 * - each binding (`dist/solid`, `dist/preact`, `dist/live`) alone: the peers,
 *   `@preact/signals-core` and the core (any import resolving outside the binding's
 *   folder) are external, since the app already ships them. The state codec
 *   (`dist/state`) counts in `ssr` (it lived there until it was shared with persist and
 *   tabs, which count it as outside, as they did then).
 * Every entry is measured from the built `dist/` (run the build first), as shipped.
 * Dev-only checks are dropped (`process.env.NODE_ENV` is "production"), as in the app's
 * production bundle.
 *
 *   node tools/size.mjs          print the table and check the budget
 *   node tools/size.mjs --why    also list the bytes each module contributes (metafile)
 */
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const budgetFile = join(root, 'tools', 'size-budget.json');

/** The runtime dependency measured into the vanilla entry. */
const RUNTIME = '@preact/signals-core';

/**
 * The typical import of an app, bundled from the built `dist/` as the app receives it
 * (with `@preact/signals-core`): what tree-shaking leaves of the vanilla entry.
 */
export const TYPICAL_IMPORT = ['Controller', 'Entity', 'RestEndpoint', 'Query', 'All', 'Collection', 'effect'];

/**
 * Bundles one entry (a file, or source text resolved from `resolveDir`), minified, and
 * returns its minified and gzipped sizes with the esbuild metafile.
 * @param {{ entry?: string, contents?: string, resolveDir?: string, external?: string[],
 *           plugins?: import('esbuild').Plugin[], platform?: 'neutral' | 'browser' }} options
 */
export async function bundleSize({
  entry,
  contents,
  resolveDir = root,
  external = [],
  plugins = [],
  platform = 'browser',
}) {
  const result = await build({
    ...(contents === undefined
      ? { entryPoints: [entry] }
      : { stdin: { contents, resolveDir, loader: 'js', sourcefile: 'entry.js' } }),
    absWorkingDir: root,
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2022',
    platform,
    mainFields: ['module', 'main'],
    conditions: ['module', 'import', 'default'],
    define: { 'process.env.NODE_ENV': '"production"' },
    external,
    plugins,
    write: false,
    metafile: true,
    legalComments: 'none',
    logLevel: 'error',
  });
  const code = result.outputFiles[0].contents;
  return { minified: code.length, gzip: gzipSync(code, { level: 9 }).length, metafile: result.metafile };
}

/** Folders of dist outside an entry's own that count in it (see the module comment). */
const ALSO = { 'ssr/index': ['dist/state'] };

/** Marks every import that resolves outside `dirs` (and every bare specifier) external. */
function onlyInside(...dirs) {
  const inside = dirs.map((d) => resolve(root, d) + sep);
  return {
    name: 'only-inside',
    setup(b) {
      b.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        const bare = !args.path.startsWith('.') && !isAbsolute(args.path);
        if (bare) return { path: args.path, external: true };
        const target = resolve(args.resolveDir, args.path);
        if (!inside.some((d) => target.startsWith(d))) return { path: args.path, external: true };
        return undefined;
      });
    },
  };
}

/**
 * Measures every package entry the way the budget counts it, and the typical import
 * (named `typical`, first).
 * @param {{ entries: Record<string, string>, peers: string[] }} options
 * @returns {Promise<{ name: string, minified: number, gzip: number, metafile: object, counts: string }[]>}
 */
export async function measureEntries({ entries, peers }) {
  const external = peers.filter((p) => p !== RUNTIME);
  const typical = await bundleSize({
    contents: `export { ${TYPICAL_IMPORT.join(', ')} } from './dist/index.js';`,
    external,
  });
  const out = [
    {
      name: 'typical',
      file: 'dist/index.js',
      ...typical,
      counts: `{ ${TYPICAL_IMPORT.join(', ')} } from dist, with ${RUNTIME}`,
    },
  ];
  for (const [name, source] of Object.entries(entries)) {
    // Measured as shipped: the built module of the entry.
    const file = source.replace(/^src\//, 'dist/').replace(/\.tsx?$/, '.js');
    const isVanilla = name === 'index';
    const result = isVanilla
      ? await bundleSize({ entry: file, external })
      : await bundleSize({ entry: file, plugins: [onlyInside(dirname(file), ...(ALSO[name] ?? []))] });
    out.push({ name, file, ...result, counts: isVanilla ? `with ${RUNTIME}` : 'core and peers external' });
  }
  return out;
}

/** Bytes each input module contributes to the (minified, not gzipped) output. */
export function breakdown(metafile) {
  const output = Object.values(metafile.outputs)[0];
  return Object.entries(output.inputs)
    .map(([path, { bytesInOutput }]) => ({ path: shorten(path), bytes: bytesInOutput }))
    .filter((i) => i.bytes > 0)
    .sort((a, b) => b.bytes - a.bytes);
}

function shorten(path) {
  const rel = relative(root, resolve(root, path));
  return rel.replace(/^node_modules[\\/]/, '');
}

export function readBudget() {
  return JSON.parse(readFileSync(budgetFile, 'utf8'));
}

const kib = (n) => `${(n / 1024).toFixed(2)} KiB`;

/**
 * Builds the table, prints it, and throws when an entry exceeds its ceiling (or has
 * none). Called by build.mjs.
 * @param {{ entries: Record<string, string>, peers: string[], why?: boolean }} options
 */
export async function checkSize({ entries, peers, why = false }) {
  const budget = readBudget();
  const measured = await measureEntries({ entries, peers });
  const failures = [];
  const lines = ['size (min+gzip)  entry            ceiling     counts'];
  for (const m of measured) {
    const ceiling = budget[m.name]?.gzip;
    const ok = typeof ceiling === 'number' && m.gzip <= ceiling;
    if (!ok)
      failures.push(
        ceiling === undefined
          ? `${m.name}: no ceiling in tools/size-budget.json`
          : `${m.name}: ${m.gzip} B > ${ceiling} B`,
      );
    lines.push(
      `${`${m.gzip} B`.padStart(8)} ${kib(m.gzip).padStart(10)}  ${m.name.padEnd(15)} ${(ceiling === undefined ? '—' : `${ceiling} B`).padStart(8)} ${ok ? '   ' : ' ✗ '} ${m.counts}, ${m.minified} B minified`,
    );
    if (why)
      for (const i of breakdown(m.metafile)) lines.push(`${' '.repeat(20)}${String(i.bytes).padStart(7)} B  ${i.path}`);
  }
  console.log(lines.join('\n'));
  if (failures.length > 0) {
    throw new Error(`size budget exceeded (tools/size-budget.json):\n  ${failures.join('\n  ')}`);
  }
  return measured;
}

// CLI: node tools/size.mjs [--why]
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { entries, peers } = await packageEntries();
  try {
    await checkSize({ entries, peers, why: process.argv.includes('--why') });
  } catch (error) {
    console.error(error.message);
    process.exitCode = 1;
  }
}

/**
 * The entries and peers build.mjs declares, read from its source (importing build.mjs
 * would run the build).
 */
export async function packageEntries() {
  const source = readFileSync(join(root, 'build.mjs'), 'utf8');
  const grab = (name) => {
    const match = source.match(new RegExp(`export const ${name} = ([^;]+);`));
    if (!match) throw new Error(`tools/size.mjs: cannot find "export const ${name}" in build.mjs`);
    // A literal of our own build file: evaluate it as an expression.
    return new Function(`return (${match[1]});`)();
  };
  return { entries: grab('entries'), peers: grab('peers') };
}
