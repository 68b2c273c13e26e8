// data-client: packages/endpoint/src/schemas/__tests__/Collection.test.ts
// Not ported: "key works with custom schema" (a subclass of data-client's internal
// PolymorphicSchema, which signal-cache does not have).
//
// data-client keeps a Collection's lists in its entity tables; signal-cache keeps them beside
// the rows (read here with `listsOf`). A state the peer builds by hand is built by the
// responses that make it; `denormalize(collection, pk, entities)` is a read of the list by
// its arguments (`ctrl.get(collection, ...args)`).
import * as assert from 'uvu/assert';
import { Collection, Controller, Union, resource, schema, type Schema } from '../../../src/index.js';
import { denormalize, normalize } from '../../_fixtures/normalizr.js';
import { IDEntity, instance, peer } from '../../_fixtures/peer.js';
import { endpoint } from '../../_fixtures/schema.js';

const test = peer('packages/endpoint/src/schemas/__tests__/Collection.test.ts');

class Todo extends IDEntity {
  userId = 0;
  title = '';
  completed = false;
  static override key = 'Todo';
}

class User extends IDEntity {
  name = '';
  username = '';
  email = '';
  todos: Todo[] = [];
  static override key = 'User';
  static override schema = {
    todos: new Collection(new schema.Array(Todo), {
      nestKey: (parent, _key) => ({ userId: parent.id }),
    }),
  };
}

const userTodos = new Collection(new schema.Array(Todo), {
  argsKey: ({ userId }: { userId: string }) => ({ userId }),
});

const sharedUserTodos = new Collection(new schema.Array(Todo), {
  argsKey: ({ userId }: { userId: string }) => ({ userId }),
  nestKey: (parent: { id: string }) => ({ userId: parent.id }),
});

class UserWithSharedTodos extends IDEntity {
  name = '';
  username = '';
  email = '';
  todos: Todo[] = [];
  static override key = 'UserWithSharedTodos';
  static override schema = { todos: sharedUserTodos };
}

/** Stores `value` as the response of `sch` fetched with `args`. */
function write(ctrl: Controller, sch: Schema, args: unknown[], value: unknown): Controller {
  ctrl.setResponse(endpoint('write', sch), ...args, value);
  return ctrl;
}

/** The list of `collection` for `args`, as a read of it gives it. */
function read(ctrl: Controller, collection: Collection<any, any>, ...args: unknown[]): any {
  return ctrl.get(collection, ...(args as [])) as any;
}

const normalization = 'CollectionSchema normalization';

test(`${normalization} > should throw a custom error if data loads with string unexpected value`, () => {
  assert.throws(() => normalize(userTodos, 'abc', [{ userId: '1' }]), /expected an array of \[Todo\] at the response/);
});

test(`${normalization} > should throw a custom error if data loads with string unexpected value`, () => {
  assert.throws(() => normalize(userTodos.push, null, [{ userId: '1' }]), /empty response/);
});

test(`${normalization} > should throw a custom error if data loads with args of unexpected value`, () => {
  // argsKey destructures the first argument, which is missing.
  assert.throws(() => normalize(userTodos, [], []), TypeError);
});

test(`${normalization} > normalizes nested collections`, () => {
  const state = normalize(User, { id: '1', username: 'bob', todos: [{ id: '5', title: 'finish collections' }] });
  assert.equal(state.entities, {
    Todo: { 5: { id: '5', title: 'finish collections' } },
    User: { 1: { id: '1', todos: '{"userId":"1"}', username: 'bob' } },
  });
  assert.equal(state.lists, { '[Todo]': { '{"userId":"1"}': ['5'] } });
  assert.is(state.result, '1');
});

test(`${normalization} > normalizes top level collections`, () => {
  const state = normalize(userTodos, [{ id: '5', title: 'finish collections' }], [{ userId: '1' }]);
  assert.equal(state.entities, { Todo: { 5: { id: '5', title: 'finish collections' } } });
  assert.equal(state.lists, { '[Todo]': { '{"userId":"1"}': ['5'] } });
  assert.is(state.result, '{"userId":"1"}');
});

test(`${normalization} > normalizes top level collections (no args)`, () => {
  const state = normalize(
    new Collection(new schema.Array(Todo)),
    [{ id: '5', title: 'finish collections' }],
    [{ userId: '1' }],
  );
  assert.equal(state.entities, { Todo: { 5: { id: '5', title: 'finish collections' } } });
  assert.equal(state.lists, { '[Todo]': { '{"userId":"1"}': ['5'] } });
  assert.is(state.result, '{"userId":"1"}');
});

