// data-client: packages/endpoint/src/schemas/__tests__/Object.test.js
// (the `immDenormalize` halves, over Immutable.js state, are not ported: see tests/peer/README.md)
import { Temporal } from 'temporal-polyfill';
import * as assert from 'uvu/assert';
import { Entity, schema } from '../../../src/index.js';
import { denormalize, normalize } from '../../_fixtures/normalizr.js';
import { IDEntity, instance, peer } from '../../_fixtures/peer.js';

const test = peer('packages/endpoint/src/schemas/__tests__/Object.test.js');

test('ObjectSchema normalization > normalizes an object', () => {
  class User extends IDEntity {}
  const object = new schema.Object({ user: User });
  const { entities, result } = normalize(object, { user: { id: '1' } });
  assert.equal(entities, { User: { 1: { id: '1' } } });
  assert.equal(result, { user: '1' });
});

test('ObjectSchema normalization > normalizes plain objects as shorthand for ObjectSchema', () => {
  class User extends IDEntity {}
  const { entities, result } = normalize({ user: User }, { user: { id: '1' } });
  assert.equal(entities, { User: { 1: { id: '1' } } });
  assert.equal(result, { user: '1' });
});

test('ObjectSchema normalization > filters out undefined and null values', () => {
  class User extends Entity {}
  const users = new schema.Object({ foo: User, bar: User, baz: User });
  const oldenv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    const { entities, result } = normalize(users, { foo: undefined, bar: { id: '1' } });
    assert.equal(entities, { User: { 1: { id: '1' } } });
    assert.equal(result, { bar: '1' });
  } finally {
    process.env.NODE_ENV = oldenv;
  }
});

test('ObjectSchema normalization > should deserialize Date', () => {
  class User extends IDEntity {}
  const WithOptional = new schema.Object({ user: User, nextPage: '', createdAt: Temporal.Instant.from });
  const normalized = normalize(WithOptional, {
    user: { id: '5' },
    nextPage: 'blob',
    createdAt: '2020-06-07T02:00:15.000Z',
  });
  assert.is(normalized.result.createdAt, normalized.result.createdAt);
  assert.type(normalized.result.createdAt, 'string');
  assert.equal(normalized.entities, { User: { 5: { id: '5' } } });
  assert.equal(normalized.result, { user: '5', nextPage: 'blob', createdAt: '2020-06-07T02:00:15.000Z' });
  // Read back, the member is deserialized.
  const value = denormalize(WithOptional, normalized.result, normalized.ctrl);
  assert.instance(value.createdAt, Temporal.Instant);
  assert.is(value.createdAt.toString(), '2020-06-07T02:00:15Z');
});

test('ObjectSchema normalization > should pass over when Date not provided', () => {
  class User extends IDEntity {}
  const WithOptional = new schema.Object({ user: User, nextPage: '', createdAt: Temporal.Instant.from });
  const normalized = normalize(WithOptional, { user: { id: '5' }, nextPage: 'blob' });
  assert.is(normalized.result.createdAt, undefined);
  assert.equal(normalized.entities, { User: { 5: { id: '5' } } });
  assert.equal(normalized.result, { user: '5', nextPage: 'blob' });
});

test('ObjectSchema denormalization > denormalizes an object', () => {
  class User extends IDEntity {}
  const object = new schema.Object({ user: User });
  const entities = { User: { 1: { id: '1', name: 'Nacho' } } };
  assert.equal(denormalize(object, { user: '1' }, entities), { user: instance(User, { id: '1', name: 'Nacho' }) });
});

test('ObjectSchema denormalization > denormalizes an object with plain members', () => {
  class User extends IDEntity {}
  const object = new schema.Object({ user: User, plain: '' });
  const entities = { User: { 1: { id: '1', name: 'Nacho' } } };
  assert.equal(denormalize(object, { user: '1' }, entities), { user: instance(User, { id: '1', name: 'Nacho' }) });
});

test('ObjectSchema denormalization > should have found = true with null member even when schema has nested entity', () => {
  class User extends IDEntity {}
  const object = new schema.Object({ item: new schema.Object({ user: User }) });
  const entities = { User: { 1: { id: '1', name: 'Nacho' } } };
  assert.equal(denormalize(object, { item: null }, entities), { item: null });
});

test('ObjectSchema denormalization > denormalizes plain object shorthand', () => {
  class User extends IDEntity {}
  const entities = { User: { 1: { id: '1', name: 'Jane' } } };
  const jane = instance(User, { id: '1', name: 'Jane' });
  assert.equal(denormalize(new schema.Object({ user: User, tacos: {} }), { user: '1' }, entities), { user: jane });
  assert.equal(denormalize(new schema.Object({ user: User, tacos: {} }), { user: '1', tacos: {} }, entities), {
    tacos: {},
    user: jane,
  });
});

test('ObjectSchema denormalization > denormalizes an object that contains a property representing a an object with an id of zero', () => {
  class User extends IDEntity {}
  const object = new schema.Object({ user: User });
  const entities = { User: { 0: { id: '0', name: 'Chancho' } } };
  assert.equal(denormalize(object, { user: '0' }, entities), { user: instance(User, { id: '0', name: 'Chancho' }) });
});

test.run();
