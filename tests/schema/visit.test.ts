// Dispatch from any schema value: Entity classes, schema objects, [shorthand], { plain }.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller, Invalidate, type Schema } from '../../src/index.js';
import { endpoint, schemaError } from '../_fixtures/schema.js';
import { Todo, User } from '../_fixtures/models.js';

const visit = suite('schema dispatch');

visit('shorthands nest: [[Entity]] and { key: [Entity] }', () => {
  const ctrl = new Controller();
  const grid = endpoint('grid', [[Todo]]);
  ctrl.setResponse(grid, [[{ id: 1 }, { id: 2 }], [{ id: 3 }]]);
  const value = ctrl.response(grid).value as Todo[][];
  assert.equal(
    value.map((row) => row.map((t) => t.id)),
    [[1, 2], [3]],
  );
  assert.is(value[0][0], ctrl.get(Todo, 1));
});

visit('a schema that is not a schema (a number, a plain function) leaves the value as it is', () => {
  const ctrl = new Controller();
  const odd = endpoint('odd', { a: 42 as unknown as Schema, b: ((x: unknown) => x) as unknown as Schema });
  ctrl.setResponse(odd, { a: { id: 1 }, b: [1, 2] });
  assert.equal(ctrl.response(odd).value, { a: { id: 1 }, b: [1, 2] });
});

visit('a plain object schema: non-object values are SchemaErrors; missing members stay missing', () => {
  const ctrl = new Controller();
  const page = endpoint('page', { user: User });
  const error = schemaError(() => ctrl.setResponse(page, ['u1']));
  assert.match(error.message, 'page');
  assert.match(error.message, 'object');
  ctrl.setResponse(page, { total: 3, user: undefined });
  assert.equal(ctrl.response(page).value, { total: 3 });
});

visit('plain members of an object schema keep their values; a deserializer member converts when read', () => {
  const ctrl = new Controller();
  const page = endpoint('page', { data: [User], nextPage: '', count: 0, at: (iso: string) => new Date(iso) });
  ctrl.setResponse(page, { data: [{ id: 'u1' }], nextPage: 'p2', count: 1, at: '2020-01-01T00:00:00.000Z' });
  const value = ctrl.response(page).value as any;
  assert.is(value.nextPage, 'p2');
  assert.is(value.count, 1);
  assert.is(value.data[0], ctrl.get(User, 'u1'));
  assert.instance(value.at, Date);
  assert.is(value.at.getTime(), Date.UTC(2020, 0, 1));
});

visit('reading by args: a list shorthand and a schema without queryKey read nothing', () => {
  const ctrl = new Controller();
  ctrl.set([User], [{ id: 'u1' }]);
  assert.is(ctrl.get([User], { id: 'u1' }), undefined);
  assert.is(ctrl.get(new Invalidate(User), { id: 'u1' }), undefined);
  assert.is(ctrl.get({ list: [User] }, { id: 'u1' }), undefined, 'an object of unreadable members reads nothing');
});

visit('a response of null for a schema is a SchemaError naming the endpoint; nothing is stored', () => {
  const ctrl = new Controller();
  const maybe = endpoint('maybe', User);
  const error = schemaError(() => ctrl.setResponse(maybe, null));
  assert.is(error.message, 'maybe: empty response');
  assert.is(ctrl.response(maybe).value, undefined);
  const raw = endpoint('raw', undefined);
  ctrl.setResponse(raw, null);
  assert.is(ctrl.response(raw).value, null, 'without a schema, null is stored as it is');
});

visit.run();
