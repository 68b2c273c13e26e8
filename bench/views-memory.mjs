/**
 * W14 — memory: bytes retained per row (FLAT-10k written as one response) and per
 * mounted view (1000 single-row views, each read once and subscribed), measured as the
 * heap growth after `gc()`. For signal-cache, then after a sweep (`ctrl.gc()` once the
 * data expired): per mounted view while the views stay mounted (each keeps its row), and
 * per row once the views are unmounted too (nothing should stay).
 *
 * Every (peer, round) runs in a fresh worker thread, so no peer or earlier round leaves
 * anything behind in the measured heap. Each worker first warms its module-level caches
 * on a small store, then measures.
 *
 * The input rows are generated inside each measurement, parsed from their JSON text as a
 * response delivers them, and dropped after the write, so a peer that keeps the response
 * objects as they are (TanStack) is charged for them, and a peer that copies them is
 * charged only for its copies. (Rows made by the generator directly would hold strings
 * joined by concatenation, larger than the flat strings `JSON.parse` makes: every peer that
 * keeps the strings, and none of the `json` reference, would be charged ~16 B/row more.)
 */
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { getHeapSpaceStatistics } from 'node:v8';
import { fileURLToPath } from 'node:url';
import { QUICK, Scenario } from './_lib/harness.mjs';
import { flat, typed } from './_lib/fixtures.mjs';
import * as sc from './_lib/signal-cache.mjs';
import * as dc from './_lib/data-client.mjs';
import * as ap from './_lib/apollo.mjs';
import * as tq from './_lib/tanstack.mjs';

const N = 10_000;
/** The signal-cache controllers' clock: moved past every expiry before the sweep. */
const clock = { now: 0 };
const VIEWS = 1000;
const ROUNDS = QUICK ? 2 : 5;

/** How each peer writes FLAT-n, mounts views on some rows, and proves they read them. */
const PEERS = [
  {
    peer: 'signal-cache',
    variant: 'setResponse; effect per view',
    write(rows) {
      const ctrl = new sc.Controller({ clock: () => clock.now, gcInterval: 0 });
      ctrl.setResponse(sc.getRows, rows);
      return ctrl;
    },
    sweep: true,
    mount: (ctrl, ids) => {
      const views = ids.map((id) => ctrl.query(sc.Row, { id }));
      return { views, counter: sc.watchAll(views) };
    },
    verify: (ctrl, { views }, ids) => views[3].value.id === ids[3],
  },
  {
    // The same rows written with set() and never read as a list: no denormalized objects
    // are cached per row, which shows what the response's read cache costs.
    peer: 'signal-cache',
    variant: 'set, rows never read as a list; effect per view',
    write(rows) {
      const ctrl = new sc.Controller({ clock: () => clock.now, gcInterval: 0 });
      ctrl.set(sc.allRows, rows);
      return ctrl;
    },
    sweep: true,
    mount: (ctrl, ids) => {
      const views = ids.map((id) => ctrl.query(sc.Row, { id }));
      return { views, counter: sc.watchAll(views) };
    },
    verify: (ctrl, { views }, ids) => views[3].value.id === ids[3],
  },
  {
    // The rows with live queries mounted over them (count, groupBy with count and sum,
    // the top 50 by score), each read by an effect: the per-row cost of incremental state.
    peer: 'signal-cache',
    variant: 'setResponse + live count, groupBy, top-50 mounted; effect per view',
    write(rows) {
      const ctrl = new sc.Controller();
      ctrl.setResponse(sc.getRows, rows);
      const live = [
        sc
          .live(sc.Row)
          .where((r) => r.active)
          .count(),
        sc.live(sc.Row).groupBy(
          (r) => r.age,
          (g) => ({ n: g.count(), score: g.sum((r) => r.score) }),
        ),
        sc
          .live(sc.Row)
          .orderBy((r) => r.score, 'desc')
          .limit(50),
      ].map((q) => ctrl.query(q));
      return { ctrl, live, counter: sc.watchAll(live) };
    },
    mount: ({ ctrl }, ids) => {
      const views = ids.map((id) => ctrl.query(sc.Row, { id }));
      return { views, counter: sc.watchAll(views) };
    },
    verify: ({ live }, { views }, ids) => views[3].value.id === ids[3] && live[2].value.length === 50,
  },
  {
    // The reference for rows written and never read: the response parsed from its JSON
    // text and kept as it is (what any cache that stores the response pays at least).
    peer: 'json',
    variant: 'JSON.parse, kept as is',
    write: (rows) => rows,
    // No views: a view of a plain object costs a reference, nothing to measure.
    views: false,
    mount: (list, ids) => ids.map((id) => list.find((r) => r.id === id)),
    verify: (list, seen, ids) => seen[3].id === ids[3],
  },
  {
    peer: 'data-client',
    variant: 'setResponse; view re-reading per dispatch',
    write(rows) {
      const store = dc.createStore();
      store.controller.setResponse(dc.getRows, rows);
      return store;
    },
    mount: (store, ids) => {
      for (const id of ids) store.view(dc.getRow, [{ id }], () => {});
      return ids.map((id) => store.read(dc.getRow, { id }));
    },
    verify: (store, seen, ids) => seen[3].id === ids[3],
  },
  {
    peer: 'apollo',
    variant: 'writeQuery; cache.watch per view',
    write(rows) {
      const cache = ap.createCache();
      cache.writeQuery({ query: ap.ROWS, data: { rows: typed(rows, 'Row') } });
      return cache;
    },
    mount: (cache, ids) => {
      const refs = ids.map((id) => cache.identify({ __typename: 'Row', id }));
      const counter = ap.watchFragments(cache, ap.ROW, refs);
      return { counter, seen: refs.map((id) => cache.readFragment({ id, fragment: ap.ROW })) };
    },
    verify: (cache, { seen }, ids) => seen[3].id === ids[3],
  },
  {
    peer: 'tanstack',
    variant: 'setQueryData; QueryObserver per view',
    write(rows) {
      const client = tq.createClient();
      client.setQueryData(['rows'], rows);
      return client;
    },
    mount: (client, ids) => {
      const list = client.getQueryData(['rows']);
      return ids.map((id) => {
        const index = list.findIndex((r) => r.id === id);
        return tq.observe(
          client,
          ['rows'],
          (rows) => rows[index],
          () => {},
        );
      });
    },
    verify: (client, observers, ids) => observers[3].observer.getCurrentResult().data.id === ids[3],
  },
];

