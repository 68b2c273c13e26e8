// data-client: packages/endpoint/src/schemas/__tests__/Array.test.js
// (the `immutable` halves, over Immutable.js state, are not ported: see tests/peer/README.md)
import * as assert from 'uvu/assert';
import { Invalidate, SchemaError, Union, schema, type Schema } from '../../../src/index.js';
import { dev } from '../../_fixtures/env.js';
import { denormalize, normalize } from '../../_fixtures/normalizr.js';
import { IDEntity, capture, instance, peer, plain } from '../../_fixtures/peer.js';

const test = peer('packages/endpoint/src/schemas/__tests__/Array.test.js');

test('normalizes plain arrays as shorthand for ArraySchema', () => {
  class User extends IDEntity {}
  const { entities, result } = normalize([User], [{ id: '1' }, { id: '2' }]);
  assert.equal(entities, { User: { 1: { id: '1' }, 2: { id: '2' } } });
  assert.equal(result, ['1', '2']);
});

test('throws an error if created with more than one schema', () => {
  class User extends IDEntity {}
  class Cat extends IDEntity {}
  assert.throws(() => normalize([Cat, User] as unknown as Schema, [{ id: '1' }]), /one member schema, got 2/);
});

const variants: [string, (s: any) => Schema][] = [
  ['schema', (s) => new schema.Array(s)],
  ['plain', (s) => [s]],
];
for (const [variant, createSchema] of variants) {
  const name = `ArraySchema normalization (${variant})`;

  test(`${name} > Object > should throw a custom error if data loads with string unexpected value`, () => {
    class User extends IDEntity {}
    assert.throws(
      () => normalize(createSchema(User), 'abc'),
      (e: Error) => e instanceof SchemaError && /expected an array at the response, got/.test(e.message),
    );
  });

  test(`${name} > Object > should throw a custom error if data loads with json string unexpected value`, () => {
    class User extends IDEntity {}
    try {
      normalize(createSchema(User), '[{"id":5}]');
      assert.unreachable('a string is no array');
    } catch (e) {
      assert.instance(e, SchemaError);
      // Development messages say the string parses as JSON: the body was not parsed.
      if (dev) assert.match((e as Error).message, 'it parses as JSON: was the body parsed?');
    }
  });

  test(`${name} > Object > passes its parent to its children when normalizing`, () => {
    class Child extends IDEntity {
      content = '';
    }
    class Parent extends IDEntity {
      content = '';
      children = [];
      static override schema = { children: createSchema(Child) };
    }
    const { entities, result } = normalize(Parent, {
      id: '1',
      content: 'parent',
      children: [{ id: 4, content: 'child' }],
    });
    assert.equal(entities, {
      Child: { 4: { content: 'child', id: 4 } },
      Parent: { 1: { children: ['4'], content: 'parent', id: '1' } },
    });
    assert.is(result, '1');
  });

  test(`${name} > Object > normalizes Objects using their values`, () => {
    class User extends IDEntity {}
    const { entities, result } = normalize(createSchema(User), { foo: { id: '1' }, bar: { id: '2' } });
    assert.equal(entities, { User: { 1: { id: '1' }, 2: { id: '2' } } });
    assert.equal(result, ['1', '2']);
  });

  class Cats extends IDEntity {}
  class Dogs extends IDEntity {}

  test(`${name} > Class > normalizes a single entity`, () => {
    const { entities, result } = normalize(createSchema(Cats), [{ id: '1' }, { id: '2' }]);
    assert.equal(entities, { Cats: { 1: { id: '1' }, 2: { id: '2' } } });
    assert.equal(result, ['1', '2']);
  });

  test(`${name} > Class > normalizes multiple entities`, () => {
    const calls: unknown[][] = [];
    const inferSchemaFn = (...args: any[]) => {
      calls.push(args);
      return args[0].type || 'dogs';
    };
    class Person extends IDEntity {}
    const listSchema = new schema.Array({ Cat: Cats, people: Person, dogs: Dogs }, inferSchemaFn);
    const input = [
      { type: 'Cat', id: '123' },
      { type: 'people', id: '123' },
      { id: '789', name: 'fido' },
      { type: 'Cat', id: '456' },
    ];
    const { entities, result } = normalize(listSchema, input);
    assert.equal(entities, {
      Cats: { 123: { id: '123', type: 'Cat' }, 456: { id: '456', type: 'Cat' } },
      Dogs: { 789: { id: '789', name: 'fido' } },
      Person: { 123: { id: '123', type: 'people' } },
    });
    assert.equal(result, [
      { id: '123', schema: 'Cat' },
      { id: '123', schema: 'people' },
      { id: '789', schema: 'dogs' },
      { id: '456', schema: 'Cat' },
    ]);
    // The attribute function sees each member, the array and no key.
    assert.equal(
      calls.map(([value]) => value),
      input,
    );
    for (const [, parent, key] of calls) {
      assert.equal(parent, input);
      assert.is(key, undefined);
    }
  });

  test(`${name} > Class > normalizes multiple entities warning when type is not found`, () => {
    const inferSchemaFn = (input: any) => input.type || 'dogs';
    class Person extends IDEntity {}
    const listSchema = new schema.Array({ Cat: Cats, people: Person }, inferSchemaFn);
    let out!: ReturnType<typeof normalize>;
    const warnings = capture('warn', () => {
      out = normalize(listSchema, [
        { type: 'Cat', id: '123' },
        { type: 'people', id: '123' },
        { type: 'not found', id: '789' },
        { type: 'Cat', id: '456' },
      ]);
    });
    assert.equal(out.entities, {
      Cats: { 123: { id: '123', type: 'Cat' }, 456: { id: '456', type: 'Cat' } },
      Person: { 123: { id: '123', type: 'people' } },
    });
    assert.equal(out.result, [
      { id: '123', schema: 'Cat' },
      { id: '123', schema: 'people' },
      { id: '789', type: 'not found' },
      { id: '456', schema: 'Cat' },
    ]);
    assert.is(warnings.length, dev ? 1 : 0);
    if (dev)
      assert.match(String(warnings[0]![0]), 'no schema member "not found" at response[2] (members: Cat, people)');
  });

  test(`${name} > Class > normalizes Objects using their values`, () => {
    class User extends IDEntity {}
    const { entities, result } = normalize(createSchema(User), { foo: { id: '1' }, bar: { id: '2' } });
    assert.equal(entities, { User: { 1: { id: '1' }, 2: { id: '2' } } });
    assert.equal(result, ['1', '2']);
  });

  test.difference(
    `${name} > Class > does not filter out undefined and null normalized values`,
    '`null` members of lists are dropped (DESIGN rule 16)',
    () => {
      class User extends IDEntity {}
      const { entities, result } = normalize(createSchema(User), [undefined, { id: '123' }, null]);
      assert.equal(entities, { User: { 123: { id: '123' } } });
      assert.equal(result, ['123']);
    },
  );
}

