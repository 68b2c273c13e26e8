// data-client: packages/endpoint/src/schemas/__tests__/Invalidate.test.ts
// (the `immutable` halves, over Immutable.js state, are not ported: see tests/peer/README.md)
//
// data-client marks a removed row with its INVALID symbol; signal-cache keeps no row for it.
// Where the peer snapshots `User: { 1: Symbol(INVALID) }`, these tests store the row first and
// assert it is gone: the same removal, observed as signal-cache shows it.
import * as assert from 'uvu/assert';
import { Entity, Invalidate, SchemaError, Union, schema, type Schema } from '../../../src/index.js';
import { INVALID, controllerOf, denormalize, normalize, type Entities } from '../../_fixtures/normalizr.js';
import { IDEntity, peer } from '../../_fixtures/peer.js';

const test = peer('packages/endpoint/src/schemas/__tests__/Invalidate.test.ts');

/** Normalizes into a Controller that holds `rows` first: what remains, and the stored result. */
function over(rows: Entities, sch: Schema, input: unknown) {
  return normalize(sch, input, [], controllerOf(rows));
}

test('Invalidate normalization > throws if not given an entity', () => {
  assert.throws(() => new (Invalidate as any)(), /Invalidate: an entity/);
});

test('Invalidate normalization > normalizes an object', () => {
  class User extends IDEntity {}
  const { entities, result } = over({ User: { 1: { id: '1' }, 2: { id: '2' } } }, new Invalidate(User), {
    id: '1',
    type: 'users',
  });
  assert.equal(entities, { User: { 2: { id: '2' } } });
  assert.is(result, '1');
});

test('Invalidate normalization > normalizes already processed entities', () => {
  class MyEntity extends IDEntity {}
  let out = normalize(new Invalidate(MyEntity), '1');
  assert.equal(out.entities, {});
  assert.is(out.result, '1');
  out = normalize(new schema.Array(new Invalidate(MyEntity)), ['1', '2']);
  assert.equal(out.entities, {});
  assert.equal(out.result, ['1', '2']);
});

test('Invalidate normalization > normalizes number input within array (already processed pk)', () => {
  class MyEntity extends IDEntity {}
  const { entities, result } = normalize(new schema.Array(new Invalidate(MyEntity)), [1, 2, 3]);
  assert.equal(entities, {});
  assert.equal(result, [1, 2, 3]);
});

test('Invalidate normalization > does not query', () => {
  class User extends IDEntity {}
  const ctrl = controllerOf({ User: { 5: { id: 5 } } });
  assert.is(ctrl.get(new Invalidate(User), { id: 5 }), undefined);
});

for (const [title, pk] of [
  ['should throw a custom error if data does not include pk', (e: any) => e.name],
  ['should throw a custom error if data does not include pk (serializes pk)', (e: any) => `${e.name}`],
] as const) {
  test(`Invalidate normalization > ${title}`, () => {
    class MyEntity extends Entity {
      readonly name: string = '';
      readonly secondthing: string = '';
      override pk() {
        return pk(this);
      }
    }
    assert.throws(
      () => normalize(new Invalidate(MyEntity), { secondthing: 'hi' }),
      (e: Error) => e instanceof SchemaError && /cannot tell which MyEntity to remove/.test(e.message),
    );
  });
}

class UUser extends IDEntity {
  readonly type: string = 'users';
  static override key = 'User';
}
class UGroup extends IDEntity {
  readonly type: string = 'groups';
  static override key = 'Group';
}
const rows = () => ({
  User: { 1: { id: '1', type: 'users' }, 3: { id: '3', type: 'users' } },
  Group: { 2: { id: '2', type: 'groups' } },
});
const union = 'Invalidate normalization > with Union schema';

test(`${union} > normalizes a union object with string schemaAttribute`, () => {
  const invalidateUnion = new Invalidate({ users: UUser, groups: UGroup }, 'type');
  let out = over(rows(), invalidateUnion, { id: '1', type: 'users' });
  assert.equal(Object.keys(out.entities.User!), ['3']);
  assert.equal(out.result, { id: '1', schema: 'users' });
  out = over(rows(), invalidateUnion, { id: '2', type: 'groups' });
  assert.is(out.entities.Group, undefined);
  assert.equal(out.result, { id: '2', schema: 'groups' });
});

test(`${union} > normalizes a union object with function schemaAttribute`, () => {
  const invalidateUnion = new Invalidate({ users: UUser, groups: UGroup }, (input: any) => input.type);
  let out = over(rows(), invalidateUnion, { id: '1', type: 'users' });
  assert.equal(Object.keys(out.entities.User!), ['3']);
  assert.equal(out.result, { id: '1', schema: 'users' });
  out = over(rows(), invalidateUnion, { id: '2', type: 'groups' });
  assert.is(out.entities.Group, undefined);
  assert.equal(out.result, { id: '2', schema: 'groups' });
});

test(`${union} > normalizes array of Invalidate unions`, () => {
  const invalidateUnion = new Invalidate({ users: UUser, groups: UGroup }, 'type');
  const out = over(rows(), new schema.Array(invalidateUnion), [
    { id: '1', type: 'users' },
    { id: '2', type: 'groups' },
  ]);
  assert.equal(out.entities, { User: { 3: { id: '3', type: 'users' } } });
  assert.equal(out.result, [
    { id: '1', schema: 'users' },
    { id: '2', schema: 'groups' },
  ]);
});

test(`${union} > returns input when schema attribute does not match`, () => {
  const invalidateUnion = new Invalidate({ users: UUser, groups: UGroup }, 'type');
  const result = normalize(invalidateUnion, { id: '1', type: 'unknown' });
  assert.equal(result.result, { id: '1', type: 'unknown' });
  assert.equal(result.entities, {});
});

