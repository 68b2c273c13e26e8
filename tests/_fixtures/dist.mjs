// Whether dist/ was built from the current sources: used by tests/run.mjs (which builds
// when it is not) and by tests/dist.test.ts (which fails on a stale build).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function files(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? files(full) : [full];
  });
}

/**
 * The inputs newer than the oldest built file, or `['dist/ is missing']`; empty when the
 * build is fresh.
 * @param {string} root the repository root
 * @returns {string[]}
 */
export function staleInputs(root) {
  const built = files(join(root, 'dist')).filter((f) => /\.(js|d\.ts)$/.test(f));
  if (!built.some((f) => f.endsWith('index.js'))) return ['dist/ is missing'];
  const oldest = Math.min(...built.map((f) => statSync(f).mtimeMs));
  const inputs = [
    ...files(join(root, 'src')),
    ...['build.mjs', 'package.json', 'tsconfig.build.json'].map((f) => join(root, f)),
  ];
  return inputs.filter((f) => existsSync(f) && statSync(f).mtimeMs > oldest).map((f) => f.slice(root.length + 1));
}