test('input (direct) > denormalizes plain arrays with nothing inside', () => {
  class User extends IDEntity {}
  const entities = { User: { 1: { id: '1', name: 'Jane' } } };
  const sch = new schema.Object({ user: User, tacos: [] });
  const jane = instance(User, { id: '1', name: 'Jane' });
  assert.equal(denormalize(sch, { user: '1' }, entities), { user: jane });
  assert.equal(denormalize(sch, { user: '1', tacos: [] }, entities), { tacos: [], user: jane });
});

const denormalizeVariants: [string, (s: any) => Schema][] = [
  ['class', (s) => new schema.Array(s)],
  ['object, direct', (s) => [s]],
];
for (const [variant, createSchema] of denormalizeVariants) {
  const name = `input (direct) > ArraySchema denormalization (${variant})`;
  const catEntities = { Cat: { 1: { id: '1', name: 'Milo' }, 2: { id: '2', name: 'Jake' } } };

  test(`${name} > denormalizes a single entity`, () => {
    class Cat extends IDEntity {}
    assert.equal(denormalize(createSchema(Cat), ['1', '2'], catEntities), [
      instance(Cat, { id: '1', name: 'Milo' }),
      instance(Cat, { id: '2', name: 'Jake' }),
    ]);
  });

  test.difference(
    `${name} > denormalizes non-array as identity`,
    'validation on write and restore: a stored value of another shape than its schema (a stale or hostile restored state) reads as missing, so it is fetched again',
    () => {
      class Cat extends IDEntity {}
      assert.is(denormalize(createSchema(Cat), { a: '1', b: '2' }, catEntities), undefined);
    },
  );

  test(`${name} > denormalizes plain arrays with plain object inside`, () => {
    class User extends IDEntity {}
    const entities = { User: { 1: { id: '1', name: 'Jane' } } };
    const sch = new schema.Object({ user: User, tacos: createSchema({ next: '' }) });
    const jane = instance(User, { id: '1', name: 'Jane' });
    assert.equal(denormalize(sch, { user: '1' }, entities), { user: jane });
    assert.equal(denormalize(sch, { user: '1', tacos: [] }, entities), { tacos: [], user: jane });
  });

  test(`${name} > denormalizes nested in object`, () => {
    class Cat extends IDEntity {}
    const catSchema = new schema.Object({ results: createSchema(Cat) });
    assert.equal(denormalize(catSchema, { results: ['1', '2'] }, catEntities), {
      results: [instance(Cat, { id: '1', name: 'Milo' }), instance(Cat, { id: '2', name: 'Jake' })],
    });
  });

  test(`${name} > denormalizes nested in object with primitive`, () => {
    class Cat extends IDEntity {}
    const catSchema = new schema.Object({ results: createSchema(Cat), nextPage: '' });
    assert.equal(denormalize(catSchema, { results: ['1', '2'] }, catEntities), {
      results: [instance(Cat, { id: '1', name: 'Milo' }), instance(Cat, { id: '2', name: 'Jake' })],
    });
  });

  test.difference(
    `${name} > denormalizes removes undefined but not null`,
    '`null` members of lists are dropped (DESIGN rule 16)',
    () => {
      class Cat extends IDEntity {}
      const catSchema = new schema.Object({ results: createSchema(Cat), nextPage: '' });
      const both = [instance(Cat, { id: '1', name: 'Milo' }), instance(Cat, { id: '2', name: 'Jake' })];
      assert.equal(denormalize(catSchema, { results: ['1', undefined, '2', null] }, catEntities), { results: both });
      assert.equal(denormalize(catSchema, { results: ['1', '2'] }, catEntities), { results: both });
    },
  );

  test(`${name} > denormalizes should not be found when result array is undefined`, () => {
    class Cat extends IDEntity {}
    const catSchema = new schema.Object({ results: createSchema(Cat) });
    const value = denormalize(catSchema, { results: undefined }, catEntities);
    assert.equal(value, { results: undefined });
    assert.ok('results' in value);
  });

  test(`${name} > denormalizes with missing entity should have true second value`, () => {
    class Cat extends IDEntity {}
    assert.equal(
      denormalize(
        createSchema(new schema.Object({ data: Cat })),
        [{ data: '1' }, { data: '2' }, { data: '3' }],
        catEntities,
      ),
      [
        { data: instance(Cat, { id: '1', name: 'Milo' }) },
        { data: instance(Cat, { id: '2', name: 'Jake' }) },
        { data: undefined },
      ],
    );
  });

  test(`${name} > returns the input value if is not an array`, () => {
    class Filling extends IDEntity {}
    class Taco extends IDEntity {
      static override schema = { fillings: createSchema(Filling) };
    }
    const entities = { Taco: { 123: { id: '123', fillings: null } } };
    assert.equal(denormalize(Taco, '123', entities), instance(Taco, { id: '123', fillings: null }));
  });

  test(`${name} > denormalizes multiple entities`, () => {
    class Cat extends IDEntity {
      type = 'Cat';
    }
    class Person extends IDEntity {
      type = 'people';
    }
    const listSchema = new schema.Array(
      { Cat: Cat, dogs: new schema.Object({}), people: Person },
      (input: any) => input.type || 'dogs',
    );
    const entities = {
      Cat: { 123: { id: '123', type: 'Cat' }, 456: { id: '456', type: 'Cat' } },
      Person: { 123: { id: '123', type: 'people' } },
    };
    const input = [
      { id: '123', schema: 'Cat' },
      { id: '123', schema: 'people' },
      { id: { id: '789' }, schema: 'dogs' },
      { id: '456', schema: 'Cat' },
    ];
    assert.equal(denormalize(listSchema, input, entities), [
      instance(Cat, { id: '123', type: 'Cat' }),
      instance(Person, { id: '123', type: 'people' }),
      { id: '789' },
      instance(Cat, { id: '456', type: 'Cat' }),
    ]);
  });

  test(`${name} > does not assume mapping of schema to attribute values when schemaAttribute is not set`, () => {
    class Cat extends IDEntity {}
    const catRecord = new schema.Object({ cat: Cat });
    const catList = new schema.Array(catRecord);
    const input = [
      { cat: { id: '1' }, id: '5' },
      { cat: { id: '2' }, id: '6' },
    ];
    const output = normalize(catList, input);
    assert.equal(output.entities, { Cat: { 1: { id: '1' }, 2: { id: '2' } } });
    assert.equal(output.result, [
      { cat: '1', id: '5' },
      { cat: '2', id: '6' },
    ]);
    assert.equal(plain(denormalize(catList, output.result, output.entities)), input);
  });
}

