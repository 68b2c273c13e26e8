import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller, schema } from '../../src/index.js';
import { endpoint, schemaError } from '../_fixtures/schema.js';
import { Todo, User } from '../_fixtures/models.js';

const array = suite('schema.Array');

array('normalizes like the [Item] shorthand and denormalizes to the same rows', () => {
  const ctrl = new Controller();
  const long = endpoint('long', new schema.Array(User));
  const short = endpoint('short', [User]);
  ctrl.setResponse(long, [
    { id: 'u1', name: 'Ada' },
    { id: 'u2', name: 'Bob' },
  ]);
  ctrl.setResponse(short, [{ id: 'u2' }, { id: 'u1' }]);
  const a = ctrl.response(long).value as User[];
  const b = ctrl.response(short).value as User[];
  assert.equal(
    a.map((u) => u.name),
    ['Ada', 'Bob'],
  );
  assert.is(a[0], b[1]);
  assert.is(a[1], b[0]);
});

array('members that are not cached (removed, never stored) are left out', () => {
  const ctrl = new Controller();
  const list = endpoint('todos', new schema.Array(Todo));
  ctrl.setResponse(list, [{ id: 1 }, 2, { id: 3 }]);
  assert.equal(
    (ctrl.response(list).value as Todo[]).map((t) => t.id),
    [1, 3],
  );
});

array('a value that is neither an array nor an object is a SchemaError naming the endpoint', () => {
  const ctrl = new Controller();
  const list = endpoint('todos', new schema.Array(Todo));
  const error = schemaError(() => ctrl.setResponse(list, 'todos'));
  assert.match(error.message, 'todos');
  assert.match(error.message, 'array');
  assert.is(ctrl.response(list).value, undefined);
});

array('an object where an array is expected gives its values, as in Reactive Data Client', () => {
  const ctrl = new Controller();
  const list = endpoint('todos', new schema.Array(Todo));
  ctrl.setResponse(list, { a: { id: 1 }, b: { id: 2 } });
  assert.equal(
    (ctrl.response(list).value as Todo[]).map((t) => t.id),
    [1, 2],
  );
});

array('a list schema of more than one member schema is refused', () => {
  const ctrl = new Controller();
  const both = endpoint('both', [Todo, User] as never);
  assert.match(
    schemaError(() => ctrl.setResponse(both, [{ id: 1 }])).message,
    /both: a list schema takes one member schema, got 2/,
  );
});

array('nested in an object schema, the path names the member', () => {
  const ctrl = new Controller();
  const page = endpoint('page', { items: new schema.Array(Todo) });
  const error = schemaError(() => ctrl.setResponse(page, { items: [{ id: 1 }, 'x', true] }));
  assert.is(error.path, '.items[2]');
});

array.run();
