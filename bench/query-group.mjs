/**
 * W17 — group PEOPLE-100k by team with a count and a sum of scores per team, then update
 * one row's score (each operation writes a new score, then reads the groups).
 * signal-cache's live `groupBy` against TanStack DB's live `groupBy` with `count` / `sum`
 * over a sync-fed collection.
 */
import { Scenario, collect } from './_lib/harness.mjs';
import { people } from './_lib/fixtures.mjs';
import * as sc from './_lib/signal-cache.mjs';
import * as tdb from './_lib/tanstack-db.mjs';

const s = new Scenario({ id: 'W17', title: 'group by team (count, sum) over PEOPLE-100k', file: 'query-group.mjs' });
const N = 100_000;
const rows = people(N);
const target = rows[N >> 1];
const teamOf = target.team;
const expected = (delta) => {
  const members = rows.filter((r) => r.team === teamOf);
  return { n: members.length, total: members.reduce((a, r) => a + r.score, 0) + delta };
};
const scores = [target.score + 7, target.score];

// signal-cache
const ctrl = new sc.Controller();
ctrl.set([sc.Person], rows);
const byTeam = sc.live(sc.Person).groupBy(
  (p) => p.team,
  (g) => ({ n: g.count(), total: g.sum((p) => p.score) }),
);
const view = ctrl.query(byTeam);
let a = 0;
const scUpdate = () => {
  ctrl.set(sc.Person, { id: target.id, score: scores[a++ & 1] });
  return view.value;
};
const scGroup = () => view.value.get(teamOf);
s.gate('signal-cache: 12 groups', view.value.size === 12, `${view.value.size}`);
s.gate(
  'signal-cache: group before',
  scGroup().n === expected(0).n && scGroup().total === expected(0).total,
  JSON.stringify(scGroup()),
);
scUpdate();
s.gate('signal-cache: group after an update', scGroup().total === expected(7).total);
scUpdate();

// TanStack DB
const { collection, write } = tdb.serverCollection(rows);
const tdbGroups = tdb.liveQuery((q) =>
  q
    .from({ p: collection })
    .groupBy(({ p }) => p.team)
    .select(({ p }) => ({ team: p.team, n: tdb.count(p.id), total: tdb.sum(p.score) })),
);
let b = 0;
const tdbUpdate = () => {
  write('update', { id: target.id, score: scores[b++ & 1] });
  return tdbGroups.toArray;
};
const tdbGroup = () => tdbGroups.toArray.find((g) => g.team === teamOf);
s.gate('tanstack-db: 12 groups', tdbGroups.size === 12, `${tdbGroups.size}`);
s.gate(
  'tanstack-db: group before',
  tdbGroup().n === expected(0).n && tdbGroup().total === expected(0).total,
  JSON.stringify(tdbGroup()),
);
tdbUpdate();
s.gate('tanstack-db: group after an update', tdbGroup().total === expected(7).total);
tdbUpdate();
collect();

s.task({ case: 'after one row update', peer: 'signal-cache', variant: 'live groupBy: set + view.value', op: scUpdate });
s.task({
  case: 'after one row update',
  peer: 'tanstack-db',
  variant: 'sync write + live groupBy toArray',
  op: tdbUpdate,
});
s.run();
s.gate('signal-cache: group after the timed run', scGroup().total === expected(a & 1 ? 7 : 0).total);
s.report();
