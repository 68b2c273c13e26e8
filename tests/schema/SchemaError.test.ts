import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller, SchemaError } from '../../src/index.js';
import { endpoint, schemaError } from '../_fixtures/schema.js';
import { User } from '../_fixtures/models.js';

const errors = suite('SchemaError');

errors('is an Error named SchemaError with the path of the problem', () => {
  const error = new SchemaError('bad', '.a[0]');
  assert.instance(error, Error);
  assert.is(error.name, 'SchemaError');
  assert.is(error.path, '.a[0]');
  assert.is(new SchemaError('bad').path, '');
});

errors('production messages name the type of the offending value, never the value (it is data)', () => {
  if (process.env.NODE_ENV !== 'production') return;
  const ctrl = new Controller();
  const getUsers = endpoint('getUsers', [User]);
  const message = (value: unknown) => schemaError(() => ctrl.setResponse(getUsers, value)).message;
  assert.match(message('ada@example.com'), 'got string');
  assert.not.match(message('ada@example.com'), 'ada');
  assert.match(message({ email: 'ada@example.com' }), 'got object');
  assert.not.match(message({ email: 'ada@example.com' }), 'ada');
  assert.match(message(42), 'got number');
  assert.match(schemaError(() => ctrl.setResponse(getUsers, [[1, 2]])).message, 'an array of 2');
});

errors('the message describes the offending value, shortened, for every kind of value (development)', () => {
  if (process.env.NODE_ENV === 'production') return;
  const ctrl = new Controller();
  const getUsers = endpoint('getUsers', [User]);
  const message = (value: unknown) => schemaError(() => ctrl.setResponse(getUsers, value)).message;
  assert.match(message('text'), '"text"');
  assert.match(message('x'.repeat(100)), /"x{57}\.\.\."/);
  assert.match(message(42), '42');
  const getUser = endpoint('getUser', { user: User });
  const objectMessage = (value: unknown) => schemaError(() => ctrl.setResponse(getUser, { user: value })).message;
  assert.match(objectMessage({ a: 1 }), '{"a":1}');
  assert.match(objectMessage({ long: 'y'.repeat(100) }), `{"long":"${'y'.repeat(68)}...`);
  const cyclic: Record<string, unknown> = {};
  cyclic.self = cyclic;
  assert.match(objectMessage(cyclic), '[object Object]');
  assert.match(schemaError(() => ctrl.setResponse(getUsers, [[1, 2]])).message, 'an array of 2');
  assert.match(schemaError(() => ctrl.setResponse(getUsers, [true])).message, 'response[0]');
  assert.match(message(false), 'the response');
});

errors.run();
