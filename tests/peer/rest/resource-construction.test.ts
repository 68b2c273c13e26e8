// data-client: packages/rest/src/__tests__/resource-construction.test.ts
// nock's replies come from the real test server; `H` is its URL escaped for a path
// template. The peer's relative paths (`:blob`, `/current`) lead to the same server here
// (`${H}/:blob`, `${H}/current`). Hooks rendered with React read through a Controller:
// `useSuspense(ep, args)` is `await ctrl.fetch(ep, args)` then `ctrl.getResponse(ep, args)`,
// `useCache` is `ctrl.getResponse`, `useQuery(Entity, args)` is `ctrl.get(Entity, args)`,
// an `initialFixtures` entry is `ctrl.setResponse(ep, ...args, response)`.
//
// Not ported: the type-only tests 'extender body types should match mutation endpoint
// semantics' and 'searchParams are used in Queries based on getList.schema' (their
// expectations are written in tests/endpoint/types.test-d.ts terms elsewhere), and the
// typed `params` of `getOptimisticResponse` in `.extend()` options (loosely typed here).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  Collection,
  Controller,
  Entity,
  Invalidate,
  resource,
  RestEndpoint,
  Union,
  type Schema,
} from '../../../src/index.js';
import { peer } from '../../_fixtures/peer.js';
import { bodyOf, host, reply } from '../../_fixtures/peerRest.js';
import { startServer } from '../../_fixtures/server.js';

const server = await startServer();
const H = host(server);
const test = peer('packages/rest/src/__tests__/resource-construction.test.ts');

class User extends Entity {
  readonly id: number | undefined = undefined;
  readonly username: string = '';
  readonly email: string = '';
  readonly isAdmin: boolean = false;
  readonly group: string = '';
  override pk() {
    return this.id?.toString();
  }
}
class MyEndpoint<
  P extends string = string,
  SP = {},
  M extends string = 'GET',
  B = unknown,
  R = any,
  S extends Schema = Schema,
> extends RestEndpoint<P, SP, M, B, R, S> {
  override parseResponse(response: Response): Promise<any> {
    return super.parseResponse(response);
  }
  override getRequestInit(body: any) {
    if (typeof body === 'object') return super.getRequestInit({ ...body, email: 'always@always.com' });
    return super.getRequestInit(body);
  }
  additional = 5;
}

const UserResource = resource({ path: `${H}/groups/:group/users/:id`, schema: User, Endpoint: MyEndpoint });
const userPayload = { id: 5, username: 'ntucker', email: 'bob@vila.com', isAdmin: true };
/** What data-client's `User.fromJS(fields)` prints: the class defaults, then the fields. */
const user = (fields: Record<string, unknown>) => ({ ...new User(), ...fields });
const fieldsOf = (value: unknown) => ({ ...(value as object) });

/** The replies of the peer's persistent `beforeEach`. */
reply(server, 'GET', `/groups/five/users/${userPayload.id}`, { status: 200, body: userPayload });
reply(server, 'GET', '/groups/five/users', { status: 200, body: [userPayload] });

const currentUser = { id: 5, username: 'bob', email: 'bob@bob.com', isAdmin: false };

