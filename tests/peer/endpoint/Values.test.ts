// data-client: packages/endpoint/src/schemas/__tests__/Values.test.js
// (the `immutable` halves, over Immutable.js state, are not ported: see tests/peer/README.md)
import * as assert from 'uvu/assert';
import { Entity, Invalidate, Union, Values, schema } from '../../../src/index.js';
import { dev } from '../../_fixtures/env.js';
import { INVALID, denormalize, normalize } from '../../_fixtures/normalizr.js';
import { IDEntity, capture, instance, peer } from '../../_fixtures/peer.js';

const test = peer('packages/endpoint/src/schemas/__tests__/Values.test.js');

class Cat extends IDEntity {
  type = '';
}
class Dog extends IDEntity {
  type = '';
}

const estimates = {
  BTC: {
    confirmation_duration: 900,
    exchange: { rate: '6820.07', local: 'USD', crypto: 'BTC' },
    fee_per_kb: { amount: '0.00016566', currency: 'BTC' },
    fee: { amount: '0.00002270', currency: 'BTC' },
    priority: 'fast',
    recipient_value: { amount: '0.00054147', currency: 'BTC' },
    exchange_to_proceeds: { rate: '6820.07', local: 'EUR', crypto: 'BTC' },
    min_order_size: { amount: '0.001', currency: 'BTC' },
    coinbase_fees: { amount: '0.00002270', currency: 'BTC' },
  },
  ETH: {
    confirmation_duration: 900,
    exchange: { rate: '197.07', local: 'USD', crypto: 'ETH' },
    fee_per_kb: { amount: '0.00086', currency: 'ETH' },
    fee: { amount: '0.03795', currency: 'ETH' },
    priority: 'fast',
    recipient_value: { amount: '2.53', currency: 'ETH' },
    exchange_to_proceeds: { rate: '6820.07', local: 'EUR', crypto: 'BTC' },
    min_order_size: { amount: '0.001', currency: 'BTC' },
    coinbase_fees: { amount: '0.00002270', currency: 'BTC' },
  },
};

class Estimate extends Entity {
  declare fee: { currency: string };
  override pk() {
    return this.fee.currency;
  }
}

test('ValuesSchema normalization > normalizes without schemaAttribute', () => {
  class MyEntity extends IDEntity {
    name = '';
  }
  const { entities, result } = normalize(new Values(MyEntity), {
    first: { id: '1', name: 'first thing' },
    second: { id: '2', name: 'second thing' },
  });
  assert.equal(entities, { MyEntity: { 1: { id: '1', name: 'first thing' }, 2: { id: '2', name: 'second thing' } } });
  assert.equal(result, { first: '1', second: '2' });
});

test('ValuesSchema normalization > normalizes the values of an object with the given schema', () => {
  const valuesSchema = new Values({ dogs: Dog, cats: Cat }, (entity: any) => entity.type);
  const { entities, result } = normalize(valuesSchema, {
    fido: { id: '1', type: 'dogs' },
    fluffy: { id: '1', type: 'cats' },
  });
  assert.equal(entities, { Cat: { 1: { id: '1', type: 'cats' } }, Dog: { 1: { id: '1', type: 'dogs' } } });
  assert.equal(result, { fido: { id: '1', schema: 'dogs' }, fluffy: { id: '1', schema: 'cats' } });
});

test('ValuesSchema normalization > can use a function to determine the schema when normalizing', () => {
  const valuesSchema = new Values({ dogs: Dog, cats: Cat }, (entity: any) => `${entity.type}s`);
  let out!: ReturnType<typeof normalize>;
  const warnings = capture('warn', () => {
    out = normalize(valuesSchema, {
      fido: { id: '1', type: 'dog' },
      fluffy: { id: '1', type: 'cat' },
      jim: { id: '2', type: 'lizard' },
    });
  });
  assert.equal(out.entities, { Cat: { 1: { id: '1', type: 'cat' } }, Dog: { 1: { id: '1', type: 'dog' } } });
  assert.equal(out.result, {
    fido: { id: '1', schema: 'dogs' },
    fluffy: { id: '1', schema: 'cats' },
    jim: { id: '2', type: 'lizard' },
  });
  assert.is(warnings.length, dev ? 1 : 0);
  if (dev) assert.match(String(warnings[0]![0]), 'no schema member "lizards" at response.jim (members: dogs, cats)');
});

test('ValuesSchema normalization > filters out null and undefined values', () => {
  const valuesSchema = new Values({ dogs: Dog, cats: Cat }, (entity: any) => entity.type);
  const { entities, result } = normalize(valuesSchema, {
    fido: undefined,
    milo: null,
    fluffy: { id: '1', type: 'cats' },
  });
  assert.equal(entities, { Cat: { 1: { id: '1', type: 'cats' } } });
  assert.equal(result, { fluffy: { id: '1', schema: 'cats' } });
});

