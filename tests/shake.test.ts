// Pay for what you import: an app's bundle of dist holds the modules its imports reach,
// no schema, REST layer or free function it never names.
import { build } from 'esbuild';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

/** The dist modules (paths under dist/) that a production bundle of `names` keeps code of. */
async function modules(names: string): Promise<string[]> {
  const result = await build({
    stdin: { contents: `export { ${names} } from './dist/index.js';`, resolveDir: process.cwd(), loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    metafile: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'error',
  });
  const inputs = Object.values(result.metafile.outputs)[0].inputs;
  return Object.keys(inputs)
    .filter((path) => path.startsWith('dist/') && inputs[path].bytesInOutput > 0)
    .map((path) => path.slice('dist/'.length))
    .sort();
}

const SCHEMAS = [
  'schema/Entity.js',
  'schema/All.js',
  'schema/Collection.js',
  'schema/Union.js',
  'schema/Values.js',
  'schema/Invalidate.js',
  'schema/Lazy.js',
  'schema/Array.js',
  'schema/Object.js',
];
const REST = ['endpoint/RestEndpoint.js', 'endpoint/path.js', 'endpoint/NetworkError.js', 'endpoint/resource.js'];

const shake = suite('tree-shaking');

// The Controller takes `initialState`, so the state codec (state/hydrate.js) is part of the
// core; dehydrating stays in signal-cache/ssr.
shake('a Controller alone bundles no schema class, no endpoint, no dehydrate', async () => {
  const kept = await modules('Controller');
  for (const path of [...SCHEMAS, ...REST, 'ssr/dehydrate.js', 'endpoint/Endpoint.js'])
    assert.not.ok(kept.includes(path), path);
  assert.ok(kept.includes('controller/Controller.js'));
});

shake('Controller with a plain Endpoint adds the Endpoint, still no schema class or REST layer', async () => {
  const kept = await modules('Controller, Endpoint');
  for (const path of [...SCHEMAS, ...REST, 'ssr/dehydrate.js']) assert.not.ok(kept.includes(path), path);
  assert.ok(kept.includes('endpoint/Endpoint.js'));
});

shake('the typical import keeps only the schemas it names', async () => {
  const kept = await modules('Controller, Entity, RestEndpoint, Query, All, Collection, effect');
  for (const path of ['schema/Entity.js', 'schema/All.js', 'schema/Collection.js', 'endpoint/RestEndpoint.js'])
    assert.ok(kept.includes(path), path);
  for (const path of [
    'schema/Union.js',
    'schema/Values.js',
    'schema/Invalidate.js',
    'schema/Lazy.js',
    'endpoint/resource.js',
    'ssr/dehydrate.js',
  ]) {
    assert.not.ok(kept.includes(path), path);
  }
});

shake.run();
