/**
 * W23 — one response removes 50,000 of 100,000 rows (a bulk DELETE answered with the
 * removed pks). Removal must cost O(1) per row: a table membership kept as an array
 * (`indexOf` + `splice` per row) makes this quadratic, seconds instead of milliseconds.
 * Each round starts from a fresh store of 100k rows (built untimed) and times the one
 * removal with `performance.now()`; three rounds per peer, the median reported (the
 * harness's batched `prepare` would build dozens of 100k stores per sample).
 */
import { Scenario, collect } from './_lib/harness.mjs';
import { flat } from './_lib/fixtures.mjs';
import * as sc from './_lib/signal-cache.mjs';
import * as dc from './_lib/data-client.mjs';

const s = new Scenario({ id: 'W23', title: 'remove 50k of 100k rows in one response', file: 'remove-rows.mjs' });
const N = 100_000;
const rows = flat(N);
const gone = rows.filter((_, i) => i % 2 === 1).map((row) => row.id);
const goneRows = gone.map((id) => ({ id }));

const scRemove = new sc.Invalidate(sc.Row);
const scPrepare = () => {
  const ctrl = new sc.Controller();
  ctrl.set(sc.allRows, rows);
  return ctrl;
};
const scRun = (ctrl) => ctrl.set([scRemove], gone);

const dcRemoveRows = new dc.RestEndpoint({
  path: '/rows/remove',
  method: 'POST',
  schema: [new dc.schema.Invalidate(dc.Row)],
});
const dcPrepare = () => {
  const store = dc.createStore();
  store.controller.setResponse(dc.getRows, rows);
  return store;
};
const dcRun = (store) => store.controller.setResponse(dcRemoveRows, goneRows);

// Validate: half the rows are left, in their first-stored order.
const ctrl = scPrepare();
scRun(ctrl);
const left = ctrl.get(sc.allRows);
s.gate('signal-cache: 50k rows left', left.length === N / 2);
s.gate(
  'signal-cache: first-stored order kept',
  left[0].id === 'r0' && left[1].id === 'r2' && left[left.length - 1].id === `r${N - 2}`,
);
s.gate('signal-cache: a removed row reads undefined', ctrl.get(sc.Row, { id: 'r1' }) === undefined);
const store = dcPrepare();
dcRun(store);
const dcLeft = Object.values(store.state.entities.Row ?? {}).filter(
  (row) => row !== undefined && !store.state.entitiesMeta?.Row?.[row.id]?.invalidated,
);
s.note(
  `data-client: ${Object.keys(store.state.entities.Row).length} Row entries after the removal (invalidated rows stay as entries, ${dcLeft.length} not invalidated)`,
);
collect();

const ROUNDS = 3;
const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
for (const [peer, variant, prepare, run] of [
  ['signal-cache', 'set([Invalidate(Row)], pks)', scPrepare, scRun],
  ['data-client', 'setResponse([Invalidate(Row)])', dcPrepare, dcRun],
]) {
  const rounds = [];
  for (let i = 0; i < ROUNDS; i++) {
    const state = prepare();
    collect();
    const start = performance.now();
    run(state);
    rounds.push(1000 / (performance.now() - start));
  }
  s.value({ case: 'remove 50k of 100k', peer, variant, unit: 'ops/s', value: median(rounds), rounds });
}
s.check(
  'signal-cache: the removal takes well under a second',
  s.rows[0].value > 2,
  `${(1000 / s.rows[0].value).toFixed(0)} ms`,
);
s.report();