test('resource() > can override endpoint options', async () => {
  const UserResourceBase = resource({ path: `${H}/groups/:group/users/:id`, schema: User });
  const UserResource = UserResourceBase.extend('getList', {
    path: `${H}/:blob`,
    searchParams: {} as { isAdmin?: boolean },
    paginationField: 'cursor',
    getOptimisticResponse: (_snap: unknown, _params: any) => [] as User[],
    process(users: User[]) {
      if (!Array.isArray(users)) return users;
      return users.slice(0, 7);
    },
  })
    .extend('partialUpdate', {
      getOptimisticResponse: (_snap: unknown, params: any, body: any) => ({ id: params.id, ...body }),
    })
    .extend('delete', { getOptimisticResponse: (_snap: unknown, params: any) => params })
    .extend('justget', {})
    .extend('current', { path: `${H}/current`, searchParams: {} as { isAdmin?: boolean } })
    .extend('toggleAdmin', { path: `${H}/toggle/:id`, method: 'POST', body: undefined });

  () => UserResource.getList({ blob: '5', isAdmin: true });
  () => UserResource.getList.getPage({ blob: '5', isAdmin: true, cursor: 'next' });
  () => UserResource.getList.getPage({ blob: '5', cursor: 'next' });
  () => UserResource.get({ group: '1', id: '5' });
  () => UserResource.getList.push({ blob: '5' }, { username: 'bob' });
  () => UserResource.getList.push({ blob: '5', isAdmin: true }, { username: 'bob' });
  // @ts-expect-error
  () => UserResource.getList.push({ group: 'bob' }, { username: 'bob' });
  () => UserResource.justget({ group: 'blob', id: '5' });
  // @ts-expect-error
  () => UserResource.justget({ id: '5' });
  () => UserResource.current();
  () => UserResource.current({ isAdmin: true });
  () => UserResource.toggleAdmin({ id: '5' });
  assert.is(UserResource.toggleAdmin.sideEffect, true, 'POST makes it a side effect');

  reply(server, 'GET', '/current', { status: 200, body: currentUser });
  const controller = new Controller();
  await controller.fetch(UserResource.current);
  const current = controller.getResponse(UserResource.current)!;
  assert.is(current.email, 'bob@bob.com');
  // @ts-expect-error
  assert.is(current.notexist, undefined);

  reply(server, 'POST', '/5', (req) => [200, { id: 10, username: 'bob', email: 'bob@bob.com', ...bodyOf(req) }]);
  const pushed = await controller.fetch(UserResource.getList.push, { blob: '5' }, { username: 'newbob' });
  assert.is(pushed.username, 'newbob');
  assert.instance(pushed, User);
  assert.is(pushed.isAdmin, false);
});

/** The checks shared by the object and function forms of `extend`. */
async function overridden(
  UserResource: ReturnType<typeof resource<`${string}/groups/:group/users/:id`, {}, typeof User>> & {
    current: RestEndpoint<any, { isAdmin?: boolean }, 'GET', unknown, any, typeof User>;
    getList: RestEndpoint<any, any, 'GET', unknown, any, Collection<typeof User>>;
  },
) {
  reply(server, 'GET', '/current', { status: 200, body: currentUser });
  reply(server, 'GET', '/5?isAdmin=false', { status: 200, body: [currentUser] });
  const controller = new Controller();
  await controller.fetch(UserResource.current);
  await controller.fetch(UserResource.getList, { blob: '5', isAdmin: false });
  const list = () => controller.getResponse(UserResource.getList, { blob: '5', isAdmin: false })!;
  assert.is(list().length, 1);
  assert.is(controller.getResponse(UserResource.current)!.email, 'bob@bob.com');

  reply(server, 'POST', '/5?isAdmin=false', (req) => [
    201,
    { id: 10, username: 'bob', email: 'newbob@bob.com', ...bodyOf(req) },
  ]);
  const pushed = await controller.fetch(
    UserResource.getList.push,
    { blob: '5', isAdmin: false },
    { username: 'newbob' },
  );
  assert.is(pushed.username, 'newbob');
  assert.instance(pushed, User);
  assert.is(pushed.isAdmin, false);
  assert.is(list().length, 2);
  assert.is(list()[1]!.username, 'newbob');
}

test('resource() > can override endpoint options (object form)', async () => {
  const UserResource = resource({ path: `${H}/groups/:group/users/:id`, schema: User, paginationField: 'cursor' })
    .extend({
      getList: {
        path: `${H}/:blob`,
        searchParams: {} as { isAdmin?: boolean },
        getOptimisticResponse: (_snap: unknown, _params: any) => [] as User[],
      },
      partialUpdate: {
        getOptimisticResponse: (_snap: unknown, params: any, body: any) => ({ id: params.id, ...body }),
      },
      delete: { getOptimisticResponse: (_snap: unknown, params: any) => params },
    })
    .extend('justget', {})
    .extend('current', { path: `${H}/current`, searchParams: {} as { isAdmin?: boolean } })
    .extend('toggleAdmin', {
      path: `${H}/toggle/:id`,
      method: 'POST',
      body: undefined,
      getOptimisticResponse: (_snap: unknown, params: any) => ({ id: params.id }),
    });
  () => UserResource.getList({ blob: '5', isAdmin: true });
  () => UserResource.getList.getPage({ blob: '5', isAdmin: true, cursor: 'next' });
  () => UserResource.get({ group: '1', id: '5' });
  // @ts-expect-error
  () => UserResource.getList.push({ group: 'bob' }, { username: 'bob' });
  () => UserResource.justget({ group: 'blob', id: '5' });
  // @ts-expect-error
  () => UserResource.justget({ id: '5' });
  () => UserResource.current();
  () => UserResource.toggleAdmin({ id: '5' });
  await overridden(UserResource as any);
});