test(`${normalization} > normalizes the same collection nested and top level`, () => {
  const nestedState = normalize(UserWithSharedTodos, {
    id: '1',
    username: 'bob',
    todos: [{ id: '5', title: 'finish collections' }],
  });
  assert.equal(nestedState.lists[sharedUserTodos.key]?.['{"userId":"1"}'], ['5']);
  const topLevelState = normalize(
    sharedUserTodos,
    [{ id: '10', title: 'top level item', userId: 1 }],
    [{ userId: '1' }],
    nestedState.ctrl,
  );
  assert.is(nestedState.result, '1');
  assert.is(topLevelState.result, '{"userId":"1"}');
  assert.equal(topLevelState.lists[sharedUserTodos.key]?.['{"userId":"1"}'], ['10']);
});

test(`${normalization} > normalizes already processed entities`, () => {
  const state = normalize(User, { id: '1', username: 'bob', todos: ['5', '6'] });
  assert.equal(state.entities, { User: { 1: { id: '1', todos: '{"userId":"1"}', username: 'bob' } } });
  assert.equal(state.lists, { '[Todo]': { '{"userId":"1"}': ['5', '6'] } });
  assert.is(state.result, '1');
});

class PolyUser extends IDEntity {
  type = 'users';
  static override key = 'User';
}
class Group extends IDEntity {
  type = 'groups';
  static override key = 'Group';
}
const collection = new Collection(new schema.Array({ users: PolyUser, groups: Group }, 'type'));
const collectionUnion = new Collection([new Union({ users: PolyUser, groups: Group }, 'type')]);
const polymorphism = `${normalization} > polymorphism`;

test(`${polymorphism} > generates polymorphic key`, () => {
  assert.is(collection.key, '[User;Group]');
  assert.is(collectionUnion.key, '[User;Group]');
});

for (const [title, sch] of [
  ['works with polymorphic members', collection],
  ['works with Union members', collectionUnion],
] as const) {
  test(`${polymorphism} > ${title}`, () => {
    const { entities, lists, result } = normalize(
      sch,
      [
        { id: '1', type: 'users' },
        { id: '2', type: 'groups' },
      ],
      [{ fakeFilter: false }],
    );
    assert.is(result, '{"fakeFilter":"false"}');
    assert.equal(entities, { Group: { 2: { id: '2', type: 'groups' } }, User: { 1: { id: '1', type: 'users' } } });
    assert.equal(lists, {
      '[User;Group]': {
        '{"fakeFilter":"false"}': [
          { id: '1', schema: 'users' },
          { id: '2', schema: 'groups' },
        ],
      },
    });
  });
}

test(`${polymorphism} > remove works with Union members`, () => {
  const ctrl = write(
    new Controller(),
    collectionUnion,
    [{ completed: false }],
    [
      { id: '1', type: 'users' },
      { id: '2', type: 'groups' },
      { id: '3', type: 'groups' },
    ],
  );
  const state = normalize(collectionUnion.remove, { id: '1', type: 'users' }, [{ completed: false }], ctrl);
  assert.equal(state.lists[collectionUnion.key]?.['{"completed":"false"}'], [
    { id: '2', schema: 'groups' },
    { id: '3', schema: 'groups' },
  ]);
});

test(`${polymorphism} > remove works updates the correct collections`, () => {
  const rows = {
    u1: { id: '1', type: 'users', userId: '1', completed: true, priority: 'high' },
    u3: { id: '3', type: 'users', userId: '1', completed: false, priority: 'low' },
    u5: { id: '5', type: 'users', userId: '2', completed: false },
    g2: { id: '2', type: 'groups', userId: '1', completed: true, priority: 'high' },
    g4: { id: '4', type: 'groups', userId: '1', completed: false, priority: 'low' },
  };
  const ctrl = new Controller();
  write(ctrl, collectionUnion, [{ userId: '1', completed: 'true' }], [rows.u1, rows.g2]);
  write(ctrl, collectionUnion, [{ userId: '1', completed: 'false' }], [rows.u3, rows.g4]);
  write(ctrl, collectionUnion, [{ userId: '1' }], [rows.u1, rows.u3]);
  write(ctrl, collectionUnion, [{ userId: '2' }], [rows.u5]);
  write(ctrl, collectionUnion, [{ userId: '1', completed: 'true', priority: 'high' }], [rows.u1, rows.g2]);
  write(ctrl, collectionUnion, [{ userId: '1', completed: 'true', priority: 'low' }], [rows.u3, rows.g4]);
  const state = normalize(collectionUnion.remove, { id: '1', type: 'users' }, [{ userId: '1', completed: true }], ctrl);
  const lists = state.lists[collectionUnion.key]!;
  const ref = (id: string, s: string) => ({ id, schema: s });
  assert.equal(lists['{"completed":"true","userId":"1"}'], [ref('2', 'groups')]);
  assert.equal(lists['{"completed":"false","userId":"1"}'], [ref('3', 'users'), ref('4', 'groups')]);
  assert.equal(lists['{"userId":"1"}'], [ref('3', 'users')]);
  assert.equal(lists['{"userId":"2"}'], [ref('5', 'users')]);
  assert.equal(lists['{"completed":"true","priority":"high","userId":"1"}'], [ref('1', 'users'), ref('2', 'groups')]);
  assert.equal(lists['{"completed":"true","priority":"low","userId":"1"}'], [ref('3', 'users'), ref('4', 'groups')]);
});

