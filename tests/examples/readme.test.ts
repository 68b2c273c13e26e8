/**
 * The README's complete app is the examples' code, word for word: the examples are built
 * and driven in Chromium (./issueTracker.test.ts), so the README shows code that runs.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = process.cwd();
const readme = readFileSync(join(root, 'README.md'), 'utf8');

const test = suite('README app code');

for (const file of ['examples/shared/api.ts', 'examples/solid/src/main.tsx', 'examples/preact/src/main.tsx']) {
  test(`README shows ${file} as it is`, () => {
    const code = readFileSync(join(root, file), 'utf8').trimEnd();
    assert.ok(readme.includes(`\n${code}\n\`\`\``), `${file} differs from its README copy: update the README`);
  });
}

test('the app-developer sections come before the contributor commands', () => {
  const install = readme.indexOf('## Install');
  assert.ok(install > 0 && install < readme.indexOf('## Contributing'));
  assert.match(readme, /npm install signal-cache solid-js/);
});

test.run();
