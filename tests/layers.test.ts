// DESIGN.md's layering, checked on the source: each folder imports only what its
// layer knows about.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { importsIn, importsOf } from './_fixtures/imports.js';

const src = join(process.cwd(), 'src');

/** folder → folders (and packages) it may import. `index` is src/index.ts. */
const allowed: Record<string, string[]> = {
  util: ['util'],
  schema: ['schema', 'util'],
  store: ['store', 'schema', 'util', '@preact/signals-core'],
  endpoint: ['endpoint', 'schema', 'util'],
  live: ['live', 'store', 'schema', 'util', '@preact/signals-core'],
  state: ['state', 'store', 'schema', 'util', '@preact/signals-core'],
  persist: ['persist', 'state', 'controller', 'store', 'schema', 'util'],
  tabs: ['tabs', 'state', 'controller', 'store', 'schema', 'util', '@preact/signals-core'],
  ssr: ['ssr', 'state', 'controller', 'store', 'schema', 'util', '@preact/signals-core'],
  devtools: ['devtools', 'controller', 'store', 'schema', 'endpoint', 'util', '@preact/signals-core'],
  // (state: the codec behind the `initialState` option.)
  controller: ['controller', 'store', 'state', 'schema', 'endpoint', 'util', '@preact/signals-core'],
  solid: ['solid', 'controller', 'schema', 'endpoint', 'util', 'index', 'solid-js'],
  // (Not @preact/signals: the binding installs nothing in Preact; the app imports it for signals in JSX.)
  preact: ['preact', 'controller', 'schema', 'endpoint', 'util', 'index', 'preact'],
};

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? files(full) : full.endsWith('.ts') || full.endsWith('.tsx') ? [full] : [];
  });
}

/** The layer an import lands in: a src folder, `index`, or a package name. */
function target(file: string, spec: string): string {
  if (!spec.startsWith('.')) return spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];
  const resolved = relative(src, join(file, '..', spec));
  const first = resolved.split('/')[0];
  return first.startsWith('index') ? 'index' : first;
}

const layers = suite('layers');

for (const folder of Object.keys(allowed)) {
  layers(`src/${folder} imports only ${allowed[folder].join(', ')}`, () => {
    const wrong: string[] = [];
    for (const file of files(join(src, folder))) {
      for (const spec of importsOf(file)) {
        const layer = target(file, spec);
        if (layer.startsWith('node:')) wrong.push(`${relative(src, file)} → ${spec} (no Node built-ins in src)`);
        else if (!allowed[folder].includes(layer)) wrong.push(`${relative(src, file)} → ${spec} (${layer})`);
      }
    }
    assert.equal(wrong, []);
  });
}

layers('the checker sees imports (a layer with none would prove nothing)', () => {
  const seen = files(join(src, 'controller')).flatMap(importsOf);
  assert.ok(seen.some((s) => s.includes('../store/')));
  assert.is(target(join(src, 'schema', 'Entity.ts'), '../store/Store.js'), 'store');
});

layers('the checker sees every form of import, and no commented one', () => {
  const text = [
    "import { a } from './a.js';",
    "import type { B } from '../b.js';",
    "export { c } from './c.js';",
    "export * as d from './d.js';",
    "import './side-effect.js';",
    "import 'node:fs';",
    "const lazy = () => import('../store/Store.js');",
    'const multi = await import(',
    "  '../endpoint/x.js'",
    ');',
    'import {',
    '  e,',
    "} from './e.js';",
    "// import { no } from './commented.js';",
    "/** @example import { no } from './doc.js' */",
  ].join('\n');
  assert.equal(importsIn(text).sort(), [
    '../b.js',
    '../endpoint/x.js',
    '../store/Store.js',
    './a.js',
    './c.js',
    './d.js',
    './e.js',
    './side-effect.js',
    'node:fs',
  ]);
});

layers('runtime dependencies are only @preact/signals-core', () => {
  const pkg = JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8'));
  assert.equal(Object.keys(pkg.dependencies), ['@preact/signals-core']);
  for (const peer of ['solid-js', 'preact', '@preact/signals']) {
    assert.ok(pkg.peerDependenciesMeta[peer].optional, `${peer} is an optional peer`);
  }
});

layers.run();
