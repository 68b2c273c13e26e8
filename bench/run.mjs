/**
 * Runs every benchmark scenario against the built dist, peers side by side.
 *
 *   npm run bench                 full run (< 4 min)
 *   npm run bench -- --quick      smoke run (< 60 s): fewer rounds, shorter budgets
 *   npm run bench -- --only=W8,W10   some scenarios (by id or file name); prints only,
 *                                 bench/results/latest.json and RESULTS.md are left as they are
 *   npm run bench -- --only=W25,W14 --write   some scenarios, and their results replace those
 *                                 of the same scenarios in latest.json and RESULTS.md
 *   npm run bench -- --no-build   use dist as it is
 *   npm run bench -- --cpu-prof   write a .cpuprofile per scenario to bench/results/
 *                                 (summarize: node bench/_lib/profile-top.mjs <file>)
 *
 * dist is rebuilt (`node build.mjs --no-types`) when a file under src/ is newer than it.
 * Each scenario runs in its own child process with NODE_ENV=production and --expose-gc,
 * one after another (never in parallel: they would share the CPU). The table goes to
 * stdout, bench/results/latest.json and bench/RESULTS.md.
 *
 * Exit code: 1 when a correctness gate fails (a peer's output does not validate, a write
 * of identical data re-ran a view, a fan-out re-ran more than the views it should …) or
 * a scenario crashes. Timing never fails the run: targets are reported, not enforced.
 */
import { execFileSync, fork } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fmtRate } from './_lib/harness.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');

/** The scenarios, in workload order; one file each, named for what it exercises. */
const SCENARIOS = [
  { id: 'W1', file: 'normalize-long.mjs' },
  { id: 'W2', file: 'write-identical.mjs' },
  { id: 'W4', file: 'read-cold.mjs' },
  { id: 'W5', file: 'read-warm.mjs' },
  { id: 'W6', file: 'update-nested-reread.mjs' },
  { id: 'W7', file: 'write-one-row-scaling.mjs' },
  { id: 'W8', file: 'update-one-row-fanout.mjs' },
  { id: 'W9', file: 'update-shared-user.mjs' },
  { id: 'W10', file: 'query-aggregate.mjs' },
  { id: 'W11', file: 'query-sorted.mjs' },
  { id: 'W17', file: 'query-group.mjs' },
  { id: 'W18', file: 'query-window.mjs' },
  { id: 'W19', file: 'query-nested.mjs' },
  { id: 'W14', file: 'views-memory.mjs' },
  { id: 'W15', file: 'bundle-size.mjs' },
  { id: 'W16', file: 'optimistic-edit.mjs' },
  { id: 'W20', file: 'mount-unmount-memory.mjs' },
  { id: 'W21', file: 'hydrate-state.mjs' },
  { id: 'W22', file: 'persist-one-row.mjs' },
  { id: 'W23', file: 'remove-rows.mjs' },
  { id: 'W24', file: 'tabs-one-row.mjs' },
  { id: 'W25', file: 'browser-scenarios.mjs' },
];

/**
 * Goals (ratios against data-client in the same run), reported, never enforced, judged on
 * the medians of the rounds. `variant` picks the signal-cache row by how it is driven (the
 * first row of the case when absent): the write scenarios compare `setResponse` with
 * data-client's `setResponse` (rows, response and meta: the same work); `vs` the peer.
 */