/** data-client's `normalizeNested` state: user 1 with its todos list of todo 5. */
function nestedState(todos: object[] = [{ id: '5', title: 'finish collections' }]) {
  return normalize(User, { id: '1', username: 'bob', todos });
}

test(`${normalization} > normalizes push onto the end`, () => {
  const state = normalize(
    User.schema.todos.push,
    [{ id: '10', title: 'create new items' }],
    [{ userId: '1' }],
    nestedState().ctrl,
  );
  assert.equal(state.entities, {
    Todo: { 10: { id: '10', title: 'create new items' }, 5: { id: '5', title: 'finish collections' } },
    User: { 1: { id: '1', todos: '{"userId":"1"}', username: 'bob' } },
  });
  assert.equal(state.lists, { '[Todo]': { '{"userId":"1"}': ['5', '10'] } });
  assert.equal(state.result, ['10']);
});

test(`${normalization} > normalizes remove from collection`, () => {
  const init = nestedState([
    { id: '5', title: 'finish collections' },
    { id: '6', title: 'another todo' },
  ]);
  const state = normalize(
    User.schema.todos.remove,
    { id: '5', title: 'finish collections' },
    [{ userId: '1' }],
    init.ctrl,
  );
  assert.equal(state.lists[User.schema.todos.key]?.['{"userId":"1"}'], ['6']);
});

test(`${normalization} > normalizes remove from collection with multiple items`, () => {
  const init = nestedState([
    { id: '5', title: 'finish collections' },
    { id: '6', title: 'another todo' },
    { id: '7', title: 'third todo' },
  ]);
  const state = normalize(User.schema.todos.remove, { id: '6', title: 'another todo' }, [{ userId: '1' }], init.ctrl);
  assert.equal(state.lists[User.schema.todos.key]?.['{"userId":"1"}'], ['5', '7']);
});

test(`${normalization} > normalizes remove non-existent item from collection`, () => {
  const state = normalize(
    User.schema.todos.remove,
    { id: '99', title: 'non-existent todo' },
    [{ userId: '1' }],
    nestedState().ctrl,
  );
  assert.equal(state.lists[User.schema.todos.key]?.['{"userId":"1"}'], ['5']);
});

/** The state the filter tests start from: four lists of `new Collection([Todo])`. */
function filterState(withUserIds: boolean) {
  const initializingSchema = new Collection([Todo]);
  const ten = withUserIds
    ? { id: '10', userId: 1, title: 'create new items' }
    : { id: '10', title: 'create new items' };
  const twenty = withUserIds ? { id: '20', userId: 2, title: 'second user' } : { id: '20', title: 'second user' };
  const ctrl = new Controller();
  write(ctrl, initializingSchema, [{ userId: '1' }], [ten]);
  write(ctrl, initializingSchema, [{ userId: '1', ignoredMe: '5' }], [ten]);
  write(ctrl, initializingSchema, [{ userId: '2' }], [twenty]);
  write(
    ctrl,
    initializingSchema,
    [{}],
    [ten, withUserIds ? { ...twenty, title: 'the ignored one' } : { id: '20', title: 'the ignored one' }],
  );
  return ctrl;
}

class IgnoringByMethod extends Collection<typeof Todo> {
  override nonFilterArgumentKeys(key: string) {
    return key.startsWith('ignored');
  }
}
class FilteringByMethod extends Collection<typeof Todo> {
  override createCollectionFilter(...args: any[]) {
    return (collectionKey: { [k: string]: string }) =>
      Object.entries(collectionKey).every(
        ([key, value]) => key.startsWith('ignored') || `${args[0][key]}` === value || `${args[1]?.[key]}` === value,
      );
  }
}
const filterForms: [string, () => Collection<typeof Todo>][] = [
  [
    'should work with function form',
    () => new Collection([Todo], { nonFilterArgumentKeys: (key) => key.startsWith('ignored') }),
  ],
  ['should work with RegExp form', () => new Collection([Todo], { nonFilterArgumentKeys: /ignored/ })],
  // (The peer names the array form "should work with RegExp form" too.)
  ['should work with RegExp form', () => new Collection([Todo], { nonFilterArgumentKeys: ['ignoredMe'] })],
  [
    'should work with full createCollectionFilter form',
    () =>
      new Collection([Todo], {
        createCollectionFilter:
          (...args) =>
          (collectionKey) =>
            Object.entries(collectionKey).every(
              ([key, value]) =>
                key.startsWith('ignored') || `${args[0]?.[key]}` === value || `${args[1]?.[key]}` === value,
            ),
      }),
  ],
  ['should work with function override of nonFilterArgumentKeys', () => new IgnoringByMethod([Todo])],
  ['should work with function override of createCollectionFilter', () => new FilteringByMethod([Todo])],
];

