/**
 * W18 — the top 50 of PEOPLE-100k by createdAt (newest first), kept live: after an update
 * of a field that is not the sort key (a name in the window), after an update of the sort
 * key (a row moves into the window and out again), and after an insert (a new newest row
 * each operation: the store grows while it runs). signal-cache's live
 * `orderBy(createdAt, 'desc').limit(50)` against TanStack DB's `orderBy` + `limit`.
 */
import { Scenario, collect } from './_lib/harness.mjs';
import { people } from './_lib/fixtures.mjs';
import * as sc from './_lib/signal-cache.mjs';
import * as tdb from './_lib/tanstack-db.mjs';

const s = new Scenario({ id: 'W18', title: 'top 50 by createdAt of PEOPLE-100k', file: 'query-window.mjs' });
const N = 100_000;
const rows = people(N);
const byNewest = [...rows].sort((x, y) => y.createdAt - x.createdAt);
const inWindow = byNewest[10];
const outside = byNewest[5000];
const names = [`${inWindow.name}!`, inWindow.name];
const times = [byNewest[0].createdAt + 1, outside.createdAt];
let fresh = byNewest[0].createdAt + 10;
const ids = (list) => list.map((r) => r.id).join();
const expectedTop = ids(byNewest.slice(0, 50));

// signal-cache
const ctrl = new sc.Controller();
ctrl.set([sc.Person], rows);
const top = sc
  .live(sc.Person)
  .orderBy((p) => p.createdAt, 'desc')
  .limit(50);
const view = ctrl.query(top);
let a = 0;
let b = 0;
let c = 0;
const scName = () => {
  ctrl.set(sc.Person, { id: inWindow.id, name: names[a++ & 1] });
  return view.value;
};
const scKey = () => {
  ctrl.set(sc.Person, { id: outside.id, createdAt: times[b++ & 1] });
  return view.value;
};
const scInsert = () => {
  ctrl.set(sc.Person, { id: `sc-new-${c++}`, name: 'new', team: 'new', createdAt: ++fresh });
  return view.value;
};
s.gate('signal-cache: the top 50', ids(view.value) === expectedTop);
const before = view.value;
scName();
s.gate(
  'signal-cache: a renamed row in the window',
  view.value !== before && view.value[10].name === names[0] && view.value[9] === before[9],
);
scName();
scKey();
s.gate('signal-cache: a row moved to the top', view.value[0].id === outside.id && view.value.length === 50);
scKey();
s.gate('signal-cache: and out again', ids(view.value) === expectedTop);

// TanStack DB
const { collection, write } = tdb.serverCollection(rows);
const tdbTop = tdb.liveQuery((q) =>
  q
    .from({ p: collection })
    .orderBy(({ p }) => p.createdAt, 'desc')
    .limit(50),
);
let d = 0;
let e = 0;
let f = 0;
let tdbFresh = fresh;
const tdbName = () => {
  write('update', { id: inWindow.id, name: names[d++ & 1] });
  return tdbTop.toArray;
};
const tdbKey = () => {
  write('update', { id: outside.id, createdAt: times[e++ & 1] });
  return tdbTop.toArray;
};
const tdbInsert = () => {
  write('insert', { id: `tdb-new-${f++}`, name: 'new', team: 'new', isAdmin: false, score: 0, createdAt: ++tdbFresh });
  return tdbTop.toArray;
};
s.gate('tanstack-db: the top 50', ids(tdbTop.toArray) === expectedTop);
tdbName();
s.gate('tanstack-db: a renamed row in the window', tdbTop.toArray[10].name === names[0]);
tdbName();
tdbKey();
s.gate('tanstack-db: a row moved to the top', tdbTop.toArray[0].id === outside.id && tdbTop.toArray.length === 50);
tdbKey();
s.gate('tanstack-db: and out again', ids(tdbTop.toArray) === expectedTop);
collect();

s.task({ case: 'update a non-sort field', peer: 'signal-cache', variant: 'live window: set + view.value', op: scName });
s.task({
  case: 'update a non-sort field',
  peer: 'tanstack-db',
  variant: 'sync write + live query toArray',
  op: tdbName,
  minSamples: 3,
});
s.task({ case: 'update the sort key', peer: 'signal-cache', variant: 'live window: set + view.value', op: scKey });
s.task({
  case: 'update the sort key',
  peer: 'tanstack-db',
  variant: 'sync write + live query toArray',
  op: tdbKey,
  minSamples: 3,
});
s.task({ case: 'insert', peer: 'signal-cache', variant: 'live window: set + view.value', op: scInsert });
s.task({
  case: 'insert',
  peer: 'tanstack-db',
  variant: 'sync write + live query toArray',
  op: tdbInsert,
  minSamples: 3,
});
s.run();
s.gate('signal-cache: the newest insert is first', view.value[0].id === `sc-new-${c - 1}` && view.value.length === 50);
s.gate('tanstack-db: the newest insert is first', tdbTop.toArray[0].id === `tdb-new-${f - 1}`);
s.note(`inserts during the run: signal-cache ${c}, tanstack-db ${f}`);
s.report();