const TARGETS = [
  { workload: 'W1', case: 'LONG-500', min: 2.5, text: 'W1 normalize ≥ 2.5×' },
  { workload: 'W2', case: 'LONG-500 identical', min: 4, text: 'W2 identical write ≥ 4×' },
  { workload: 'W4', case: 'LONG-500 cold', min: 1.5, text: 'W4 cold read ≥ 1.5×' },
  { workload: 'W5', case: 'LONG-500 warm', min: 100, text: 'W5 warm read ≥ 100×' },
  {
    workload: 'W6',
    case: 'update 1 build type + re-read',
    variant: 'setResponse',
    min: 20,
    text: 'W6 nested update + re-read ≥ 20×',
  },
  { workload: 'W7', case: 'n=10k', variant: 'setResponse', min: 1000, text: 'W7 one-row write at 10k ≥ 1000×' },
  { workload: 'W7', case: 'n=100k', vs: 'tanstack-db', min: 1, text: 'W7 one-row write at 100k ahead of TanStack DB' },
  { workload: 'W8', case: 'push: write + fan-out', variant: 'setResponse', min: 1000, text: 'W8 fan-out ≥ 1000×' },
  {
    workload: 'W8',
    case: 'push: write + fan-out',
    variant: 'setResponse',
    vs: 'tanstack',
    min: 10,
    text: 'W8 fan-out ≥ 10× TanStack',
  },
  {
    workload: 'W8',
    case: 'push: write + fan-out',
    variant: 'setResponse',
    vs: 'tanstack-db',
    min: 2,
    text: 'W8 fan-out ≥ 2× TanStack DB',
  },
  { workload: 'W10', case: 'after toggle', variant: 'setResponse', min: 50, text: 'W10 aggregate after toggle ≥ 50×' },
  {
    workload: 'W10',
    case: 'count after toggle, n=10k',
    vs: 'tanstack-db',
    min: 2,
    text: 'W10 live count 10k ≥ 2× TanStack DB',
  },
  {
    workload: 'W10',
    case: 'count after toggle, n=100k',
    vs: 'tanstack-db',
    min: 2,
    text: 'W10 live count 100k ≥ 2× TanStack DB',
  },
  // Issue 8's budgets as ratios of data-client's sizes in W15 (pinned dev dependency):
  // whole vanilla entry 11,000 B of 14,623 B (¾), typical import 6,656 B of 10,283 B.
  { workload: 'W15', case: 'vanilla entry', max: 11000 / 14623, text: 'W15 whole entry ≤ 11,000 B (¾ data-client)' },
  { workload: 'W15', case: 'typical import', max: 6656 / 10283, text: 'W15 typical import ≤ 6,656 B (6.5 KiB)' },
  {
    workload: 'W17',
    case: 'after one row update',
    vs: 'tanstack-db',
    min: 2,
    text: 'W17 live groupBy ≥ 2× TanStack DB',
  },
  {
    workload: 'W18',
    case: 'update a non-sort field',
    vs: 'tanstack-db',
    min: 2,
    text: 'W18 window, non-sort field ≥ 2× TanStack DB',
  },
  {
    workload: 'W18',
    case: 'update the sort key',
    vs: 'tanstack-db',
    min: 2,
    text: 'W18 window, sort key ≥ 2× TanStack DB',
  },
  { workload: 'W18', case: 'insert', vs: 'tanstack-db', min: 2, text: 'W18 window, insert ≥ 2× TanStack DB' },
  {
    workload: 'W19',
    case: 'after the author changes',
    vs: 'tanstack-db',
    min: 2,
    text: 'W19 nested where ≥ 2× TanStack DB',
  },
  // Issue 27's memory budgets: bytes, not ratios (`atMost`), and the never-read rows against
  // the same rows parsed from JSON and kept as they are (W14's `json` reference row).
  { workload: 'W14', case: 'per row (FLAT-10k)', variant: 'setResponse;', atMost: 300, text: 'W14 ≤ 300 B/row' },
  {
    workload: 'W14',
    case: 'per row (FLAT-10k)',
    variant: 'setResponse;',
    max: 1,
    text: 'W14 per row below data-client',
  },
  {
    workload: 'W14',
    case: 'per row (FLAT-10k)',
    variant: 'setResponse + live',
    atMost: 600,
    text: 'W14 ≤ 600 B/row, live operators mounted',
  },
  {
    workload: 'W14',
    case: 'per row (FLAT-10k)',
    variant: 'set, rows never read',
    vs: 'json',
    max: 1.5,
    text: 'W14 never-read rows ≤ 1.5× their parsed JSON',
  },
  { workload: 'W16', case: 'apply + settle', min: 1000, text: 'W16 optimistic settle ≥ 1000×' },
  { workload: 'W16', case: 'apply + rollback', min: 1000, text: 'W16 optimistic rollback ≥ 1000×' },
  { workload: 'W16', case: 'apply + settle', vs: 'tanstack', min: 10, text: 'W16 optimistic settle ≥ 10× TanStack' },
  {
    workload: 'W16',
    case: 'apply + rollback',
    vs: 'tanstack',
    min: 10,
    text: 'W16 optimistic rollback ≥ 10× TanStack',
  },
];

