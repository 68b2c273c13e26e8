/**
 * W16 — optimistic edit of one row of FLAT-10k while 1000 single-row views are mounted
 * (rows 0, 10, 20 …; the edited row is one of them). Two cycles, each measured whole:
 *
 *   apply + settle:   the optimistic value shows, then the server's answer (equal to it)
 *                     replaces it;
 *   apply + rollback: the optimistic value shows, then the request fails and the row
 *                     shows its server value again.
 *
 * Each peer is driven the way an app drives it:
 *   signal-cache  ctrl.fetch(endpoint with getOptimisticResponse); the endpoint's fetch
 *                 resolves or rejects at once; 1000 effects over row views.
 *   data-client   controller.fetch (the optimistic action) then controller.resolve with
 *                 the fetch's createdAt (what its NetworkManager dispatches), views
 *                 re-reading the optimistic state (`state.optimistic.reduce(reducer,
 *                 state)`, as its React DataStore computes it) after every dispatch.
 *   tanstack      MutationObserver.mutate with onMutate (getQueryData + setQueryData),
 *                 onError (setQueryData of the snapshot) and onSuccess (setQueryData of
 *                 the answer); 1000 QueryObservers selecting a row of the list query.
 *
 * A cycle settles through promises for every peer, so each is awaited; the cycles run
 * back to back for a time budget per round, peers interleaved, best round kept.
 */
import { performance } from 'node:perf_hooks';
import { MutationObserver } from '@tanstack/query-core';
import { PLAN, Scenario, collect } from './_lib/harness.mjs';
import { canon, flat } from './_lib/fixtures.mjs';
import * as sc from './_lib/signal-cache.mjs';
import * as dc from './_lib/data-client.mjs';
import * as tq from './_lib/tanstack.mjs';

const s = new Scenario({
  id: 'W16',
  title: 'optimistic edit of one row of FLAT-10k, 1000 views mounted',
  file: 'optimistic-edit.mjs',
});
const N = 10_000;
const VIEWS = 1000;
const rows = flat(N);
const viewed = Array.from({ length: VIEWS }, (_, i) => i * (N / VIEWS));
const T = 500;
const target = rows[viewed[T]];
const names = [`${target.name} (edited)`, target.name];
const failure = new Error('the server refused');
let flip = 0;
/** The next edit: alternates between two names so that every apply changes the row. */
const nextName = () => names[flip++ & 1];

/** Counts views (other than T) that changed; a gate checks it stays 0. */
const others = { signalCache: 0, dataClient: 0, tanstack: 0 };
const changedT = { signalCache: 0, dataClient: 0, tanstack: 0 };

//#region signal-cache
const scCtrl = new sc.Controller();
scCtrl.set(sc.allRows, rows);
const scViews = viewed.map((i) => scCtrl.query(sc.Row, { id: rows[i].id }));
const scRuns = sc.watchAll(scViews);
let scOutcome = true;
const scEdit = new sc.Endpoint(
  (params, body) => (scOutcome ? Promise.resolve({ ...target, ...params, ...body }) : Promise.reject(failure)),
  {
    name: 'editRow',
    schema: sc.Row,
    sideEffect: true,
    getOptimisticResponse: (_snap, params, body) => ({ ...params, ...body }),
  },
);
async function scCycle(ok) {
  scOutcome = ok;
  const name = nextName();
  const done = scCtrl.fetch(scEdit, { id: target.id }, { name });
  if (scViews[T].peek().name !== name) throw new Error('signal-cache: the optimistic value did not show at once');
  try {
    await done;
  } catch {
    /* the rollback cycle */
  }
}
//#endregion

//#region data-client
const dcStore = dc.createStore({ optimistic: true });
dcStore.controller.setResponse(dc.getRows, rows);
const dcEdit = new dc.RestEndpoint({
  path: '/rows/:id',
  method: 'PATCH',
  schema: dc.Row,
  getOptimisticResponse: (_snap, params, body) => ({ ...params, ...body }),
});
const dcLast = viewed.map((i) => dcStore.read(dc.getRow, { id: rows[i].id }));
dcStore.subscribe(() => {
  for (let i = 0; i < VIEWS; i++) {
    const data = dcStore.read(dc.getRow, { id: rows[viewed[i]].id });
    if (data !== dcLast[i]) {
      dcLast[i] = data;
      if (i === T) changedT.dataClient++;
      else others.dataClient++;
    }
  }
});
async function dcCycle(ok) {
  const name = nextName();
  const args = [{ id: target.id }, { name }];
  const { controller } = dcStore;
  controller.fetch(dcEdit, ...args).catch(() => {});
  const fetchedAt = dcStore.lastFetch.meta.createdAt;
  if (dcLast[T].name !== name) throw new Error('data-client: the optimistic value did not show at once');
  await null;
  if (ok) controller.resolve(dcEdit, { args, response: { ...target, name }, fetchedAt });
  else controller.resolve(dcEdit, { args, response: failure, fetchedAt, error: true });
}
//#endregion

