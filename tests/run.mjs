// Builds every tests/**/*.test.ts(x) with esbuild and runs each file in its own Node
// process (uvu), two at a time. Prints a closing line "N passed, N failed".
//
//   node tests/run.mjs              all tests
//   node tests/run.mjs store/       only files whose path contains "store/"
//   node tests/run.mjs store/,spec/ files whose path contains any of them
//   TEST_DIST=1 node tests/run.mjs  tests import the built dist/ instead of src/
//   TEST_BAIL=1 node tests/run.mjs  stop starting files after the first failure (tools/mutate.mjs)
//   COVERAGE=0 node tests/run.mjs   skip the coverage table (printed for full runs over src/);
//                                   COVERAGE=files lists the lines and branches missed per file
import { build } from 'esbuild';
import { solidPlugin } from 'esbuild-plugin-solid';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';

const root = resolve(import.meta.dirname, '..');
// One folder per run, so runs in parallel (several terminals) do not clash.
const outdir = join(root, '.test-build', `run-${process.pid}`);
const filter = process.argv[2] ?? '';
const useDist = process.env.TEST_DIST === '1';
// Line and branch coverage per src folder, from V8's coverage of the per-file builds
// (inline source maps lead back to src/). Only for full runs over src/.
const coverageDir = !useDist && !filter && process.env.COVERAGE !== '0' ? join(outdir, 'coverage') : undefined;

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : /\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

const filters = filter.split(',');
const files = walk(join(root, 'tests'))
  .filter((f) => filters.some((part) => relative(root, f).includes(part)))
  .sort();
rmSync(outdir, { recursive: true, force: true });

// Tests of the shipped build compare dist/ with src/: build first when dist/ is stale.
if (useDist || files.some((f) => /[\\/](dist|devOnly|mangle|shake|checker(\.writes)?)\.test\.ts$/.test(f))) {
  const { staleInputs } = await import('./_fixtures/dist.mjs');
  const stale = staleInputs(root);
  if (stale.length) {
    console.log(`dist/ is older than ${stale.slice(0, 3).join(', ')}${stale.length > 3 ? ', …' : ''}: building`);
    execFileSync(process.execPath, ['build.mjs'], { cwd: root, stdio: 'inherit' });
  }
}

// Under TEST_DIST=1, imports of src entries resolve to the built, minified dist files.
const distAlias = {
  name: 'dist-alias',
  setup(b) {
    b.onResolve(
      {
        filter:
          /src\/(index|solid\/index|preact\/index|live\/index|persist\/index|tabs\/index|ssr\/index|devtools\/index)\.js$/,
      },
      (args) => {
        const entry = resolve(args.resolveDir, args.path).replace(join(root, 'src'), join(root, 'dist'));
        return { path: entry, external: true };
      },
    );
  },
};

// src/ is built file by file (one module per source file, as shipped unbundled), and test
// bundles import it from there: every test process then loads the same src modules, whole
// (no tree shaking), which is what makes the coverage per file exact.
const srcDir = join(root, 'src');
const srcExternal = {
  name: 'src-external',
  setup(b) {
    b.onResolve({ filter: /\/src\/.*\.js$/ }, (args) => {
      const path = resolve(args.resolveDir, args.path);
      if (!path.startsWith(srcDir + '/') || args.kind === 'entry-point') return undefined;
      return { path: join(outdir, relative(root, path)), external: true };
    });
  },
};

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  outdir,
  outbase: root,
  sourcemap: 'inline',
  logLevel: 'error',
  plugins: useDist ? [distAlias, srcExternal] : [srcExternal],
};
await build({
  entryPoints: walkSrc(srcDir),
  outdir: join(outdir, 'src'),
  outbase: srcDir,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'inline',
  logLevel: 'error',
});
const solidFiles = files.filter((f) => f.includes('/tests/solid/') && f.endsWith('.tsx'));
const otherFiles = files.filter((f) => !solidFiles.includes(f));
if (otherFiles.length) {
  await build({ ...common, entryPoints: otherFiles, jsx: 'automatic', jsxImportSource: 'preact' });
}
if (solidFiles.length) {
  await build({ ...common, entryPoints: solidFiles, plugins: [...common.plugins, solidPlugin()] });
}