test('resource() > can override with no generics', () => {
  const UserResource = resource({
    path: `${H}/groups/:group/users/:id`,
    schema: User,
    paginationField: 'cursor',
  }).extend({ getList: { dataExpiryLength: 10 * 60 * 1000 } });
  assert.is(UserResource.getList.sideEffect, undefined);
  assert.is(UserResource.getList.dataExpiryLength, 10 * 60 * 1000);
  // @ts-expect-error
  const _b: true = UserResource.getList.sideEffect;
  () => new Controller().fetch(UserResource.getList, { group: 'hi' });
});

test('resource() > can override resource endpoints (function form)', async () => {
  const UserResource = resource({
    path: `${H}/groups/:group/users/:id`,
    schema: User,
    paginationField: 'cursor',
  }).extend((resourceBase) => ({
    getList: resourceBase.getList.extend({
      path: `${H}/:blob`,
      searchParams: {} as { isAdmin?: boolean },
      getOptimisticResponse: (_snap: unknown, _params: any) => [] as User[],
      process(users: User[]) {
        if (!Array.isArray(users)) return users;
        return users.slice(0, 7);
      },
    }),
    partialUpdate: resourceBase.partialUpdate.extend({
      getOptimisticResponse: (_snap: unknown, params: any, body: any) => ({ id: params.id, ...body }),
    }),
    delete: resourceBase.delete.extend({ getOptimisticResponse: (_snap: unknown, params: any) => params }),
    justget: resourceBase.get,
    current: resourceBase.get.extend({ path: `${H}/current`, searchParams: {} as { isAdmin?: boolean } }),
    toggleAdmin: resourceBase.get.extend({
      path: `${H}/toggle/:id`,
      method: 'POST',
      body: undefined,
      getOptimisticResponse: (_snap: unknown, params: any) => ({ id: params.id }),
    }),
  }));
  () => UserResource.getList({ blob: '5', isAdmin: true });
  () => UserResource.getList.unshift({ blob: '5' }, { username: 'bob' });
  // @ts-expect-error
  () => UserResource.getList.push({ group: 'bob' }, { username: 'bob' });
  () => UserResource.justget({ group: 'blob', id: '5' });
  // @ts-expect-error
  () => UserResource.justget({ id: '5' });
  () => UserResource.current();
  () => UserResource.toggleAdmin({ id: '5' });
  assert.is(UserResource.toggleAdmin.sideEffect, true);
  await overridden(UserResource as any);
});

test('resource() > should not allow paths without at least one argument', () => {
  class Todo extends Entity {
    id = '';
    userId = 0;
    title = '';
    completed = false;
    static override key = 'Todo';
    override pk() {
      return this.id;
    }
  }
  assert.throws(() => resource({ path: '/todos/', schema: Todo }), /needs at least one :parameter/);
});

test('resource() > UserResource.get should work', async () => {
  const controller = new Controller();
  await controller.fetch(UserResource.get, { group: 'five', id: '5' });
  const result = controller.getResponse(UserResource.get, { group: 'five', id: '5' })!;
  assert.equal(fieldsOf(result), user(userPayload));
  result.isAdmin;
  // @ts-expect-error
  assert.is(result.notaMember, undefined);
  // @ts-expect-error
  () => controller.fetch(UserResource.get, { id: '5' });
  // @ts-expect-error
  () => controller.fetch(UserResource.get, { group: 'five' });
});

test('resource() > UserResource.getList should work', async () => {
  const controller = new Controller();
  await controller.fetch(UserResource.getList, { group: 'five' });
  const result = controller.getResponse(UserResource.getList, { group: 'five' })!;
  assert.equal(fieldsOf(result[0]), user(userPayload));
  // @ts-expect-error
  assert.is(result[0]!.notaMember, undefined);
  // @ts-expect-error
  () => controller.fetch(UserResource.getList, { id: '5' });
  // @ts-expect-error
  () => controller.fetch(UserResource.getList, {});
  // @ts-expect-error
  () => controller.fetch(UserResource.getList);
});

