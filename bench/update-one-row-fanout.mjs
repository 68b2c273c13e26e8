/**
 * W8 — update one row of FLAT-10k while 1000 single-row views are mounted (rows 0, 10,
 * 20 …); the updated row is one of them. Exactly one view may re-run.
 *
 * push: views are subscribed (signal-cache effects, data-client views re-reading after
 *       each dispatch, Apollo cache.watch, TanStack QueryObservers with `select`,
 *       TanStack DB per-row live queries with a change subscriber); the operation is the
 *       write, and the fan-out it triggers.
 * pull: views are held but not subscribed; the operation is the write, then a read of
 *       all 1000 views (signal-cache view.value, data-client getResponse, Apollo
 *       readFragment).
 */
import { Scenario, collect } from './_lib/harness.mjs';
import { canon, flat, typed } from './_lib/fixtures.mjs';
import * as sc from './_lib/signal-cache.mjs';
import * as dc from './_lib/data-client.mjs';
import * as ap from './_lib/apollo.mjs';
import * as tq from './_lib/tanstack.mjs';
import * as tdb from './_lib/tanstack-db.mjs';

const s = new Scenario({
  id: 'W8',
  title: 'update one row of FLAT-10k, 1000 views mounted',
  file: 'update-one-row-fanout.mjs',
});
const N = 10_000;
const VIEWS = 1000;
const rows = flat(N);
const viewed = Array.from({ length: VIEWS }, (_, i) => i * (N / VIEWS));
const T = 500; // the updated row is viewed[T]
const target = rows[viewed[T]];
const versions = [{ ...target, name: `${target.name} (edited)` }, { ...target }];
const apVersions = versions.map((v) => typed(v, 'Row'));

/** Counts the views whose value changed identity, and checks it is view T. */
function onlyTarget(peer, before, after) {
  let changed = 0;
  for (let i = 0; i < VIEWS; i++) if (before[i] !== after[i]) changed++;
  s.gate(`${peer}: exactly 1 of ${VIEWS} views changes`, changed === 1 && before[T] !== after[T], `changed=${changed}`);
}
/** Snapshots a run counter and a write counter; `check()` compares what happened since. */
function counted(peer, counter, ops) {
  const runs0 = counter.runs;
  const ops0 = ops.n;
  return () => {
    const runs = counter.runs - runs0;
    const writes = ops.n - ops0;
    s.gate(
      `${peer}: exactly one view re-ran per write over the timed run`,
      runs === writes && writes > 0,
      `runs=${runs} writes=${writes}`,
    );
  };
}

//#region signal-cache
const scPush = new sc.Controller();
scPush.set(sc.allRows, rows);
const scPushViews = viewed.map((i) => scPush.query(sc.Row, { id: rows[i].id }));
const scRuns = sc.watchAll(scPushViews);
const scPushOps = { n: 0 };
const scPushOp = () => scPush.set(sc.Row, versions[scPushOps.n++ & 1]);
const scPushResponseOp = () => scPush.setResponse(sc.getRow, { id: target.id }, versions[scPushOps.n++ & 1]);
scPushOp();
s.gate(
  'signal-cache push: one write re-runs exactly the one effect',
  scRuns.runs === 1 && scRuns.perView[T] === 1,
  `runs=${scRuns.runs}`,
);
s.gate('signal-cache push: shape', canon(scPushViews[T].value) === canon(versions[0]));

const scPull = new sc.Controller();
scPull.set(sc.allRows, rows);
const scPullViews = viewed.map((i) => scPull.query(sc.Row, { id: rows[i].id }));
const scRead = (views) => {
  const out = new Array(VIEWS);
  for (let i = 0; i < VIEWS; i++) out[i] = views[i].value;
  return out;
};
let scFlip = 0;
const scPullOp = () => {
  scPull.set(sc.Row, versions[scFlip++ & 1]);
  return scRead(scPullViews);
};
const scPullResponseOp = () => {
  scPull.setResponse(sc.getRow, { id: target.id }, versions[scFlip++ & 1]);
  return scRead(scPullViews);
};
{
  const before = scRead(scPullViews);
  onlyTarget('signal-cache pull', before, scPullOp());
  onlyTarget('signal-cache pull (setResponse)', scRead(scPullViews), scPullResponseOp());
}
//#endregion

//#region data-client
const dcPush = dc.createStore();
dcPush.controller.setResponse(dc.getRows, rows);
const dcRuns = { runs: 0 };
for (const i of viewed) dcPush.view(dc.getRow, [{ id: rows[i].id }], () => dcRuns.runs++);
const dcPushOps = { n: 0 };
const dcPushOp = () => dcPush.controller.setResponse(dc.getRow, { id: target.id }, versions[dcPushOps.n++ & 1]);
dcPushOp();
s.gate('data-client push: one write changes exactly one view', dcRuns.runs === 1, `runs=${dcRuns.runs}`);
s.gate('data-client push: shape', canon(dcPush.read(dc.getRow, { id: target.id })) === canon(versions[0]));

const dcPull = dc.createStore();
dcPull.controller.setResponse(dc.getRows, rows);
const dcRead = () => {
  const out = new Array(VIEWS);
  for (let i = 0; i < VIEWS; i++) out[i] = dcPull.read(dc.getRow, { id: rows[viewed[i]].id });
  return out;
};
let dcFlip = 0;
const dcPullOp = () => {
  dcPull.controller.setResponse(dc.getRow, { id: target.id }, versions[dcFlip++ & 1]);
  return dcRead();
};
{
  const before = dcRead();
  onlyTarget('data-client pull', before, dcPullOp());
}
//#endregion

