// data-client: packages/endpoint/src/schemas/__tests__/Union.test.js
// (the `immutable` halves, over Immutable.js state, are not ported: see tests/peer/README.md;
// the `buildQueryKey` tests read through `ctrl.get`, which builds the query key the same way)
import * as assert from 'uvu/assert';
import { Controller, Entity, Union } from '../../../src/index.js';
import { dev } from '../../_fixtures/env.js';
import { controllerOf, denormalize, normalize } from '../../_fixtures/normalizr.js';
import { IDEntity, capture, instance, peer } from '../../_fixtures/peer.js';

const test = peer('packages/endpoint/src/schemas/__tests__/Union.test.js');

test('UnionSchema normalization > throws if not given a schemaAttribute', () => {
  assert.throws(() => new (Union as any)({}));
});

test('UnionSchema normalization > normalizes an object using string schemaAttribute', () => {
  class User extends IDEntity {}
  class Group extends IDEntity {}
  const union = new Union({ users: User, groups: Group }, 'type');
  let out = normalize(union, { id: '1', type: 'users' });
  assert.equal(out.entities, { User: { 1: { id: '1', type: 'users' } } });
  assert.equal(out.result, { id: '1', schema: 'users' });
  out = normalize(union, { id: '2', type: 'groups' });
  assert.equal(out.entities, { Group: { 2: { id: '2', type: 'groups' } } });
  assert.equal(out.result, { id: '2', schema: 'groups' });
});

test('UnionSchema normalization > normalizes an array of multiple entities using a function to infer the schemaAttribute', () => {
  class User extends IDEntity {}
  class Group extends IDEntity {}
  const union = new Union({ users: User, groups: Group }, (input: any) =>
    input.username ? 'users' : input.groupname ? 'groups' : null,
  );
  let out = normalize(union, { id: '1', username: 'Janey' });
  assert.equal(out.entities, { User: { 1: { id: '1', username: 'Janey' } } });
  assert.equal(out.result, { id: '1', schema: 'users' });
  out = normalize(union, { id: '2', groupname: 'People' });
  assert.equal(out.entities, { Group: { 2: { groupname: 'People', id: '2' } } });
  assert.equal(out.result, { id: '2', schema: 'groups' });
  const warnings = capture('warn', () => {
    out = normalize(union, { id: '3', notdefined: 'yep' });
  });
  assert.equal(out.entities, {});
  assert.equal(out.result, { id: '3', notdefined: 'yep' });
  assert.is(warnings.length, dev ? 1 : 0);
  if (dev) assert.match(String(warnings[0]![0]), 'no schema member "null" at the response (members: users, groups)');
});

class QUser extends IDEntity {
  static override key = 'User';
}
class QGroup extends IDEntity {
  static override key = 'Group';
}
const stringAttributeUnion = new Union({ users: QUser, groups: QGroup }, 'type');
const functionAttributeUnion = new Union({ users: QUser, groups: QGroup }, (input: any) =>
  input.username ? 'users' : input.groupname ? 'groups' : undefined,
);

test('UnionSchema buildQueryKey > buildQueryKey with discriminator in args', () => {
  const ctrl = controllerOf({
    User: { 1: { id: '1', username: 'Janey', type: 'users' } },
    Group: { 2: { id: '2', groupname: 'People', type: 'groups' } },
  });
  assert.is(ctrl.get(stringAttributeUnion, { id: '1', type: 'users' }), ctrl.get(QUser, '1'));
  assert.instance(ctrl.get(stringAttributeUnion, { id: '1', type: 'users' }), QUser);
  assert.is(ctrl.get(stringAttributeUnion, { id: '2', type: 'groups' }), ctrl.get(QGroup, '2'));
  assert.instance(ctrl.get(stringAttributeUnion, { id: '2', type: 'groups' }), QGroup);
});

test('UnionSchema buildQueryKey > buildQueryKey without discriminator - fallback case', () => {
  const ctrl = controllerOf({
    User: { 1: { id: '1', username: 'Janey', type: 'users' } },
    Group: { 2: { id: '2', groupname: 'People', type: 'groups' } },
  });
  assert.instance(ctrl.get(stringAttributeUnion, { id: '1' }), QUser);
  assert.instance(ctrl.get(stringAttributeUnion, { id: '2' }), QGroup);
});

test('UnionSchema buildQueryKey > buildQueryKey with function schemaAttribute missing discriminator', () => {
  const ctrl = controllerOf({
    User: { 1: { id: '1', username: 'Janey' } },
    Group: { 2: { id: '2', groupname: 'People' } },
  });
  assert.instance(ctrl.get(functionAttributeUnion, { id: '1' }), QUser);
  assert.instance(ctrl.get(functionAttributeUnion, { id: '2' }), QGroup);
});

test('UnionSchema buildQueryKey > buildQueryKey returns undefined when no entity found', () => {
  const ctrl = controllerOf({ User: {}, Group: {} });
  assert.is(ctrl.get(stringAttributeUnion, { id: '999' }), undefined);
});

test('UnionSchema buildQueryKey > buildQueryKey returns undefined when no args provided', () => {
  const ctrl = new Controller();
  assert.is(ctrl.get(stringAttributeUnion), undefined);
});

