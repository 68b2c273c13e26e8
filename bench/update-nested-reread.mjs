/**
 * W6 — update one nested entity (a build type's name) and re-read the LONG-500 view.
 * Exactly one project may change identity; the other 149 and every other build type
 * keep theirs. Each operation flips the name between two values, so every write is a
 * real change.
 */
import { gql } from '@apollo/client';
import { Scenario, changedRefs, collect } from './_lib/harness.mjs';
import { canon, long500, typed } from './_lib/fixtures.mjs';
import * as sc from './_lib/signal-cache.mjs';
import * as dc from './_lib/data-client.mjs';
import * as ap from './_lib/apollo.mjs';

const s = new Scenario({
  id: 'W6',
  title: 'update one nested entity, re-read LONG-500',
  file: 'update-nested-reread.mjs',
});
const data = long500();
const P = 75;
const target = data[P].buildTypes[1];
const names = [`${target.name} (renamed)`, target.name];

/** Validates one update: the list changed, exactly project P changed, the name shows. */
function validate(peer, before, after, name) {
  const ok =
    before !== after &&
    changedRefs(before, after) === 1 &&
    after[P] !== before[P] &&
    after[P].buildTypes[1].name === name &&
    after[P].buildTypes[0] === before[P].buildTypes[0];
  s.gate(`${peer}: exactly 1 of 150 projects changes identity`, ok, `changed=${changedRefs(before, after)}`);
  const expected = structuredClone(data);
  expected[P].buildTypes[1].name = name;
  s.gate(`${peer}: shape after the update`, canon(after) === canon(expected));
}

// signal-cache
const ctrl = new sc.Controller();
ctrl.setResponse(sc.getProjects, data);
const view = ctrl.response(sc.getProjects);
let scFlip = 0;
const scUpdate = () => {
  ctrl.set(sc.BuildType, { id: target.id, name: names[scFlip++ & 1] });
  return view.value;
};
// The same work as data-client's: rows, the response of getBuildType and its meta.
const scUpdateResponse = () => {
  ctrl.setResponse(sc.getBuildType, { id: target.id }, { id: target.id, name: names[scFlip++ & 1] });
  return view.value;
};
{
  const before = view.value;
  validate('signal-cache', before, scUpdate(), names[0]);
  const mid = view.value;
  validate('signal-cache (back)', mid, scUpdate(), names[1]);
  validate('signal-cache setResponse', view.value, scUpdateResponse(), names[0]);
  validate('signal-cache setResponse (back)', view.value, scUpdateResponse(), names[1]);
}

// data-client
const store = dc.createStore();
store.controller.setResponse(dc.getProjects, data);
let dcFlip = 0;
const dcUpdate = () => {
  store.controller.setResponse(dc.getBuildType, { id: target.id }, { id: target.id, name: names[dcFlip++ & 1] });
  return store.read(dc.getProjects);
};
{
  const before = store.read(dc.getProjects);
  validate('data-client', before, dcUpdate(), names[0]);
  const mid = store.read(dc.getProjects);
  validate('data-client (back)', mid, dcUpdate(), names[1]);
}

// apollo
const NAME = gql`
  fragment BuildTypeName on BuildType {
    id
    name
  }
`;
const cache = ap.createCache();
cache.writeQuery({ query: ap.PROJECTS, data: { projects: typed(data, 'Project', { buildTypes: ['BuildType'] }) } });
const apId = cache.identify({ __typename: 'BuildType', id: target.id });
let apFlip = 0;
const apUpdate = () => {
  cache.writeFragment({
    id: apId,
    fragment: NAME,
    data: { __typename: 'BuildType', id: target.id, name: names[apFlip++ & 1] },
  });
  return cache.readQuery({ query: ap.PROJECTS }).projects;
};
{
  const before = cache.readQuery({ query: ap.PROJECTS }).projects;
  validate('apollo', before, apUpdate(), names[0]);
  const mid = cache.readQuery({ query: ap.PROJECTS }).projects;
  validate('apollo (back)', mid, apUpdate(), names[1]);
}
collect();

s.task({
  case: 'update 1 build type + re-read',
  peer: 'signal-cache',
  variant: 'setResponse + view.value',
  op: scUpdateResponse,
});
s.task({ case: 'update 1 build type + re-read', peer: 'signal-cache', variant: 'set + view.value', op: scUpdate });
s.task({
  case: 'update 1 build type + re-read',
  peer: 'data-client',
  variant: 'setResponse + getResponse',
  op: dcUpdate,
});
s.task({ case: 'update 1 build type + re-read', peer: 'apollo', variant: 'writeFragment + readQuery', op: apUpdate });

s.run();
s.report();