test('ValuesSchema normalization > works on complex object', () => {
  const { entities, result } = normalize({ data: { estimates: new Values(Estimate) } }, { data: { estimates } });
  assert.equal(entities, { Estimate: estimates });
  assert.equal(result, { data: { estimates: { BTC: 'BTC', ETH: 'ETH' } } });
});

const name = 'input (direct) > ValuesSchema denormalization (current)';

test(`${name} > denormalizes without schemaAttribute`, () => {
  class MyEntity extends IDEntity {
    name = '';
  }
  const entities = { MyEntity: { 1: { id: '1', name: 'first thing' }, 2: { id: '2', name: 'second thing' } } };
  assert.equal(denormalize(new Values(MyEntity), { first: '1', second: '2' }, entities), {
    first: instance(MyEntity, { id: '1', name: 'first thing' }),
    second: instance(MyEntity, { id: '2', name: 'second thing' }),
  });
});

const petEntities = { Cat: { 1: { id: '1', type: 'cats' } }, Dog: { 1: { id: '1', type: 'dogs' } } };
const fidoAndFluffy = {
  fido: instance(Dog, { id: '1', type: 'dogs' }),
  fluffy: instance(Cat, { id: '1', type: 'cats' }),
};

test(`${name} > denormalizes the values of an object with the given schema`, () => {
  const valuesSchema = new Values({ dogs: Dog, cats: Cat }, (entity: any) => entity.type);
  assert.equal(
    denormalize(valuesSchema, { fido: { id: '1', schema: 'dogs' }, fluffy: { id: '1', schema: 'cats' } }, petEntities),
    fidoAndFluffy,
  );
});

test(`${name} > denormalizes with missing entity should have false second value`, () => {
  const valuesSchema = new Values({ dogs: Dog, cats: Cat }, (entity: any) => entity.type);
  assert.equal(
    denormalize(
      valuesSchema,
      { fido: { id: '1', schema: 'dogs' }, fluffy: { id: '1', schema: 'cats' }, prancy: { id: '5', schema: 'cats' } },
      petEntities,
    ),
    fidoAndFluffy,
  );
});

test(`${name} > denormalizes with deleted entity should just remove them`, () => {
  const valuesSchema = new Values({ dogs: Dog, cats: Cat }, (entity: any) => entity.type);
  assert.equal(
    denormalize(
      valuesSchema,
      { fido: { id: '1', schema: 'dogs' }, fluffy: { id: '1', schema: 'cats' }, prancy: { id: '5', schema: 'cats' } },
      { Cat: { 1: { id: '1', type: 'cats' }, 5: INVALID }, Dog: { 1: { id: '1', type: 'dogs' } } },
    ),
    fidoAndFluffy,
  );
});

test(`${name} > works on complex object`, () => {
  const shape = new schema.Object({ data: new schema.Object({ estimates: new Values(Estimate) }) });
  const { result, entities } = normalize(shape, { data: { estimates } });
  assert.equal(denormalize(shape, result, entities), {
    data: {
      estimates: { BTC: instance(Estimate, estimates.BTC), ETH: instance(Estimate, estimates.ETH) },
    },
  });
});

class PolyUser extends IDEntity {
  type = 'users';
  static override key = 'User';
}
class PolyGroup extends IDEntity {
  type = 'groups';
  static override key = 'Group';
}

test('nested polymorphic schemas > Values of Array normalizes without hoisting', () => {
  const output = normalize(new Values(new schema.Array(PolyUser)), {
    team1: [{ id: '1' }, { id: '2' }],
    team2: [{ id: '3' }],
  });
  assert.equal(output.entities.User, { 1: { id: '1' }, 2: { id: '2' }, 3: { id: '3' } });
  assert.equal(output.result, { team1: ['1', '2'], team2: ['3'] });
});

test('nested polymorphic schemas > Values of Union normalizes with hoisting', () => {
  const union = new Union({ users: PolyUser, groups: PolyGroup }, 'type');
  const output = normalize(new Values(union), {
    first: { id: '1', type: 'users' },
    second: { id: '2', type: 'groups' },
  });
  assert.ok(output.entities.User!['1']);
  assert.ok(output.entities.Group!['2']);
  assert.equal(output.result, { first: { id: '1', schema: 'users' }, second: { id: '2', schema: 'groups' } });
});

test('nested polymorphic schemas > Values of Invalidate normalizes without hoisting (calls invalidate)', () => {
  // signal-cache stores no marker for a removed row: the rows are stored first, then removed.
  const stored = normalize([PolyUser], [{ id: '1' }, { id: '2' }, { id: '3' }]);
  const output = normalize(
    new Values(new Invalidate(PolyUser)),
    { first: { id: '1' }, second: { id: '2' } },
    [],
    stored.ctrl,
  );
  assert.equal(Object.keys(output.entities.User!), ['3']);
  assert.equal(output.result, { first: '1', second: '2' });
});

test.run();
