/**
 * Consumer type check: the package as an app receives it.
 *
 * 1. `npm pack` the built package (dist must be fresh: `npm test` builds first);
 * 2. unpack the tarball into a scratch TypeScript project, `.consumer/` (gitignored), and
 *    link the installed peers (`@preact/signals-core`, `solid-js`, `preact`,
 *    `@preact/signals`) and `typescript` from this repo's node_modules: no network
 *    (tools/pack.mjs);
 * 3. copy the usage files of `tools/consumer/` into it (the code blocks of the README and
 *    docs/ are checked the same way by tools/docs-check.mjs);
 * 4. type-check them under the strictest options an app uses (`strict`,
 *    `exactOptionalPropertyTypes`, `noImplicitOverride`, `noUncheckedIndexedAccess`,
 *    `verbatimModuleSyntax`; `moduleResolution: bundler`), once with `skipLibCheck: false`
 *    (the published `.d.ts` must check on their own) and once with `skipLibCheck: true`,
 *    on TypeScript 7 (the root `typescript`) and on TypeScript 5 (tools/typescript-5).
 *
 * An expectation is an `expectType<…>()` call or an `// @ts-expect-error` line. Each
 * diagnostic is charged to the expectation on its line (or to the line itself when none
 * is there); the count of expectations met is printed, and any error fails the run.
 *
 *   node tools/consumer.mjs    pack, install, check (.consumer/ is rebuilt on every run)
 */
import { copyFileSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { APP_COMPILER_OPTIONS, TSC, TSC5, installPacked, root, runTsc } from './pack.mjs';

const scratch = join(root, '.consumer');
const sources = join(root, 'tools', 'consumer');
const LINKED = ['@preact/signals-core', '@preact/signals', 'solid-js', 'preact', 'typescript'];

const installed = installPacked(scratch, LINKED);

//#region project

const files = [];
for (const name of readdirSync(sources)) {
  copyFileSync(join(sources, name), join(scratch, name));
  if (/\.tsx?$/.test(name)) files.push(name);
}
const compilerOptions = {
  ...APP_COMPILER_OPTIONS,
  exactOptionalPropertyTypes: true,
  noImplicitOverride: true,
  noUncheckedIndexedAccess: true,
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

let failed = false;
const compilers = [
  ['TypeScript 7', TSC],
  ['TypeScript 5', TSC5],
];
for (const [compiler, tsc] of compilers)
  for (const mode of ['full', 'skip']) {
    const run = runTsc(scratch, installed, `tsconfig.${mode}.json`, tsc);
    if (run.wrongTypes) {
      failed = true;
      console.log(run.wrongTypes);
    }
    const { diagnostics, output: out } = run;
    const missed = new Set();
    let other = 0;
    for (const d of diagnostics) {
      if (expectations.get(d.file)?.has(d.line)) missed.add(`${d.file}:${d.line}`);
      else other++;
    }
    const label = mode === 'full' ? 'skipLibCheck: false' : 'skipLibCheck: true ';
    console.log(
      `consumer types (${compiler}, ${label}): ${total - missed.size} of ${total} expectations met, ${other} other errors, ${files.length} files`,
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