const argv = process.argv.slice(2);
const quick = argv.includes('--quick');
const only = argv
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const started = Date.now();

ensureDist();

const results = [];
const failures = [];
for (const { id, file } of SCENARIOS) {
  if (only && !only.some((o) => o === id || file.startsWith(o))) continue;
  const t0 = Date.now();
  const result = await runScenario(file);
  const seconds = (Date.now() - t0) / 1000;
  if (result === undefined) {
    failures.push(`${file}: crashed (see its output above)`);
    console.log(`✗ ${file} crashed after ${seconds.toFixed(1)} s`);
    continue;
  }
  result.seconds = seconds;
  results.push(result);
  const failed = result.gates.filter((g) => !g.ok);
  for (const g of failed) failures.push(`${g.workload}: ${g.name} ${g.detail}`);
  console.log(
    `${failed.length ? '✗' : '✓'} ${result.id.padEnd(4)} ${result.title} — ${seconds.toFixed(1)} s, ${result.gates.length} gates${failed.length ? `, ${failed.length} FAILED` : ''}`,
  );
}

const write = !only || argv.includes('--write');
/** Where this run's scenarios ran (a merged report keeps each scenario's own). */
const run = {
  date: new Date().toISOString(),
  mode: quick ? 'quick' : 'full',
  machine: machine(),
  load: loadText(),
};
for (const r of results) r.run = run;
if (only && write) mergePrevious();
const rows = withRatios(results.flatMap((r) => r.rows));
// Scenarios with their own section (W25) judge their own targets.
const targets = [...evaluateTargets(rows), ...results.flatMap((r) => r.targets ?? [])];
const report = {
  date: run.date,
  command: ['npm run bench', ...(argv.length ? ['--', ...argv] : [])].join(' '),
  mode: quick ? 'quick' : 'full',
  seconds: (Date.now() - started) / 1000,
  machine: run.machine,
  load: run.load,
  node: process.version,
  versions: versions(),
  rows,
  targets,
  gates: results.flatMap((r) => r.gates),
  checks: results.flatMap((r) => r.checks),
  notes: Object.fromEntries(results.map((r) => [r.id, r.notes])),
  scenarios: results.map((r) => ({ id: r.id, title: r.title, file: r.file, seconds: r.seconds, run: r.run })),
  sections: Object.fromEntries(results.filter((r) => r.markdown).map((r) => [r.id, r.markdown])),
  failures,
};

const sectioned = new Set(Object.keys(report.sections));
console.log(`\n${table(rows.filter((r) => !sectioned.has(r.workload)))}\n`);
for (const text of Object.values(report.sections)) console.log(`${text}\n`);
console.log(targetLines(targets).join('\n'));
const advisory = report.checks.filter((c) => !c.ok);
if (advisory.length)
  console.log(
    `\nchecks not met (advisory):\n${advisory.map((c) => `  ${c.workload} ${c.name}: ${c.detail}`).join('\n')}`,
  );