test('resource() > UserResource.update should work', async () => {
  reply(server, 'PUT', `/groups/five/users/${userPayload.id}`, (req) => [200, { ...userPayload, ...bodyOf(req) }]);
  const controller = new Controller();
  controller.setResponse(UserResource.get, { group: 'five', id: '5' }, userPayload);
  const current = () => controller.getResponse(UserResource.get, { group: 'five', id: '5' })!;
  assert.is(current().username, userPayload.username);
  await controller.fetch(UserResource.update, { group: 'five', id: '5' }, { username: 'never' });
  assert.is(current().username, 'never');
  // @ts-expect-error
  () => controller.fetch(UserResource.update, { username: 'never' });
  // @ts-expect-error
  () => controller.fetch(UserResource.update, 1, 'hi');
  // @ts-expect-error
  () => controller.fetch(UserResource.update, { group: 'five', id: '5' }, { sdf: 'never' });
  // @ts-expect-error
  () => controller.fetch(UserResource.update, { sdf: 'five', id: '5' }, { username: 'never' });
});

test('resource() > UserResource.getList.push should work', async () => {
  reply(server, 'POST', '/groups/five/users', (req) => [200, { id: 5, ...bodyOf(req) }]);
  const controller = new Controller();
  await controller.fetch(
    UserResource.getList.push,
    { group: 'five' },
    { username: 'createduser', email: 'haha@gmail.com' },
  );
  const created = controller.getResponse(UserResource.get, { group: 'five', id: '5' });
  assert.ok(created);
  assert.is(created?.username, 'createduser');
  // our custom endpoint ensures this
  assert.is(created?.email, 'always@always.com');
  // @ts-expect-error
  () => controller.fetch(UserResource.getList.push, { username: 'never' });
  // @ts-expect-error
  () => controller.fetch(UserResource.getList.push, 1, 'hi');
  // @ts-expect-error
  () => controller.fetch(UserResource.getList.push, { group: 'five' }, { sdf: 'never' });
});

const groupFive = [
  { id: 1, username: 'user1', email: 'user1@example.com', group: 'five' },
  { id: 2, username: 'user2', email: 'user2@example.com', group: 'five' },
];

test('resource() > UserResource.getList.remove should work', async () => {
  reply(server, 'PATCH', '/groups/five/users', (req) => [200, { ...bodyOf(req) }]);
  const controller = new Controller();
  controller.setResponse(UserResource.getList, { group: 'five' }, groupFive);
  const list = () => controller.getResponse(UserResource.getList, { group: 'five' })?.map(fieldsOf);
  assert.equal(list(), groupFive.map(user));

  const response = await controller.fetch(
    UserResource.getList.remove,
    { group: 'five' },
    { id: 2, username: 'user2', email: 'user2@example.com', group: 'newgroup' },
  );
  assert.is(response.id, 2);
  // should remove the user from the list
  assert.equal(list(), [user(groupFive[0]!)]);
  // should also update the removed entity with the body data
  assert.is(controller.get(User, { id: 2 })?.group, 'newgroup');
  // @ts-expect-error
  () => controller.fetch(UserResource.getList.remove, { username: 'never' });
  // @ts-expect-error
  () => controller.fetch(UserResource.getList.remove, 1, 'hi');
});

test('resource() > UserResource.getList.move should work', async () => {
  reply(server, 'PATCH', '/groups/five/users/2', (req) => [
    200,
    { id: 2, username: 'user2', email: 'user2@example.com', group: 'ten', ...bodyOf(req) },
  ]);
  const controller = new Controller();
  controller.setResponse(UserResource.getList, { group: 'five' }, groupFive);
  controller.setResponse(UserResource.getList, { group: 'ten' }, [
    { id: 3, username: 'user3', email: 'user3@example.com', group: 'ten' },
  ]);
  const five = () => controller.getResponse(UserResource.getList, { group: 'five' });
  const ten = () => controller.getResponse(UserResource.getList, { group: 'ten' });
  assert.is(five()?.length, 2);
  assert.is(ten()?.length, 1);

  // PATCH /groups/five/users/2 - moves user 2 from 'five' to 'ten'
  const response = await controller.fetch(
    UserResource.getList.move,
    { group: 'five', id: '2' },
    { id: 2, group: 'ten' },
  );
  assert.is(response.id, 2);
  assert.is(five()?.length, 1);
  assert.is(five()?.[0]?.username, 'user1');
  assert.is(ten()?.length, 2);
  assert.equal(
    ten()!
      .map((u) => u.username)
      .sort(),
    ['user2', 'user3'],
  );
  assert.is(controller.get(User, { id: 2 })?.group, 'ten');
  // move uses full path params (group + id), no searchParams
  () => controller.fetch(UserResource.getList.move, { group: 'five', id: 2 }, { id: 1, group: 'ten' });
  // (Not typed as in data-client: `move` takes the item path's parameters untyped, so the
  // peer's "@ts-expect-error - missing required group" has no counterpart here.)
  // @ts-expect-error
  () => controller.fetch(UserResource.getList.move, { username: 'never' });
});