for (const [title, make] of filterForms) {
  test(`${normalization} > push should add only to collections matching filterArgumentKeys > ${title}`, () => {
    const sch = make();
    const ctrl = filterState(false);
    assert.is(read(ctrl, sch, { userId: '1' }).length, 1);
    write(ctrl, sch.push, [{ userId: '1' }], [{ id: '30', title: 'pushed to the end' }]);
    const userOne = read(ctrl, sch, { userId: '1' });
    assert.is(userOne.length, 2);
    assert.is(userOne[1].title, 'pushed to the end');
    assert.is(read(ctrl, sch, {}).length, 3);
    assert.is(read(ctrl, sch, { ignoredMe: '5', userId: '1' }).length, 2);
    assert.is(read(ctrl, sch, { userId: '2' }).length, 1);
  });
}

for (const [title, make] of [
  filterForms[0]!,
  filterForms[1]!,
  ['should work with array form', filterForms[2]![1]] as const,
]) {
  test(`${normalization} > remove should remove only from collections matching filterArgumentKeys > ${title}`, () => {
    const sch = make();
    const ctrl = new Controller();
    const init = new Collection([Todo]);
    write(ctrl, init, [{ userId: '1' }], [{ id: '10', title: 'create new items' }]);
    write(ctrl, init, [{ userId: '2' }], [{ id: '20', title: 'second user' }]);
    write(
      ctrl,
      init,
      [{}],
      [
        { id: '10', title: 'create new items' },
        { id: '20', title: 'the ignored one' },
      ],
    );
    assert.is(read(ctrl, sch, { userId: '1' }).length, 1);
    write(ctrl, sch.remove, [{ userId: '1' }], { id: '10', title: 'create new items' });
    assert.is(read(ctrl, sch, { userId: '1' }).length, 0);
    assert.is(read(ctrl, sch, {}).length, 1, "only '20' remains");
    assert.is(read(ctrl, sch, { userId: '2' }).length, 1, "'20' remains");
  });
}

const moveTitle = `${normalization} > move should remove from old collection and add to new`;

/** Lists of todos by user id: `lists[userId] = todos`. */
function todoLists(sch: Collection<any, any>, lists: Record<string, object[]>): Controller {
  const ctrl = new Controller();
  for (const userId in lists) write(ctrl, sch, [{ userId }], lists[userId]);
  return ctrl;
}

test(`${moveTitle} > moves entity between Array collections`, () => {
  const initializingSchema = new Collection([Todo]);
  const ctrl = todoLists(initializingSchema, {
    1: [{ id: '10', userId: 1, title: 'movable todo' }],
    2: [{ id: '20', userId: 2, title: 'other todo' }],
  });
  assert.is(read(ctrl, initializingSchema, { userId: '1' }).length, 1);
  assert.is(read(ctrl, initializingSchema, { userId: '2' }).length, 1);
  // Simulates: PATCH /todos/10 body: { userId: 2 }; the server responds with the entity.
  write(ctrl, initializingSchema.move, [{ id: '10' }, { userId: '2' }], { id: '10', userId: 2, title: 'movable todo' });
  assert.is(read(ctrl, initializingSchema, { userId: '1' }).length, 0);
  const userTwoList = read(ctrl, initializingSchema, { userId: '2' });
  assert.is(userTwoList.length, 2);
  assert.equal(userTwoList.map((t: Todo) => t.id).sort(), ['10', '20']);
});

test(`${moveTitle} > no-op when entity stays in same collection`, () => {
  const initializingSchema = new Collection([Todo]);
  const ctrl = todoLists(initializingSchema, { 1: [{ id: '10', userId: 1, title: 'stays here' }] });
  write(ctrl, initializingSchema.move, [{ id: '10' }, { userId: '1' }], {
    id: '10',
    userId: 1,
    title: 'stays here updated',
  });
  const userOneList = read(ctrl, initializingSchema, { userId: '1' });
  assert.is(userOneList.length, 1);
  assert.is(userOneList[0].title, 'stays here updated');
});

test(`${moveTitle} > handles single-arg endpoint (all values in one arg)`, () => {
  const initializingSchema = new Collection([Todo]);
  const ctrl = todoLists(initializingSchema, {
    1: [{ id: '10', userId: 1, title: 'single arg' }],
    2: [{ id: '20', userId: 2, title: 'other' }],
  });
  write(ctrl, initializingSchema.move, [{ id: '10', userId: '2' }], { id: '10', userId: 2, title: 'single arg' });
  assert.is(read(ctrl, initializingSchema, { userId: '1' }).length, 0);
  assert.is(read(ctrl, initializingSchema, { userId: '2' }).length, 2);
});

