/** The endpoint layer knows nothing of the store (DESIGN.md, "Layers and where they live"). */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { importsOf as importsOfFile } from '../_fixtures/imports.js';

const dir = resolve(process.cwd(), 'src/endpoint');
const importsOf = (file: string) => importsOfFile(join(dir, file));

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
