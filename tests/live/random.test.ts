// Every live operator against a brute-force recomputation over random write sequences:
// inserts, updates of filtered / grouped / sorted fields and of nested rows, deletes
// (Invalidate), responses writing many rows, resets (everything removed, then refilled).
//
//   LIVE_SEQUENCES=20000 node tests/run.mjs live/random   more sequences
//   LIVE_SEED=1234 node tests/run.mjs live/random          replay one failing sequence
import { dequal } from 'dequal';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { All, Controller, Entity, Invalidate, effect } from '../../src/index.js';
import { live } from '../../src/live/index.js';
import { Person, Task } from '../_fixtures/tasks.js';

const allTasks = new All(Task);
const allPeople = new All(Person);

/** mulberry32 */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Brute-force helpers, independent of the live code.
const cmp = (a: any, b: any) =>
  a === b ? 0 : a == null ? (b == null ? 0 : 1) : b == null ? -1 : a < b ? -1 : a > b ? 1 : 0;
const sortBy = <T>(list: T[], key: (t: T) => unknown, dir = 1) =>
  list
    .map((t, i) => ({ t, i, k: key(t) }))
    .sort((a, b) => cmp(a.k, b.k) * dir || a.i - b.i)
    .map((x) => x.t);
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const isAdmin = (t: Task) => t.author?.isAdmin === true;
const teamOf = (t: Task) => t.author?.team ?? '-';

interface Case {
  name: string;
  query: any;
  args?: unknown[];
  /** The brute-force answer from the denormalized rows (tasks, people). */
  brute: (tasks: Task[], people: Person[]) => unknown;
}

const cases: Case[] = [
  { name: 'rows in store order', query: live(Task), brute: (t) => t },
  { name: 'count', query: live(Task).count(), brute: (t) => t.length },
  {
    name: 'where(nested admin).count',
    query: live(Task).where(isAdmin).count(),
    brute: (t) => t.filter(isAdmin).length,
  },
  { name: 'where(nested admin) rows', query: live(Task).where(isAdmin), brute: (t) => t.filter(isAdmin) },
  {
    name: 'where(open).sum(points)',
    query: live(Task)
      .where((t) => t.status === 'open')
      .sum((t) => t.points),
    brute: (t) => sum(t.filter((x) => x.status === 'open').map((x) => x.points)),
  },
  {
    name: 'avg(points)',
    query: live(Task).avg((t) => t.points),
    brute: (t) => (t.length ? sum(t.map((x) => x.points)) / t.length : undefined),
  },
  {
    name: 'min(createdAt)',
    query: live(Task).min((t) => t.createdAt),
    brute: (t) => (t.length ? Math.min(...t.map((x) => x.createdAt)) : undefined),
  },
  {
    name: 'max(author score)',
    query: live(Task)
      .where((t) => t.author != null)
      .max((t) => t.author!.score),
    brute: (t) => {
      const xs = t.filter((x) => x.author != null).map((x) => x.author!.score);
      return xs.length ? Math.max(...xs) : undefined;
    },
  },
  {
    name: 'groupBy(author team) count, sum, max',
    query: live(Task).groupBy(teamOf, (g) => ({
      n: g.count(),
      pts: g.sum((t) => t.points),
      last: g.max((t) => t.createdAt),
      avg: g.avg((t) => t.points),
    })),
    brute: (t) => {
      const keys = [...new Set(t.map(teamOf))].sort(cmp);
      return new Map(
        keys.map((key) => {
          const rows = t.filter((x) => teamOf(x) === key);
          const pts = sum(rows.map((x) => x.points));
          return [
            key,
            { key, n: rows.length, pts, last: Math.max(...rows.map((x) => x.createdAt)), avg: pts / rows.length },
          ];
        }),
      );
    },
  },
  {
    name: 'orderBy(createdAt desc).offset(1).limit(4)',
    query: live(Task)
      .orderBy((t) => t.createdAt, 'desc')
      .offset(1)
      .limit(4),
    brute: (t) => sortBy(t, (x) => x.createdAt, -1).slice(1, 5),
  },
  {
    name: 'orderBy(nested author score).limit(3)',
    query: live(Task)
      .orderBy((t) => t.author?.score)
      .limit(3),
    brute: (t) => sortBy(t, (x) => x.author?.score).slice(0, 3),
  },
  {
    name: 'where(points > 3).orderBy(points) whole',
    query: live(Task)
      .where((t) => t.points > 3)
      .orderBy((t) => t.points),
    brute: (t) =>
      sortBy(
        t.filter((x) => x.points > 3),
        (x) => x.points,
      ),
  },
  {
    name: 'select({ id, author name })',
    query: live(Task).select((t) => ({ id: t.id, by: t.author?.name ?? null })),
    brute: (t) => t.map((x) => ({ id: x.id, by: x.author?.name ?? null })),
  },
  {
    name: 'distinct(status)',
    query: live(Task).distinct((t) => t.status),
    brute: (t) => [...new Set(t.map((x) => x.status))].sort(cmp),
  },
  {
    name: 'where(admin).select(points).distinct()',
    query: live(Task)
      .where(isAdmin)
      .select((t) => t.points)
      .distinct(),
    brute: (t) => [...new Set(t.filter(isAdmin).map((x) => x.points))].sort(cmp),
  },
  {
    name: 'where by args .count',
    query: live(Task)
      .where((t, { min }: { min: number }) => t.points >= min)
      .count(),
    args: [{ min: 4 }],
    brute: (t) => t.filter((x) => x.points >= 4).length,
  },
  {
    name: 'people groupBy(team).count',
    query: live(Person).groupBy(
      (p) => p.team,
      (g) => ({ n: g.count(), low: g.min((p) => p.score) }),
    ),
    brute: (_t, p) => {
      const keys = [...new Set(p.map((x) => x.team))].sort(cmp);
      return new Map(
        keys.map((key) => {
          const rows = p.filter((x) => x.team === key);
          return [key, { key, n: rows.length, low: Math.min(...rows.map((x) => x.score)) }];
        }),
      );
    },
  },
];