if (!write) {
  console.log(`\n${report.mode} run of ${only.join(', ')}: ${report.seconds.toFixed(1)} s (results files not written)`);
} else {
  mkdirSync(join(here, 'results'), { recursive: true });
  writeFileSync(join(here, 'results', 'latest.json'), JSON.stringify(report, null, 2) + '\n');
  writeFileSync(join(here, 'RESULTS.md'), markdown(report));
  for (const r of results) if (r.svg) writeFileSync(join(here, 'results', `${r.id}.svg`), r.svg);
  console.log(
    `\n${report.mode} run${only ? ` of ${only.join(', ')}` : ''}: ${report.seconds.toFixed(1)} s → bench/results/latest.json, bench/RESULTS.md`,
  );
}
if (failures.length) {
  console.error(`\n${failures.length} correctness gate(s) failed:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}

//#region running

function ensureDist() {
  const dist = join(root, 'dist', 'index.js');
  if (argv.includes('--no-build') && existsSync(dist)) return;
  if (existsSync(dist) && newest(join(root, 'src')) <= statSync(dist).mtimeMs) return;
  console.log('dist is missing or older than src/: node build.mjs --no-types');
  try {
    execFileSync(process.execPath, ['build.mjs', '--no-types'], { cwd: root, stdio: 'inherit' });
  } catch (error) {
    // A size-budget failure comes after dist is written: the bench can still run.
    if (!existsSync(dist)) throw error;
    console.warn('build.mjs failed after writing dist (size budget?); benchmarking the dist it wrote');
  }
}

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

/** Runs one scenario file in a child process; resolves with its results (undefined on a crash). */
function runScenario(file) {
  return new Promise((resolve) => {
    let result;
    const child = fork(join(here, file), quick ? ['--quick'] : [], {
      cwd: root,
      execArgv: [
        '--expose-gc',
        ...(argv.includes('--cpu-prof')
          ? [
              '--cpu-prof',
              `--cpu-prof-dir=${join(here, 'results')}`,
              `--cpu-prof-name=${file.replace(/\.mjs$/, '')}.cpuprofile`,
            ]
          : []),
      ],
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.on('message', (message) => {
      result = message;
    });
    child.on('exit', (code) => resolve(code === 0 ? result : undefined));
  });
}

/**
 * `--only … --write`: the scenarios not re-run keep their results from latest.json (rows,
 * gates, checks, notes, sections, own targets), as if they had run too.
 */
function mergePrevious() {
  const file = join(here, 'results', 'latest.json');
  if (!existsSync(file)) return;
  const previous = JSON.parse(readFileSync(file, 'utf8'));
  const rerun = new Set(results.map((r) => r.id));
  for (const old of previous.scenarios ?? []) {
    if (rerun.has(old.id)) continue;
    const own = (list) => (list ?? []).filter((x) => x.workload === old.id);
    results.push({
      ...old,
      run: old.run ?? { date: previous.date, mode: previous.mode, machine: previous.machine, load: previous.load },
      rows: own(previous.rows).map(({ ratio: _ratio, medianRatio: _medianRatio, ...row }) => row),
      gates: own(previous.gates),
      checks: own(previous.checks),
      notes: previous.notes?.[old.id] ?? [],
      targets: previous.sections?.[old.id] ? own(previous.targets) : undefined,
      markdown: previous.sections?.[old.id],
    });
  }
  const order = SCENARIOS.map((x) => x.id);
  results.sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id));
}

//#endregion

//#region results

/**
 * Adds `ratio` (best / best) and `medianRatio` (median / median) against the data-client
 * row of the same workload and case.
 */
function withRatios(rows) {
  return rows.map((row) => {
    const base = rows.find((r) => r.workload === row.workload && r.case === row.case && r.peer === 'data-client');
    const medianRatio =
      base && row.median !== undefined && base.median !== undefined ? row.median / base.median : undefined;
    return { ...row, ratio: base ? row.value / base.value : undefined, medianRatio };
  });
}

function evaluateTargets(rows) {
  return TARGETS.map((t) => {
    const same = (r) => r.workload === t.workload && r.case === t.case;
    const ours = rows.find(
      (r) => same(r) && r.peer === 'signal-cache' && (t.variant === undefined || r.variant.startsWith(t.variant)),
    );
    const other = rows.find((r) => same(r) && r.peer === (t.vs ?? 'data-client'));
    if (t.atMost !== undefined) {
      if (!ours) return { ...t, ratio: undefined, bestRatio: undefined, met: undefined };
      return { ...t, met: ours.value <= t.atMost, detail: `${fmtValue(ours)}` };
    }
    if (!ours || !other) return { ...t, ratio: undefined, bestRatio: undefined, met: undefined };
    const bestRatio = ours.value / other.value;
    const ratio = ours.median !== undefined && other.median !== undefined ? ours.median / other.median : bestRatio;
    const met = t.min !== undefined ? ratio >= t.min : ratio <= t.max;
    return { ...t, ratio, bestRatio, met };
  });
}

function fmtValue(row) {
  if (row.unit === 'ops/s') return fmtRate(row.value);
  return `${Math.round(row.value)} ${row.unit}`;
}

function fmtRatio(ratio) {
  if (ratio === undefined) return '';
  if (ratio >= 100) return `${Math.round(ratio)}×`;
  if (ratio >= 10) return `${ratio.toFixed(1)}×`;
  return `${ratio.toFixed(2)}×`;
}

function peerLabel(row) {
  return row.variant ? `${row.peer} (${row.variant})` : row.peer;
}

function fmtMedian(row) {
  return row.median === undefined ? '' : fmtRate(row.median);
}

function table(rows) {
  const head = ['workload', 'case', 'peer', 'best ops/s', '±', 'median', 'ratio (best)', 'ratio (median)'];
  const body = rows.map((r) => [
    r.workload,
    r.case,
    peerLabel(r),
    fmtValue(r),
    `${r.rme.toFixed(1)}%`,
    fmtMedian(r),
    fmtRatio(r.ratio),
    fmtRatio(r.medianRatio),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells) => cells.map((c, i) => (i >= 3 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

function targetLines(targets) {
  return [
    'targets (signal-cache vs data-client unless noted; goals, not assertions):',
    ...targets.map(
      (t) =>
        `  ${t.met === undefined ? '?' : t.met ? '✓' : '✗'} ${t.text.padEnd(36)} ${t.detail ?? `median ${t.ratio === undefined ? 'n/a' : fmtRatio(t.ratio)}`}` +
        (t.bestRatio === undefined ? '' : ` (best ${fmtRatio(t.bestRatio)})`),
    ),
  ];
}

function loadText() {
  return `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')} (1 / 5 / 15 min) at the end of the run on ${os.cpus().length} cores`;
}

function machine() {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    pageFaultUs: pageFaultUs(),
  };
}