//#region apollo
const rowId = (cache, i) => cache.identify({ __typename: 'Row', id: rows[i].id });
const apPush = ap.createCache();
apPush.writeQuery({ query: ap.ROWS, data: { rows: typed(rows, 'Row') } });
const apRuns = ap.watchFragments(
  apPush,
  ap.ROW,
  viewed.map((i) => rowId(apPush, i)),
);
const apTarget = rowId(apPush, viewed[T]);
const apPushOps = { n: 0 };
const apPushOp = () => apPush.writeFragment({ id: apTarget, fragment: ap.ROW, data: apVersions[apPushOps.n++ & 1] });
apPushOp();
s.gate('apollo push: one write re-runs exactly one watch', apRuns.runs === 1, `runs=${apRuns.runs}`);
s.gate('apollo push: shape', canon(apPush.readFragment({ id: apTarget, fragment: ap.ROW })) === canon(versions[0]));

const apPull = ap.createCache();
apPull.writeQuery({ query: ap.ROWS, data: { rows: typed(rows, 'Row') } });
const apPullIds = viewed.map((i) => rowId(apPull, i));
const apRead = () => {
  const out = new Array(VIEWS);
  for (let i = 0; i < VIEWS; i++) out[i] = apPull.readFragment({ id: apPullIds[i], fragment: ap.ROW });
  return out;
};
let apFlip = 0;
const apPullOp = () => {
  apPull.writeFragment({ id: apTarget, fragment: ap.ROW, data: apVersions[apFlip++ & 1] });
  return apRead();
};
{
  const before = apRead();
  onlyTarget('apollo pull', before, apPullOp());
}
//#endregion

//#region tanstack
const client = tq.createClient();
client.setQueryData(['rows'], rows);
const tqRuns = { runs: 0 };
const observers = viewed.map((i) =>
  tq.observe(
    client,
    ['rows'],
    (list) => list[i],
    () => tqRuns.runs++,
  ),
);
const tqPushOps = { n: 0 };
const tqPushOp = () => {
  const version = versions[tqPushOps.n++ & 1];
  client.setQueryData(['rows'], (old) => {
    const next = old.slice();
    next[viewed[T]] = version;
    return next;
  });
};
tqPushOp();
s.gate('tanstack push: one write notifies exactly one observer', tqRuns.runs === 1, `runs=${tqRuns.runs}`);
s.gate('tanstack push: shape', canon(observers[T].observer.getCurrentResult().data) === canon(versions[0]));
//#endregion

//#region tanstack-db
// The rows arrive through the sync collection as server data would; each view is a live
// query of one row by id, on the id index TanStack DB advises for such lookups.
const synced = tdb.serverCollection(rows);
synced.collection.createIndex((row) => row.id, { indexType: tdb.BasicIndex });
const tdbRuns = { runs: 0, perView: new Uint32Array(VIEWS) };
const tdbViews = viewed.map((i, k) => {
  const id = rows[i].id;
  const view = tdb.liveQuery((q) => q.from({ r: synced.collection }).where(({ r }) => tdb.eq(r.id, id)));
  view.subscribeChanges(() => {
    tdbRuns.runs++;
    tdbRuns.perView[k]++;
  });
  return view;
});
const tdbPushOps = { n: 0 };
const tdbPushOp = () => synced.write('update', versions[tdbPushOps.n++ & 1]);
tdbPushOp();
s.gate(
  'tanstack-db push: one write notifies exactly the one live query',
  tdbRuns.runs === 1 && tdbRuns.perView[T] === 1,
  `runs=${tdbRuns.runs}`,
);
const tdbRow = Object.fromEntries(Object.entries(tdbViews[T].toArray[0]).filter(([k]) => !k.startsWith('$')));
s.gate('tanstack-db push: shape', canon(tdbRow) === canon(versions[0]) && tdbViews.every((view) => view.size === 1));
//#endregion

collect();
const CASE_PUSH = 'push: write + fan-out';
const CASE_PULL = 'pull: write + read 1000';
s.task({ case: CASE_PUSH, peer: 'signal-cache', variant: 'setResponse, 1000 effects', op: scPushResponseOp });
s.task({ case: CASE_PUSH, peer: 'signal-cache', variant: 'set, 1000 effects', op: scPushOp });
s.task({ case: CASE_PUSH, peer: 'data-client', variant: 'setResponse, 1000 views re-read', op: dcPushOp });
s.task({ case: CASE_PUSH, peer: 'apollo', variant: 'writeFragment, 1000 cache.watch', op: apPushOp });
s.task({
  case: CASE_PUSH,
  peer: 'tanstack',
  variant: 'setQueryData, 1000 QueryObservers',
  op: tqPushOp,
  note: 'not normalized: one list query, views select a row',
});
s.task({
  case: CASE_PUSH,
  peer: 'tanstack-db',
  variant: 'sync begin/write/commit, 1000 live queries',
  op: tdbPushOp,
  note: 'a sync-fed collection with an id index; each view a live query of one row',
});
s.task({ case: CASE_PULL, peer: 'signal-cache', variant: 'setResponse + 1000 view.value', op: scPullResponseOp });
s.task({ case: CASE_PULL, peer: 'signal-cache', variant: 'set + 1000 view.value', op: scPullOp });
s.task({ case: CASE_PULL, peer: 'data-client', variant: 'setResponse + 1000 getResponse', op: dcPullOp });
s.task({ case: CASE_PULL, peer: 'apollo', variant: 'writeFragment + 1000 readFragment', op: apPullOp });

const afterRun = [
  counted('signal-cache push', scRuns, scPushOps),
  counted('data-client push', dcRuns, dcPushOps),
  counted('apollo push', apRuns, apPushOps),
  counted('tanstack push', tqRuns, tqPushOps),
  counted('tanstack-db push', tdbRuns, tdbPushOps),
];
s.run();
for (const check of afterRun) check();
s.report();