class Task extends Entity {
  readonly id: number | undefined = undefined;
  readonly title: string = '';
  readonly status: string = 'backlog';
  override pk() {
    return this.id?.toString();
  }
}
const backlog = [
  { id: 1, title: 'Task 1', status: 'backlog' },
  { id: 3, title: 'My Task', status: 'backlog' },
];
const inProgress = [{ id: 2, title: 'Task 2', status: 'in-progress' }];

/** Moves task 3 from 'backlog' to 'in-progress' and checks both lists and the entity. */
async function moveTask(
  getList: RestEndpoint<any, any, 'GET', unknown, any, Collection<typeof Task>>,
  base: Record<string, unknown>,
  move: (controller: Controller) => Promise<{ id: number | undefined }>,
  optimistic = false,
) {
  const controller = new Controller();
  controller.setResponse(getList, { ...base, status: 'backlog' }, backlog);
  controller.setResponse(getList, { ...base, status: 'in-progress' }, inProgress);
  const backlogList = () => controller.getResponse(getList, { ...base, status: 'backlog' });
  const inProgressList = () => controller.getResponse(getList, { ...base, status: 'in-progress' });
  const check = () => {
    // task should be removed from backlog
    assert.is(backlogList()?.length, 1);
    assert.is(backlogList()?.[0]?.title, 'Task 1');
    // task should be added to in-progress
    assert.is(inProgressList()?.length, 2);
    assert.equal(
      inProgressList()!
        .map((t) => t.title)
        .sort(),
      ['My Task', 'Task 2'],
    );
    // entity should be updated
    assert.is(controller.get(Task, { id: 3 })?.status, 'in-progress');
  };
  assert.is(backlogList()?.length, 2);
  assert.is(inProgressList()?.length, 1);
  const promise = move(controller);
  if (optimistic) check();
  const response = await promise;
  assert.is(response.id, 3);
  check();
}

test('resource() > getList.move should work when entity lacks path param field', async () => {
  // Entity has 'status' but NOT 'team' - team is only a URL path param
  const TeamTaskResource = resource({
    path: `${H}/teams/:team/tasks/:id`,
    searchParams: {} as { status: string },
    schema: Task,
  });
  reply(server, 'PATCH', '/teams/alpha/tasks/3', (req) => [
    200,
    { id: 3, title: 'My Task', status: 'in-progress', ...bodyOf(req) },
  ]);
  await moveTask(TeamTaskResource.getList, { team: 'alpha' }, (controller) =>
    controller.fetch(TeamTaskResource.getList.move, { team: 'alpha', id: '3' }, { id: 3, status: 'in-progress' }),
  );
});

const TaskResource = resource({ path: `${H}/tasks/:id`, searchParams: {} as { status: string }, schema: Task });

test('resource() > getList.move should work with searchParams-based collections', async () => {
  reply(server, 'PATCH', '/tasks/3', (req) => [
    200,
    { id: 3, title: 'My Task', status: 'in-progress', ...bodyOf(req) },
  ]);
  await moveTask(TaskResource.getList, {}, (controller) =>
    controller.fetch(TaskResource.getList.move, { id: '3' }, { id: 3, status: 'in-progress' }),
  );
});

