/**
 * W25 — data-client's own browser benchmark (examples/benchmark-react), ported: what a user
 * waits for, in headless Chromium, from an action until a `MutationObserver` sees the
 * expected DOM, with signal-cache on Solid and on Preact beside `@data-client/react` 0.10
 * on React 18, `@tanstack/solid-query`, and plain Solid / Preact / React pages.
 *
 * Every page shares the fixtures (bench/_browser/fixtures.ts), the in-page REST server (a
 * Web Worker, ./_browser/server.worker.ts) and, per framework, the presentational
 * components; each library is written the way its docs show (see each page's header).
 * Production builds (esbuild, minified, NODE_ENV=production), served from 127.0.0.1.
 *
 * Method (as data-client's convergent runner, `PLAN` below): for each scenario and network
 * mode, a fresh page per library, the pre-mount, then warm-up iterations and measured ones
 * until the 95% confidence interval of the median is narrow enough (or the budget is
 * spent); between iterations every request is answered and handled (`settle`), every 8th
 * two full collections. The libraries' pages take turns, one
 * iteration each, so a drift of the shared machine hits all of them alike. Network
 * simulation: data-client's `NETWORK_SIM_CONFIG`, 40 ms + 1 ms per 20 records per answer.
 *
 * Correctness gates (also `--quick`, the CI smoke run): a sequence of mounts and writes run
 * on every page; after each step, once everything settled, every library must show the same
 * DOM (canonical form: bench/_browser/harness.ts `canonical`). Ref stability counts, the
 * heap after mount/unmount cycles and the startup time are measured in full runs.
 *
 *   node bench/run.mjs --only=W25            full (far longer than the others: 7 pages × 13 scenarios × 2 network modes)
 *   node bench/run.mjs --only=W25 --quick    gates only (< 1 min)
 *   W25_SCENARIOS=update-entity,delete-item node bench/run.mjs --only=W25   some scenarios
 *
 * A narrow run (one scenario, a few pages, interleaved as in a full run) for profiling a change:
 *
 *   W25_SCENARIOS=update-user-10000 W25_LIBRARIES=signal-cache-solid,signal-cache-preact,data-client \
 *     W25_SIM=0 W25_PARTS=timed node bench/run.mjs --only=W25 --no-build
 *
 * W25_LIBRARIES: page ids (ALL below); W25_SIM: 0 or 1, one network mode; W25_PARTS: some of
 * gates, refs, timed, memory, startup. Without `--write` the results files stay as they are.
 * Where a Solid navigation's time goes (the core's write and read, then the binding and the
 * request path), with the diagnostic page `solid-core`:
 *
 *   W25_SCENARIOS=getlist-100,getlist-500,getlist-500-sorted \
 *     W25_LIBRARIES=signal-cache-solid,solid-core,solid W25_SIM=0 W25_PARTS=gates,timed \
 *     node bench/run.mjs --only=W25 --no-build
 */
import os from 'node:os';
import { QUICK, Scenario } from './_lib/harness.mjs';
import { buildPages, launch, serve, stats } from './_lib/browser.mjs';
import { barChart } from './_lib/chart.mjs';

/** data-client's NETWORK_SIM_CONFIG. */
const NETWORK_SIM = { baseLatencyMs: 40, recordsPerMs: 20 };

