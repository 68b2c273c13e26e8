// data-client: packages/endpoint/src/schemas/__tests__/All.test.ts
// (the `immutable` halves, over Immutable.js state, are not ported: see tests/peer/README.md.
// `MemoCache.query` and `Controller.get` are both `ctrl.get` here.)
import * as assert from 'uvu/assert';
import { All, SchemaError, schema } from '../../../src/index.js';
import { dev } from '../../_fixtures/env.js';
import { INVALID, controllerOf, denormalize, normalize } from '../../_fixtures/normalizr.js';
import { IDEntity, capture, instance, peer } from '../../_fixtures/peer.js';

const test = peer('packages/endpoint/src/schemas/__tests__/All.test.ts');
const normalization = 'AllSchema normalization (%s)';

test(`${normalization} > should throw a custom error if data loads with string unexpected value`, () => {
  class User extends IDEntity {}
  assert.throws(
    () => normalize(new All(User), 'abc'),
    (e: Error) => e instanceof SchemaError && /expected an array/.test(e.message),
  );
});

test(`${normalization} > should throw a custom error if data loads with json string unexpected value`, () => {
  class User extends IDEntity {}
  assert.throws(
    () => normalize(new All(User), '[{"id":5}]'),
    (e: Error) => e instanceof SchemaError && (!dev || e.message.includes('it parses as JSON: was the body parsed?')),
  );
});

test(`${normalization} > normalizes Objects using their values`, () => {
  class User extends IDEntity {}
  const { result, entities, ctrl } = normalize(new All(User), { foo: { id: '1' }, bar: { id: '2' } });
  assert.equal(entities, { User: { 1: { id: '1' }, 2: { id: '2' } } });
  // data-client stores no result (`undefined`): All always reads the store. signal-cache stores
  // the pks it received, and reads the store the same way: every row, not only these.
  assert.equal(result, ['1', '2']);
  assert.equal(denormalize(new All(User), result, ctrl), [instance(User, { id: '1' }), instance(User, { id: '2' })]);
});

class Cats extends IDEntity {}

test(`${normalization} > Class > normalizes a single entity`, () => {
  assert.equal(normalize(new All(Cats), [{ id: '1' }, { id: '2' }]).entities, {
    Cats: { 1: { id: '1' }, 2: { id: '2' } },
  });
});

test(`${normalization} > Class > normalizes multiple entities`, () => {
  const calls: unknown[][] = [];
  const inferSchemaFn = (...args: any[]) => {
    calls.push(args);
    return args[0].type || 'dogs';
  };
  class Person extends IDEntity {}
  const listSchema = new All({ Cat: Cats, people: Person }, inferSchemaFn);
  const input = [
    { type: 'Cat', id: '123' },
    { type: 'people', id: '123' },
    { id: '789', name: 'fido' },
    { type: 'Cat', id: '456' },
  ];
  let out!: ReturnType<typeof normalize>;
  const warnings = capture('warn', () => {
    out = normalize(listSchema, input);
  });
  assert.equal(out.entities, {
    Cats: { 123: { id: '123', type: 'Cat' }, 456: { id: '456', type: 'Cat' } },
    Person: { 123: { id: '123', type: 'people' } },
  });
  assert.equal(
    calls.map(([value]) => value),
    input,
  );
  for (const [, parent] of calls) assert.equal(parent, input);
  assert.is(warnings.length, dev ? 1 : 0);
  if (dev) assert.match(String(warnings[0]![0]), 'no schema member "dogs" at response[2] (members: Cat, people)');
});

test(`${normalization} > Class > normalizes Objects using their values`, () => {
  class User extends IDEntity {}
  assert.equal(normalize(new All(User), { foo: { id: '1' }, bar: { id: '2' } }).entities, {
    User: { 1: { id: '1' }, 2: { id: '2' } },
  });
});

test(`${normalization} > Class > filters out undefined and null normalized values`, () => {
  class User extends IDEntity {}
  assert.equal(normalize(new All(User), [undefined, { id: '123' }, null]).entities, { User: { 123: { id: '123' } } });
});

const denormalization = 'ArraySchema denormalization (direct)';
const milo = { id: '1', name: 'Milo' };
const jake = { id: '2', name: 'Jake' };

test(`${denormalization} > denormalizes a single entity`, () => {
  class Cat extends IDEntity {}
  const ctrl = controllerOf({ Cat: { 1: milo, 2: jake } });
  assert.equal(ctrl.get(new All(Cat)), [instance(Cat, milo), instance(Cat, jake)]);
});

test(`${denormalization} > denormalizes nested in object`, () => {
  class Cat extends IDEntity {}
  const ctrl = controllerOf({ Cat: { 1: milo, 2: jake } });
  assert.equal(ctrl.get({ results: new All(Cat) }), { results: [instance(Cat, milo), instance(Cat, jake)] });
});

test(`${denormalization} > denormalizes nested in object with primitive`, () => {
  class Cat extends IDEntity {}
  const ctrl = controllerOf({ Cat: { 1: milo, 2: jake } });
  const value = ctrl.get({ results: new All(Cat), nextPage: '' });
  assert.ok(value);
  assert.equal(value!.results, [instance(Cat, milo), instance(Cat, jake)]);
  assert.equal(value, { nextPage: '', results: [instance(Cat, milo), instance(Cat, jake)] });
});