//#region tanstack
const client = tq.createClient();
client.setQueryData(['rows'], rows);
const tqObservers = viewed.map((i, v) =>
  tq.observe(
    client,
    ['rows'],
    (list) => list[i],
    () => {
      if (v === T) changedT.tanstack++;
      else others.tanstack++;
    },
  ),
);
const withName = (list, name) => {
  const next = list.slice();
  next[viewed[T]] = { ...list[viewed[T]], name };
  return next;
};
let tqOutcome = true;
const tqMutation = new MutationObserver(client, {
  mutationFn: ({ name }) => (tqOutcome ? Promise.resolve({ ...target, name }) : Promise.reject(failure)),
  onMutate: ({ name }) => {
    const previous = client.getQueryData(['rows']);
    client.setQueryData(['rows'], withName(previous, name));
    return { previous };
  },
  onError: (_error, _vars, context) => client.setQueryData(['rows'], context.previous),
  onSuccess: (row) => client.setQueryData(['rows'], (list) => withName(list, row.name)),
});
async function tqCycle(ok) {
  tqOutcome = ok;
  const name = nextName();
  const done = tqMutation.mutate({ name });
  await null;
  if (tqObservers[T].observer.getCurrentResult().data.name !== name)
    throw new Error('tanstack: the optimistic value did not show');
  try {
    await done;
  } catch {
    /* the rollback cycle */
  }
}
//#endregion

//#region gates
const scBefore = scViews.map((v) => v.peek());
await scCycle(true);
await scCycle(false);
s.gate(
  'signal-cache: apply + settle + apply + rollback re-run only view T (3 times: apply, apply, rollback)',
  scRuns.runs === 3 && scRuns.perView[T] === 3,
  `runs=${scRuns.runs}`,
);
s.gate(
  'signal-cache: other views keep their objects',
  scViews.every((v, i) => i === T || v.peek() === scBefore[i]),
);
s.gate('signal-cache: shape after rollback', canon(scViews[T].peek()) === canon({ ...target, name: names[0] }));
await dcCycle(true);
await dcCycle(false);
s.gate(
  'data-client: only view T changes',
  others.dataClient === 0 && changedT.dataClient >= 3,
  `T=${changedT.dataClient} others=${others.dataClient}`,
);
s.gate(
  'data-client: shape after rollback',
  canon(dcStore.read(dc.getRow, { id: target.id })) === canon({ ...target, name: names[0] }),
);
await tqCycle(true);
await tqCycle(false);
s.gate(
  'tanstack: only observer T is notified',
  others.tanstack === 0 && changedT.tanstack >= 3,
  `T=${changedT.tanstack} others=${others.tanstack}`,
);
//#endregion

//#region measure
/** Runs `cycle` back to back for `ms`; returns cycles per second. */
async function rate(cycle, ok, ms) {
  let n = 0;
  const t0 = performance.now();
  let t = t0;
  while (t - t0 < ms) {
    for (let i = 0; i < 8; i++) await cycle(ok);
    n += 8;
    t = performance.now();
  }
  return (n * 1000) / (t - t0);
}

const peers = [
  { peer: 'signal-cache', variant: 'getOptimisticResponse layer, 1000 effects', cycle: scCycle },
  { peer: 'data-client', variant: 'getOptimisticResponse, 1000 views re-read', cycle: dcCycle },
  {
    peer: 'tanstack',
    variant: 'onMutate + setQueryData + rollback, 1000 observers',
    cycle: tqCycle,
    note: 'not normalized: one list query, views select a row',
  },
];
const cases = [
  { name: 'apply + settle', ok: true },
  { name: 'apply + rollback', ok: false },
];
for (const c of cases) {
  const results = peers.map(() => []);
  for (let round = 0; round < PLAN.rounds; round++) {
    for (let p = 0; p < peers.length; p++) {
      collect();
      await rate(peers[p].cycle, c.ok, round === 0 ? PLAN.firstWarmupTime : PLAN.warmupTime);
      results[p].push(await rate(peers[p].cycle, c.ok, PLAN.time));
    }
  }
  peers.forEach((p, i) => {
    const best = Math.max(...results[i]);
    s.value({
      case: c.name,
      peer: p.peer,
      variant: p.variant,
      unit: 'ops/s',
      value: best,
      rounds: results[i],
      note: p.note ?? '',
    });
  });
}
s.gate(
  'signal-cache: no other view re-ran over the timed run',
  scRuns.runs === scRuns.perView[T],
  `runs=${scRuns.runs} T=${scRuns.perView[T]}`,
);
s.gate('data-client: no other view changed over the timed run', others.dataClient === 0, `others=${others.dataClient}`);
s.gate(
  'tanstack: no other observer was notified over the timed run',
  others.tanstack === 0,
  `others=${others.tanstack}`,
);
//#endregion

s.report();