/** The pages, in table order. `baseline`: the plain page of the same framework. */
const ALL = [
  {
    id: 'signal-cache-solid',
    entry: 'signal-cache-solid.tsx',
    framework: 'solid',
    peer: 'signal-cache',
    variant: 'Solid',
    baseline: 'solid',
  },
  {
    id: 'signal-cache-preact',
    entry: 'signal-cache-preact.tsx',
    framework: 'preact',
    peer: 'signal-cache',
    variant: 'Preact',
    baseline: 'preact',
  },
  {
    id: 'data-client',
    entry: 'data-client.tsx',
    framework: 'react',
    peer: 'data-client',
    variant: 'React 18',
    baseline: 'react',
  },
  {
    id: 'tanstack-solid',
    entry: 'tanstack-solid.tsx',
    framework: 'solid',
    peer: 'tanstack',
    variant: 'solid-query',
    baseline: 'solid',
  },
  { id: 'solid', entry: 'solid.tsx', framework: 'solid', peer: 'plain', variant: 'Solid', baseline: 'solid' },
  {
    id: 'preact',
    entry: 'vdom/baseline.tsx',
    framework: 'preact',
    peer: 'plain',
    variant: 'Preact',
    baseline: 'preact',
  },
  {
    id: 'react',
    entry: 'vdom/baseline.tsx',
    framework: 'react',
    peer: 'plain',
    variant: 'React 18',
    baseline: 'react',
  },
  // A diagnostic page, run only when named in W25_LIBRARIES: plain Solid with the core's
  // write and read in its path and no binding (see its header), to split a navigation's cost.
  {
    id: 'solid-core',
    entry: 'solid-core.tsx',
    framework: 'solid',
    peer: 'plain + core',
    variant: 'Solid',
    baseline: 'solid',
    diagnostic: true,
  },
];
const label = (lib) => `${lib.peer} (${lib.variant})`;
const byId = (id) => ALL.find((l) => l.id === id);
/** The pages of this run (W25_LIBRARIES: some of them, diagnostic pages included; else all others). */
const LIBRARIES = process.env.W25_LIBRARIES
  ? process.env.W25_LIBRARIES.split(',').map(page)
  : ALL.filter((l) => !l.diagnostic);

function page(id) {
  const lib = byId(id);
  if (lib === undefined) throw new Error(`W25_LIBRARIES: no page ${id} (pages: ${ALL.map((l) => l.id).join(', ')})`);
  return lib;
}

/**
 * The timed scenarios of data-client's benchmark. `pre`: the pre-mount (update scenarios);
 * `mount`: each iteration starts from an empty store and an empty page; `limit`: rows
 * rendered per list (the store holds them all).
 */
const TIMED = [
  { name: 'getlist-100', kind: 'navigation', mount: true, action: ['init', 100], size: 'small' },
  { name: 'getlist-500', kind: 'navigation', mount: true, action: ['init', 500], size: 'large' },
  { name: 'getlist-500-sorted', kind: 'navigation', mount: true, action: ['mountSortedView', 500], size: 'large' },
  {
    name: 'list-detail-switch-10',
    kind: 'navigation',
    mount: true,
    action: ['listDetailSwitch', 10, 1000],
    limit: 100,
    size: 'large',
  },
  {
    name: 'update-entity',
    kind: 'mutation',
    pre: ['init', 1000],
    action: ['updateEntity', 1],
    limit: 100,
    size: 'small',
  },
  {
    name: 'update-entity-sorted',
    kind: 'mutation',
    pre: ['mountSortedView', 1000],
    action: ['updateEntity', 1],
    limit: 100,
    size: 'large',
  },
  {
    name: 'update-entity-multi-view',
    kind: 'mutation',
    pre: ['initMultiView', 1000],
    action: ['updateEntityMultiView', 1],
    limit: 100,
    size: 'large',
  },
  {
    name: 'update-user',
    kind: 'mutation',
    pre: ['init', 1000],
    action: ['updateUser', 'user0'],
    limit: 100,
    size: 'large',
  },
  {
    name: 'update-user-10000',
    kind: 'mutation',
    pre: ['init', 10000],
    action: ['updateUser', 'user0'],
    limit: 100,
    size: 'large',
    min: 5,
  },
  { name: 'unshift-item', kind: 'mutation', pre: ['init', 1000], action: ['unshiftItem'], limit: 100, size: 'small' },
  // Each iteration deletes the next issue (1, 2, 3 …): always the first row shown.
  {
    name: 'delete-item',
    kind: 'mutation',
    pre: ['init', 1000],
    action: (i) => ['deleteEntity', i + 1],
    limit: 100,
    size: 'small',
  },
  {
    name: 'move-item',
    kind: 'mutation',
    pre: ['initDoubleList', 1000],
    action: ['moveItem', 1],
    limit: 100,
    size: 'small',
  },
];