/**
 * Microseconds to touch a page of fresh memory (16 MiB, one write per 4 KiB page; the
 * median of 3): what an engine pays again for memory a collection handed back. On a
 * virtual machine it can be tens of times a bare machine's, and then what an operation
 * allocates weighs on its time as much as what it computes.
 */
function pageFaultUs() {
  const us = [];
  for (let i = 0; i < 3; i++) {
    const before = process.resourceUsage().minorPageFault;
    const start = performance.now();
    const bytes = new Uint8Array(16 * 2 ** 20);
    for (let at = 0; at < bytes.length; at += 4096) bytes[at] = 1;
    const faults = process.resourceUsage().minorPageFault - before;
    us.push(faults > 0 ? ((performance.now() - start) * 1000) / faults : 0);
  }
  return Number(us.sort((a, b) => a - b)[1].toFixed(2));
}

function versions() {
  const pkgs = [
    '@preact/signals-core',
    '@tanstack/db',
    '@data-client/core',
    '@data-client/rest',
    '@data-client/normalizr',
    'normalizr',
    '@apollo/client',
    'graphql',
    '@tanstack/query-core',
    '@tanstack/query-broadcast-client-experimental',
    '@tanstack/solid-query',
    '@data-client/react',
    'react',
    'react-dom',
    'solid-js',
    'preact',
    'playwright-core',
    'tinybench',
    'esbuild',
  ];
  const out = {};
  for (const name of pkgs) {
    try {
      out[name] = JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).version;
    } catch {
      out[name] = 'missing';
    }
  }
  return out;
}

