/**
 * Consumer type check: the package as an app receives it.
 *
 * 1. `npm pack` the built package (dist must be fresh: `npm test` builds first);
 * 2. unpack the tarball into a scratch TypeScript project, `.consumer/` (gitignored), and
 *    link the installed peers (`@preact/signals-core`, `solid-js`, `preact`,
 *    `@preact/signals`) and `typescript` from this repo's node_modules: no network;
 * 3. copy the usage files of `tools/consumer/` and the README's complete TypeScript
 *    examples (every ```ts / ```tsx block that imports signal-cache and declares its
 *    entities, unchanged) into it;
 * 4. type-check them strict, `moduleResolution: bundler`, once with `skipLibCheck: false`
 *    (the published `.d.ts` must check on their own) and once with `skipLibCheck: true`.
 *
 * An expectation is an `expectType<…>()` call or an `// @ts-expect-error` line. Each
 * diagnostic is charged to the expectation on its line (or to the line itself when none
 * is there); the count of expectations met is printed, and any error fails the run.
 *
 *   node tools/consumer.mjs    pack, install, check (.consumer/ is rebuilt on every run)
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const scratch = join(root, '.consumer');
const sources = join(root, 'tools', 'consumer');
const LINKED = ['@preact/signals-core', '@preact/signals', 'solid-js', 'preact', 'typescript'];

//#region install

rmSync(scratch, { recursive: true, force: true });
mkdirSync(join(scratch, 'node_modules', '@preact'), { recursive: true });
const packed = JSON.parse(
  execFileSync('npm', ['pack', '--json', '--pack-destination', scratch], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  }),
);
const tarball = join(scratch, packed[0].filename);
const installed = join(scratch, 'node_modules', 'signal-cache');
mkdirSync(installed);
execFileSync('tar', ['-xzf', tarball, '-C', installed, '--strip-components=1']);
for (const name of LINKED) symlinkSync(join(root, 'node_modules', name), join(scratch, 'node_modules', name), 'dir');
// A package of its own: without it the repo's package.json is the scope, and TypeScript
// would resolve 'signal-cache' to the repo itself (self-reference) instead of the tarball.
writeFileSync(
  join(scratch, 'package.json'),
  JSON.stringify({ name: 'signal-cache-consumer', private: true, type: 'module' }),
);
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
for (const dep of Object.keys(pkg.dependencies ?? {})) {
  if (!LINKED.includes(dep)) throw new Error(`tools/consumer.mjs: link the runtime dependency ${dep} too`);
}

//#endregion

//#region project

const files = [];
for (const name of readdirSync(sources)) {
  copyFileSync(join(sources, name), join(scratch, name));
  if (/\.tsx?$/.test(name)) files.push(name);
}
// The README's examples, as written: they must compile without an annotation or a cast.
const readme = readFileSync(join(root, 'README.md'), 'utf8');
let n = 0;
for (const [, lang, code] of readme.matchAll(/```(tsx?)\n([\s\S]*?)```/g)) {
  // Complete examples only (they import the package and declare their entities); API
  // fragments that use names defined elsewhere are left out.
  if (!code.includes("from 'signal-cache") || !/extends Entity\b/.test(code)) continue;
  const name = `readme-${++n}.${lang}`;
  const pragma = code.includes("'signal-cache/solid'") ? '/** @jsxImportSource solid-js */\n' : '';
  writeFileSync(join(scratch, name), `${pragma}${code}export {};\n`);
  files.push(name);
}

const compilerOptions = {
  target: 'ES2022',
  lib: ['ES2022', 'DOM', 'DOM.Iterable'],
  module: 'ESNext',
  moduleResolution: 'bundler',
  strict: true,
  noEmit: true,
  verbatimModuleSyntax: true,
  jsx: 'react-jsx',
  jsxImportSource: 'preact',
  types: [],
};
for (const skipLibCheck of [false, true]) {
  writeFileSync(
    join(scratch, `tsconfig.${skipLibCheck ? 'skip' : 'full'}.json`),
    JSON.stringify({ compilerOptions: { ...compilerOptions, skipLibCheck }, files }, null, 2),
  );
}

//#endregion

//#region check

/** Lines holding an expectation, per file: `expectType<` calls and `@ts-expect-error` comments. */
const expectations = new Map();
for (const name of files) {
  const lines = readFileSync(join(scratch, name), 'utf8').split('\n');
  const at = new Set();
  lines.forEach((line, i) => {
    if (/@ts-expect-error|\bexpectType<|\bexpectType\(/.test(line)) at.add(i + 1);
  });
  expectations.set(name, at);
}
const total = [...expectations.values()].reduce((sum, s) => sum + s.size, 0);

const tsc = join(scratch, 'node_modules', 'typescript', 'bin', 'tsc');
let failed = false;
for (const mode of ['full', 'skip']) {
  const run = spawnSync(process.execPath, [tsc, '-p', `tsconfig.${mode}.json`, '--pretty', 'false', '--listFiles'], {
    cwd: scratch,
    encoding: 'utf8',
  });
  const listed = run.stdout.split('\n').filter((line) => line.endsWith('.d.ts') && line.includes('signal-cache'));
  const fromTarball = listed.filter((file) => resolve(scratch, file).startsWith(installed));
  if (fromTarball.length === 0 || fromTarball.length !== listed.length) {
    failed = true;
    console.log(`the types must come from the tarball in ${installed}; read: ${listed.join(', ') || 'none'}`);
  }
  const out = `${run.stdout}${run.stderr}`
    .split('\n')
    .filter((line) => !line.startsWith('/'))
    .join('\n')
    .trim();
  const diagnostics = [...out.matchAll(/^(.+?)\((\d+),\d+\): error (TS\d+: .*)$/gm)].map(([, file, line, text]) => ({
    file,
    line: +line,
    text,
  }));
  const missed = new Set();
  let other = 0;
  for (const d of diagnostics) {
    if (expectations.get(d.file)?.has(d.line)) missed.add(`${d.file}:${d.line}`);
    else other++;
  }
  const label = mode === 'full' ? 'skipLibCheck: false' : 'skipLibCheck: true ';
  console.log(
    `consumer types (${label}): ${total - missed.size} of ${total} expectations met, ${other} other errors, ${files.length} files`,
  );
  if (run.status !== 0) {
    failed = true;
    console.log(out || `tsc exited with ${run.status}`);
  }
}
if (failed) {
  console.error('consumer type check failed (the files are in .consumer/)');
  process.exitCode = 1;
}

//#endregion