/**
 * Warm-up and measured iterations per library, data-client's convergent profile
 * (examples/benchmark-react/bench/scenarios.ts `CONVERGENT_CONFIG`, run locally): at least
 * `min`, at most `max`; stop once the 95% CI (outliers trimmed by IQR, MAD) is within
 * `margin` % of the median, or `budgetMs` is spent (ours: a full run must end). An iteration
 * slower than `SLOW_MS` (a refetch of 10,000 issues) makes it 1 warm-up and at least 3 measured.
 */
const PLAN = {
  small: { warmup: 8, min: 10, max: 60, margin: 6, budgetMs: 12_000 },
  large: { warmup: 5, min: 10, max: 50, margin: 10, budgetMs: 15_000 },
};
/** Iterations between two full collections (data-client's `CONVERGENT_GC_INTERVAL`: twice, with pauses). */
const GC_EVERY = 8;
const SLOW_MS = 2000;

/**
 * The gate sequence: every library runs it; after each step (settled) the DOMs must be
 * equal. Lists are fetched with a count above the server's issues, so a list that adds or
 * drops an item itself (normalized caches) and one that refetches agree.
 */
const GATE_STEPS = [
  ['seed', 24],
  ['setRenderLimit', 100],
  ['init', 1000],
  ['updateEntity', 1],
  ['updateEntity', 2],
  ['updateUser', 'user0'],
  ['unshiftItem'],
  ['deleteEntity', 3],
  ['updateUser', 'user1'],
  ['reset'],
  ['seed', 30],
  ['initDoubleList', 1000],
  ['moveItem', 1],
  ['moveItem', 1],
  ['moveItem', 3],
  ['reset'],
  ['mountSortedView', 24],
  ['updateEntity', 5],
  ['reset'],
  ['initMultiView', 24],
  ['updateEntityMultiView', 1],
  ['updateUser', 'user0'],
  ['reset'],
  ['listDetailSwitch', 3, 24],
  ['reset'],
];
/** Steps after which the DOM is not compared (they show nothing new). */
const NO_DOM = new Set(['seed', 'setRenderLimit', 'reset']);

const s = new Scenario({
  id: 'W25',
  title: "data-client's browser benchmark (Solid, Preact, React)",
  file: 'browser-scenarios.mjs',
});
const only = process.env.W25_SCENARIOS?.split(',');
const modes = process.env.W25_SIM === undefined ? [false, true] : [process.env.W25_SIM === '1'];
const parts = process.env.W25_PARTS?.split(',') ?? ['gates', 'refs', 'timed', 'memory', 'startup'];
const part = (name) => parts.includes(name);
const loadAtStart = os.loadavg();

const started = Date.now();
const { files, sizes } = await buildPages(LIBRARIES);
const server = await serve(files);
const { browser, source } = await launch();
const browserVersion = browser.version();
const timings = new Map();
const refs = [];
const heap = [];
const startup = [];

try {
  if (part('gates')) await gates();
  if (!QUICK) {
    if (part('refs')) await refStability();
    if (part('timed'))
      for (const sim of modes)
        for (const scenario of TIMED) if (!only || only.includes(scenario.name)) await timed(scenario, sim);
    if (part('memory')) await memory();
    if (part('startup')) for (const sim of modes) await startupTimes(sim);
  }
} finally {
  await browser.close();
  await server.close();
}
const seconds = (Date.now() - started) / 1000;
const loadAtEnd = os.loadavg();
console.log(`W25: ${seconds.toFixed(0)} s`);