function md(s) {
  return String(s).replace(/\|/g, '\\|');
}

function markdown(r) {
  const out = [];
  out.push('# Benchmark results', '');
  out.push(
    `Generated by \`${r.command ?? `npm run bench${r.mode === 'quick' ? ' -- --quick' : ''}`}\` (${r.mode} run, ${r.seconds.toFixed(0)} s) on ${r.date.slice(0, 10)}.`,
    'What each workload (W1, W2 …) measures, in words: [README.md](README.md).',
    '',
  );
  const faultText = r.machine.pageFaultUs ? `; a fresh memory page costs ${r.machine.pageFaultUs} µs to touch` : '';
  out.push(
    `- Machine: ${r.machine.cpu}, ${r.machine.cores} cores, ${r.machine.memoryGiB} GiB, ${r.machine.platform}${faultText}`,
  );
  const reruns = r.scenarios.filter((x) => x.run && x.run.date !== r.date);
  if (reruns.length) {
    // A merged report: say which scenarios come from an earlier run, and where that ran.
    const byRun = new Map();
    for (const x of reruns) byRun.set(x.run.date, [...(byRun.get(x.run.date) ?? []), x]);
    for (const [date, list] of byRun) {
      const { mode, machine: m, load } = list[0].run;
      out.push(
        `- From the ${mode} run of ${date.slice(0, 10)}: ${list.map((x) => x.id).join(', ')} (${m.cpu}, ${m.cores} cores; ${load})`,
      );
    }
  }
  out.push(`- Node ${r.node}, NODE_ENV=production, --expose-gc; signal-cache from the built \`dist/\``);
  out.push(
    `- Peers: ${Object.entries(r.versions)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
  out.push(
    `- Method (W1–W24): tinybench; per task a warm-up, then 5 rounds (2 in a quick run) with the tasks of a scenario interleaved; the best round is reported with its relative margin of error (±), and beside it the median of the rounds; sub-microsecond operations are batched. Memory rows: median of fresh worker threads, ± is the range of the rounds.`,
  );
  out.push(
    '- Ratios: value ÷ data-client value of the same case (for bytes, lower is better), of the best rounds and of the medians. Targets are judged on the medians.',
  );
  out.push(
    "- Like for like: in W6–W11 signal-cache is measured twice, `setResponse(endpoint, args, row)` (rows, the response and its meta: what data-client's `setResponse` does) and `set(Entity, row)` (rows only); the targets use the `setResponse` rows.",
  );
  out.push(
    `- Load: ${r.load ?? 'not recorded'}. The machine is shared (2 cores, several sessions building and testing at once): absolute figures are low and noisy; compare peers within one run.`,
    '',
  );
  out.push('## Targets', '', '| goal | measured (median) | best rounds | met |', '|---|---:|---:|:--:|');
  for (const t of r.targets)
    out.push(
      `| ${md(t.text)} | ${md(t.detail ?? (t.ratio === undefined ? 'n/a' : fmtRatio(t.ratio)))} | ${t.bestRatio === undefined ? 'n/a' : fmtRatio(t.bestRatio)} | ${t.met === undefined ? '?' : t.met ? '✓' : '✗'} |`,
    );
  out.push(
    '',
    '## Results',
    '',
    '| workload | case | peer | best ops/s | ± | median | ratio (best) | ratio (median) |',
    '|---|---|---|---:|---:|---:|---:|---:|',
  );
  const sections = r.sections ?? {};
  for (const row of r.rows.filter((x) => !(x.workload in sections)))
    out.push(
      `| ${row.workload} | ${md(row.case)} | ${md(peerLabel(row))} | ${md(fmtValue(row))} | ${row.rme.toFixed(1)}% | ${fmtMedian(row)} | ${fmtRatio(row.ratio)} | ${fmtRatio(row.medianRatio)} |`,
    );
  for (const text of Object.values(sections)) out.push('', text);
  out.push('', '## Notes', '');
  out.push(
    "- data-client is driven through `@data-client/core`'s `Controller` + `createReducer` with a synchronous dispatch (no managers, no React): writes with `controller.setResponse`, reads with `controller.getResponse(endpoint, ...args, state)` (the call its hooks make, memoized by the controller's `globalCache`). A mounted data-client view re-runs `getResponse` after every dispatch and counts as re-run only when the returned reference changed. `Query` is the 0.9 `Query` endpoint over `schema.All`.",
  );
  out.push(
    '- Apollo: `InMemoryCache` with `keyFields` type policies; `writeQuery`/`writeFragment`, `readQuery`/`readFragment`, `cache.watch` on fragment documents (what `watchFragment`/`useFragment` use).',
  );
  out.push(
    "- TanStack is not normalized: a list lives under one query key; views are `QueryObserver`s with `select` and `notifyOnChangeProps: ['data']`; notifications are made synchronous. A row update copies the list.",
  );
  out.push(
    "- TanStack DB (`@tanstack/db`): rows arrive through a sync collection (`begin`/`write`/`commit`/`markReady`, `rowUpdateMode: 'partial'`), one transaction per server change; live queries are `createLiveQueryCollection`s (differential dataflow), read with `toArray`. Not normalized: a nested author is a second collection and an `innerJoin`.",
  );
  out.push('- normalizr: `normalize`/`denormalize`, no memo.');
  out.push(
    "- Tabs (W24): two caches in one process on a BroadcastChannel of one name; signal-cache `shareTabs` (row patches), TanStack Query `broadcastQueryClient` (`@tanstack/query-broadcast-client-experimental`, `type: 'native'`: the whole query state per update); bytes are each message's JSON text, times run from the write in tab A until tab B's reader sees it.",
  );
  out.push(
    "- State transfer (W21): signal-cache `dehydrate`/`hydrate`, TanStack Query `dehydrate`/`hydrate`, data-client's whole store state through `JSON.stringify` into a new store's initial state (`<DataProvider initialState>`); timed with `JSON.stringify` / `JSON.parse`, bytes are the JSON text's.",
  );
  for (const s of r.scenarios) {
    const notes = [
      ...(r.notes[s.id] ?? []),
      ...r.rows.filter((x) => x.workload === s.id && x.note).map((x) => `${peerLabel(x)}: ${x.note}`),
    ];
    if (notes.length) out.push(`- **${s.id}** (${s.file}): ${notes.map(md).join('; ')}`);
  }
  const advisory = r.checks;
  if (advisory.length) {
    out.push('', '## Checks (advisory)', '', '| workload | check | result | detail |', '|---|---|:--:|---|');
    for (const c of advisory) out.push(`| ${c.workload} | ${md(c.name)} | ${c.ok ? '✓' : '✗'} | ${md(c.detail)} |`);
  }
  const failed = r.gates.filter((g) => !g.ok);
  out.push('', '## Correctness gates', '');
  out.push(
    failed.length
      ? `${failed.length} of ${r.gates.length} gates FAILED:`
      : `All ${r.gates.length} gates passed (outputs validated before timing, fan-out counts over the timed runs).`,
  );
  for (const g of failed) out.push(`- ${g.workload}: ${md(g.name)} ${md(g.detail)}`);
  for (const f of r.failures.filter((f) => f.includes('crashed'))) out.push(`- ${md(f)}`);
  out.push('', '## Timings of the scenarios', '', '| scenario | file | seconds |', '|---|---|---:|');
  for (const s of r.scenarios) out.push(`| ${s.id} | ${s.file} | ${s.seconds.toFixed(1)} |`);
  out.push('');
  return out.join('\n');
}

//#endregion
