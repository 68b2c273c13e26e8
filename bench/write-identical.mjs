/**
 * W2 — write an identical LONG-500 response again into the populated store (a poll that
 * brought nothing new). Each write gets a fresh deep copy, as a new network response
 * would. signal-cache must write 0 signals: 501 effects (the response view, every
 * project and every build type) must not re-run, over the whole timed run.
 */
import { Scenario, changedRefs, collect } from './_lib/harness.mjs';
import { canon, clone, long500, typed } from './_lib/fixtures.mjs';
import * as sc from './_lib/signal-cache.mjs';
import * as dc from './_lib/data-client.mjs';
import * as ap from './_lib/apollo.mjs';

const s = new Scenario({
  id: 'W2',
  title: 'write the identical LONG-500 again (0 writes)',
  file: 'write-identical.mjs',
});
const data = long500();
const expected = canon(data);
const COPIES = 8;
const copies = Array.from({ length: COPIES }, () => clone(data));
const apolloCopies = copies.map((c) => ({ projects: typed(c, 'Project', { buildTypes: ['BuildType'] }) }));

// signal-cache: populated, every row and the response subscribed.
const ctrl = new sc.Controller();
ctrl.setResponse(sc.getProjects, data);
const view = ctrl.response(sc.getProjects);
const before = view.value;
const views = [view];
for (const p of data) {
  views.push(ctrl.query(sc.Project, { id: p.id }));
  for (const b of p.buildTypes) views.push(ctrl.query(sc.BuildType, { id: b.id }));
}
const scRuns = sc.watchAll(views);
// The response's meta (fetchedAt, expiresAt) is not data: a new response may refresh it.
const metaRuns = sc.watchAll([ctrl.meta(sc.getProjects)]);
ctrl.setResponse(sc.getProjects, copies[0]);
s.check(
  'signal-cache: identical write leaves the meta signal alone',
  metaRuns.runs === 0,
  `meta effect re-ran ${metaRuns.runs}× (fetchedAt/expiresAt refreshed)`,
);
s.gate('signal-cache: identical write keeps the response object', view.value === before);
s.gate('signal-cache: identical write re-runs none of 501 effects', scRuns.runs === 0, `runs=${scRuns.runs}`);
s.gate('signal-cache: shape', canon(view.value) === expected);

// data-client
const store = dc.createStore();
store.controller.setResponse(dc.getProjects, data);
const dcBefore = store.read(dc.getProjects);
let dcChanges = 0;
store.view(dc.getProjects, [], () => dcChanges++);
store.controller.setResponse(dc.getProjects, copies[0]);
const dcAfter = store.read(dc.getProjects);
s.gate('data-client: shape', canon(dcAfter) === expected);
const dcChanged = changedRefs(dcBefore, dcAfter);
s.note(
  `data-client: an identical write gives a new response object and ${dcChanged} of 150 new project objects (view re-ran ${dcChanges}×)`,
);

// apollo
const cache = ap.createCache();
cache.writeQuery({ query: ap.PROJECTS, data: apolloCopies[0] });
const apBefore = cache.readQuery({ query: ap.PROJECTS });
const apWatch = ap.watchFragments(
  cache,
  ap.BUILD_TYPE,
  data.flatMap((p) => p.buildTypes.map((b) => cache.identify({ __typename: 'BuildType', id: b.id }))),
);
let apQueryRuns = 0;
cache.watch({ query: ap.PROJECTS, optimistic: true, immediate: true, callback: () => apQueryRuns++ });
apQueryRuns = 0;
cache.writeQuery({ query: ap.PROJECTS, data: apolloCopies[1] });
const apAfter = cache.readQuery({ query: ap.PROJECTS });
s.gate('apollo: shape', canon(apAfter.projects) === expected);
s.note(
  `apollo: identical write keeps the result: ${apAfter === apBefore}; watches re-run: query ${apQueryRuns}, fragments ${apWatch.runs}`,
);
collect();

let i = 0;
s.task({
  case: 'LONG-500 identical',
  peer: 'signal-cache',
  variant: 'setResponse',
  op: () => ctrl.setResponse(sc.getProjects, copies[i++ % COPIES]),
});
// The main data-client row writes into a store without mounted views (its pure write
// cost, the conservative comparison); the second one has the list view mounted.
const bare = dc.createStore();
bare.controller.setResponse(dc.getProjects, data);
let j = 0;
s.task({
  case: 'LONG-500 identical',
  peer: 'data-client',
  variant: 'setResponse',
  op: () => bare.controller.setResponse(dc.getProjects, copies[j++ % COPIES]),
});
let j2 = 0;
s.task({
  case: 'LONG-500 identical',
  peer: 'data-client',
  variant: 'setResponse + 1 mounted view',
  op: () => store.controller.setResponse(dc.getProjects, copies[j2++ % COPIES]),
  note: 'the mounted list view re-reads after each write and gets a new object',
});
let k = 0;
s.task({
  case: 'LONG-500 identical',
  peer: 'apollo',
  variant: 'writeQuery',
  op: () => cache.writeQuery({ query: ap.PROJECTS, data: apolloCopies[k++ % COPIES] }),
  note: '1 query watch + 350 fragment watches',
});

s.run();
s.gate('signal-cache: 0 effect re-runs over the whole timed run', scRuns.runs === 0, `runs=${scRuns.runs}`);
s.gate('signal-cache: response object unchanged after the timed run', view.value === before);
s.report();