const targets = QUICK ? [] : evaluateTargets();
report();

//#region pages

/** A fresh page of `lib` with `sim` and `limit` set; page errors are collected. */
async function open(lib, { sim = false, limit } = {}) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.goto(`${server.url}/${lib.id}/`);
  await page.waitForSelector('[data-app-ready]', { state: 'attached', timeout: 30_000 });
  await page.waitForSelector('[data-bench-harness]', { state: 'attached', timeout: 30_000 });
  const cdp = await context.newCDPSession(page);
  const p = {
    lib,
    page,
    cdp,
    errors,
    /** Calls `window.__BENCH__[name](...args)`; resolves with its result. */
    call: (name, ...args) => page.evaluate(([n, a]) => window.__BENCH__[n](...a), [name, args]),
    settle: () => page.evaluate(() => window.__BENCH__.settle()),
    gc: () => cdp.send('HeapProfiler.collectGarbage'),
    /** Two full collections with pauses, as data-client's runner does between iterations. */
    async gcTwice() {
      await cdp.send('HeapProfiler.collectGarbage');
      await page.waitForTimeout(30);
      await cdp.send('HeapProfiler.collectGarbage');
      await page.waitForTimeout(50);
    },
    close: () => context.close(),
  };
  await p.call('setNetworkSim', sim ? NETWORK_SIM : null);
  if (limit !== undefined) await p.call('setRenderLimit', limit);
  return p;
}

function gateErrors(p, what) {
  s.gate(`${label(p.lib)}: no page errors (${what})`, p.errors.length === 0, p.errors.slice(0, 3).join(' | '));
  p.errors.length = 0;
}

//#endregion

//#region gates

/** Runs GATE_STEPS on every page and compares the DOM after each step. */
async function gates() {
  const doms = new Map();
  for (const lib of LIBRARIES) {
    const p = await open(lib);
    const seen = [];
    try {
      for (const [name, ...args] of GATE_STEPS) {
        await p.call(name, ...args);
        await p.settle();
        if (!NO_DOM.has(name)) seen.push({ step: `${name}(${args.join(', ')})`, dom: await p.call('dom') });
      }
    } catch (error) {
      s.gate(`${label(lib)}: the gate sequence runs`, false, String(error).slice(0, 400));
    }
    gateErrors(p, 'gate sequence');
    doms.set(lib.id, seen);
    await p.close();
  }
  const reference = LIBRARIES.find((l) => l.peer === 'plain') ?? LIBRARIES[0];
  const expected = doms.get(reference.id);
  for (const lib of LIBRARIES) {
    if (lib === reference) continue;
    const seen = doms.get(lib.id);
    const bad = expected.findIndex((e, i) => seen[i]?.dom !== e.dom);
    const detail =
      bad === -1
        ? ''
        : `after ${expected[bad].step}: ${firstDifference(expected[bad].dom, seen[bad]?.dom ?? '(no DOM)')}`;
    s.gate(
      `${label(lib)} shows the same DOM as ${label(reference)} after each of ${expected.length} steps`,
      bad === -1 && seen.length === expected.length,
      detail,
    );
  }
  s.note(
    `Gates: ${GATE_STEPS.filter(([n]) => !NO_DOM.has(n)).length} steps (${[...new Set(GATE_STEPS.map(([n]) => n))].join(', ')}), DOM compared after each once every request settled.`,
  );
}

function firstDifference(a, b) {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `expected …${a.slice(Math.max(0, i - 80), i + 80)}… got …${b.slice(Math.max(0, i - 80), i + 80)}…`;
}

//#endregion

//#region ref stability