class PolyUser extends IDEntity {
  type = 'users';
  static override key = 'User';
}
class PolyGroup extends IDEntity {
  type = 'groups';
  static override key = 'Group';
}

test('nested polymorphic schemas > Array of Array normalizes without hoisting', () => {
  const outerArray = new schema.Array(new schema.Array(PolyUser));
  const output = normalize(outerArray, [[{ id: '1' }, { id: '2' }], [{ id: '3' }]]);
  assert.equal(output.entities.User, { 1: { id: '1' }, 2: { id: '2' }, 3: { id: '3' } });
  assert.equal(output.result, [['1', '2'], ['3']]);
});

test('nested polymorphic schemas > Array of Union normalizes with hoisting', () => {
  const union = new Union({ users: PolyUser, groups: PolyGroup }, 'type');
  const output = normalize(new schema.Array(union), [
    { id: '1', type: 'users' },
    { id: '2', type: 'groups' },
  ]);
  assert.ok(output.entities.User!['1']);
  assert.ok(output.entities.Group!['2']);
  assert.equal(output.result, [
    { id: '1', schema: 'users' },
    { id: '2', schema: 'groups' },
  ]);
});

test('nested polymorphic schemas > Array of Invalidate normalizes without hoisting (calls invalidate)', () => {
  // signal-cache stores no marker for a removed row: the rows are stored first, then removed.
  const stored = normalize([PolyUser], [{ id: '1' }, { id: '2' }, { id: '3' }]);
  const output = normalize(new schema.Array(new Invalidate(PolyUser)), [{ id: '1' }, { id: '2' }], [], stored.ctrl);
  assert.equal(Object.keys(output.entities.User!), ['3']);
  assert.equal(output.result, ['1', '2']);
});

test.run();
