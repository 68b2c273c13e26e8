/**
 * W5 — warm re-read of LONG-500, nothing changed since the last read.
 *
 * signal-cache: `ctrl.response(endpoint).value` (the API call: key, view lookup, read)
 * and `view.value` on a held view (what a binding does between renders).
 * data-client: `getResponse` with the same state and a warm globalCache — what every
 * mounted hook runs after any store change (React's useMemo skips it only when the
 * whole state is unchanged).
 */
import { Scenario, collect } from './_lib/harness.mjs';
import { canon, long500, typed } from './_lib/fixtures.mjs';
import * as sc from './_lib/signal-cache.mjs';
import * as dc from './_lib/data-client.mjs';
import * as ap from './_lib/apollo.mjs';

const s = new Scenario({ id: 'W5', title: 'warm re-read of LONG-500, nothing changed', file: 'read-warm.mjs' });
const data = long500();
const expected = canon(data);

const ctrl = new sc.Controller();
ctrl.setResponse(sc.getProjects, data);
const view = ctrl.response(sc.getProjects);
const first = view.value;

const store = dc.createStore();
store.controller.setResponse(dc.getProjects, data);
const dcFirst = store.read(dc.getProjects);

const cache = ap.createCache();
cache.writeQuery({ query: ap.PROJECTS, data: { projects: typed(data, 'Project', { buildTypes: ['BuildType'] }) } });
const apFirst = cache.readQuery({ query: ap.PROJECTS });

s.gate('signal-cache: shape', canon(first) === expected);
s.gate(
  'signal-cache: re-read gives the same object',
  ctrl.response(sc.getProjects).value === first && view.value === first,
);
s.gate('data-client: shape', canon(dcFirst) === expected);
s.gate('data-client: re-read gives the same object', store.read(dc.getProjects) === dcFirst);
s.gate('apollo: shape', canon(apFirst.projects) === expected);
s.gate('apollo: re-read gives the same object', cache.readQuery({ query: ap.PROJECTS }) === apFirst);
collect();

s.task({
  case: 'LONG-500 warm',
  peer: 'signal-cache',
  variant: 'response(ep).value',
  op: () => ctrl.response(sc.getProjects).value,
});
s.task({ case: 'LONG-500 warm', peer: 'signal-cache', variant: 'held view.value', op: () => view.value });
s.task({ case: 'LONG-500 warm', peer: 'data-client', variant: 'getResponse', op: () => store.read(dc.getProjects) });
s.task({
  case: 'LONG-500 warm',
  peer: 'apollo',
  variant: 'readQuery',
  op: () => cache.readQuery({ query: ap.PROJECTS }),
});

s.run();
s.gate('signal-cache: same object after the timed run', view.value === first);
s.report();