test(`${moveTitle} > handles entity not in store yet`, () => {
  const initializingSchema = new Collection([Todo]);
  const ctrl = todoLists(initializingSchema, { 2: [{ id: '20', userId: 2, title: 'existing' }] });
  write(ctrl, initializingSchema.move, [{ id: '10' }, { userId: '2' }], { id: '10', userId: 2, title: 'new entity' });
  assert.is(read(ctrl, initializingSchema, { userId: '2' }).length, 2);
});

/** data-client's `unshift` merge: incoming items before the list's. */
const unshift = (existing: any, incoming: any) => [...incoming, ...existing];
const moveWithTitle = `${normalization} > moveWith(unshift) should prepend to destination collection`;

test(`${moveWithTitle} > moves entity and prepends to destination`, () => {
  class UnshiftCollection extends Collection<typeof Todo> {
    constructor(s: readonly [typeof Todo], options?: any) {
      super(s, options);
      this.move = this.moveWith(unshift);
    }
  }
  const initializingSchema = new UnshiftCollection([Todo]);
  const ctrl = todoLists(initializingSchema, {
    1: [{ id: '10', userId: 1, title: 'movable todo' }],
    2: [{ id: '20', userId: 2, title: 'existing todo' }],
  });
  write(ctrl, initializingSchema.move, [{ id: '10' }, { userId: '2' }], { id: '10', userId: 2, title: 'movable todo' });
  assert.is(read(ctrl, initializingSchema, { userId: '1' }).length, 0);
  const userTwoList = read(ctrl, initializingSchema, { userId: '2' });
  assert.is(userTwoList.length, 2);
  // moved item should be first (unshift prepends)
  assert.is(userTwoList[0].id, '10');
  assert.is(userTwoList[1].id, '20');
});

test(`${moveWithTitle} > Values collection uses moveWith with custom merge`, () => {
  const valuesMerge = (existing: any, incoming: any) => ({ ...incoming, ...existing });
  class ValuesUnshiftCollection extends Collection<typeof Todo, schema.Values<typeof Todo>> {
    constructor(s: schema.Values<typeof Todo>, options?: any) {
      super(s, options);
      this.move = this.moveWith(valuesMerge);
    }
  }
  const valuesSchema = new ValuesUnshiftCollection(new schema.Values(Todo));
  const ctrl = new Controller();
  write(ctrl, valuesSchema, [{ userId: '1' }], { '10': { id: '10', userId: 1, title: 'movable' } });
  write(ctrl, valuesSchema, [{ userId: '2' }], { '20': { id: '20', userId: 2, title: 'existing' } });
  write(ctrl, valuesSchema.move, [{ id: '10' }, { userId: '2' }], { id: '10', userId: 2, title: 'movable' });
  assert.is(Object.keys(read(ctrl, valuesSchema, { userId: '1' })).length, 0);
  assert.is(Object.keys(read(ctrl, valuesSchema, { userId: '2' })).length, 2);
});

const valuesMove = `${normalization} > move should remove from old Values collection and add to new`;
const valuesSchema = new Collection(new schema.Values(Todo));

test(`${valuesMove} > types remove and move as Collection schemas for Values`, () => {
  type IsNever<T> = [T] extends [never] ? true : false;
  const removeIsNever: IsNever<typeof valuesSchema.remove> = false;
  const moveIsNever: IsNever<typeof valuesSchema.move> = false;
  assert.is(removeIsNever, false);
  assert.is(moveIsNever, false);
});

test(`${valuesMove} > moves entity between Values collections`, () => {
  const ctrl = new Controller();
  write(ctrl, valuesSchema, [{ userId: '1' }], { '10': { id: '10', userId: 1, title: 'movable todo' } });
  write(ctrl, valuesSchema, [{ userId: '2' }], { '20': { id: '20', userId: 2, title: 'other todo' } });
  assert.is(Object.keys(read(ctrl, valuesSchema, { userId: '1' })).length, 1);
  assert.is(Object.keys(read(ctrl, valuesSchema, { userId: '2' })).length, 1);
  write(ctrl, valuesSchema.move, [{ id: '10' }, { userId: '2' }], { id: '10', userId: 2, title: 'movable todo' });
  assert.is(Object.keys(read(ctrl, valuesSchema, { userId: '1' })).length, 0);
  assert.equal(Object.keys(read(ctrl, valuesSchema, { userId: '2' })).sort(), ['10', '20']);
});

