import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller, Values, effect } from '../../src/index.js';
import { endpoint, schemaError } from '../_fixtures/schema.js';
import { User } from '../_fixtures/models.js';

const values = suite('Values');

values('normalizes every value of an object with the item schema; keys are kept', () => {
  const ctrl = new Controller();
  const byId = endpoint('usersById', new Values(User));
  ctrl.setResponse(byId, { a: { id: 'u1', name: 'Ada' }, b: { id: 'u2', name: 'Bob' } });
  const value = ctrl.response(byId).value as Record<string, User>;
  assert.equal(Object.keys(value), ['a', 'b']);
  assert.instance(value.a, User);
  assert.is(value.a, ctrl.get(User, { id: 'u1' }));
  assert.is(value.b.name, 'Bob');
});

values('a row change reaches the response view; missing entities are left out', () => {
  const ctrl = new Controller();
  const byId = endpoint('usersById', new Values(User));
  ctrl.setResponse(byId, { a: { id: 'u1', name: 'Ada' }, b: 'u9' });
  const names: string[][] = [];
  const stop = effect(() => {
    const value = ctrl.response(byId).value as Record<string, User>;
    names.push(Object.keys(value).map((k) => value[k].name));
  });
  ctrl.set(User, { id: 'u9', name: 'Late' });
  ctrl.set(User, { id: 'u1', name: 'Ada' });
  assert.equal(names, [['Ada'], ['Ada', 'Late']]);
  stop();
});

values('values of a plain schema object pass through; nested entities are read', () => {
  const ctrl = new Controller();
  const groups = endpoint('groups', new Values({ lead: User }));
  ctrl.setResponse(groups, { red: { size: 2, lead: { id: 'u1', name: 'Ada' } } });
  const value = ctrl.response(groups).value as Record<string, { size: number; lead: User }>;
  assert.is(value.red.size, 2);
  assert.is(value.red.lead.name, 'Ada');
});

values('a value that is not a plain object is a SchemaError naming the endpoint; nothing is written', () => {
  const ctrl = new Controller();
  const byId = endpoint('usersById', new Values(User));
  for (const bad of [[{ id: 'u1' }], 'u1', 3]) {
    const error = schemaError(() => ctrl.setResponse(byId, bad));
    assert.match(error.message, 'usersById');
  }
  const nested = schemaError(() => ctrl.setResponse(byId, { a: { id: 'u1' }, b: { name: 'no pk' } }));
  assert.is(nested.path, '.b');
  assert.is(ctrl.get(User, { id: 'u1' }), undefined);
});

values.run();