/** Bytes of live objects, leaving out compiled code (the JIT may compile while measuring). */
const DATA_SPACES = new Set(['new_space', 'old_space', 'large_object_space', 'new_large_object_space', 'map_space']);
const heap = () => {
  let used = 0;
  for (const space of getHeapSpaceStatistics()) if (DATA_SPACES.has(space.space_name)) used += space.space_used_size;
  return used;
};

/** Lets the current job end (WeakRef targets are kept until then), then collects. */
async function settle() {
  for (let i = 0; i < 3; i++) {
    await new Promise((resolve) => setImmediate(resolve));
    globalThis.gc();
  }
}

// Stores and views live only in `box` and in these synchronous helpers: a value held in
// a local of an async function stays in its suspended frame.
const box = { store: undefined, views: undefined, ok: true };
function writePhase(p, n) {
  // The rows as a response delivers them: parsed from its JSON text (strings as JSON.parse
  // makes them, what the json reference keeps), the text itself dropped.
  box.store = p.write(JSON.parse(JSON.stringify(flat(n))));
}
function mountPhase(p, n, views) {
  const ids = Array.from({ length: views }, (_, i) => `r${i * (n / views)}`);
  box.views = p.mount(box.store, ids);
  box.ok = p.verify(box.store, box.views, ids);
}

/** One measurement in a fresh isolate: warm up on a small store, then measure. */
async function measureOnce(p) {
  writePhase(p, 1000);
  mountPhase(p, 1000, 100);
  box.store = box.views = undefined;
  await settle();
  const h0 = heap();
  writePhase(p, N);
  await settle();
  const h1 = heap();
  mountPhase(p, N, VIEWS);
  await settle();
  const h2 = heap();
  const out = { row: (h1 - h0) / N, view: (h2 - h1) / VIEWS, ok: box.ok };
  if (!p.sweep) return out;
  clock.now = 1e12;
  box.store.gc();
  await settle();
  const h3 = heap();
  box.views.counter.dispose();
  box.views = undefined;
  box.store.gc();
  await settle();
  const h4 = heap();
  return { ...out, viewSwept: (h3 - h0) / VIEWS, rowSwept: (h4 - h0) / N };
}

if (!isMainThread) {
  parentPort.postMessage(await measureOnce(PEERS[workerData.index]));
} else {
  if (typeof globalThis.gc !== 'function') throw new Error('W14 needs --expose-gc (run it through bench/run.mjs)');
  const s = new Scenario({ id: 'W14', title: 'memory: retained bytes per row and per view', file: 'views-memory.mjs' });
  const file = fileURLToPath(import.meta.url);
  const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
  for (let index = 0; index < PEERS.length; index++) {
    const { peer, variant } = PEERS[index];
    const results = [];
    for (let round = 0; round < ROUNDS; round++) {
      results.push(
        await new Promise((resolve, reject) => {
          const worker = new Worker(file, { workerData: { index }, argv: process.argv.slice(2) });
          worker.once('message', resolve);
          worker.once('error', reject);
        }),
      );
    }
    const perRow = results.map((r) => r.row);
    const perView = results.map((r) => r.view);
    const row = median(perRow);
    const view = median(perView);
    s.value({ case: 'per row (FLAT-10k)', peer, variant, unit: 'B/row', value: row, rounds: perRow });
    if (PEERS[index].views !== false)
      s.value({ case: 'per mounted view', peer, variant, unit: 'B/view', value: view, rounds: perView });
    if (PEERS[index].sweep) {
      const viewSwept = results.map((r) => r.viewSwept);
      const rowSwept = results.map((r) => r.rowSwept);
      s.value({
        case: 'per mounted view after a sweep',
        peer,
        variant,
        unit: 'B/view',
        value: median(viewSwept),
        rounds: viewSwept,
      });
      s.value({
        case: 'per row after unmount and a sweep',
        peer,
        variant,
        unit: 'B/row',
        value: median(rowSwept),
        rounds: rowSwept,
      });
    }
    s.gate(
      `${peer} (${variant}): views read the rows`,
      results.every((r) => r.ok),
    );
    s.gate(
      `${peer} (${variant}): measured a positive retained size`,
      row > 0 && (view > 0 || PEERS[index].views === false),
      `row=${row.toFixed(1)} view=${view.toFixed(1)}`,
    );
  }
  s.note('TanStack is not normalized: its per-row cost is the response objects themselves.');
  s.note(
    `json: the rows parsed from the response text (${(JSON.stringify(flat(N)).length / N).toFixed(0)} B of JSON per row) and kept as they are.`,
  );
  s.report();
}
