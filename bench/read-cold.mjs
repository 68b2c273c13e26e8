/**
 * W4 — first read of LONG-500 with nothing memoized: the store holds the normalized
 * rows, no view or denormalized object exists yet. Each timed read gets its own
 * populated store (populated untimed).
 *
 * signal-cache: `setResponse` already builds the response view (it returns the
 * denormalized value), so a cold store is populated with `ctrl.set(new All(Project),
 * data)` (normalize only) and read with `ctrl.get(new All(Project))` — the same 150
 * projects with their 350 build types.
 * data-client: one populated state, read through a new Controller (empty globalCache).
 */
import { normalize as nzNormalize, denormalize as nzDenormalize, schema as nz } from 'normalizr';
import { Scenario, collect } from './_lib/harness.mjs';
import { canon, long500, typed } from './_lib/fixtures.mjs';
import * as sc from './_lib/signal-cache.mjs';
import * as dc from './_lib/data-client.mjs';
import * as ap from './_lib/apollo.mjs';
import { Controller as DcController } from '@data-client/core';

const s = new Scenario({ id: 'W4', title: 'first read of LONG-500, nothing memoized', file: 'read-cold.mjs' });
const data = long500();
const expected = canon(data);
const apolloData = { projects: typed(data, 'Project', { buildTypes: ['BuildType'] }) };

function scPopulated() {
  const ctrl = new sc.Controller();
  ctrl.set(sc.allProjects, data);
  return ctrl;
}
const dcStore = dc.createStore();
dcStore.controller.setResponse(dc.getProjects, data);
const dcState = dcStore.state;
const dcCold = () => new DcController({ getState: () => dcState });

const nzBuildType = new nz.Entity('buildTypes');
const nzProject = new nz.Entity('projects', { buildTypes: [nzBuildType] });
const normalized = nzNormalize(data, [nzProject]);

function apPopulated() {
  const cache = ap.createCache();
  cache.writeQuery({ query: ap.PROJECTS, data: apolloData });
  return cache;
}

s.gate('signal-cache: shape', canon(scPopulated().get(sc.allProjects)) === expected);
s.gate('data-client: shape', canon(dcCold().getResponse(dc.getProjects, dcState).data) === expected);
s.gate('normalizr: shape', canon(nzDenormalize(normalized.result, [nzProject], normalized.entities)) === expected);
s.gate('apollo: shape', canon(apPopulated().readQuery({ query: ap.PROJECTS }).projects) === expected);
collect();

s.task({
  case: 'LONG-500 cold',
  peer: 'signal-cache',
  variant: 'get(All(Project))',
  prepare: scPopulated,
  run: (ctrl) => ctrl.get(sc.allProjects),
});
s.task({
  case: 'LONG-500 cold',
  peer: 'data-client',
  variant: 'getResponse, empty globalCache',
  prepare: dcCold,
  run: (controller) => controller.getResponse(dc.getProjects, dcState),
});
s.task({
  case: 'LONG-500 cold',
  peer: 'normalizr',
  variant: 'denormalize',
  op: () => nzDenormalize(normalized.result, [nzProject], normalized.entities),
  note: 'no memo: every read is a first read',
});
s.task({
  case: 'LONG-500 cold',
  peer: 'apollo',
  variant: 'readQuery',
  prepare: apPopulated,
  run: (cache) => cache.readQuery({ query: ap.PROJECTS }),
});

s.run();
s.report();
