/**
 * Self time per function of a .cpuprofile (from `npm run bench -- --cpu-prof`).
 *
 *   node bench/_lib/profile-top.mjs bench/results/<file>.cpuprofile [count]
 */
import { readFileSync } from 'node:fs';

const [file, count = '25'] = process.argv.slice(2);
if (!file) {
  console.error('usage: node bench/_lib/profile-top.mjs <file.cpuprofile> [count]');
  process.exit(1);
}
const profile = JSON.parse(readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const hits = new Map();
for (const id of profile.samples) hits.set(id, (hits.get(id) ?? 0) + 1);
const self = new Map();
for (const [id, n] of hits) {
  const { functionName, url, lineNumber } = nodes.get(id).callFrame;
  const where = url ? ` ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}` : '';
  const key = `${functionName || '(anonymous)'}${where}`;
  self.set(key, (self.get(key) ?? 0) + n);
}
const total = profile.samples.length;
for (const [key, n] of [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(count))) {
  console.log(`${((100 * n) / total).toFixed(1).padStart(5)}%  ${key}`);
}
