// data-client: packages/endpoint/src/schemas/__tests__/Query.test.ts
// (the `immutable` halves, over Immutable.js state, are not ported: see tests/peer/README.md.
// `MemoCache.query(q, args, state)` is `ctrl.get(q, ...args)`; a Collection's list is stored
// by a response fetched with the list's arguments; the hooks of the last test are the
// Controller's `fetch` and `get`, typed the same way.)
import * as assert from 'uvu/assert';
import { All, Collection, Controller, Query, RestEndpoint, schema } from '../../../src/index.js';
import { controllerOf } from '../../_fixtures/normalizr.js';
import { IDEntity, instance, peer } from '../../_fixtures/peer.js';
import { endpoint } from '../../_fixtures/schema.js';

const test = peer('packages/endpoint/src/schemas/__tests__/Query.test.ts');

class User extends IDEntity {
  name = '';
  isAdmin = false;
}

const users = {
  1: { id: '1', name: 'Milo' },
  2: { id: '2', name: 'Jake' },
  3: { id: '3', name: 'Zeta' },
  4: { id: '4', name: 'Alpha' },
};

/** A Controller holding `users`, and each list of `lists` (args → pks) of `new Collection([User])`. */
function state(rows: Record<string, object>, lists: [args: unknown[], pks: string[]][] = []): Controller {
  const ctrl = controllerOf({ User: rows });
  const getUsers = endpoint('getUsers', new Collection([User]));
  for (const [args, pks] of lists) ctrl.setResponse(getUsers, ...args, pks);
  return ctrl;
}

const SCHEMA_CASES = [
  ['All', () => new schema.Object({ results: new All(User) })],
  ['Collection', () => new schema.Object({ results: new Collection([User]) })],
] as const;

for (const [caseName, usersSchema] of SCHEMA_CASES) {
  const name = `input (direct) > Query denormalization (${caseName} schema)`;
  const sortedUsers = new Query(usersSchema(), ({ results }, { asc } = { asc: false }) => {
    if (!results) return results;
    const sorted = [...results].sort((a, b) => a.name.localeCompare(b.name));
    if (asc) return sorted;
    return sorted.reverse();
  });

  test(`${name} > denormalize sorts`, () => {
    const ctrl = state(users, [[[], ['1', '2', '3', '4']]]);
    const sorted = ctrl.get(sortedUsers);
    assert.is(sorted?.[0]?.name, 'Zeta');
    assert.equal(
      sorted?.map((u) => u.name),
      ['Zeta', 'Milo', 'Jake', 'Alpha'],
    );
    assert.instance(sorted![0], User);
  });

  test(`${name} > denormalize sorts with arg`, () => {
    const ctrl = state(users, [[[{ asc: true }], ['1', '2', '3', '4']]]);
    assert.equal(ctrl.get(sortedUsers, { asc: true }), [
      instance(User, users[4]),
      instance(User, users[2]),
      instance(User, users[1]),
      instance(User, users[3]),
    ]);
  });

  test(`${name} > denormalizes should not be found when no entities are present`, () => {
    const ctrl = controllerOf({ DOG: { 1: { id: '1', name: 'Milo' }, 2: { id: '2', name: 'Jake' } } });
    assert.not.ok(Array.isArray(ctrl.get(sortedUsers)));
  });

  test(`${name} > denormalize aggregates`, () => {
    const userCountByAdmin = new Query(usersSchema(), ({ results }, { isAdmin }: { isAdmin?: boolean } = {}) => {
      if (!results) return 0;
      if (isAdmin === undefined) return results.length;
      return results.filter((user) => user.isAdmin === isAdmin).length;
    });
    const ctrl = state({ ...users, 2: { id: '2', name: 'Jake', isAdmin: true } }, [
      [[], ['1', '2', '3', '4']],
      [[{ isAdmin: false }], ['1', '3', '4']],
      [[{ isAdmin: true }], ['2']],
    ]);
    const totalCount = ctrl.get(userCountByAdmin);
    assert.is(totalCount, 4);
    assert.is(ctrl.get(userCountByAdmin, { isAdmin: false }), 3);
    assert.is(ctrl.get(userCountByAdmin, { isAdmin: true }), 1);
    // typecheck
    totalCount !== undefined && totalCount + 5;
    // @ts-expect-error
    totalCount?.bob;
  });
}

const sortedUsers = new Query(new Collection([User]), (results, { asc } = { asc: false }, ..._args: any[]) => {
  const sorted = [...results].sort((a, b) => a.name.localeCompare(b.name));
  if (asc) return sorted;
  return sorted.reverse();
});

test('top level schema > denormalize sorts', () => {
  const ctrl = state(users, [[[], ['1', '2', '3', '4']]]);
  const sorted = ctrl.get(sortedUsers);
  assert.is(sorted && sorted[0]!.name, 'Zeta');
  assert.equal(
    sorted!.map((u) => u.name),
    ['Zeta', 'Milo', 'Jake', 'Alpha'],
  );
});

test('top level schema > works if base entity suspends', () => {
  const ctrl = state(users);
  assert.is(ctrl.get(sortedUsers), undefined);
});

// (The peer has two tests of this title; the second is named "works with nested schemas".)
test('top level schema > works if base entity suspends (All)', () => {
  const allSortedUsers = new Query(new All(User), (results, { asc } = { asc: false }, ..._args: any[]) => {
    const sorted = [...results].sort((a, b) => a.name.localeCompare(b.name));
    if (asc) return sorted;
    return sorted.reverse();
  });
  // Nothing cached reads as `undefined` (data-client's INVALID symbol).
  assert.is(new Controller().get(allSortedUsers), undefined);
});

test('top level schema > works with nested schemas', () => {
  const allSortedUsers = new Query(new All(User), (results, { asc } = { asc: false }, ..._args: any[]) => {
    const sorted = [...results].sort((a, b) => a.name.localeCompare(b.name));
    if (asc) return sorted;
    return sorted.reverse();
  });
  assert.is(new Controller().get(allSortedUsers), undefined);
});

test('top level schema > denormalizes should not be found when no entities are present', () => {
  const ctrl = controllerOf({ DOG: { 1: { id: '1', name: 'Milo' }, 2: { id: '2', name: 'Jake' } } });
  assert.is(ctrl.get(sortedUsers), undefined);
});

test('top level schema > (a Query as an endpoint schema: its response and a read by it are typed as data-client types them)', async () => {
  const getUsers = new RestEndpoint({
    path: '/users',
    searchParams: {} as { asc?: boolean },
    schema: sortedUsers,
  });
  const ctrl = state(users, [[[{ asc: true }], ['1', '2', '3', '4']]]);
  ctrl.setResponse(getUsers, { asc: true }, [users[1], users[2], users[3], users[4]]);
  const response = ctrl.getResponse(getUsers, { asc: true });
  assert.equal(
    response?.map((user) => user.name),
    ['Alpha', 'Jake', 'Milo', 'Zeta'],
  );
  const others = ctrl.get(getUsers.schema, { asc: true });
  // @ts-expect-error a read of the cache may find nothing
  others.map((user) => user.name);
  assert.equal(
    others?.map((user) => user.name),
    ['Alpha', 'Jake', 'Milo', 'Zeta'],
  );
  // What a fetch resolves with is the process result itself.
  const fetched = (async () => (await ctrl.fetchIfStale(getUsers, { asc: true })).map((user) => user.name))();
  assert.equal(await fetched, ['Alpha', 'Jake', 'Milo', 'Zeta']);
});

test.run();
