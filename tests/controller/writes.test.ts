// Controller writes: setError, resetEntireStore, set with an updater.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller, RestEndpoint, effect } from '../../src/index.js';
import { holdRoute, optimisticPatch } from '../_fixtures/held.js';
import { User, allUsers, makeUsers } from '../_fixtures/models.js';
import { json, startServer, type TestServer } from '../_fixtures/server.js';

const writes = suite<{
  server: TestServer;
  ctrl: Controller;
  getUsers: RestEndpoint<'/users', {}, 'GET', unknown, any, (typeof User)[]>;
}>('Controller writes');
writes.before.each(async (ctx) => {
  ctx.server = await startServer();
  ctx.server.route('GET', '/users', (_req, res) => json(res, 200, makeUsers(3)));
  ctx.ctrl = new Controller();
  ctx.getUsers = new RestEndpoint({ urlPrefix: ctx.server.url, path: '/users', schema: [User], name: 'getUsers' });
});
writes.after.each((ctx) => ctx.server.close());

writes('setError records the error under the key and keeps the data', async ({ ctrl, getUsers }) => {
  const list = await ctrl.fetch(getUsers);
  const error = new Error('server went away');
  ctrl.setError(getUsers, error);
  assert.is(ctrl.getError(getUsers), error);
  assert.is(ctrl.response(getUsers).value, list);
  assert.is(ctrl.isStale(getUsers), false, 'a current error is not refetched on every read');
  await ctrl.fetch(getUsers);
  assert.is(ctrl.getError(getUsers), undefined, 'the next success clears it');
});

writes('set with an updater receives the current value', async ({ ctrl, getUsers }) => {
  await ctrl.fetch(getUsers);
  const seen: (string | undefined)[] = [];
  const stop = effect(() => {
    seen.push(ctrl.get(User, { id: 'u2' })?.name);
  });
  ctrl.set(User, { id: 'u2' }, (prev: User) => ({ ...prev, name: `${prev.name}!` }));
  ctrl.set(User, { id: 'u9' }, (prev: User | undefined) => ({ id: 'u9', name: String(prev) }));
  assert.equal(seen, ['user 2', 'user 2!']);
  assert.is(ctrl.get(User, { id: 'u9' })!.name, 'undefined');
  stop();
});

writes(
  'resetEntireStore clears rows, lists, responses and meta in one batch; views fill again',
  async ({ ctrl, getUsers }) => {
    await ctrl.fetch(getUsers);
    let runs = 0;
    const seen: (number | undefined)[] = [];
    const stop = effect(() => {
      runs++;
      seen.push(ctrl.get(allUsers)?.length);
      ctrl.get(User, { id: 'u1' });
      ctrl.response(getUsers).value;
      ctrl.meta(getUsers).value;
    });
    ctrl.resetEntireStore();
    assert.equal(seen, [3, undefined]);
    assert.is(runs, 2, 'one batch');
    assert.is(ctrl.get(User, { id: 'u1' }), undefined);
    assert.is(ctrl.response(getUsers).value, undefined);
    assert.is(ctrl.meta(getUsers).value.fetchedAt, 0);
    assert.is(ctrl.isStale(getUsers), true);
    await ctrl.fetch(getUsers);
    assert.equal(seen, [3, undefined, 3]);
    stop();
  },
);

writes('a request in flight across resetEntireStore rejects and writes nothing', async ({ ctrl, server, getUsers }) => {
  const gets = holdRoute(server, 'GET', '/users');
  const seen: (number | undefined)[] = [];
  const stop = effect(() => {
    seen.push(ctrl.get(allUsers)?.length);
  });
  const before = ctrl.fetch(getUsers).catch((e: Error) => e);
  const held = await gets.next();
  ctrl.resetEntireStore();
  const after = ctrl.fetch(getUsers);
  const second = await gets.next();
  held.reply(200, makeUsers(5));
  const error = await before;
  assert.match((error as Error).message, /^getUsers: dropped by resetEntireStore/);
  assert.equal(seen, [undefined]);
  second.reply(200, makeUsers(2));
  await after;
  assert.equal(seen, [undefined, 2]);
  assert.is(server.count('GET', '/users'), 2, 'the fetch after the reset did not join the old request');
  stop();
});

writes('resetEntireStore drops pending optimistic layers', async ({ ctrl, server, getUsers }) => {
  await ctrl.fetch(getUsers);
  const patches = holdRoute(server, 'PATCH', '/users/:id');
  const rename = optimisticPatch(server.url, '/users/:id', User);
  const done = ctrl.fetch(rename, { id: 'u1' }, { name: 'x' }).catch((e: Error) => e);
  assert.is(ctrl.get(User, { id: 'u1' })!.name, 'x');
  ctrl.resetEntireStore();
  assert.is(ctrl.get(User, { id: 'u1' }), undefined);
  (await patches.next()).reply(200, { id: 'u1', name: 'x' });
  assert.instance(await done, Error);
  assert.is(ctrl.get(User, { id: 'u1' }), undefined);
});

writes.run();