test(`${valuesMove} > no-op when entity stays in same Values collection`, () => {
  const ctrl = new Controller();
  write(ctrl, valuesSchema, [{ userId: '1' }], { '10': { id: '10', userId: 1, title: 'stays here' } });
  write(ctrl, valuesSchema.move, [{ id: '10' }, { userId: '1' }], { id: '10', userId: 1, title: 'stays here updated' });
  const userOneValues = read(ctrl, valuesSchema, { userId: '1' });
  assert.is(Object.keys(userOneValues).length, 1);
  assert.is(userOneValues['10'].title, 'stays here updated');
});

test(`${valuesMove} > handles entity not in store yet (Values)`, () => {
  const ctrl = new Controller();
  write(ctrl, valuesSchema, [{ userId: '2' }], { '20': { id: '20', userId: 2, title: 'existing' } });
  write(ctrl, valuesSchema.move, [{ id: '10' }, { userId: '2' }], { id: '10', userId: 2, title: 'new entity' });
  assert.is(Object.keys(read(ctrl, valuesSchema, { userId: '2' })).length, 2);
});

test(`${valuesMove} > handles single-arg endpoint (Values)`, () => {
  const ctrl = new Controller();
  write(ctrl, valuesSchema, [{ userId: '1' }], { '10': { id: '10', userId: 1, title: 'single arg' } });
  write(ctrl, valuesSchema, [{ userId: '2' }], { '20': { id: '20', userId: 2, title: 'other' } });
  write(ctrl, valuesSchema.move, [{ id: '10', userId: '2' }], { id: '10', userId: 2, title: 'single arg' });
  assert.is(Object.keys(read(ctrl, valuesSchema, { userId: '1' })).length, 0);
  assert.is(Object.keys(read(ctrl, valuesSchema, { userId: '2' })).length, 2);
});

test(`${valuesMove} > moves one entity from multi-item Values collection, keeps others`, () => {
  const ctrl = new Controller();
  write(ctrl, valuesSchema, [{ userId: '1' }], {
    '10': { id: '10', userId: 1, title: 'will move' },
    '11': { id: '11', userId: 1, title: 'stays put' },
  });
  write(ctrl, valuesSchema, [{ userId: '2' }], { '20': { id: '20', userId: 2, title: 'already here' } });
  write(ctrl, valuesSchema.move, [{ id: '10' }, { userId: '2' }], { id: '10', userId: 2, title: 'will move' });
  assert.equal(Object.keys(read(ctrl, valuesSchema, { userId: '1' })), ['11']);
  assert.equal(Object.keys(read(ctrl, valuesSchema, { userId: '2' })).sort(), ['10', '20']);
});

for (const [title, make] of [
  filterForms[0]!,
  filterForms[1]!,
  ['should work with array form', filterForms[2]![1]] as const,
]) {
  test(`${normalization} > move should respect nonFilterArgumentKeys > ${title}`, () => {
    const sch = make();
    const ctrl = filterState(true);
    assert.is(read(ctrl, sch, { userId: '1' }).length, 1);
    // Move todo 10 from userId '1' to userId '2'
    write(ctrl, sch.move, [{ id: '10' }, { userId: '2' }], { id: '10', userId: 2, title: 'create new items' });
    assert.is(read(ctrl, sch, { userId: '1' }).length, 0);
    // unfiltered collection should keep both (both match add and remove so neither applies)
    assert.is(read(ctrl, sch, {}).length, 2);
    // userId '1' with ignored key should also be empty (ignored key doesn't affect filter)
    assert.is(read(ctrl, sch, { ignoredMe: '5', userId: '1' }).length, 0);
    // userId '2' should have both 10 and 20
    assert.is(read(ctrl, sch, { userId: '2' }).length, 2);
  });
}

test(`${normalization} > move should update the correct collections with multiple args > moves from matching collections and adds to correct ones`, () => {
  const initializingSchema = new Collection([Todo]);
  const ctrl = new Controller();
  write(
    ctrl,
    initializingSchema,
    [{ userId: '1', completed: 'true' }],
    [{ id: '10', title: 'todo A', userId: 1, completed: true }],
  );
  write(
    ctrl,
    initializingSchema,
    [{ userId: '1', completed: 'false' }],
    [{ id: '20', title: 'todo B', userId: 1, completed: false }],
  );
  write(
    ctrl,
    initializingSchema,
    [{ userId: '1' }],
    [
      { id: '10', title: 'todo A', userId: 1 },
      { id: '20', title: 'todo B', userId: 1 },
    ],
  );
  write(ctrl, initializingSchema, [{ userId: '2' }], [{ id: '30', title: 'todo C', userId: 2, completed: false }]);
  // Move todo 10 from userId '1', completed 'true' to userId '2', completed 'true'
  write(ctrl, initializingSchema.move, [{ id: '10' }, { userId: '2', completed: 'true' }], {
    id: '10',
    title: 'todo A',
    userId: 2,
    completed: true,
  });
  assert.is(read(ctrl, initializingSchema, { userId: '1', completed: 'true' }).length, 0);
  assert.is(read(ctrl, initializingSchema, { userId: '1', completed: 'false' }).length, 1);
  assert.is(read(ctrl, initializingSchema, { userId: '1' }).length, 1);
  assert.is(read(ctrl, initializingSchema, { userId: '1' })[0].id, '20');
  assert.is(read(ctrl, initializingSchema, { userId: '2' }).length, 2);
});

