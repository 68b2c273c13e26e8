/**
 * W21 — the cache's state as it travels from a server render to the browser: dehydrate
 * FLAT-10k and LONG-500 to JSON text, and hydrate a fresh cache from that text.
 *
 * Each peer holds one cached response (the list of FLAT-10k rows, or of LONG-500
 * projects with their nested build types) and is measured the same way:
 *   - dehydrate: the state object and `JSON.stringify` of it (what goes into the page);
 *   - hydrate: `JSON.parse` of that text and a fresh cache filled from it (the cache built
 *     untimed beforehand);
 *   - hydrate + read: the same, then the first read of the response, which is what the
 *     page renders (normalized caches denormalize here; TanStack stores the list whole).
 * Bytes are the UTF-8 length of the JSON text. Operations take milliseconds: each round
 * times them on freshly prepared caches with `performance.now()` (the harness's batched
 * `prepare` would build dozens of 10k caches per sample), as W23 does; each operation starts
 * in a task of its own (`turn`), as a page's hydrate runs.
 *
 * Peers: signal-cache `dehydrate(ctrl)` / `hydrate(ctrl, state)`; TanStack Query's
 * `dehydrate(client)` / `hydrate(client, state)` (`@tanstack/query-core`); data-client's
 * store state (`entities`, `indexes`, `results`, `meta`, `entityMeta` …) serialized whole
 * and given to a new store as its initial state (what `<DataProvider initialState>` does).
 */
import { canon } from './_lib/fixtures.mjs';
import { collect, median, QUICK, Scenario } from './_lib/harness.mjs';
import { DATASETS, peersOf, turn } from './_lib/w21-peers.mjs';

const s = new Scenario({
  id: 'W21',
  title: 'dehydrate and hydrate FLAT-10k and LONG-500 (JSON text)',
  file: 'hydrate-state.mjs',
});

/**
 * Per dataset: timed rounds per task, and operations per round (each on its own freshly
 * prepared cache, all timed together after one full collection: a LONG-500 operation
 * takes about a millisecond, too short to time alone on a shared machine).
 */
const PLAN = {
  'FLAT-10k': { rounds: QUICK ? 3 : 11, ops: 1 },
  'LONG-500': { rounds: QUICK ? 4 : 11, ops: 10 },
};

/**
 * Times `run(prepare())`, `ops` times per round, the tasks interleaved within each round
 * (a drift of the machine hits every peer alike); records the best round and the median.
 */
async function measure(set, tasks) {
  const { rounds: count, ops } = PLAN[set.name];
  const rounds = tasks.map(() => []);
  for (let round = -1; round < count; round++) {
    for (const [i, t] of tasks.entries()) {
      const states = Array.from({ length: ops }, t.prepare);
      await turn();
      collect();
      const start = performance.now();
      for (const state of states) sink = t.run(state);
      const ms = (performance.now() - start) / ops;
      if (round >= 0) rounds[i].push(1000 / ms); // round -1 warms up
    }
  }
  tasks.forEach((t, i) => {
    s.value({
      case: t.case,
      peer: t.peer,
      variant: t.variant,
      unit: 'ops/s',
      value: Math.max(...rounds[i]),
      median: median(rounds[i]),
      rounds: rounds[i],
    });
  });
  sink = undefined;
}

let sink;
const bytes = new Map();
for (const set of DATASETS) {
  const expected = canon(set.data);
  const tasks = [];
  for (const p of peersOf(set)) {
    // Validate before timing: the text round-trips into a cache that reads the data as given.
    const source = p.filled();
    const text = p.dehydrate(source);
    const restored = p.hydrate(p.empty(), text);
    s.gate(`${p.peer}: ${set.name} read after hydrate is the data`, canon(p.read(restored)) === expected);
    s.gate(`${p.peer}: ${set.name} hydrated data is fresh`, p.fresh(restored));
    if (p.peer === 'signal-cache') {
      s.gate(
        `signal-cache: ${set.name} dehydrating the hydrated cache gives the same text`,
        p.dehydrate(restored) === text,
      );
    }
    const size = Buffer.byteLength(text);
    bytes.set(`${set.name} ${p.peer}`, size);
    s.value({ case: `${set.name} JSON bytes`, peer: p.peer, variant: p.variant, unit: 'B', value: size });

    const task = { peer: p.peer, variant: p.variant };
    tasks.push(
      { ...task, case: `${set.name} dehydrate`, prepare: () => source, run: p.dehydrate },
      { ...task, case: `${set.name} hydrate`, prepare: p.empty, run: (c) => p.hydrate(c, text) },
      { ...task, case: `${set.name} hydrate + read`, prepare: p.empty, run: (c) => p.read(p.hydrate(c, text)) },
    );
  }
  collect();
  await measure(set, tasks);
  s.gate(`${set.name}: no peer mutated the input`, canon(set.data) === expected);
}

// Milliseconds per operation (median of the rounds), as W21 is stated.
for (const row of s.rows.filter((r) => r.unit === 'ops/s')) {
  s.note(`${row.case}, ${row.peer}: ${(1000 / row.median).toFixed(2)} ms`);
}
for (const set of DATASETS) {
  const ours = bytes.get(`${set.name} signal-cache`);
  const tq = bytes.get(`${set.name} tanstack`);
  s.note(
    `${set.name} bytes: signal-cache ${ours}, data-client ${bytes.get(`${set.name} data-client`)}, TanStack ${tq} (${(ours / tq).toFixed(2)}× TanStack's)`,
  );
}
s.report();