const PEOPLE = 6;
const TASKS = 12;
const STEPS = 24;

function runSequence(seed: number): void {
  const rand = prng(seed);
  const int = (n: number) => Math.floor(rand() * n);
  const pick = <T>(xs: readonly T[]) => xs[int(xs.length)];
  const person = () => `p${int(PEOPLE)}`;
  const task = () => `t${int(TASKS)}`;
  const ctrl = new Controller();
  const log: string[] = [];
  const write = (what: string, fn: () => void) => {
    log.push(what);
    fn();
  };

  // Some rows before mounting, some sequences start empty.
  if (rand() < 0.7) {
    ctrl.set(
      [Person],
      Array.from({ length: int(PEOPLE) }, (_, i) => ({
        id: `p${i}`,
        team: pick(['a', 'b', 'c']),
        isAdmin: rand() < 0.4,
        score: int(5),
        name: `n${i}`,
      })),
    );
  }
  if (rand() < 0.7) {
    ctrl.set(
      [Task],
      Array.from({ length: int(TASKS) }, (_, i) => ({
        id: `t${i}`,
        createdAt: int(8),
        points: int(6),
        status: pick(['open', 'done']),
        author: rand() < 0.8 ? person() : undefined,
      })),
    );
  }

  const mounted = cases.map((c) => {
    const signal = ctrl.query(c.query, ...(c.args ?? []));
    const state = {
      runs: 0,
      runsBefore: 0,
      value: undefined as unknown,
      prev: undefined as unknown,
      brute: undefined as unknown,
    };
    const stop = effect(() => {
      state.value = signal.value;
      state.runs++;
    });
    return { c, signal, state, stop };
  });

  const check = (step: number) => {
    const tasks = ctrl.get(allTasks) as Task[] | undefined;
    const people = ctrl.get(allPeople) as Person[] | undefined;
    for (const m of mounted) {
      const expected =
        tasks === undefined && m.c.query._entity === Task
          ? undefined
          : people === undefined && m.c.query._entity === Person
            ? undefined
            : m.c.brute(tasks ?? [], people ?? []);
      const got = m.signal.value;
      if (!dequal(got, expected)) {
        throw new Error(
          `seed ${seed}, step ${step}, ${m.c.name}:\n  got      ${show(got)}\n  expected ${show(expected)}\n  writes: ${log.join(' | ')}`,
        );
      }
      if (got !== m.state.value)
        throw new Error(`seed ${seed}, step ${step}, ${m.c.name}: the effect did not see the current value`);
      if (step >= 0 && same(expected, m.state.brute) && got !== m.state.prev) {
        throw new Error(
          `seed ${seed}, step ${step}, ${m.c.name}: an unchanged result lost its identity\n  writes: ${log.join(' | ')}`,
        );
      }
      if (m.state.runs - m.state.runsBefore > 1) {
        throw new Error(
          `seed ${seed}, step ${step}, ${m.c.name}: one write re-ran its reader ${m.state.runs - m.state.runsBefore} times`,
        );
      }
      m.state.brute = expected;
      m.state.prev = got;
      m.state.runsBefore = m.state.runs;
    }
  };
  for (const m of mounted) Object.assign(m.state, { prev: m.state.value, runsBefore: m.state.runs });
  check(-1);

  for (let step = 0; step < STEPS; step++) {
    const r = rand();
    if (r < 0.3) {
      const row: Record<string, unknown> = { id: task() };
      if (rand() < 0.5) row.createdAt = int(8);
      if (rand() < 0.5) row.points = int(6);
      if (rand() < 0.3) row.status = pick(['open', 'done']);
      if (rand() < 0.3) row.author = rand() < 0.85 ? person() : null;
      write(`task ${JSON.stringify(row)}`, () => ctrl.set(Task, row));
    } else if (r < 0.5) {
      const row: Record<string, unknown> = { id: person() };
      if (rand() < 0.6) row.isAdmin = rand() < 0.5;
      if (rand() < 0.4) row.team = pick(['a', 'b', 'c']);
      if (rand() < 0.4) row.score = int(5);
      if (rand() < 0.3) row.name = `n${int(9)}`;
      write(`person ${JSON.stringify(row)}`, () => ctrl.set(Person, row));
    } else if (r < 0.6) {
      // A response with a nested author: both tables in one batch.
      const row = { id: task(), points: int(6), author: { id: person(), isAdmin: rand() < 0.5, score: int(5) } };
      write(`nested ${JSON.stringify(row)}`, () => ctrl.set(Task, row));
    } else if (r < 0.7) {
      const id = task();
      write(`delete ${id}`, () => ctrl.set(new Invalidate(Task), id));
    } else if (r < 0.75) {
      const id = person();
      write(`delete ${id}`, () => ctrl.set(new Invalidate(Person), id));
    } else if (r < 0.85) {
      const rows = Array.from({ length: 1 + int(4) }, () => ({ id: task(), createdAt: int(8), points: int(6) }));
      write(`tasks ${JSON.stringify(rows)}`, () => ctrl.set([Task], rows));
    } else if (r < 0.88) {
      const ids = Array.from({ length: TASKS }, (_, i) => `t${i}`);
      write('remove every task', () => ctrl.set([new Invalidate(Task)], ids));
    } else if (r < 0.9) {
      write('resetEntireStore', () => ctrl.resetEntireStore());
    } else {
      // The identical row again: nothing changes, nothing re-runs.
      const tasks = ctrl.get(allTasks) as Task[] | undefined;
      const t = tasks?.[int(tasks.length)];
      if (t) write(`same ${t.id}`, () => ctrl.set(Task, { id: t.id, points: t.points, createdAt: t.createdAt }));
    }
    check(step);
  }
  for (const m of mounted) m.stop();
}

/** Deep equality in which entities count as equal only when they are the same object. */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (
    a instanceof Entity ||
    b instanceof Entity ||
    typeof a !== 'object' ||
    typeof b !== 'object' ||
    a === null ||
    b === null
  )
    return Object.is(a, b);
  if (a instanceof Map && b instanceof Map)
    return a.size === b.size && [...a].every(([k, v]) => b.has(k) && same(v, b.get(k)));
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => same(v, b[i]));
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => same((a as any)[k], (b as any)[k]));
}

function show(v: unknown): string {
  return JSON.stringify(v instanceof Map ? [...v] : v);
}

test(`live operators match a brute-force recomputation over random write sequences`, () => {
  const count = Number(process.env.LIVE_SEQUENCES ?? 1000);
  const first = Number(process.env.LIVE_SEED ?? 1);
  const only = process.env.LIVE_SEED !== undefined && process.env.LIVE_SEQUENCES === undefined;
  for (let seed = first; seed < first + (only ? 1 : count); seed++) runSequence(seed);
  assert.ok(count >= 1);
});

test.run();
