import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller, Query, effect } from '../../src/index.js';
import { User, allUsers } from '../_fixtures/models.js';

const query = suite('Query');

query('process receives the denormalized entries and the args; no data, no call', () => {
  const calls: unknown[][] = [];
  const names = new Query(allUsers, (users: User[], prefix: string = '') => {
    calls.push([users.length, prefix]);
    return users.map((u) => prefix + u.name);
  });
  const ctrl = new Controller();
  assert.is(ctrl.get(names, '>'), undefined);
  assert.equal(calls, []);
  ctrl.set(User, { id: 'u1', name: 'Ada' });
  assert.equal(ctrl.get(names, '>'), ['>Ada']);
  assert.equal(calls, [[1, '>']]);
});

query('equal results keep the result object; a Query over a Query reads its result', () => {
  const ctrl = new Controller();
  ctrl.set(
    [User],
    [
      { id: 'u1', name: 'Ada', isAdmin: true },
      { id: 'u2', name: 'Bob' },
    ],
  );
  const admins = new Query(allUsers, (users: User[]) => users.filter((u) => u.isAdmin).map((u) => ({ name: u.name })));
  const count = new Query(admins, (list: { name: string }[]) => list.length);
  const first = ctrl.get(admins);
  let runs = 0;
  const stop = effect(() => {
    ctrl.get(admins);
    runs++;
  });
  ctrl.set(User, { id: 'u2', name: 'Bobby' });
  assert.is(ctrl.get(admins), first, 'structurally equal result, same object');
  assert.is(runs, 1);
  assert.is(ctrl.get(count), 1);
  ctrl.set(User, { id: 'u2', isAdmin: true });
  assert.is(ctrl.get(count), 2);
  stop();
});

query.run();