test('resource() > getList.move should work with FormData body', async () => {
  let received = '';
  // The peer's reply spreads the body nock hands it (the raw multipart text, no fields).
  reply(server, 'PATCH', '/tasks/3', (req) => {
    received = String(req.headers['content-type']);
    return [200, { id: 3, title: 'My Task', status: 'in-progress' }];
  });
  // Use FormData as the body (simulates multipart form submission)
  const formData = new FormData();
  formData.append('id', '3');
  formData.append('status', 'in-progress');
  await moveTask(TaskResource.getList, {}, (controller) =>
    controller.fetch(TaskResource.getList.move, { id: '3' }, formData as any),
  );
  assert.match(received, 'multipart/form-data');
});

test('resource() > getList.move should work optimistically with path-based collections', async () => {
  const OptUserResource = resource({ path: `${H}/groups/:group/users/:id`, schema: User, optimistic: true });
  reply(server, 'PATCH', '/groups/five/users/2', {
    status: 200,
    body: { id: 2, username: 'user2', email: 'user2@example.com', group: 'ten' },
  });
  const controller = new Controller();
  controller.setResponse(OptUserResource.getList, { group: 'five' }, groupFive);
  controller.setResponse(OptUserResource.getList, { group: 'ten' }, [
    { id: 3, username: 'user3', email: 'user3@example.com', group: 'ten' },
  ]);
  const five = () => controller.getResponse(OptUserResource.getList, { group: 'five' });
  const ten = () => controller.getResponse(OptUserResource.getList, { group: 'ten' });
  const check = () => {
    assert.is(five()?.length, 1);
    assert.is(five()?.[0]?.username, 'user1');
    assert.is(ten()?.length, 2);
    assert.equal(
      ten()!
        .map((u) => u.username)
        .sort(),
      ['user2', 'user3'],
    );
    assert.is(controller.get(User, { id: 2 })?.group, 'ten');
  };
  assert.ok(OptUserResource.getList.move.getOptimisticResponse);
  assert.is(five()?.length, 2);
  assert.is(ten()?.length, 1);
  const promise = controller.fetch(OptUserResource.getList.move, { group: 'five', id: '2' }, { id: 2, group: 'ten' });
  // optimistic: should update immediately before network responds
  check();
  // after server response, should still be correct
  await promise;
  check();
});

test('resource() > getList.move should work optimistically with searchParams-based collections', async () => {
  const OptTaskResource = resource({
    path: `${H}/tasks/:id`,
    searchParams: {} as { status: string },
    schema: Task,
    optimistic: true,
  });
  reply(server, 'PATCH', '/tasks/3', { status: 200, body: { id: 3, title: 'My Task', status: 'in-progress' } });
  assert.ok(OptTaskResource.getList.move.getOptimisticResponse);
  await moveTask(
    OptTaskResource.getList,
    {},
    (controller) => controller.fetch(OptTaskResource.getList.move, { id: '3' }, { id: 3, status: 'in-progress' }),
    true,
  );
});

for (const [response, contentType] of [
  [{ id: userPayload.id }, 'application/json'],
  ['', 'text'],
] as const) {
  test(`resource() > UserResource.delete should work with ${JSON.stringify(response)}`, async () => {
    reply(server, 'DELETE', `/groups/five/users/${userPayload.id}`, {
      status: 200,
      body: response,
      headers: { 'content-type': contentType },
    });
    const controller = new Controller();
    controller.setResponse(UserResource.get, { group: 'five', id: '5' }, userPayload);
    assert.is(controller.getResponse(UserResource.get, { group: 'five', id: '5' })!.username, userPayload.username);
    await controller.fetch(UserResource.delete, { group: 'five', id: '5' });
    // The peer's component suspends here (and its resolver fixture answers 'not found'):
    // the entity is gone, so a read fetches again.
    assert.is(controller.getResponse(UserResource.get, { group: 'five', id: '5' }), undefined);
    assert.ok(controller.isStale(UserResource.get, { group: 'five', id: '5' }));
    // @ts-expect-error
    () => controller.fetch(UserResource.delete);
    // @ts-expect-error
    () => controller.fetch(UserResource.delete, 1);
    // @ts-expect-error
    () => controller.fetch(UserResource.delete, { sdf: 'never' });
  });
}

