/**
 * The measuring harness shared by every scenario file.
 *
 * A scenario registers tasks (one per peer and case), gates (correctness conditions that
 * fail the run) and checks (advisory: reported, never failing). `run()` measures every
 * task over several rounds with tinybench, interleaving the tasks inside each round so a
 * slow drift of the machine hits every peer alike, and keeps each task's best round with
 * that round's relative margin of error, and the median of its rounds.
 *
 * Sub-microsecond operations are batched: one tinybench iteration runs the operation
 * `batch` times and reports the mean through `overriddenDuration`. Operations that need a
 * fresh state (an empty store, a cold cache) take a `prepare()` whose cost is excluded;
 * the young-generation collection of what they allocated is included (see measureRound).
 *
 * A scenario file is a child of bench/run.mjs (which passes `--expose-gc` and
 * NODE_ENV=production) and sends its results over IPC; run alone it prints them:
 *
 *   NODE_ENV=production node --expose-gc bench/update-one-row-fanout.mjs --quick
 */
import { Bench } from 'tinybench';
import { performance } from 'node:perf_hooks';

export const QUICK = process.argv.includes('--quick');

/** Rounds and time budgets; the quick mode is the CI smoke test (whole run < 60 s). */
export const PLAN = QUICK
  ? { rounds: 2, time: 60, warmupTime: 25, firstWarmupTime: 60, minSamples: 5 }
  : { rounds: 5, time: 250, warmupTime: 50, firstWarmupTime: 150, minSamples: 10 };

/** Target duration of one batched sample, in ms. */
const SAMPLE_MS = 0.2;
const MAX_BATCH = 1 << 16;
/** Fresh states prepared per sample: enough to amortize a scavenge, few enough to stay small. */
const MIN_PREPARED = 8;
const MAX_PREPARED = 32;

const now = () => performance.now();

/** Results land here so no engine can drop an operation as dead code. */
export let sink;

/** A young-generation collection (a no-op without --expose-gc). */
function scavenge() {
  if (typeof globalThis.gc === 'function') globalThis.gc({ type: 'minor' });
}

/** Runs the garbage collector when exposed (bench/run.mjs always exposes it). */
export function collect() {
  if (typeof globalThis.gc === 'function') {
    globalThis.gc();
  }
}

export class Scenario {
  /**
   * @param {{ id: string, title: string, file: string }} info
   */
  constructor(info) {
    this.id = info.id;
    this.title = info.title;
    this.file = info.file;
    /** @type {Task[]} */
    this.tasks = [];
    this.rows = [];
    this.gates = [];
    this.checks = [];
    this.notes = [];
    /** More fields for bench/run.mjs (W25: `targets`, `markdown`, `svg`). */
    this.extra = {};
  }

  /**
   * Registers a measured operation.
   * @param {object} t
   * @param {string} t.case       what is measured ('LONG-500', 'after toggle', 'n=10k' …)
   * @param {string} t.peer       'signal-cache', 'data-client', 'apollo', 'tanstack', 'normalizr'
   * @param {string} [t.variant]  how the peer is driven, shown beside its name
   * @param {() => unknown} [t.op]             a steady operation, run back to back
   * @param {() => unknown} [t.prepare]        builds a fresh state for one `run` (not timed)
   * @param {(state: any) => unknown} [t.run]  the timed operation on a prepared state
   * @param {string} [t.note]
   * @param {number} [t.minSamples]  fewer samples for operations of many milliseconds
   */
  task(t) {
    if (!t.op && !(t.prepare && t.run)) throw new Error(`${this.id} ${t.peer}: a task needs op, or prepare and run`);
    this.tasks.push({ ...t, rounds: [], best: undefined, batch: 1 });
  }

  /** A correctness condition: when false the whole bench exits non-zero. */
  gate(name, ok, detail = '') {
    this.gates.push({ workload: this.id, name, ok: Boolean(ok), detail: String(detail) });
    if (!ok) console.error(`  GATE FAILED ${this.id}: ${name} ${detail}`);
    return Boolean(ok);
  }

  /** An advisory condition (a target or a known limitation): reported, never failing. */
  check(name, ok, detail = '') {
    this.checks.push({ workload: this.id, name, ok: Boolean(ok), detail: String(detail) });
    return Boolean(ok);
  }

  note(text) {
    this.notes.push(text);
  }

  /** Records a measured value that is not a rate (bytes, bytes per row …). */
  value(row) {
    const rounds = row.rounds ?? [];
    // Spread of a measured value: the range of its rounds relative to the reported value.
    const rme = rounds.length > 1 ? ((Math.max(...rounds) - Math.min(...rounds)) / Math.abs(row.value)) * 100 : 0;
    this.rows.push({ workload: this.id, title: this.title, variant: '', note: '', rme, rounds, ...row });
  }

