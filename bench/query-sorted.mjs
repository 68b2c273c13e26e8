/**
 * W11 — a sorted view (Query over All(Issue), by createdAt) of 500 issues. Two updates,
 * each followed by a read of the sorted view:
 *   - a non-sort field (the title): the order cannot change, so a re-sort is wasted work;
 *   - the sort key (createdAt, flipped between its value and one that moves the issue
 *     to the front): the view must re-sort.
 * A comparator counter tells whether a read re-sorted (reported as a check).
 */
import { Scenario, collect } from './_lib/harness.mjs';
import { issues1k } from './_lib/fixtures.mjs';
import * as sc from './_lib/signal-cache.mjs';
import * as dc from './_lib/data-client.mjs';

const s = new Scenario({ id: 'W11', title: 'sorted view of 500 issues', file: 'query-sorted.mjs' });
const issues = issues1k().issues.slice(0, 500);
const X = issues[123];
const titles = [`${X.title} (edited)`, X.title];
const times = [X.createdAt - 10 * 365 * 86_400_000, X.createdAt];

let compares = 0;
const byCreatedAt = (a, b) => {
  compares++;
  return a.createdAt - b.createdAt;
};
const sortIssues = (list) => [...list].sort(byCreatedAt);
const expectOrder = (createdAt) =>
  issues
    .map((i) => (i.id === X.id ? { ...i, createdAt } : i))
    .sort((a, b) => a.createdAt - b.createdAt)
    .map((i) => i.id)
    .join();
const order = (list) => list.map((i) => i.id).join();

// signal-cache
const ctrl = new sc.Controller();
ctrl.setResponse(sc.getIssues, issues);
const sorted = ctrl.query(new sc.Query(sc.allIssues, sortIssues));
let a = 0;
const scTitle = () => {
  ctrl.set(sc.Issue, { id: X.id, title: titles[a++ & 1] });
  return sorted.value;
};
let b = 0;
const scKey = () => {
  ctrl.set(sc.Issue, { id: X.id, createdAt: times[b++ & 1] });
  return sorted.value;
};
const scTitleResponse = () => {
  ctrl.setResponse(sc.getIssue, { id: X.id }, { id: X.id, title: titles[a++ & 1] });
  return sorted.value;
};
const scKeyResponse = () => {
  ctrl.setResponse(sc.getIssue, { id: X.id }, { id: X.id, createdAt: times[b++ & 1] });
  return sorted.value;
};

// data-client
const store = dc.createStore();
store.controller.setResponse(dc.getIssues, issues);
const dcSorted = new dc.Query(new dc.schema.All(dc.Issue), sortIssues);
let c = 0;
const dcTitle = () => {
  store.controller.setResponse(dc.getIssue, { id: X.id }, { id: X.id, title: titles[c++ & 1] });
  return store.read(dcSorted);
};
let d = 0;
const dcKey = () => {
  store.controller.setResponse(dc.getIssue, { id: X.id }, { id: X.id, createdAt: times[d++ & 1] });
  return store.read(dcSorted);
};

/** Validates a peer: order and title after each kind of update; counts comparator calls. */
function validate(peer, read, title, key) {
  s.gate(`${peer}: sorted order`, order(read()) === expectOrder(X.createdAt));
  compares = 0;
  const afterTitle = title();
  const titleCompares = compares;
  s.gate(
    `${peer}: title update shows, order kept`,
    afterTitle.find((i) => i.id === X.id).title === titles[0] && order(afterTitle) === expectOrder(X.createdAt),
  );
  title();
  compares = 0;
  const afterKey = key();
  const keyCompares = compares;
  s.gate(`${peer}: sort-key update re-sorts`, order(afterKey) === expectOrder(times[0]) && afterKey[0].id === X.id);
  key();
  s.gate(`${peer}: back to the original order`, order(read()) === expectOrder(X.createdAt));
  s.check(
    `${peer}: no re-sort on a non-sort-field update`,
    titleCompares === 0,
    `${titleCompares} comparator calls (sort-key update: ${keyCompares})`,
  );
}
validate('signal-cache', () => sorted.value, scTitle, scKey);
validate('signal-cache setResponse', () => sorted.value, scTitleResponse, scKeyResponse);
validate('data-client', () => store.read(dcSorted), dcTitle, dcKey);
collect();

s.task({
  case: 'update title (non-sort field)',
  peer: 'signal-cache',
  variant: 'setResponse + view.value',
  op: scTitleResponse,
});
s.task({ case: 'update title (non-sort field)', peer: 'signal-cache', variant: 'set + view.value', op: scTitle });
s.task({
  case: 'update title (non-sort field)',
  peer: 'data-client',
  variant: 'setResponse + getResponse(Query)',
  op: dcTitle,
});
s.task({
  case: 'update createdAt (sort key)',
  peer: 'signal-cache',
  variant: 'setResponse + view.value',
  op: scKeyResponse,
});
s.task({ case: 'update createdAt (sort key)', peer: 'signal-cache', variant: 'set + view.value', op: scKey });
s.task({
  case: 'update createdAt (sort key)',
  peer: 'data-client',
  variant: 'setResponse + getResponse(Query)',
  op: dcKey,
});

s.run();
s.report();