/** After one issue / one user changes: how many of 1,000 listed issues got a new issue / user object. */
async function refStability() {
  for (const lib of LIBRARIES) {
    for (const [what, action] of [
      ['issue changed', ['updateEntity', 1]],
      ['user changed', ['updateUser', 'user0']],
    ]) {
      const p = await open(lib, { limit: 100 });
      try {
        await p.call('init', 1000);
        await p.settle();
        await p.call('captureRefSnapshot');
        await p.call(...action);
        await p.settle();
        refs.push({ lib, what, ...(await p.call('getRefStabilityReport')) });
      } catch (error) {
        s.gate(`${label(lib)}: ref stability (${what}) runs`, false, String(error).slice(0, 300));
      }
      gateErrors(p, `ref stability, ${what}`);
      await p.close();
    }
  }
}

//#endregion

//#region timed

/** One timed scenario in one network mode, every library, pages taking turns. */
async function timed(scenario, sim) {
  const plan = PLAN[scenario.size];
  const mode = sim ? 'network sim' : 'no network sim';
  console.log(`  W25 ${scenario.name} (${mode})`);
  const runs = [];
  for (const lib of LIBRARIES) {
    const p = await open(lib, { sim, limit: scenario.limit });
    try {
      if (scenario.pre) {
        await p.call(...scenario.pre);
        await p.settle();
      }
      await p.gc();
      runs.push({ p, samples: [], i: 0, spent: 0, done: false, warmup: plan.warmup, min: plan.min });
    } catch (error) {
      s.gate(`${label(lib)}: ${scenario.name} (${mode}) pre-mount`, false, String(error).slice(0, 300));
      await p.close();
    }
  }
  for (let round = 0; round < plan.warmup + plan.max; round++) {
    const active = runs.filter((r) => !r.done);
    if (active.length === 0) break;
    for (const r of shuffle(active)) {
      const t0 = Date.now();
      try {
        if (scenario.mount) {
          await r.p.call('reset');
          await r.p.settle();
        }
        const action = typeof scenario.action === 'function' ? scenario.action(r.i) : scenario.action;
        const ms = await r.p.call(...action);
        await r.p.settle();
        if (r.i === 0 && ms > SLOW_MS) Object.assign(r, { warmup: 1, min: 3 });
        if (r.i >= r.warmup) r.samples.push(1000 / ms);
        r.i++;
        if (r.i % GC_EVERY === 0) await r.p.gcTwice();
      } catch (error) {
        s.gate(`${label(r.p.lib)}: ${scenario.name} (${mode}) runs`, false, String(error).slice(0, 300));
        r.done = true;
      }
      r.spent += Date.now() - t0;
      const n = r.samples.length;
      if (n >= plan.max || (n >= r.min && (stats(r.samples).marginPct <= plan.margin || r.spent > plan.budgetMs)))
        r.done = true;
    }
  }
  for (const r of runs) {
    gateErrors(r.p, `${scenario.name}, ${mode}`);
    if (r.samples.length) timings.set(key(scenario.name, sim, r.p.lib.id), { ...stats(r.samples), samples: r.samples });
    await r.p.close();
  }
}

function key(name, sim, id) {
  return `${name}|${sim ? 1 : 0}|${id}`;
}

