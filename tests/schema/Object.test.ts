import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller, schema } from '../../src/index.js';
import { endpoint, schemaError } from '../_fixtures/schema.js';
import { Todo, User } from '../_fixtures/models.js';

const object = suite('schema.Object');

object('normalizes the named members, keeps the others as they are', () => {
  const ctrl = new Controller();
  const page = endpoint('page', new schema.Object({ user: User, todos: [Todo] }));
  ctrl.setResponse(page, { user: { id: 'u1', name: 'Ada' }, todos: [{ id: 1 }], next: 'cursor' });
  const value = ctrl.response(page).value as { user: User; todos: Todo[]; next: string };
  assert.is(value.user, ctrl.get(User, { id: 'u1' }));
  assert.is(value.todos[0], ctrl.get(Todo, { id: 1 }));
  assert.is(value.next, 'cursor');
});

object('a value that is not a plain object is a SchemaError naming the endpoint', () => {
  const ctrl = new Controller();
  const page = endpoint('page', new schema.Object({ user: User }));
  for (const bad of [[], 'x', 1]) assert.match(schemaError(() => ctrl.setResponse(page, bad)).message, 'page');
});

object('read by args: each member is read by the same args; undefined when none is cached', () => {
  const ctrl = new Controller();
  const join = new schema.Object({ user: User, todo: Todo });
  assert.is(ctrl.get(join, { id: '1' }), undefined);
  ctrl.set(Todo, { id: 1, title: 'one' });
  const joined = ctrl.get(join, { id: '1' }) as { user: User | undefined; todo: Todo };
  assert.is(joined.user, undefined);
  assert.is(joined.todo.title, 'one');
});

object.run();
