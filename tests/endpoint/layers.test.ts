/** The endpoint layer knows nothing of the store (DESIGN.md, "Layers and where they live"). */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const dir = resolve(process.cwd(), 'src/endpoint');
const IMPORT = /^\s*(?:import|export)\b[^'"]*?from\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]/gm;

function importsOf(file: string): string[] {
  const text = readFileSync(join(dir, file), 'utf8');
  return [...text.matchAll(IMPORT)].map((m) => m[1] ?? m[2]!);
}

const layers = suite('src/endpoint imports');

layers('reach only src/endpoint, src/schema and src/util, with .js extensions', () => {
  const files = readdirSync(dir).filter((f) => f.endsWith('.ts'));
  assert.ok(files.length >= 5, 'found the endpoint files');
  for (const file of files) {
    for (const spec of importsOf(file)) {
      assert.ok(spec.startsWith('./') || spec.startsWith('../'), `${file} imports package ${spec}`);
      assert.ok(/^(\.\/[\w.]+|\.\.\/(schema|util)\/[\w.]+)\.js$/.test(spec), `${file} imports ${spec}`);
    }
  }
});

layers('the check sees imports', () => {
  assert.ok(importsOf('RestEndpoint.ts').includes('../schema/Collection.js'));
});

layers.run();
