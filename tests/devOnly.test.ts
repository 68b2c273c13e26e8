// Development-only code: written so that an app's production bundle drops it, and safe
// where no `process` exists.
import { build } from 'esbuild';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

const root = process.cwd();
/**
 * The one form a dev-only test takes in src/: bundlers fold it whole once
 * `process.env.NODE_ENV` is defined (both branches become "production"), where
 * `typeof process < 'u' && …` leaves `typeof process<"u"` behind in esbuild's output.
 */
const GUARD = "(typeof process < 'u' ? process.env.NODE_ENV : 'production') !== 'production'";

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

const dev = suite('development-only code');

dev('every read of NODE_ENV in src/ is the guarded form', () => {
  let count = 0;
  for (const file of sources(join(root, 'src'))) {
    const text = readFileSync(file, 'utf8').replace(/^\s*(\/\/|\*|\/\*\*).*$/gm, '');
    const reads = text.split('process.env.NODE_ENV').length - 1;
    const guarded = text.split(GUARD).length - 1;
    assert.is(guarded, reads, `${file}: process.env.NODE_ENV read without the guard "${GUARD}"`);
    assert.not.match(text, /\bprocess\.(?!env\.NODE_ENV)/, `${file}: other uses of process`);
    count += reads;
  }
  assert.ok(count >= 10, `${count} guarded reads`);
});

dev('the guard: on in Node unless NODE_ENV is production; off where no process exists', () => {
  const devIn = (globals: object) => runInNewContext(GUARD, { ...globals }) as boolean;
  assert.is(devIn({ process: { env: {} } }), true);
  assert.is(devIn({ process: { env: { NODE_ENV: 'development' } } }), true);
  assert.is(devIn({ process: { env: { NODE_ENV: 'production' } } }), false);
  assert.is(devIn({}), false, 'a browser without a bundler gets the production form');
});

/** The vanilla entry from dist, bundled and minified as an app's bundler does. */
async function bundle(nodeEnv: string): Promise<string> {
  const result = await build({
    stdin: { contents: `export * from './dist/index.js';`, resolveDir: root, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    define: { 'process.env.NODE_ENV': JSON.stringify(nodeEnv) },
    logLevel: 'error',
  });
  return result.outputFiles[0].text;
}

dev('a production bundle drops every development-only branch; a development bundle keeps them', async () => {
  const markers = [
    'Body starts with',
    'pass one to new Endpoint',
    'set static maxEntityDepth',
    'give each a distinct static key',
    'pk() must return',
    'an invalid Date or over',
    'but the schema is',
  ];
  const production = await bundle('production');
  const development = await bundle('development');
  for (const marker of markers) {
    assert.ok(development.includes(marker), `development keeps ${marker}`);
    assert.not.ok(production.includes(marker), `production drops ${marker}`);
  }
  assert.not.match(production, /NODE_ENV/);
  assert.not.match(production, /typeof process/, 'the guard folds whole');
  // Rows and plain values are frozen in development only (gc's and meta's constants always are).
  const freezes = (code: string) => code.split('.freeze(').length - 1;
  assert.is(freezes(development) - freezes(production), 3);
});

dev.run();
