// data-client: packages/core/src/controller/__tests__/get.ts
// The peer hands `controller.get()` a state object of entities, lists and indexes; here the
// same rows and lists are written into the Controller (`ctrl.set`), and a new state is a
// new write. Snapshot assertions become the instance and its fields.
import * as assert from 'uvu/assert';
import { All, Collection, Controller, Entity, Query, Union } from '../../../src/index.js';
import { peer } from '../../_fixtures/peer.js';

const test = peer('packages/core/src/controller/__tests__/get.ts');

class Tacos extends Entity {
  type = '';
  id = '';
  override pk() {
    return this.id;
  }
}
const TacoList = new Collection([Tacos]);
const fieldsOf = (value: unknown) => ({ ...(value as object) });

/** The peer's `entities`: two tacos, and the lists of TacoList for `{ type }` and for no args. */
function withTacos(ctrl = new Controller()): Controller {
  ctrl.set(TacoList, { type: 'foo' }, [{ id: '1', type: 'foo' }]);
  ctrl.set(TacoList, { type: 'bar' }, [{ id: '2', type: 'bar' }]);
  ctrl.set(TacoList, [
    { id: '1', type: 'foo' },
    { id: '2', type: 'bar' },
  ]);
  return ctrl;
}

test('Controller.get() > query Entity based on pk', () => {
  const controller = withTacos();
  const taco = controller.get(Tacos, { id: '1' });
  assert.ok(taco);
  assert.instance(taco, Tacos);
  assert.equal(fieldsOf(taco), { id: '1', type: 'foo' });
  const taco2 = controller.get(Tacos, { id: '2' });
  assert.ok(taco2);
  assert.instance(taco2, Tacos);
  assert.not.equal(taco2, taco);
  // should maintain referential equality
  assert.is(taco, controller.get(Tacos, { id: '1' }));
  assert.is(controller.get(Tacos, 5 as any), undefined);
});

class IndexedUser extends Entity {
  id = '';
  username = '';
  staff = false;
  override pk() {
    return this.id;
  }
  static override key = 'User';
  static override indexes = ['username'] as const;
}

test('Controller.get() > indexes > query Entity based on index', () => {
  const controller = new Controller();
  controller.set(
    [IndexedUser],
    [
      { id: '1', username: 'bob' },
      { id: '2', username: 'george' },
    ],
  );
  const bob = controller.get(IndexedUser, { username: 'bob' });
  assert.ok(bob);
  assert.instance(bob, IndexedUser);
  assert.equal(fieldsOf(bob), { id: '1', staff: false, username: 'bob' });
  // stability
  assert.is(controller.get(IndexedUser, { username: 'bob' }), bob);
  // should be same as id lookup
  assert.is(controller.get(IndexedUser, { id: '1' }), bob);
  // update index
  controller.set(
    [IndexedUser],
    [
      { id: '1', username: 'george' },
      { id: '2', username: 'bob' },
    ],
  );
  assert.is.not(controller.get(IndexedUser, { username: 'bob' }), bob);
  // back again; then update entity keep index
  controller.set(
    [IndexedUser],
    [
      { id: '1', username: 'bob', staff: true },
      { id: '2', username: 'george' },
    ],
  );
  const nextBob = controller.get(IndexedUser, { username: 'bob' });
  assert.is.not(nextBob, bob);
  assert.ok(nextBob);
  assert.instance(nextBob, IndexedUser);
  assert.is(nextBob?.staff, true);
});

test('Controller.get() > indexes > query indexes after empty state', () => {
  const controller = new Controller();
  assert.is(controller.get(IndexedUser, { username: 'bob' }), undefined);
  controller.set(
    [IndexedUser],
    [
      { id: '1', username: 'bob' },
      { id: '2', username: 'george' },
    ],
  );
  const bob = controller.get(IndexedUser, { username: 'bob' });
  assert.ok(bob);
  assert.instance(bob, IndexedUser);
  assert.equal(fieldsOf(bob), { id: '1', staff: false, username: 'bob' });
});

test('Controller.get() > query Collection based on args', () => {
  const controller = withTacos();
  const tacos = controller.get(TacoList, { type: 'foo' });
  assert.ok(tacos);
  assert.instance(tacos?.[0], Tacos);
  assert.equal(tacos!.map(fieldsOf), [{ id: '1', type: 'foo' }]);
  const tacosBars = controller.get(TacoList, { type: 'bar' });
  assert.ok(tacosBars);
  assert.instance(tacosBars?.[0], Tacos);
  assert.not.equal(tacosBars, tacos);
  // should maintain referential equality
  assert.is(tacos, controller.get(TacoList, { type: 'foo' }));
  const allTacos = controller.get(TacoList);
  assert.ok(allTacos);
  assert.is(allTacos!.length, 2);
  assert.equal(allTacos!.map(fieldsOf), [
    { id: '1', type: 'foo' },
    { id: '2', type: 'bar' },
  ]);
});

const AllTacos = new All(Tacos);

test('Controller.get() > query All > should get all entities', () => {
  const allTacos = withTacos().get(AllTacos);
  assert.ok(allTacos);
  assert.is(allTacos!.length, 2);
  assert.equal(allTacos!.map(fieldsOf), [
    { id: '1', type: 'foo' },
    { id: '2', type: 'bar' },
  ]);
});

test('Controller.get() > query All > should maintain referential equality', () => {
  const controller = withTacos();
  const allTacos = controller.get(AllTacos);
  // (toStrictEqual: equal contents)
  assert.equal(allTacos, controller.get(TacoList));
  assert.is(controller.get(AllTacos), allTacos);
});