// data-client's __tests__/UnionSchema.ts
enum SequenceType {
  TemporalCatDiff = 'temporal_cat_diff',
  TemporalCatCount = 'temporal_cat_count',
  TemporalMeanShift = 'temporal_mean_shift',
  TemporalSumShift = 'temporal_sum_shift',
  TemporalCountShift = 'temporal_count_shift',
}
abstract class Sequence extends Entity {
  sequence_type: SequenceType = SequenceType.TemporalCatCount;
  subpopulations: any[][] = [];
  sequence_id = 0;
  override pk() {
    return `${this.sequence_id}`;
  }
}
class CategoricalSequence extends Sequence {
  override sequence_type: SequenceType = SequenceType.TemporalCatCount;
}
class ContinuousSequence extends Sequence {
  override sequence_type: SequenceType = SequenceType.TemporalCountShift;
}
const waterfallSchema = {
  analysisId: '',
  sequences: [
    new Union(
      {
        [SequenceType.TemporalCatCount]: CategoricalSequence,
        [SequenceType.TemporalCatDiff]: CategoricalSequence,
        [SequenceType.TemporalMeanShift]: ContinuousSequence,
        [SequenceType.TemporalSumShift]: ContinuousSequence,
        [SequenceType.TemporalCountShift]: ContinuousSequence,
      },
      'sequence_type',
    ),
  ],
};

test.difference('complex case > works with undefined', '`null` members of lists are dropped (DESIGN rule 16)', () => {
  const stats = (count: number, sum: number) => ({ count, sum });
  const sequence = {
    group_a_stats: stats(79557, 3727219.2099861577),
    group_b_stats: stats(66794, 2999496.370384956),
    sequence_id: 22,
    sequence_type: 'temporal_mean_shift',
    subpops_group_a_stats: [stats(19302, 909835.9502538516), stats(15550, 656345.8200406507)],
    subpopulations: [
      [
        {
          absolute_range: null,
          factor_type: 'value',
          keyword: null,
          percentile_range: null,
          value: { column: 'loyalty_program', data_type: 'string', value: 'none' },
        },
      ],
    ],
  };
  const denorm = normalize(waterfallSchema, { sequences: [null, undefined, sequence] });
  assert.equal(denorm.entities, { ContinuousSequence: { 22: sequence } });
  assert.equal(denorm.result, { sequences: [{ id: '22', schema: 'temporal_mean_shift' }] });
  assert.equal(denormalize(waterfallSchema, denorm.result, denorm.entities), {
    sequences: [instance(ContinuousSequence, sequence)],
  });
});

// (Named apart from the test-local User and Group: a bundler renames same-named classes, and the class name is the key.)
class DUser extends IDEntity {
  static override key = 'User';
}
class DGroup extends IDEntity {
  static override key = 'Group';
}
const entities = {
  User: { 1: { id: '1', username: 'Janey', type: 'users' } },
  Group: { 2: { id: '2', groupname: 'People', type: 'groups' } },
};
const janey = instance(DUser, { id: '1', username: 'Janey', type: 'users' });
const people = instance(DGroup, { id: '2', groupname: 'People', type: 'groups' });
const name = 'input (direct) > UnionSchema denormalization (current)';

test(`${name} > denormalizes an object using string schemaAttribute`, () => {
  const union = new Union({ users: DUser, groups: DGroup }, 'type');
  assert.equal(denormalize(union, { id: '1', schema: 'users' }, entities), janey);
  assert.equal(denormalize(union, { id: '2', schema: 'groups' }, entities), people);
});

test(`${name} > denormalizes an array of multiple entities using a function to infer the schemaAttribute`, () => {
  const union = new Union({ users: DUser, groups: DGroup }, (input: any) => (input.username ? 'users' : 'groups'));
  assert.equal(denormalize(union, { id: '1', schema: 'users' }, entities), janey);
  assert.equal(denormalize(union, { id: '2', schema: 'groups' }, entities), people);
});

const byFields = () =>
  new Union({ users: DUser, groups: DGroup }, (input: any) =>
    input.username ? 'users' : input.groupname ? 'groups' : undefined,
  );

test(`${name} > returns the original value when no schema is given`, () => {
  let value: unknown;
  const warnings = capture('warn', () => {
    value = denormalize(byFields(), { id: '1' }, entities);
  });
  assert.equal(value, { id: '1' });
  assert.is(warnings.length, dev ? 1 : 0);
  if (dev) assert.match(String(warnings[0]![0]), 'no schema member');
});

test(`${name} > returns the original value when string is given`, () => {
  let value: unknown;
  const warnings = capture('warn', () => {
    value = denormalize(byFields(), '1', entities);
  });
  assert.is(value, '1');
  assert.is(warnings.length, dev ? 1 : 0);
});

test(`${name} > returns the original value when null is given`, () => {
  assert.is(denormalize(byFields(), null, entities), null);
});

test(`${name} > returns the original value when undefined is given`, () => {
  assert.is(denormalize(byFields(), undefined, entities), undefined);
});

test.run();