test(`${union} > normalizes with Union instance argument`, () => {
  const invalidate = new Invalidate(new Union({ users: UUser, groups: UGroup }, 'type'));
  let out = over(rows(), invalidate, { id: '1', type: 'users' });
  assert.equal(Object.keys(out.entities.User!), ['3']);
  assert.equal(out.result, { id: '1', schema: 'users' });
  out = over(rows(), invalidate, { id: '2', type: 'groups' });
  assert.is(out.entities.Group, undefined);
  assert.equal(out.result, { id: '2', schema: 'groups' });
});

test(`${union} > normalizes array with Union instance argument`, () => {
  const invalidate = new Invalidate(new Union({ users: UUser, groups: UGroup }, 'type'));
  const out = over(rows(), new schema.Array(invalidate), [
    { id: '1', type: 'users' },
    { id: '2', type: 'groups' },
  ]);
  assert.equal(out.entities, { User: { 3: { id: '3', type: 'users' } } });
  assert.equal(out.result, [
    { id: '1', schema: 'users' },
    { id: '2', schema: 'groups' },
  ]);
});

// (Named apart from the test-local User: a bundler renames same-named classes, and the class name is the key.)
class TUser extends IDEntity {
  readonly username: string = '';
  readonly type: string = '';
  static override key = 'User';
}
const entities = { User: { 1: { id: '1', username: 'Janey', type: 'users' } } };

test('Invalidate denormalization > denormalizes an object in the same manner as the Entity', () => {
  const user = denormalize(new Invalidate(TUser), '1', entities);
  assert.instance(user, TUser);
  assert.is(user.username, 'Janey');
});

for (const [variant, createArray, createObject] of [
  ['class', (s: Schema) => new schema.Array(s), (s: any) => new schema.Object(s)],
  ['object, direct', (s: Schema) => [s], (s: any) => s],
] as const) {
  const name = `Invalidate denormalization > input (direct) > schema construction (${variant})`;

  test(`${name} > denormalizes deleted entities as symbol`, () => {
    // A removed row reads as missing: `undefined` (data-client's INVALID symbol).
    assert.is(denormalize(new Invalidate(TUser), '1', { User: { 1: INVALID } }), undefined);
    assert.is(
      denormalize(createObject({ data: new Invalidate(TUser) }), { data: '1' }, { User: { 1: INVALID } }),
      undefined,
    );
  });

  test(`${name} > denormalize removes deleted entries in array`, () => {
    assert.equal(
      denormalize(createArray(createObject({ data: new Invalidate(TUser) })), [{ data: '1' }], {
        User: { 1: INVALID },
      }),
      [],
    );
    assert.equal(
      denormalize(createArray(createObject({ data: TUser })), [{ data: '1' }], { User: { 1: INVALID } }),
      [],
    );
  });

  test(`${name} > denormalize sets undefined entities that are not present`, () => {
    assert.equal(denormalize(createArray(createObject({ data: new Invalidate(TUser) })), [{ data: '1' }], {}), [
      { data: undefined },
    ]);
    assert.equal(denormalize(createArray(createObject({ data: TUser })), [{ data: '1' }], {}), [{ data: undefined }]);
    assert.equal(denormalize(createObject({ data: TUser }), { data: '1' }, {}), { data: undefined });
  });
}

class UserDenorm extends IDEntity {
  readonly username: string = '';
  readonly type: string = 'users';
}
class GroupDenorm extends IDEntity {
  readonly groupname: string = '';
  readonly type: string = 'groups';
}
const unionEntities = {
  UserDenorm: {
    '1': { id: '1', username: 'Alice', type: 'users' },
    '3': { id: '3', username: 'Charlie', type: 'users' },
  },
  GroupDenorm: { '2': { id: '2', groupname: 'Admins', type: 'groups' } },
};
const denormUnion = 'Invalidate denormalization > with Union schema';

test(`${denormUnion} > denormalizes a union entity`, () => {
  const invalidateUnion = new Invalidate({ users: UserDenorm, groups: GroupDenorm }, 'type');
  const user = denormalize(invalidateUnion, { id: '1', schema: 'users' }, unionEntities);
  assert.instance(user, UserDenorm);
  assert.is(user.username, 'Alice');
  const group = denormalize(invalidateUnion, { id: '2', schema: 'groups' }, unionEntities);
  assert.instance(group, GroupDenorm);
  assert.is(group.groupname, 'Admins');
});

test(`${denormUnion} > denormalizes invalidated union entity as symbol`, () => {
  const invalidateUnion = new Invalidate({ users: UserDenorm, groups: GroupDenorm }, 'type');
  assert.is(
    denormalize(invalidateUnion, { id: '1', schema: 'users' }, { UserDenorm: { '1': INVALID }, GroupDenorm: {} }),
    undefined,
  );
});

test(`${denormUnion} > denormalizes with Union instance argument`, () => {
  const invalidate = new Invalidate(new Union({ users: UserDenorm, groups: GroupDenorm }, 'type'));
  const user = denormalize(invalidate, { id: '1', schema: 'users' }, unionEntities);
  assert.instance(user, UserDenorm);
  assert.is(user.username, 'Alice');
  const group = denormalize(invalidate, { id: '2', schema: 'groups' }, unionEntities);
  assert.instance(group, GroupDenorm);
  assert.is(group.groupname, 'Admins');
});

test(`${denormUnion} > denormalizes invalidated Union instance entity as symbol`, () => {
  const invalidate = new Invalidate(new Union({ users: UserDenorm, groups: GroupDenorm }, 'type'));
  assert.is(
    denormalize(invalidate, { id: '1', schema: 'users' }, { UserDenorm: { '1': INVALID }, GroupDenorm: {} }),
    undefined,
  );
});

test.run();