test(`${denormalization} > denormalizes removes undefined or INVALID entities`, () => {
  class Cat extends IDEntity {}
  const ctrl = controllerOf({ Cat: { 1: milo, 2: jake, 3: undefined, 4: INVALID } });
  const value = ctrl.get({ results: new All(Cat), nextPage: '' });
  assert.is(value!.results.length, 2);
  assert.equal(value, { nextPage: '', results: [instance(Cat, milo), instance(Cat, jake)] });
});

test(`${denormalization} > denormalizes removes undefined or INVALID entities with polymorphism`, () => {
  class Cat extends IDEntity {
    readonly type = 'Cat';
  }
  class Dog extends IDEntity {
    readonly type = 'dogs';
  }
  class Person extends IDEntity {
    readonly type = 'people';
  }
  const listSchema = new All({ Cat: Cat, dogs: Dog, people: Person }, (input: any) => input.type || 'dogs');
  const ctrl = controllerOf({
    Cat: {
      '1': { id: '1', name: 'Milo', type: 'Cat' },
      '2': { id: '2', name: 'Jake', type: 'Cat' },
      '3': undefined,
      '4': INVALID,
    },
    Dog: { '1': { id: '1', name: 'Rex', type: 'dogs' }, '2': INVALID },
    Person: { '1': { id: '1', name: 'Alice', type: 'people' }, '2': undefined },
  });
  const value = ctrl.get(listSchema)!;
  assert.is(value.length, 4);
  assert.equal(value, [
    instance(Cat, { id: '1', name: 'Milo', type: 'Cat' }),
    instance(Cat, { id: '2', name: 'Jake', type: 'Cat' }),
    instance(Dog, { id: '1', name: 'Rex', type: 'dogs' }),
    instance(Person, { id: '1', name: 'Alice', type: 'people' }),
  ]);
});

test(`${denormalization} > denormalize maintains referential equality until entities are added`, () => {
  class Cat extends IDEntity {}
  const catSchema = { results: new All(Cat), nextPage: '' };
  const ctrl = controllerOf({ Cat: { '1': milo, '2': jake } });
  const value = ctrl.get(catSchema)!;
  assert.is(value.results.length, 2);
  assert.equal(value.results, [instance(Cat, milo), instance(Cat, jake)]);
  const value2 = ctrl.get(catSchema)!;
  assert.is(value.results[0], value2.results[0]);
  assert.is(value, value2);
  ctrl.set(Cat, { id: '3', name: 'Jelico' });
  const value3 = ctrl.get(catSchema)!;
  assert.is(value3.results.length, 3);
  assert.equal(value3.results, [instance(Cat, milo), instance(Cat, jake), instance(Cat, { id: '3', name: 'Jelico' })]);
  assert.is(value.results[0], value3.results[0]);
  assert.is.not(value.results[2], value3.results[2]);
  assert.is.not(value, value3);
});

test(`${denormalization} > denormalizes should be invalid when no entities are present`, () => {
  class Cat extends IDEntity {}
  const ctrl = controllerOf({ DOG: { 1: milo, 2: jake } });
  // Nothing cached reads as `undefined` (data-client's INVALID symbol).
  assert.is(ctrl.get({ results: new All(Cat) }), undefined);
});

test(`${denormalization} > denormalizes should not be found when no entities are present (polymorphic)`, () => {
  class Cat extends IDEntity {
    readonly type = 'Cat';
  }
  class Dog extends IDEntity {
    readonly type = 'dogs';
  }
  class Person extends IDEntity {
    readonly type = 'people';
  }
  const listSchema = new All({ Cat: Cat, dogs: Dog, people: Person }, (input: any) => input.type || 'dogs');
  const ctrl = controllerOf({ DOG: { 1: milo, 2: jake } });
  assert.is(ctrl.get(listSchema), undefined);
});

test(`${denormalization} > returns the input value if is null`, () => {
  class Filling extends IDEntity {}
  class Taco extends IDEntity {
    static override schema = { fillings: new All(Filling) };
  }
  assert.equal(
    denormalize(Taco, '123', { Taco: { 123: { id: '123', fillings: null } } }),
    instance(Taco, { id: '123', fillings: null }),
  );
});

test(`${denormalization} > denormalizes multiple entities`, () => {
  class Cat extends IDEntity {
    readonly type = 'Cat';
  }
  class Dog extends IDEntity {
    readonly type = 'dogs';
  }
  class Person extends IDEntity {
    readonly type = 'people';
  }
  const listSchema = new All({ Cat: Cat, dogs: Dog, people: Person }, (input: any) => input.type || 'dogs');
  const ctrl = controllerOf({
    Cat: { 123: { id: '123', type: 'Cat' }, 456: { id: '456', type: 'Cat' } },
    Person: { 123: { id: '123', type: 'people' } },
  });
  const value = ctrl.get(listSchema);
  assert.equal(value, [
    instance(Cat, { id: '123', type: 'Cat' }),
    instance(Cat, { id: '456', type: 'Cat' }),
    instance(Person, { id: '123', type: 'people' }),
  ]);
  // type check to ensure correct inference
  const first = value?.[0];
  first?.type;
});

test(`${denormalization} > does not allow initializing with non-entities`, () => {
  class Cat extends IDEntity {}
  const catRecord = new schema.Object({ cat: Cat });
  // @ts-expect-error
  const catList = new All(catRecord);
  void catList;
});

test.run();