test(`${normalization} > move with array input format > moves entity when input is an array`, () => {
  const initializingSchema = new Collection([Todo]);
  const ctrl = todoLists(initializingSchema, {
    1: [{ id: '10', userId: 1, title: 'movable' }],
    2: [{ id: '20', userId: 2, title: 'existing' }],
  });
  write(ctrl, initializingSchema.move, [{ id: '10' }, { userId: '2' }], [{ id: '10', userId: 2, title: 'movable' }]);
  assert.is(read(ctrl, initializingSchema, { userId: '1' }).length, 0);
  assert.is(read(ctrl, initializingSchema, { userId: '2' }).length, 2);
});

test(`${normalization} > move with multi-entity array input > moves entities with different memberships to correct collections`, () => {
  const initializingSchema = new Collection([Todo]);
  const ctrl = todoLists(initializingSchema, {
    1: [
      { id: '10', userId: 1, title: 'todo A' },
      { id: '11', userId: 1, title: 'todo B' },
    ],
    2: [{ id: '20', userId: 2, title: 'existing in 2' }],
    3: [{ id: '30', userId: 3, title: 'existing in 3' }],
  });
  // Move todo 10 → userId 2 and todo 11 → userId 3 in one array
  write(
    ctrl,
    initializingSchema.move,
    [{ id: '10' }, { userId: '2' }],
    [
      { id: '10', userId: 2, title: 'todo A moved' },
      { id: '11', userId: 3, title: 'todo B moved' },
    ],
  );
  assert.is(read(ctrl, initializingSchema, { userId: '1' }).length, 0);
  assert.equal(
    read(ctrl, initializingSchema, { userId: '2' })
      .map((t: Todo) => t.id)
      .sort(),
    ['10', '20'],
  );
  assert.equal(
    read(ctrl, initializingSchema, { userId: '3' })
      .map((t: Todo) => t.id)
      .sort(),
    ['11', '30'],
  );
});

class Item extends IDEntity {
  title = '';
  static override key = 'Item';
}
const itemCollection = new Collection([Item]);
const pathParam = `${normalization} > move with path-param-based collection keys not on entity`;

test(`${pathParam} > moves entity between collections keyed by URL path param`, () => {
  const ctrl = new Controller();
  write(ctrl, itemCollection, [{ group: 'five' }], [{ id: '10', title: 'movable item' }]);
  write(ctrl, itemCollection, [{ group: 'ten' }], [{ id: '20', title: 'other item' }]);
  assert.is(read(ctrl, itemCollection, { group: 'five' }).length, 1);
  assert.is(read(ctrl, itemCollection, { group: 'ten' }).length, 1);
  // args[0]: the URL parameters identifying the source; args[1]: the body with the new values
  write(ctrl, itemCollection.move, [{ group: 'five', id: '10' }, { group: 'ten' }], {
    id: '10',
    title: 'movable item',
  });
  assert.is(read(ctrl, itemCollection, { group: 'five' }).length, 0);
  assert.equal(
    read(ctrl, itemCollection, { group: 'ten' })
      .map((i: Item) => i.id)
      .sort(),
    ['10', '20'],
  );
});

test(`${pathParam} > handles multi-param path where only one param changes`, () => {
  const ctrl = new Controller();
  write(ctrl, itemCollection, [{ team: 'alpha', group: 'five' }], [{ id: '10', title: 'movable' }]);
  write(ctrl, itemCollection, [{ team: 'alpha', group: 'ten' }], [{ id: '20', title: 'dest item' }]);
  write(ctrl, itemCollection.move, [{ team: 'alpha', group: 'five', id: '10' }, { group: 'ten' }], {
    id: '10',
    title: 'movable',
  });
  assert.is(read(ctrl, itemCollection, { group: 'five', team: 'alpha' }).length, 0);
  assert.is(read(ctrl, itemCollection, { group: 'ten', team: 'alpha' }).length, 2);
});

const denormalization = 'CollectionSchema denormalization';
const todo5 = () => instance(Todo, { completed: false, id: '5', title: 'finish collections', userId: 0 });

test(`${denormalization} > denormalizes nested collections`, () => {
  const { ctrl, result } = nestedState();
  assert.equal(
    denormalize(User, result, ctrl),
    instance(User, { email: '', id: '1', name: '', todos: [todo5()], username: 'bob' }),
  );
});

test(`${denormalization} > denormalizes top level collections`, () => {
  const { ctrl } = nestedState();
  assert.equal(read(ctrl, userTodos, { userId: '1' }), [todo5()]);
});

