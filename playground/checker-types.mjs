// The declarations the playground's type checker reads (playground/src/checker/check.ts): the
// TypeScript libraries a demo compiles against, the package's published `.d.ts` (dist/, so
// run the build first), the frameworks' and libraries' a demo may import, and the mock
// server's `playground` module. build.mjs writes them to playground/dist/checker-types.json;
// the tests read them from here.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';


/**
 * What a demo may import besides signal-cache (see src/runtime/modules.ts). Left out on
 * purpose: csstype (1 MB of CSS property types; style objects are then loosely typed).
 */
const PACKAGES = [
  '@preact/signals-core',
  '@preact/signals',
  'solid-js',
  'preact',
  'decimal.js',
  'temporal-polyfill',
  'temporal-spec', // temporal-polyfill's types
];
/** The libraries a demo compiles against (src/checker/check.ts LIBS), with what they reference. */
const LIBS = ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'];

/**
 * Absolute path in the checker's file system → text.
 * @param root the repository (default: this file's parent folder)
 */
export function checkerDeclarations(root = resolve(import.meta.dirname, '..')) {
  const typescriptLib = join(root, 'tools', 'typescript-5', 'node_modules', 'typescript', 'lib');
  const out = {};
  const libs = [...LIBS, 'lib.d.ts'];
  for (let i = 0; i < libs.length; i++) {
    const text = readFileSync(join(typescriptLib, libs[i]), 'utf8');
    out[`/lib/${libs[i]}`] = text;
    for (const [, name] of text.matchAll(/<reference lib="([^"]+)"/g)) {
      if (!libs.includes(`lib.${name}.d.ts`)) libs.push(`lib.${name}.d.ts`);
    }
  }
  const addPackage = (name, dir, only) => {
    const walk = (rel) => {
      for (const entry of readdirSync(join(dir, rel))) {
        const path = rel ? `${rel}/${entry}` : entry;
        if (entry === 'node_modules') continue;
        if (statSync(join(dir, path)).isDirectory()) walk(path);
        else if ((entry.endsWith('.d.ts') || entry === 'package.json') && (!only || only(path)))
          out[`/node_modules/${name}/${path}`] = readFileSync(join(dir, path), 'utf8');
      }
    };
    walk('');
  };
  for (const name of PACKAGES) addPackage(name, join(root, 'node_modules', name));
  if (!existsSync(join(root, 'dist', 'index.d.ts'))) throw new Error('playground: dist/ has no .d.ts; run npm run build');
  addPackage('signal-cache', root, (path) => path === 'package.json' || path.startsWith('dist/'));
  out['/node_modules/playground/package.json'] = JSON.stringify({ name: 'playground', types: 'index.d.ts' });
  out['/node_modules/playground/index.d.ts'] = readFileSync(join(root, 'playground', 'src', 'checker', 'playground-module.d.ts'), 'utf8');
  return out;
}