function shuffle(list) {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

//#endregion

//#region memory and startup

/**
 * data-client's memory scenario: JS heap (CDP `JSHeapUsedSize` after a full collection)
 * after mounting a list of 500 and unmounting it 10 times, minus before; the library's own
 * sweep runs first where it has one (signal-cache `ctrl.gc()`). One warm-up page, then the
 * median of 3 fresh pages.
 */
async function memory() {
  console.log('  W25 memory-mount-unmount-cycle');
  const rounds = new Map(LIBRARIES.map((l) => [l.id, []]));
  for (let round = 0; round < 4; round++) {
    for (const lib of shuffle(LIBRARIES)) {
      const p = await open(lib);
      try {
        await p.cdp.send('Performance.enable');
        const used = async () => {
          await p.gc();
          await p.gc();
          const { metrics } = await p.cdp.send('Performance.getMetrics');
          return metrics.find((m) => m.name === 'JSHeapUsedSize').value;
        };
        const before = await used();
        await p.call('mountUnmountCycle', 500, 10);
        await p.call('gc');
        await p.settle();
        const after = await used();
        if (round > 0) rounds.get(lib.id).push(after - before);
      } catch (error) {
        s.gate(`${label(lib)}: memory cycle runs`, false, String(error).slice(0, 300));
      }
      gateErrors(p, 'memory');
      await p.close();
    }
  }
  for (const lib of LIBRARIES) {
    const r = rounds.get(lib.id);
    if (r.length) heap.push({ lib, bytes: stats(r).median, rounds: r });
  }
}

/** Startup: a fresh page load until a list of 100 issues is on screen; 3 loads per library, the median. */
async function startupTimes(sim) {
  console.log(`  W25 startup (${sim ? 'network sim' : 'no network sim'})`);
  const rounds = new Map(LIBRARIES.map((l) => [l.id, []]));
  for (let round = 0; round < 3; round++) {
    for (const lib of shuffle(LIBRARIES)) {
      const context = await browser.newContext();
      const page = await context.newPage();
      try {
        const cdp = await context.newCDPSession(page);
        await cdp.send('Performance.enable');
        const simArg = sim ? `&sim=${NETWORK_SIM.baseLatencyMs},${NETWORK_SIM.recordsPerMs}` : '';
        await page.goto(`${server.url}/${lib.id}/?startup=100${simArg}`);
        await page.waitForFunction(() => window.__STARTUP__ !== undefined, null, { timeout: 30_000 });
        const shown = await page.evaluate(() => window.__STARTUP__);
        // The paint entry is queued once the frame is presented, after the list showed:
        // read at once it is missing (every FCP was NaN). Wait for it (NaN after 10 s).
        const fcp = await page.evaluate(
          () =>
            new Promise((resolve) => {
              const timer = setTimeout(() => resolve(Number.NaN), 10_000);
              new PerformanceObserver((list) => {
                const entry = list.getEntriesByName('first-contentful-paint')[0];
                if (entry === undefined) return;
                clearTimeout(timer);
                resolve(entry.startTime);
              }).observe({ type: 'paint', buffered: true });
            }),
        );
        const { metrics } = await cdp.send('Performance.getMetrics');
        const metric = (name) => (metrics.find((m) => m.name === name)?.value ?? Number.NaN) * 1000;
        rounds.get(lib.id).push({ shown, fcp, task: metric('TaskDuration'), script: metric('ScriptDuration') });
      } catch (error) {
        s.gate(`${label(lib)}: startup runs`, false, String(error).slice(0, 300));
      }
      await context.close();
    }
  }
  for (const lib of LIBRARIES) {
    const r = rounds.get(lib.id);
    if (!r.length) continue;
    const med = (f) => stats(r.map(f)).median;
    startup.push({
      lib,
      sim,
      shown: stats(r.map((x) => x.shown)),
      fcp: med((x) => x.fcp),
      task: med((x) => x.task),
      script: med((x) => x.script),
    });
  }
}

//#endregion

//#region targets and report

/** Issue 27's targets, each for signal-cache on Solid and on Preact, judged on medians of this run. */
function evaluateTargets() {
  const out = [];
  const ours = LIBRARIES.filter((l) => l.peer === 'signal-cache');
  for (const sim of [true, false]) {
    const mode = sim ? 'network sim' : 'no network sim';
    for (const lib of ours) {
      for (const sc of TIMED) {
        const mine = timings.get(key(sc.name, sim, lib.id));
        if (sc.kind === 'mutation') {
          const min = sc.min ?? 3;
          const dc = timings.get(key(sc.name, sim, 'data-client'));
          const ratio = mine && dc ? mine.median / dc.median : undefined;
          out.push({
            workload: 'W25',
            text: `W25 ${sc.name}, ${mode}: ${label(lib)} ≥ ${min}× data-client`,
            ratio,
            met: ratio === undefined ? undefined : ratio >= min,
          });
        } else {
          const base = timings.get(key(sc.name, sim, lib.baseline));
          const ratio = mine && base ? mine.median / base.median : undefined;
          out.push({
            workload: 'W25',
            text: `W25 ${sc.name}, ${mode}: ${label(lib)} within 1.2× of ${label(byId(lib.baseline))}`,
            ratio,
            met: ratio === undefined ? undefined : ratio >= 1 / 1.2,
          });
        }
      }
    }
  }
  for (const lib of ours) {
    const issue = refs.find((r) => r.lib === lib && r.what === 'issue changed');
    const user = refs.find((r) => r.lib === lib && r.what === 'user changed');
    // Of the 1,000 issues listed, user0 wrote every 20th.
    const byUser = 1000 / 20;
    out.push({
      workload: 'W25',
      text: `W25 ref stability: ${label(lib)}, only the changed entity's rows get a new reference`,
      detail:
        issue && user
          ? `issue changed: ${issue.issueRefChanged} issue refs; user changed: ${user.userRefChanged} user refs, ${user.issueRefChanged} issue refs (of ${byUser} rows by that user)`
          : 'n/a',
      met:
        issue && user
          ? issue.issueRefChanged <= 1 &&
            issue.userRefChanged === 0 &&
            user.userRefChanged <= byUser &&
            user.issueRefChanged <= byUser
          : undefined,
    });
    const mine = heap.find((h) => h.lib === lib);
    const dc = heap.find((h) => h.lib.id === 'data-client');
    out.push({
      workload: 'W25',
      text: `W25 memory mount/unmount: ${label(lib)} heap delta ≤ data-client's`,
      detail: mine && dc ? `${kb(mine.bytes)} vs ${kb(dc.bytes)}` : 'n/a',
      ratio: mine && dc ? mine.bytes / dc.bytes : undefined,
      met: mine && dc ? mine.bytes <= dc.bytes : undefined,
    });
  }
  return out;
}

function kb(bytes) {
  return `${(bytes / 1024).toFixed(0)} KiB`;
}

function ops(v) {
  return v >= 100 ? Math.round(v).toLocaleString('en') : v >= 10 ? v.toFixed(1) : v.toFixed(2);
}

function load(averages) {
  return averages.map((x) => x.toFixed(1)).join(' / ');
}

function report() {
  for (const [k, t] of timings) {
    const [name, sim, id] = k.split('|');
    const lib = byId(id);
    s.value({
      case: `${name}${sim === '1' ? ' (network sim)' : ''}`,
      peer: lib.peer,
      variant: lib.variant,
      unit: 'ops/s',
      value: t.median,
      median: t.median,
      rounds: t.samples,
    });
    s.rows.at(-1).rme = t.marginPct;
  }
  for (const r of refs) {
    s.value({
      case: `ref-stability-${r.what.replace(' ', '-')}`,
      peer: r.lib.peer,
      variant: r.lib.variant,
      unit: 'refs changed',
      value: r.what === 'issue changed' ? r.issueRefChanged : r.userRefChanged,
    });
  }
  for (const h of heap) {
    s.value({
      case: 'memory-mount-unmount-cycle',
      peer: h.lib.peer,
      variant: h.lib.variant,
      unit: 'B',
      value: h.bytes,
      rounds: h.rounds,
    });
  }
  for (const st of startup) {
    s.value({
      case: `startup${st.sim ? ' (network sim)' : ''}`,
      peer: st.lib.peer,
      variant: st.lib.variant,
      unit: 'ms',
      value: st.shown.median,
    });
  }
  s.note(
    `Chromium ${browserVersion} (${source}), headless; ${seconds.toFixed(0)} s; load average ${load(loadAtStart)} at the start, ${load(loadAtEnd)} at the end (1 / 5 / 15 min, ${os.cpus().length} cores).`,
  );
  s.extra = { targets, markdown: QUICK ? undefined : markdown(), svg: QUICK ? undefined : svg() };
  s.report();
}

function markdown() {
  const out = [];
  out.push("## W25: data-client's browser benchmark", '');
  out.push(
    `Chromium ${browserVersion} (headless, ${source}); ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores; load average ${load(loadAtStart)} at the start and ${load(loadAtEnd)} at the end of W25 (1 / 5 / 15 min), ${seconds.toFixed(0)} s. The machine is shared: read ratios within this run, not absolute figures.`,
    '',
    'Time from the action until a `MutationObserver` sees the expected DOM, as ops/s (1000 / ms): median of the measured iterations ± the 95% confidence interval (% of the median). Mutations write 1 issue or user of a mounted list of 1,000 (100 rendered); update-user-10000 mounts 10,000. Method and pages: [README.md](README.md#w25-data-clients-browser-benchmark).',
    '',
    '![W25 chart](results/W25.svg)',
    '',
  );
  for (const sim of [true, false]) {
    out.push(`### ${sim ? 'With network simulation (40 ms + 1 ms per 20 records)' : 'Without network simulation'}`, '');
    out.push(`| scenario | ${LIBRARIES.map(label).join(' | ')} |`, `|---|${LIBRARIES.map(() => '---:').join('|')}|`);
    for (const sc of TIMED) {
      const cells = LIBRARIES.map((lib) => {
        const t = timings.get(key(sc.name, sim, lib.id));
        return t ? `${ops(t.median)} ± ${t.marginPct.toFixed(1)}%` : 'n/a';
      });
      out.push(`| ${sc.name} | ${cells.join(' | ')} |`);
    }
    out.push('');
  }
  out.push('### Ref stability, memory, startup', '');
  out.push(`| measure | ${LIBRARIES.map(label).join(' | ')} |`, `|---|${LIBRARIES.map(() => '---:').join('|')}|`);
  const row = (name, f) => out.push(`| ${name} | ${LIBRARIES.map((lib) => f(lib) ?? 'n/a').join(' | ')} |`);
  for (const what of ['issue changed', 'user changed']) {
    row(`ref-stability-${what.replace(' ', '-')}: issue / user objects changed (of 1,000)`, (lib) => {
      const r = refs.find((x) => x.lib === lib && x.what === what);
      return r && `${r.issueRefChanged} / ${r.userRefChanged}`;
    });
  }
  row('memory-mount-unmount-cycle: heap delta (500 rows × 10)', (lib) => {
    const h = heap.find((x) => x.lib === lib);
    return h && kb(h.bytes);
  });
  for (const sim of [false, true]) {
    row(`startup${sim ? ' (network sim)' : ''}: ms to 100 rows shown (FCP / task ms)`, (lib) => {
      const st = startup.find((x) => x.lib === lib && x.sim === sim);
      return st && `${st.shown.median.toFixed(0)} (${st.fcp.toFixed(0)} / ${st.task.toFixed(0)})`;
    });
  }
  row(
    'bundle: min / gzip KiB',
    (lib) => `${(sizes[lib.id].min / 1024).toFixed(0)} / ${(sizes[lib.id].gzip / 1024).toFixed(1)}`,
  );
  out.push('');
  return out.join('\n');
}

function svg() {
  const scenarios = TIMED.map((t) => t.name);
  return barChart({
    title: "W25: data-client's browser benchmark, ops/s by library (higher is better)",
    panels: [
      { title: 'with network simulation', scenarios },
      { title: 'without network simulation', scenarios },
    ],
    libraries: LIBRARIES.map(label),
    value: (panel, scenario, name) => {
      const lib = LIBRARIES.find((l) => label(l) === name);
      const t = timings.get(key(scenario, panel === 0, lib.id));
      return t && { median: t.median, margin: t.margin };
    },
  });
}

//#endregion