test(`${denormalization} > same collection denormalizes nested and top level with push propagation`, () => {
  const normalized = normalize(UserWithSharedTodos, {
    id: '1',
    username: 'bob',
    todos: [{ id: '5', title: 'finish collections' }],
  });
  const ctrl = normalized.ctrl;
  const todos = read(ctrl, sharedUserTodos, { userId: '1' });
  const user = ctrl.get(UserWithSharedTodos, { id: '1' });
  assert.ok(user);
  assert.is(todos, user!.todos);
  write(ctrl, sharedUserTodos.push, [{ userId: '1' }], [{ id: '10', title: 'create new items' }]);
  const pushedTodos = read(ctrl, sharedUserTodos, { userId: '1' });
  const pushedUser = ctrl.get(UserWithSharedTodos, { id: '1' });
  assert.ok(pushedUser);
  assert.is(pushedUser!.todos.length, 2);
  assert.is(pushedTodos, pushedUser!.todos);
});

const caching = `${denormalization} > caching`;

test(`${caching} > denormalizes nested and top level share referential equality`, () => {
  const { ctrl } = nestedState();
  const todos = read(ctrl, userTodos, { userId: '1' });
  const user = ctrl.get(User, '1');
  assert.ok(user);
  assert.is(todos, user!.todos);
});

test(`${caching} > push updates cache`, () => {
  const { ctrl } = nestedState();
  write(ctrl, User.schema.todos.push, [{ userId: '1' }], [{ id: '10', title: 'create new items' }]);
  const todos = read(ctrl, userTodos, { userId: '1' });
  const user = ctrl.get(User, { id: '1' });
  assert.is(user!.todos.length, 2);
  assert.is(todos, user!.todos);
});

test(`${caching} > unshift places at start`, () => {
  const { ctrl } = nestedState();
  write(ctrl, User.schema.todos.unshift, [{ userId: '1' }], [{ id: '2', title: 'from the start' }]);
  const todos = read(ctrl, userTodos, { userId: '1' });
  const user = ctrl.get(User, { id: '1' });
  assert.is(user!.todos.length, 2);
  assert.is(todos, user!.todos);
  assert.is(user!.todos[0]!.title, 'from the start');
});

test(`${caching} > denormalizes unshift`, () => {
  const todos = denormalize(userTodos.unshift, [{ id: '2', title: 'from the start' }], {}, [{ id: '1' }]);
  assert.equal(todos, [instance(Todo, { completed: false, id: '2', title: 'from the start', userId: 0 })]);
});

test(`${caching} > denormalizes unshift (single item)`, () => {
  const todos = denormalize(userTodos.unshift, { id: '2', title: 'from the start' }, {}, [{ id: '1' }]);
  assert.is(todos.title, 'from the start');
  assert.equal(todos, instance(Todo, { completed: false, id: '2', title: 'from the start', userId: 0 }));
});

test(`${caching} > remove updates cache`, () => {
  const { ctrl } = nestedState();
  write(ctrl, User.schema.todos.remove, [{ userId: '1' }], { id: '5', title: 'finish collections' });
  const todos = read(ctrl, userTodos, { userId: '1' });
  const user = ctrl.get(User, { id: '1' });
  assert.is(user!.todos.length, 0);
  assert.is(todos, user!.todos);
});

test(`${caching} > denormalizes remove`, () => {
  const todos = denormalize(userTodos.remove, { id: '5', title: 'finish collections' }, {}, [{ userId: '1' }]);
  assert.equal(todos, todo5());
});

test(`${denormalization} > should buildQueryKey with matching args`, () => {
  const { ctrl } = nestedState();
  assert.equal(read(ctrl, userTodos, { userId: '1' }), [todo5()]);
});

test(`${denormalization} > should buildQueryKey undefined when not in cache`, () => {
  const { ctrl } = nestedState();
  assert.is(read(ctrl, userTodos, { userId: '100' }), undefined);
});

test(`${denormalization} > should buildQueryKey with nested Collection using default argsKey`, () => {
  const { ctrl } = nestedState();
  assert.is(User.schema.todos.pk(undefined, undefined, '', [{ userId: '1' }]), '{"userId":"1"}');
  assert.equal(read(ctrl, User.schema.todos, { userId: '1' }), [todo5()]);
});

test(`${denormalization} > pk should serialize differently with nested args`, () => {
  class Article extends IDEntity {
    title = '';
  }
  const ArticleResource = resource({ path: '/articles/:id', schema: Article });
  const filtersA = { search: { type: 'Coupon' } };
  const filtersB = { search: { type: 'Cashback' } };
  assert.is.not(
    ArticleResource.getList.schema.pk([], undefined, '', [filtersA]),
    ArticleResource.getList.schema.pk([], undefined, '', [filtersB]),
  );
});

test.run();