test('resource() > should allow complete overrides', async () => {
  reply(server, 'GET', '/groups/vi/users/5', { status: 200, body: { id: 5, title: 'hi', username2: 'bob' } });
  class User2 extends Entity {
    readonly id: number | undefined = undefined;
    readonly username2: string = '';
    readonly email: string = '';
    readonly isAdmin: boolean = false;
    override pk() {
      return this.id?.toString();
    }
  }
  const UserResourceExtend = {
    ...UserResource,
    get: UserResource.get.extend({ path: `${H}/groups/:magic/users/:id`, schema: User2 }),
  };
  const controller = new Controller();
  await controller.fetch(UserResourceExtend.get, { magic: 'vi', id: 5 });
  const result = controller.getResponse(UserResourceExtend.get, { magic: 'vi', id: 5 })!;
  assert.is(result.username2, 'bob');
  // @ts-expect-error
  assert.is(result.username, undefined);
});

//#region unions

const feedPayload = { id: '5', title: 'my first feed', type: 'link' as const, url: 'https://true.io' };
class Feed extends Entity {
  readonly id: string = '';
  readonly title: string = '';
  readonly type: 'link' | 'post' = 'post';
  override pk() {
    return this.id;
  }
}
class FeedLink extends Feed {
  readonly url: string = '';
  override readonly type = 'link' as const;
}
class FeedPost extends Feed {
  readonly content: string = '';
  override readonly type = 'post' as const;
}
const FeedUnion = new Union({ post: FeedPost, link: FeedLink }, 'type');
const FeedResource = resource({ path: `${H}/feed/:id`, schema: FeedUnion as any, Endpoint: MyEndpoint });

test('resource() > unions > should work with detail', async () => {
  reply(server, 'GET', `/feed/${feedPayload.id}`, { status: 200, body: feedPayload });
  const controller = new Controller();
  await controller.fetch(FeedResource.get, { id: '5' });
  const feed = controller.getResponse(FeedResource.get, { id: '5' }) as FeedLink | FeedPost;
  assert.instance(feed, FeedLink);
  if (feed.type === 'link') assert.is(feed.url, feedPayload.url);
});

test('resource() > unions > should work with list [no args]', async () => {
  reply(server, 'GET', '/feed', { status: 200, body: [feedPayload] });
  const controller = new Controller();
  await controller.fetch(FeedResource.getList);
  const feed = (controller.getResponse(FeedResource.getList) as (FeedLink | FeedPost)[])[0]!;
  assert.instance(feed, FeedLink);
  if (feed.type === 'link') assert.is(feed.url, feedPayload.url);
});

test('resource() > unions > should work with getList.push [no args]', async () => {
  reply(server, 'POST', '/feed', (req) => [200, { id: 5, ...bodyOf(req) }]);
  const controller = new Controller();
  await controller.fetch(FeedResource.getList.push, feedPayload);
  const feed = controller.get(FeedUnion, { id: '5', type: 'link' }) as FeedLink | undefined;
  assert.ok(feed);
  assert.instance(feed, FeedLink);
  assert.is(feed!.url, feedPayload.url);
});

test('resource() > unions > delete endpoint should wrap Union schema with Invalidate', () => {
  const deleteSchema = FeedResource.delete.schema as Invalidate<any>;
  assert.instance(deleteSchema, Invalidate);
  // It takes the Union's entities (data-client: `isSingleSchema` false, `schema` the map).
  assert.equal((deleteSchema.schema as unknown as { schema: object }).schema, { post: FeedPost, link: FeedLink });
});

test('resource() > unions > delete should invalidate Union entity from cache', async () => {
  reply(server, 'GET', `/feed/${feedPayload.id}`, { status: 200, body: feedPayload });
  reply(server, 'DELETE', `/feed/${feedPayload.id}`, { status: 200, body: feedPayload });
  const controller = new Controller();
  await controller.fetch(FeedResource.get, { id: feedPayload.id });
  let data = controller.getResponse(FeedResource.get, { id: feedPayload.id }) as FeedLink;
  assert.instance(data, FeedLink);
  assert.is(data.title, feedPayload.title);
  reply(server, 'GET', `/feed/${feedPayload.id}`, { status: 200, body: { ...feedPayload, title: 'refetched' } });
  await controller.fetch(FeedResource.delete, { id: feedPayload.id });
  // Gone after the delete: a read fetches again (the peer's component suspends).
  assert.ok(controller.isStale(FeedResource.get, { id: feedPayload.id }));
  await controller.fetchIfStale(FeedResource.get, { id: feedPayload.id });
  data = controller.getResponse(FeedResource.get, { id: feedPayload.id }) as FeedLink;
  assert.instance(data, FeedLink);
  assert.is(data.title, 'refetched');
});

