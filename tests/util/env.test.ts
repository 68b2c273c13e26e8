import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

// DEV is computed once when the module loads: evaluate the source in fresh contexts.
const source = readFileSync(join(process.cwd(), 'src/util/env.ts'), 'utf8')
  .replace(/^declare const .*$/m, '')
  .replace('export const DEV: boolean =', 'result =');

function devIn(globals: object): boolean {
  const context: { result?: boolean } = { ...globals };
  runInNewContext(source, context);
  return context.result!;
}

const env = suite('DEV');

env('on unless NODE_ENV is production; on where no process exists', () => {
  assert.is(devIn({ process: { env: {} } }), true);
  assert.is(devIn({ process: { env: { NODE_ENV: 'development' } } }), true);
  assert.is(devIn({ process: { env: { NODE_ENV: 'production' } } }), false);
  assert.is(devIn({}), true, 'a browser without a bundler');
});

env.run();
