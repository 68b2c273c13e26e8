/**
 * W21's hydrate + read (bench/hydrate-state.mjs), per peer: what one operation allocates and
 * how many fresh memory pages it touches, beside its time. For work on W21's figures: where
 * memory handed back after a collection costs a fault to touch again (a virtual machine),
 * an operation's rounds split into fast ones and slow ones by those faults, and what an
 * operation allocates decides how slow its slow rounds are.
 *
 *   NODE_ENV=production node --expose-gc bench/_lib/w21-alloc.mjs [--set=FLAT-10k|LONG-500] [--rounds=15] [--top=8]
 *
 * Rounds as W21 times them (a fresh cache, a task of its own, a full collection first), the
 * peers interleaved; per round the time and the minor page faults of the process. Then, over
 * `--rounds` more operations per peer, the bytes allocated per operation (V8's sampling heap
 * profiler, every 256 bytes on average, objects a collection freed included) and, per peer,
 * the functions that allocated most.
 */
import { Session } from 'node:inspector/promises';
import { median } from './harness.mjs';
import { DATASETS, peersOf, turn } from './w21-peers.mjs';

const arg = (name, fallback) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
if (typeof gc !== 'function') throw new Error('run with node --expose-gc');
const set = DATASETS.find((d) => d.name === arg('set', 'FLAT-10k'));
if (!set) throw new Error(`--set: one of ${DATASETS.map((d) => d.name).join(', ')}`);
const rounds = Number(arg('rounds', '15'));
const top = Number(arg('top', '8'));

const peers = peersOf(set).map((p) => {
  const text = p.dehydrate(p.filled());
  return { ...p, op: () => p.read(p.hydrate(p.empty(), text)), ms: [], faults: [] };
});
const faults = () => process.resourceUsage().minorPageFault;

let sink;
for (let round = -1; round < rounds; round++) {
  for (const p of peers) {
    await turn();
    gc();
    const f = faults();
    const start = performance.now();
    sink = p.op();
    const ms = performance.now() - start;
    if (round < 0) continue; // warms up
    p.ms.push(ms);
    p.faults.push(faults() - f);
  }
}

const session = new Session();
session.connect();
for (const p of peers) {
  await turn();
  gc();
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 256,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  for (let i = 0; i < rounds; i++) sink = p.op();
  const { profile } = await session.post('HeapProfiler.stopSampling');
  const bySite = new Map();
  (function walk(node) {
    const { functionName, url, lineNumber } = node.callFrame;
    const site = `${functionName || '(anonymous)'}${url ? ` ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}` : ''}`;
    bySite.set(site, (bySite.get(site) ?? 0) + node.selfSize);
    for (const child of node.children) walk(child);
  })(profile.head);
  p.sites = [...bySite].map(([site, bytes]) => [site, bytes / rounds]).sort((a, b) => b[1] - a[1]);
  p.bytes = p.sites.reduce((sum, [, bytes]) => sum + bytes, 0);
}
session.disconnect();
sink = undefined;

const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
console.log(`${set.name} hydrate + read, ${rounds} rounds per peer (median, then each round as ms/faults):`);
for (const p of peers) {
  const each = p.ms.map((ms, i) => `${ms.toFixed(1)}/${p.faults[i]}`).join(' ');
  console.log(
    `  ${p.peer.padEnd(13)} ${median(p.ms).toFixed(2)} ms, ${median(p.faults)} faults, ${kb(p.bytes)} allocated per op   ${each}`,
  );
}
for (const p of peers) {
  console.log(`${p.peer}: allocated per op, by function`);
  for (const [site, bytes] of p.sites.slice(0, top)) console.log(`  ${kb(bytes).padStart(8)}  ${site}`);
}
