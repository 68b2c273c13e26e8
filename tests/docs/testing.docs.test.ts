/**
 * docs/testing.md's example test (its blocks of the file `app.test.ts`), run as a reader
 * runs it: `node --test`, against the package (src/, or the built dist/ under TEST_DIST=1).
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { codeBlocks } from '../../tools/markdown.mjs';

const root = process.cwd();
const entry = join(root, process.env.TEST_DIST === '1' ? 'dist/index.js' : 'src/index.ts');

const page = suite('docs/testing.md');

page('its example test passes under node --test', async () => {
  const code = codeBlocks(readFileSync(join(root, 'docs/testing.md'), 'utf8'))
    .filter((b) => b.code.startsWith('// file: app.test.ts\n'))
    .map((b) => b.code)
    .join('\n');
  assert.match(code, /test\('/, 'the page has tests');
  const dir = join(root, '.test-build', `docs-testing-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'app.test.mjs');
  try {
    await build({
      stdin: {
        contents: code.replace("from 'signal-cache'", `from ${JSON.stringify(entry)}`),
        loader: 'ts',
        resolveDir: root,
      },
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      packages: 'external',
      outfile: file,
      logLevel: 'error',
    });
    const run = spawnSync(process.execPath, ['--test', '--test-reporter=tap', file], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    const out = `${run.stdout}${run.stderr}`;
    assert.is(run.status, 0, out);
    assert.match(out, /# pass 2\b/, out);
    assert.match(out, /# fail 0\b/, out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

page.run();