function walkSrc(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? walkSrc(full) : /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
/** Tests under tests/peer/ (data-client's own, ported): see tests/peer/README.md. */
const peerTests = { files: 0, ported: 0, pass: 0, differences: 0 };

function runOne(file) {
  const out = join(outdir, relative(root, file)).replace(/\.tsx?$/, '.js');
  return new Promise((done) => {
    const child = spawn(process.execPath, ['--conditions=browser', '--expose-gc', '--enable-source-maps', out], {
      cwd: root,
      env: { ...process.env, FORCE_COLOR: '0', ...(coverageDir && { NODE_V8_COVERAGE: coverageDir }) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let text = '';
    child.stdout.on('data', (d) => (text += d));
    child.stderr.on('data', (d) => (text += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), Number(process.env.TEST_TIMEOUT_MS ?? 120_000));
    child.on('close', (code) => {
      clearTimeout(timer);
      const total = Number(/Total:\s+(\d+)/.exec(text)?.[1] ?? 0);
      const ok = Number(/Passed:\s+(\d+)/.exec(text)?.[1] ?? 0);
      const skip = Number(/Skipped:\s+(\d+)/.exec(text)?.[1] ?? 0);
      passed += ok;
      skipped += skip;
      if (relative(root, file).split(sep).join('/').startsWith('tests/peer/')) {
        // uvu's Total leaves skipped tests out: a pending peer test is ported, not passing.
        peerTests.files++;
        peerTests.ported += total + skip;
        peerTests.pass += ok;
        peerTests.differences += Number(/\[peer\] differences=(\d+)/.exec(text)?.[1] ?? 0);
      }
      const bad = Math.max(total - ok - skip, code === 0 ? 0 : 1);
      failed += bad;
      const name = relative(root, file);
      if (bad || code !== 0) {
        failures.push(name);
        if (process.env.TEST_BAIL === '1') queue.length = 0;
        process.stdout.write(`FAIL ${name} (exit ${code})\n${text}\n`);
      } else {
        process.stdout.write(`ok   ${name}  ${ok} passed\n`);
        // A test may report a figure of its own (a scenario count): the text after [report].
        for (const [, line] of text.matchAll(/\[report\] ([^\n]*)/g)) process.stdout.write(`       ${line}\n`);
      }
      done();
    });
  });
}

// Browser tests may run two at a time: unpack the packaged Chromium once, before them, so
// that no test launches a binary another process is still writing.
if (files.some((f) => /_fixtures\/(browser|playground)/.test(readFileSync(f, 'utf8')))) {
  const { browserLaunchOptions } = await import('./_fixtures/browser-options.mjs');
  await browserLaunchOptions();
}
// The playground's tests serve playground/dist, built once here (they run in parallel).
if (files.some((f) => relative(root, f).startsWith(join('tests', 'playground')))) {
  await (await import('../playground/build.mjs')).buildPlayground();
}

const queue = [...files];
const started = Date.now();
await Promise.all(
  Array.from({ length: 2 }, async () => {
    while (queue.length) await runOne(queue.shift());
  }),
);
console.log(`\n${files.length} files in ${((Date.now() - started) / 1000).toFixed(1)}s`);
if (coverageDir) await (await import('./_fixtures/coverage.mjs')).printCoverage(coverageDir, join(outdir, 'src'), root);
if (!filter && existsSync(join(root, 'tools/mutation-score.json'))) {
  // The mutation check is too slow for every run: print the score it last recorded.
  const m = JSON.parse(readFileSync(join(root, 'tools/mutation-score.json'), 'utf8'));
  const partial = m.run < m.mutants ? ` (a partial run: ${m.run} of ${m.mutants} mutants)` : '';
  console.log(
    `mutation check of src/store and src/controller (${m.command}, ${m.date}): ${m.killed} of ${m.run} mutants killed, ${m.score}${partial}` +
      (m.equivalent === undefined
        ? ''
        : `; ${m.equivalent} survivors are equivalent (${m.scoreWithoutEquivalent} of the rest killed)`) +
      '; survivors in tools/mutation-score.json',
  );
}
if (peerTests.files) {
  const { files: n, ported, pass, differences } = peerTests;
  console.log(
    `peer tests (data-client): ${ported} ported, ${pass} pass` +
      ` (${differences} of them assert a DESIGN rule 16 difference; ${n} files under tests/peer/)`,
  );
}
if (failures.length) console.log(`failed files:\n  ${failures.join('\n  ')}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
rmSync(outdir, { recursive: true, force: true });
process.exit(failed || (files.length === 0 && !filter) ? 1 : 0);
