/**
 * The package as an app receives it: `npm pack` of the built package (dist must be fresh),
 * unpacked into `<scratch>/node_modules/signal-cache`, beside links to packages installed
 * in this repository's node_modules (no network). Used by the consumer type check
 * (tools/consumer.mjs) and the docs code check (tools/docs-check.mjs).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** How a strict app compiles: ES2022, bundler resolution, DOM, Preact's JSX by default. */
export const APP_COMPILER_OPTIONS = {
  target: 'ES2022',
  lib: ['ES2022', 'DOM', 'DOM.Iterable'],
  module: 'ESNext',
  moduleResolution: 'bundler',
  strict: true,
  noEmit: true,
  verbatimModuleSyntax: true,
  jsx: 'react-jsx',
  jsxImportSource: 'preact',
};

/**
 * Rebuilds `scratch` as a project of its own with the packed package installed and
 * `linked` packages linked from this repository's node_modules.
 * @returns the directory the package was unpacked into
 */
export function installPacked(scratch, linked) {
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(join(scratch, 'node_modules'), { recursive: true });
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
  for (const name of linked) {
    const target = join(scratch, 'node_modules', name);
    mkdirSync(dirname(target), { recursive: true });
    symlinkSync(join(root, 'node_modules', name), target, 'dir');
  }
  // A package of its own: without it the repo's package.json is the scope, and TypeScript
  // would resolve 'signal-cache' to the repo itself (self-reference) instead of the tarball.
  writeFileSync(
    join(scratch, 'package.json'),
    JSON.stringify({
      name: `signal-cache-${scratch.split(/[\\/]/).pop().replace(/^\./, '')}`,
      private: true,
      type: 'module',
    }),
  );
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  for (const dep of Object.keys(pkg.dependencies ?? {})) {
    if (!linked.includes(dep)) throw new Error(`tools/pack.mjs: link the runtime dependency ${dep} too`);
  }
  return installed;
}

/** The repository's TypeScript 7 compiler (the root `typescript`). */
export const TSC = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
/** TypeScript 5 (the workspace tools/typescript-5): an app on the last 5 release. */
export const TSC5 = join(root, 'tools', 'typescript-5', 'node_modules', 'typescript', 'bin', 'tsc');

/**
 * Runs `tsc` (the repository's TypeScript 7 unless another compiler is given) on a project
 * of `scratch` and checks that every declaration file of signal-cache it read came from
 * the tarball.
 * @returns `{ status, output, diagnostics: [{ file, line, column, text }], wrongTypes }`
 */
export function runTsc(scratch, installed, project, tsc = TSC) {
  const run = spawnSync(process.execPath, [tsc, '-p', project, '--pretty', 'false', '--listFiles'], {
    cwd: scratch,
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  const listed = run.stdout.split('\n').filter((line) => line.endsWith('.d.ts') && line.includes('signal-cache'));
  const fromTarball = listed.filter((file) => resolve(scratch, file).startsWith(installed));
  const wrongTypes =
    fromTarball.length === 0 || fromTarball.length !== listed.length
      ? `the types must come from the tarball in ${installed}; read: ${listed.join(', ') || 'none'}`
      : undefined;
  const output = `${run.stdout}${run.stderr}`
    .split('\n')
    .filter((line) => !line.startsWith('/'))
    .join('\n')
    .trim();
  const diagnostics = [...output.matchAll(/^(.+?)\((\d+),(\d+)\): error (TS\d+: .*)$/gm)].map(
    ([, file, line, column, text]) => ({ file, line: +line, column: +column, text }),
  );
  return { status: run.status, output, diagnostics, wrongTypes };
}
