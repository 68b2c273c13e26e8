/**
 * W10 — count the admins of USERS-10k with a Query over All(User): after toggling one
 * user's isAdmin (each operation flips it, then reads the count), and the same read with
 * nothing changed.
 */
import { Scenario, collect } from './_lib/harness.mjs';
import { users10k } from './_lib/fixtures.mjs';
import * as sc from './_lib/signal-cache.mjs';
import * as dc from './_lib/data-client.mjs';
import * as tq from './_lib/tanstack.mjs';

const s = new Scenario({ id: 'W10', title: 'count admins over USERS-10k', file: 'query-aggregate.mjs' });
const users = users10k();
const admins = users.filter((u) => u.isAdmin).length;
s.gate('fixture: ≈10% admins', admins > 900 && admins < 1100, `admins=${admins}`);
const target = users[4321];
const toggled = [!target.isAdmin, target.isAdmin];
const countAdmins = (list) => {
  let n = 0;
  for (let i = 0; i < list.length; i++) if (list[i].isAdmin) n++;
  return n;
};
const afterToggle = admins + (toggled[0] ? 1 : -1);

// signal-cache
const ctrl = new sc.Controller();
ctrl.setResponse(sc.getUsers, users);
const scCount = new sc.Query(sc.allUsers, countAdmins);
const view = ctrl.query(scCount);
let a = 0;
const scToggle = () => {
  ctrl.set(sc.User, { id: target.id, isAdmin: toggled[a++ & 1] });
  return view.value;
};
const scToggleResponse = () => {
  ctrl.setResponse(sc.getUser, { id: target.id }, { id: target.id, isAdmin: toggled[a++ & 1] });
  return view.value;
};
s.gate('signal-cache: count', view.value === admins && ctrl.get(scCount) === admins, `${view.value}`);
s.gate('signal-cache: count after a toggle', scToggle() === afterToggle && scToggle() === admins);
s.gate('signal-cache: count after a setResponse toggle', scToggleResponse() === afterToggle && scToggleResponse() === admins);

// data-client
const store = dc.createStore();
store.controller.setResponse(dc.getUsers, users);
const dcCount = new dc.Query(new dc.schema.All(dc.User), countAdmins);
let b = 0;
const dcToggle = () => {
  store.controller.setResponse(dc.getUser, { id: target.id }, { id: target.id, isAdmin: toggled[b++ & 1] });
  return store.read(dcCount);
};
s.gate('data-client: count', store.read(dcCount) === admins, `${store.read(dcCount)}`);
s.gate('data-client: count after a toggle', dcToggle() === afterToggle && dcToggle() === admins);

// tanstack
const client = tq.createClient();
client.setQueryData(['users'], users);
const { observer } = tq.observe(client, ['users'], countAdmins, () => {});
const tqIndex = users.indexOf(target);
let c = 0;
const tqToggle = () => {
  const isAdmin = toggled[c++ & 1];
  client.setQueryData(['users'], (old) => {
    const next = old.slice();
    next[tqIndex] = { ...old[tqIndex], isAdmin };
    return next;
  });
  return observer.getCurrentResult().data;
};
s.gate('tanstack: count', observer.getCurrentResult().data === admins);
s.gate('tanstack: count after a toggle', tqToggle() === afterToggle && tqToggle() === admins);
collect();

s.task({ case: 'after toggle', peer: 'signal-cache', variant: 'setResponse + view.value', op: scToggleResponse });
s.task({ case: 'after toggle', peer: 'signal-cache', variant: 'set + view.value', op: scToggle });
s.task({ case: 'after toggle', peer: 'data-client', variant: 'setResponse + getResponse(Query)', op: dcToggle });
s.task({
  case: 'after toggle',
  peer: 'tanstack',
  variant: 'setQueryData + select',
  op: tqToggle,
  note: 'not normalized: the list is copied, select recounts',
});
s.task({ case: 'nothing changed', peer: 'signal-cache', variant: 'get(query)', op: () => ctrl.get(scCount) });
s.task({ case: 'nothing changed', peer: 'signal-cache', variant: 'held view.value', op: () => view.value });
s.task({ case: 'nothing changed', peer: 'data-client', variant: 'getResponse(Query)', op: () => store.read(dcCount) });
s.task({ case: 'nothing changed', peer: 'tanstack', variant: 'getCurrentResult', op: () => observer.getCurrentResult().data });

s.run();
s.gate('signal-cache: count after the timed run', ctrl.get(scCount) === (a & 1 ? afterToggle : admins));
s.report();