  /**
   * Measures the tasks registered since the last call: `PLAN.rounds` rounds, tasks
   * interleaved, best round kept. The tasks are then dropped, so a scenario can measure
   * in groups and release a group's stores before building the next.
   */
  run() {
    const tasks = this.tasks;
    this.tasks = [];
    for (const t of tasks) calibrate(t);
    for (let round = 0; round < PLAN.rounds; round++) {
      for (const t of tasks) {
        collect();
        const result = measureRound(t, round === 0 ? PLAN.firstWarmupTime : PLAN.warmupTime);
        t.rounds.push(result);
        if (t.best === undefined || result.hz > t.best.hz) t.best = result;
      }
    }
    for (const t of tasks) {
      this.rows.push({
        workload: this.id,
        title: this.title,
        case: t.case,
        peer: t.peer,
        variant: t.variant ?? '',
        unit: 'ops/s',
        value: t.best.hz,
        median: median(t.rounds.map((r) => r.hz)),
        rme: t.best.rme,
        rounds: t.rounds.map((r) => r.hz),
        batch: t.batch,
        samples: t.best.samples,
        note: t.note ?? '',
      });
    }
    sink = undefined;
    collect();
  }

  /** Hands the results to bench/run.mjs (IPC), or prints them when run alone. */
  report() {
    const out = {
      id: this.id,
      title: this.title,
      file: this.file,
      rows: this.rows,
      gates: this.gates,
      checks: this.checks,
      notes: this.notes,
      ...this.extra,
    };
    if (process.send) {
      process.send(out, () => process.exit(0));
    } else {
      for (const r of out.rows) {
        const v = r.unit === 'ops/s' ? fmtRate(r.value) : `${Math.round(r.value)} ${r.unit}`;
        const m = r.median === undefined ? '' : `  median ${fmtRate(r.median)}`;
        console.log(
          `${r.workload} ${r.case.padEnd(22)} ${(r.peer + (r.variant ? ` (${r.variant})` : '')).padEnd(40)} ${v.padStart(12)} ±${r.rme.toFixed(1)}%${m}`,
        );
      }
      for (const g of out.gates) console.log(`${g.ok ? 'ok  ' : 'FAIL'} gate  ${g.name} ${g.detail}`);
      for (const c of out.checks) console.log(`${c.ok ? 'ok  ' : 'miss'} check ${c.name} ${c.detail}`);
      for (const n of out.notes) console.log(`note: ${n}`);
      process.exitCode = out.gates.every((g) => g.ok) ? 0 : 1;
    }
  }
}

/** Chooses the batch size so that one sample lasts about SAMPLE_MS. */
function calibrate(t) {
  if (t.prepare) {
    const state = t.prepare();
    const t0 = now();
    t.run(state);
    const one = Math.max(now() - t0, 1e-4);
    t.batch = Math.max(MIN_PREPARED, Math.min(MAX_PREPARED, Math.ceil((4 * SAMPLE_MS) / one)));
    return;
  }
  t.op();
  let batch = 1;
  for (;;) {
    const t0 = now();
    for (let i = 0; i < batch; i++) t.op();
    const d = now() - t0;
    if (d >= SAMPLE_MS / 4 || batch >= MAX_BATCH) {
      t.batch = Math.max(1, Math.min(MAX_BATCH, Math.round((batch * SAMPLE_MS) / Math.max(d, 1e-6))));
      return;
    }
    batch *= 4;
  }
}

function measureRound(t, warmupTime) {
  const batch = t.batch;
  let fn;
  if (t.prepare) {
    const states = new Array(batch);
    fn = () => {
      const w0 = now();
      for (let i = 0; i < batch; i++) states[i] = t.prepare();
      // Two scavenges move the prepared states out of the young generation, so their
      // collection is not charged to the timed operations. The timed part ends with a
      // scavenge of its own: the operations pay for copying what they allocated and keep
      // (a store they populated), not only for allocating it.
      // The fixed cost of a scavenge (root scanning, measured on an empty young
      // generation just before) is subtracted.
      scavenge();
      scavenge();
      const e0 = now();
      scavenge();
      const t0 = now();
      for (let i = 0; i < batch; i++) sink = t.run(states[i]);
      scavenge();
      const t1 = now();
      states.fill(undefined);
      const duration = Math.max(t1 - t0 - (t0 - e0), (t1 - t0) / 2);
      return { overriddenDuration: duration / batch, overriddenIterationCost: t1 - w0 };
    };
  } else {
    const op = t.op;
    fn = () => {
      const t0 = now();
      for (let i = 0; i < batch; i++) sink = op();
      const d = now() - t0;
      return { overriddenDuration: d / batch, overriddenIterationCost: d };
    };
  }
  const bench = new Bench({
    time: PLAN.time,
    iterations: Math.min(PLAN.minSamples, t.minSamples ?? Infinity),
    warmup: true,
    warmupTime,
    warmupIterations: 2,
    throws: true,
  });
  bench.add(`${t.peer} ${t.case}`, fn);
  bench.runSync();
  const result = bench.tasks[0].result;
  if (result.state !== 'completed') {
    throw result.error ?? new Error(`${t.peer} ${t.case}: task ended in state ${result.state}`);
  }
  return { hz: 1000 / result.latency.mean, rme: result.latency.rme, samples: result.latency.samplesCount };
}

/** The median of a list of numbers. */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function fmtRate(hz) {
  if (hz >= 1e6) return `${(hz / 1e6).toFixed(2)} M`;
  if (hz >= 1e3) return `${(hz / 1e3).toFixed(1)} k`;
  if (hz >= 10) return hz.toFixed(0);
  return hz.toFixed(2);
}

/** Counts the elements of two same-length arrays that differ by identity. */
export function changedRefs(a, b) {
  let n = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) n++;
  return n;
}
