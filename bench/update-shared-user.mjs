/**
 * W9 — update one user shared by 50 issues of ISSUES-1k while 1000 issue views are
 * subscribed. Only the 50 views of issues that reference the user may re-run, and each
 * of them exactly once per write.
 */
import { gql } from '@apollo/client';
import { Scenario, collect } from './_lib/harness.mjs';
import { canon, issues1k, typed } from './_lib/fixtures.mjs';
import * as sc from './_lib/signal-cache.mjs';
import * as dc from './_lib/data-client.mjs';
import * as ap from './_lib/apollo.mjs';

const s = new Scenario({ id: 'W9', title: 'update one shared user, 1000 issue views', file: 'update-shared-user.mjs' });
const { users, issues } = issues1k();
const user = users[7];
const refs = issues.filter((i) => i.user.id === user.id).length;
const names = [`${user.name} (renamed)`, user.name];
s.gate('fixture: the user is shared by ≈50 issues', refs === 50, `refs=${refs}`);

function expectation(peer, counter, ops) {
  const runs0 = counter.runs;
  const ops0 = ops.n;
  return () => {
    const runs = counter.runs - runs0;
    const writes = ops.n - ops0;
    s.gate(
      `${peer}: ${refs} views re-run per write, over the timed run`,
      writes > 0 && runs === writes * refs,
      `runs=${runs} writes=${writes}`,
    );
  };
}

// signal-cache
const ctrl = new sc.Controller();
ctrl.setResponse(sc.getIssues, issues);
const views = issues.map((i) => ctrl.query(sc.Issue, { id: i.id }));
const scRuns = sc.watchAll(views);
const scOps = { n: 0 };
const scOp = () => ctrl.set(sc.IssueUser, { id: user.id, name: names[scOps.n++ & 1] });
const scResponseOp = () =>
  ctrl.setResponse(sc.getIssueUser, { id: user.id }, { id: user.id, name: names[scOps.n++ & 1] });
scOp();
{
  let wrong = 0;
  issues.forEach((issue, i) => {
    if (scRuns.perView[i] !== (issue.user.id === user.id ? 1 : 0)) wrong++;
  });
  s.gate(
    'signal-cache: exactly the referencing issues re-ran once',
    wrong === 0 && scRuns.runs === refs,
    `runs=${scRuns.runs} wrong=${wrong}`,
  );
  const issue = issues.find((i) => i.user.id === user.id);
  const seen = ctrl.get(sc.Issue, { id: issue.id });
  s.gate('signal-cache: shape', canon(seen) === canon({ ...issue, user: { ...user, name: names[0] } }));
}

// data-client
const store = dc.createStore();
store.controller.setResponse(dc.getIssues, issues);
const dcRuns = { runs: 0 };
for (const issue of issues) store.view(dc.getIssue, [{ id: issue.id }], () => dcRuns.runs++);
const dcOps = { n: 0 };
const dcOp = () =>
  store.controller.setResponse(dc.getIssueUser, { id: user.id }, { id: user.id, name: names[dcOps.n++ & 1] });
dcOp();
s.gate('data-client: only the referencing issues changed', dcRuns.runs === refs, `runs=${dcRuns.runs}`);
{
  const issue = issues.find((i) => i.user.id === user.id);
  s.gate(
    'data-client: shape',
    canon(store.read(dc.getIssue, { id: issue.id })) === canon({ ...issue, user: { ...user, name: names[0] } }),
  );
}

// apollo
const NAME = gql`
  fragment IssueUserName on IssueUser {
    id
    name
  }
`;
const cache = ap.createCache();
cache.writeQuery({ query: ap.ISSUES, data: { issues: typed(issues, 'Issue', { user: ['IssueUser'] }) } });
const apRuns = ap.watchFragments(
  cache,
  ap.ISSUE,
  issues.map((i) => cache.identify({ __typename: 'Issue', id: i.id })),
);
const apUser = cache.identify({ __typename: 'IssueUser', id: user.id });
const apOps = { n: 0 };
const apOp = () =>
  cache.writeFragment({
    id: apUser,
    fragment: NAME,
    data: { __typename: 'IssueUser', id: user.id, name: names[apOps.n++ & 1] },
  });
apOp();
s.gate('apollo: only the referencing issues re-ran', apRuns.runs === refs, `runs=${apRuns.runs}`);
collect();

const CASE = 'update user, 50 of 1000 re-run';
s.task({ case: CASE, peer: 'signal-cache', variant: 'setResponse, 1000 effects', op: scResponseOp });
s.task({ case: CASE, peer: 'signal-cache', variant: 'set, 1000 effects', op: scOp });
s.task({ case: CASE, peer: 'data-client', variant: 'setResponse, 1000 views re-read', op: dcOp });
s.task({ case: CASE, peer: 'apollo', variant: 'writeFragment, 1000 cache.watch', op: apOp });

const after = [
  expectation('signal-cache', scRuns, scOps),
  expectation('data-client', dcRuns, dcOps),
  expectation('apollo', apRuns, apOps),
];
s.run();
for (const check of after) check();
s.report();