test('Controller.get() > query All > should include new entities when added', () => {
  const controller = withTacos();
  controller.get(AllTacos);
  controller.set(Tacos, { id: '3', type: 'extra' });
  const tacosWithExtra = controller.get(AllTacos);
  assert.ok(tacosWithExtra);
  assert.is(tacosWithExtra!.length, 3);
  assert.equal(tacosWithExtra!.map(fieldsOf), [
    { id: '1', type: 'foo' },
    { id: '2', type: 'bar' },
    { id: '3', type: 'extra' },
  ]);
});

test('Controller.get() > Query+All based on args', () => {
  const controller = withTacos();
  const queryTacos = new Query(new All(Tacos), (tacos, { type }: { type?: string } = {}) => {
    if (!type) return tacos;
    return tacos.filter((taco) => taco.type === type);
  });
  const tacos = controller.get(queryTacos, { type: 'foo' });
  assert.ok(tacos);
  assert.instance(tacos?.[0], Tacos);
  assert.equal(tacos!.map(fieldsOf), [{ id: '1', type: 'foo' }]);
  const tacosBars = controller.get(queryTacos, { type: 'bar' });
  assert.ok(tacosBars);
  assert.instance(tacosBars?.[0], Tacos);
  assert.not.equal(tacosBars, tacos);
  // should maintain referential equality
  assert.is(tacos, controller.get(queryTacos, { type: 'foo' }));
  const allTacos = controller.get(queryTacos);
  assert.ok(allTacos);
  assert.is(allTacos!.length, 2);
  // @ts-expect-error
  () => controller.get(queryTacos, 5);
  controller.set(Tacos, { id: '3', type: 'bar', name: 'thing3' } as any);
  const tacosWithExtra = controller.get(queryTacos, { type: 'bar' });
  assert.ok(tacosWithExtra);
  assert.is(tacosWithExtra!.length, 2);
  assert.equal(tacosWithExtra!.map(fieldsOf), [
    { id: '2', type: 'bar' },
    { id: '3', type: 'bar', name: 'thing3' },
  ]);
});

test('Controller.get() > Query+Collection based on args', () => {
  const controller = withTacos();
  const tacoCount = new Query(TacoList, (tacos) => tacos.length ?? 0);
  assert.is(controller.get(tacoCount, { type: 'foo' }), 1);
  assert.is(controller.get(tacoCount, { type: 'bar' }), 1);
  assert.is(controller.get(tacoCount), 2);
});

class IDEntity extends Entity {
  id: string = '';
  override pk() {
    return this.id;
  }
}

test('Controller.get() > Union based on args', () => {
  class User extends IDEntity {
    type = 'users';
    username: string = '';
  }
  class Group extends IDEntity {
    type = 'groups';
    groupname: string = '';
    memberCount = 0;
  }
  const queryPerson = new Union({ users: User, groups: Group }, 'type');
  const controller = new Controller();
  controller.set(User, { id: '1', type: 'users', username: 'bob' });
  controller.set(Group, { id: '2', type: 'groups', groupname: 'fast', memberCount: 5 });
  const user = controller.get(queryPerson, { id: '1', type: 'users' });
  assert.ok(user);
  assert.instance(user, User);
  assert.equal(fieldsOf(user), { id: '1', type: 'users', username: 'bob' });
  const group = controller.get(queryPerson, { id: '2', type: 'groups' });
  assert.ok(group);
  assert.instance(group, Group);
  assert.equal(fieldsOf(group), { groupname: 'fast', id: '2', memberCount: 5, type: 'groups' });
  // should maintain referential equality
  assert.is(user, controller.get(queryPerson, { id: '1', type: 'users' }));
  assert.is(controller.get(queryPerson, 5 as any), undefined);
});

test('Controller.get() > Union based on args with function schemaAttribute', () => {
  class User extends IDEntity {
    type = 'user';
    username: string = '';
  }
  class Group extends IDEntity {
    type = 'group';
    groupname: string = '';
    memberCount = 0;
  }
  const queryPerson = new Union({ users: User, groups: Group }, (value: { type: 'users' | 'groups' }) => value.type);
  const controller = new Controller();
  controller.set(User, { id: '1', type: 'users', username: 'bob' });
  controller.set(Group, { id: '2', type: 'groups', groupname: 'fast', memberCount: 5 });
  const user = controller.get(queryPerson, { id: '1', type: 'users' });
  assert.ok(user);
  assert.instance(user, User);
  assert.equal(fieldsOf(user), { id: '1', type: 'users', username: 'bob' });
  const group = controller.get(queryPerson, { id: '2', type: 'groups' });
  assert.ok(group);
  assert.instance(group, Group);
  assert.equal(fieldsOf(group), { groupname: 'fast', id: '2', memberCount: 5, type: 'groups' });
  // should maintain referential equality
  assert.is(user, controller.get(queryPerson, { id: '1', type: 'users' }));
  assert.is(controller.get(queryPerson, 5 as any), undefined);
});

// The peer reads through `controller.snapshot(state).getQueryMeta(...).data`: here `ctrl.get`.
test('Snapshot.getQueryMeta() > query Entity based on pk', () => {
  const controller = withTacos();
  const taco = controller.get(Tacos, { id: '1' });
  assert.ok(taco);
  assert.instance(taco, Tacos);
  assert.equal(fieldsOf(taco), { id: '1', type: 'foo' });
  const taco2 = controller.get(Tacos, { id: '2' });
  assert.instance(taco2, Tacos);
  assert.not.equal(taco2, taco);
  assert.is(taco, controller.get(Tacos, { id: '1' }));
  assert.is(controller.get(Tacos, 5 as any), undefined);
});

test.run();
