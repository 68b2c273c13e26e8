// tools/mangle.json: the internal property names dist ships short. A listed name must be
// internal for real — out of the .d.ts, never spelled as a string, unused by tests, benches
// and the playground (they reach dist) — and its short form must clash with nothing.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

const root = process.cwd();
const names: Record<string, string> = JSON.parse(readFileSync(join(root, 'tools/mangle.json'), 'utf8')).names;

function files(dir: string, test: (name: string) => boolean): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'dist' ? [] : files(path, test);
    return test(e.name) ? [path] : [];
  });
}
const read = (list: string[]) => list.map((f) => readFileSync(join(root, f), 'utf8')).join('\n');
const words = (text: string) => new Set(text.match(/\b_[a-zA-Z][a-zA-Z0-9]*\b/g) ?? []);

const mangle = suite('tools/mangle.json');

mangle('short names are distinct, start with _, and clash with no name in src', () => {
  const src = words(read(files('src', (n) => n.endsWith('.ts'))));
  const shorts = Object.values(names);
  assert.is(new Set(shorts).size, shorts.length, 'distinct');
  for (const [name, short] of Object.entries(names)) {
    assert.ok(/^_[a-zA-Z]{1,2}$/.test(short), `${name} → ${short}`);
    assert.not.ok(src.has(short), `${short} is also a name in src`);
    assert.not.ok(short in names, `${short} is also a listed name`);
  }
});

mangle('listed names are internal: not in the .d.ts, never a string in src, unused outside src', () => {
  const dts = words(read(files('dist', (n) => n.endsWith('.d.ts'))));
  // Comments may name a member in backquotes.
  const src = read(files('src', (n) => n.endsWith('.ts'))).replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
  const outside = words(
    read(['tests', 'bench', 'playground', 'examples'].flatMap((d) => files(d, (n) => /\.(m?[jt]sx?)$/.test(n)))),
  );
  for (const name of Object.keys(names)) {
    assert.not.ok(dts.has(name), `${name} is in a .d.ts: users can reach it`);
    assert.not.match(
      src,
      new RegExp(`['"\`]${name}['"\`]`),
      `${name} is spelled as a string in src (esbuild leaves strings alone)`,
    );
    assert.not.ok(outside.has(name), `${name} is used outside src (tests, benches and the playground can reach dist)`);
  }
});

mangle('dist ships the short names', () => {
  // Comments keep the names they were written with.
  const dist = read(files('dist', (n) => n.endsWith('.js'))).replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
  for (const [name, short] of Object.entries(names)) {
    assert.not.match(dist, new RegExp(`\\.${name}\\b`), name);
    assert.match(dist, new RegExp(`\\.${short}\\b`), short);
  }
});

mangle.run();