//#endregion

test('resource() > UserResource.getList.push.extends() should work', () => {
  interface CreateDeviceBody {
    username: string;
  }
  const createUser = UserResource.getList.push.extend({
    body: {} as CreateDeviceBody,
    schema: User,
    sideEffect: true,
  });
  () => new Controller().fetch(createUser, { group: 'hi' }, { username: 'bob' });
  () => createUser({ group: 'hi' }, { username: 'bob' });
  // @ts-expect-error
  () => createUser({ group: 'hi', id: 'what' }, { username: 'bob' });
  // @ts-expect-error
  () => createUser({ group: 'hi' });
  assert.is(createUser.url({ group: 'hi' }, {} as any), `${server.url}/groups/hi/users`);
});

test('resource() > UserResource.getList.push.extends() should work with zero urlParams', () => {
  const UserResource = resource({ path: `${H}/users/:id`, schema: User, Endpoint: MyEndpoint });
  interface CreateDeviceBody {
    username: string;
  }
  const createUser = UserResource.getList.push.extend({
    body: {} as CreateDeviceBody,
    schema: User,
    sideEffect: true,
  });
  () => new Controller().fetch(createUser, { username: 'bob' });
  () => createUser({ username: 'bob' });
  // @ts-expect-error
  () => createUser({ id: 'what' });
  assert.is(createUser.url({} as any), `${server.url}/users`);
});

test('resource() > getList.push should use custom lifecycle methods of getList', async () => {
  reply(server, 'POST', '/users', (req) => [201, { ...bodyOf(req), id: 5 }]);
  const UserResource = resource({ urlPrefix: server.url, path: '/users/:id', schema: User, optimistic: true }).extend(
    (Base) => ({
      getList: Base.getList.extend({
        getRequestInit(body: unknown) {
          if (body) {
            return Base.getList.getRequestInit.call(this, { id: Math.random(), isAdmin: true, ...(body as object) });
          }
          return Base.getList.getRequestInit.call(this, body);
        },
      }),
    }),
  );
  const controller = new Controller();
  controller.setResponse(UserResource.getList, []);
  await controller.fetch(UserResource.getList.push, { username: 'bob' });
  const list = controller.getResponse(UserResource.getList)!;
  assert.is(list.length, 1);
  // this is set in our override
  assert.is(list[0]!.isAdmin, true);
});

//#region nonFilterArgumentKeys pass-through

for (const [form, nonFilterArgumentKeys] of [
  ['function', (key: string) => key === 'orderBy'],
  ['RegExp', /orderBy/],
  ['array', ['orderBy']],
] as const) {
  test(`resource() > nonFilterArgumentKeys pass-through > supports ${form} form`, () => {
    const TodoResource = resource({
      path: '/todos/:id',
      searchParams: {} as { userId?: string; orderBy?: string } | undefined,
      schema: User,
      nonFilterArgumentKeys: nonFilterArgumentKeys as any,
    });
    const list = TodoResource.getList.schema as any;
    assert.is(list.nonFilterArgumentKeys('orderBy'), true);
    assert.is(list.nonFilterArgumentKeys('userId'), false);
  });
}

//#endregion

//#region warnings

/** The messages of `console.warn` while `fn` runs. */
function warnings(fn: () => void): string[] {
  const calls: string[] = [];
  const warn = console.warn;
  console.warn = (...args: unknown[]) => calls.push(args.map(String).join(' '));
  try {
    fn();
  } finally {
    console.warn = warn;
  }
  return calls;
}

test('resource() > warnings > should warn when mis-capitalizing options', () => {
  const calls = warnings(() => resource({ path: `${H}/users/:id`, schema: User, ...({ endpoint: MyEndpoint } as {}) }));
  assert.is(calls.length, 1);
  assert.match(calls[0]!, "did you mean 'Endpoint'");
});

test('resource() > warnings > should warn when mis-capitalizing options (collection)', () => {
  class MyCollection extends Collection {}
  const calls = warnings(() =>
    resource({ path: `${H}/users/:id`, schema: User, ...({ collection: MyCollection } as {}) }),
  );
  assert.is(calls.length, 1);
  assert.match(calls[0]!, "did you mean 'Collection'");
});

//#endregion

test.run();

const close = suite('close the test server');
close.after(() => server.close());
close.run();
