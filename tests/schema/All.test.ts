import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { All, Controller, effect } from '../../src/index.js';
import { endpoint, schemaError } from '../_fixtures/schema.js';
import { User, allUsers } from '../_fixtures/models.js';

const all = suite('All');

all('lists every cached row in first-stored order; undefined until one is stored', () => {
  const ctrl = new Controller();
  assert.is(ctrl.get(allUsers), undefined);
  ctrl.set(User, { id: 'u2' });
  ctrl.set([User], [{ id: 'u1' }, { id: 'u2', name: 'again' }]);
  assert.equal(
    ctrl.get(allUsers)!.map((u) => u.id),
    ['u2', 'u1'],
  );
});

all('as an endpoint schema it normalizes like [Entity]; its value is every row, not only the response', () => {
  const ctrl = new Controller();
  ctrl.set(User, { id: 'u0' });
  const getUsers = endpoint('getUsers', new All(User));
  ctrl.setResponse(getUsers, [{ id: 'u1', name: 'Ada' }]);
  assert.equal(
    (ctrl.response(getUsers).value as User[]).map((u) => u.id),
    ['u0', 'u1'],
  );
  const error = schemaError(() => ctrl.setResponse(getUsers, 'u1'));
  assert.match(error.message, 'getUsers');
  assert.match(error.message, 'User');
});

all('a new row notifies readers of All once; a changed row re-reads; an unchanged write notifies no one', () => {
  const ctrl = new Controller();
  ctrl.set(User, { id: 'u1', name: 'Ada' });
  let runs = 0;
  const stop = effect(() => {
    ctrl.get(allUsers);
    runs++;
  });
  ctrl.set([User], [{ id: 'u2' }, { id: 'u3' }]);
  assert.is(runs, 2);
  ctrl.set(User, { id: 'u1', name: 'Ada' });
  assert.is(runs, 2);
  ctrl.set(User, { id: 'u1', name: 'Grace' });
  assert.is(runs, 3);
  stop();
});

all.run();
