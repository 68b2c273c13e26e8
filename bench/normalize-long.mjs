/**
 * W1 — normalize LONG-500 (150 projects with nested build types, 500 entities) into an
 * empty store. Each timed operation gets a fresh, empty store (created untimed).
 */
import { normalize as nzNormalize, denormalize as nzDenormalize, schema as nz } from 'normalizr';
import { Scenario, collect } from './_lib/harness.mjs';
import { canon, long500, typed } from './_lib/fixtures.mjs';
import * as sc from './_lib/signal-cache.mjs';
import * as dc from './_lib/data-client.mjs';
import * as ap from './_lib/apollo.mjs';

const s = new Scenario({ id: 'W1', title: 'normalize LONG-500 into an empty store', file: 'normalize-long.mjs' });
const data = long500();
const apolloData = { projects: typed(data, 'Project', { buildTypes: ['BuildType'] }) };
const expected = canon(data);

const nzBuildType = new nz.Entity('buildTypes');
const nzProject = new nz.Entity('projects', { buildTypes: [nzBuildType] });

// Validate every peer's output before timing: same denormalized shape.
{
  const ctrl = new sc.Controller();
  const returned = ctrl.setResponse(sc.getProjects, data);
  s.gate('signal-cache: setResponse stores LONG-500 as given', canon(ctrl.response(sc.getProjects).value) === expected);
  s.gate('signal-cache: setResponse returns nothing (as data-client)', returned === undefined);
  const setOnly = new sc.Controller();
  setOnly.set(sc.allProjects, data);
  s.gate('signal-cache: set() stores LONG-500 as given', canon(setOnly.get(sc.allProjects)) === expected);

  const store = dc.createStore();
  store.controller.setResponse(dc.getProjects, data);
  s.gate('data-client: stores LONG-500 as given', canon(store.read(dc.getProjects)) === expected);

  const { result, entities } = nzNormalize(data, [nzProject]);
  s.gate('normalizr: normalizes LONG-500', canon(nzDenormalize(result, [nzProject], entities)) === expected);
  s.gate(
    'normalizr: 500 entities',
    Object.keys(entities.projects).length + Object.keys(entities.buildTypes).length === 500,
  );

  const cache = ap.createCache();
  cache.writeQuery({ query: ap.PROJECTS, data: apolloData });
  s.gate('apollo: stores LONG-500 as given', canon(cache.readQuery({ query: ap.PROJECTS }).projects) === expected);
}
collect();

s.task({
  case: 'LONG-500',
  peer: 'signal-cache',
  variant: 'setResponse',
  prepare: () => new sc.Controller(),
  run: (ctrl) => ctrl.setResponse(sc.getProjects, data),
  note: 'setResponse normalizes and writes; like data-client it does not denormalize',
});
s.task({
  case: 'LONG-500',
  peer: 'signal-cache',
  variant: 'set (normalize only)',
  prepare: () => new sc.Controller(),
  run: (ctrl) => ctrl.set(sc.allProjects, data),
});
s.task({
  case: 'LONG-500',
  peer: 'data-client',
  variant: 'setResponse',
  prepare: () => dc.createStore(),
  run: (store) => store.controller.setResponse(dc.getProjects, data),
});
s.task({
  case: 'LONG-500',
  peer: 'normalizr',
  variant: 'normalize',
  op: () => nzNormalize(data, [nzProject]),
});
s.task({
  case: 'LONG-500',
  peer: 'apollo',
  variant: 'writeQuery',
  prepare: () => ap.createCache(),
  run: (cache) => cache.writeQuery({ query: ap.PROJECTS, data: apolloData }),
});

s.run();
s.gate('no peer mutated the input', canon(data) === expected);
s.report();
