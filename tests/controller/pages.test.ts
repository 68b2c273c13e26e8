// Paged lists (controller/pages.ts): a list loaded page by page keeps its pages through every
// kind of refetch, one request per loaded page, in order, written as one response, on the
// real HTTP fixture (its paging state: ./pagesOf.test.ts).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller, effect, pagesOf, type Trigger } from '../../src/index.js';
import { FakeTimers, until } from '../_fixtures/fakeTimers.js';
import { Task } from '../_fixtures/models.js';
import { feedOf, gets, ids, type Paged, startPaged, todosOf } from '../_fixtures/pagedApi.js';
import { json, sleep } from '../_fixtures/server.js';

/** Loads pages 1 to 3 of the todos (13 rows: 5, 5, 3). */
async function loadThree(ctrl: Controller, getTodos: ReturnType<typeof todosOf>) {
  await ctrl.fetch(getTodos);
  await ctrl.fetch(getTodos.getPage, { page: 2 });
  await ctrl.fetch(getTodos.getPage, { page: 3 });
}

//#region refetch

const refetch = suite<Paged>('paged refetch');
refetch.before.each(startPaged);
refetch.after.each(({ server }) => server.close());

refetch(
  'invalidate of a mounted list asks for every loaded page, in order, and writes them as one response',
  async ({ server, rows }) => {
    const ctrl = new Controller({ gcInterval: 0 });
    const getTodos = todosOf(server);
    const unmount = ctrl._mount(getTodos);
    await until(() => ctrl.getResponse(getTodos) !== undefined);
    await ctrl.fetch(getTodos.getPage, { page: 2 });
    await ctrl.fetch(getTodos.getPage, { page: 3 });
    assert.is(ids(ctrl.getResponse(getTodos)), '1,2,3,4,5,6,7,8,9,10,11,12,13');
    const seen: string[] = [];
    const stop = effect(() => void seen.push(ids(ctrl.response(getTodos).value)!));
    server.requests.length = 0;
    // On the server: row 4 deleted, row 9 renamed.
    rows.splice(3, 1);
    rows.find((row) => row.id === '9')!.title = 'renamed';
    ctrl.invalidate(getTodos);
    await until(() => !ctrl.isFetching(getTodos) && gets(server, '/todos').length === 3);
    await sleep(10);
    assert.equal(gets(server, '/todos'), ['/todos', '/todos?page=2', '/todos?page=3']);
    assert.is(ids(ctrl.getResponse(getTodos)), '1,2,3,5,6,7,8,9,10,11,12,13', 'the deleted row left, none collapsed');
    assert.is(ctrl.get(Task, { id: '9' })?.title, 'renamed');
    assert.equal(seen.slice(1), ['1,2,3,5,6,7,8,9,10,11,12,13'], 'one notification for the three pages');
    assert.is(pagesOf(ctrl, getTodos).value.count, 3);
    stop();
    unmount();
  },
);

refetch('ctrl.fetch of the list refetches every loaded page; a page endpoint fetches its page alone', async (ctx) => {
  const { server, rows } = ctx;
  const ctrl = new Controller({ gcInterval: 0 });
  const getTodos = todosOf(server);
  await loadThree(ctrl, getTodos);
  server.requests.length = 0;
  rows.push({ id: '14', title: 't14', userId: 'a' });
  const all = await ctrl.fetch(getTodos);
  assert.equal(gets(server, '/todos'), ['/todos', '/todos?page=2', '/todos?page=3']);
  assert.is(ids(all), '1,2,3,4,5,6,7,8,9,10,11,12,13,14', 'resolves with the whole list');
  server.requests.length = 0;
  await ctrl.fetch(getTodos.getPage, { page: 3 });
  assert.equal(gets(server, '/todos'), ['/todos?page=3'], 'a page already loaded is fetched again alone');
  assert.is(pagesOf(ctrl, getTodos).value.count, 3, 'and keeps its place');
});

refetch('expiry of a mounted list refetches its pages', async ({ server, rows }) => {
  const timers = new FakeTimers();
  timers.time = 1; // meta's fetchedAt is 0 only for "never fetched"
  const ctrl = new Controller({ timers, gcInterval: 0 });
  const getTodos = todosOf(server, { dataExpiryLength: 1000 });
  const unmount = ctrl._mount(getTodos);
  await until(() => ctrl.getResponse(getTodos) !== undefined);
  await ctrl.fetch(getTodos.getPage, { page: 2 });
  rows[0]!.title = 'fresh';
  server.requests.length = 0;
  timers.advance(1000);
  await until(() => gets(server, '/todos').length === 2 && !ctrl.isFetching(getTodos));
  assert.equal(gets(server, '/todos'), ['/todos', '/todos?page=2']);
  assert.is(ctrl.getResponse(getTodos)?.length, 10);
  assert.is(ctrl.getResponse(getTodos)?.[0]?.title, 'fresh');
  unmount();
});

refetch('focus coming back refetches the stale pages of a mounted list', async ({ server }) => {
  let focus!: (on: boolean) => void;
  const trigger: Trigger = (notify) => {
    focus = notify;
    return () => {};
  };
  const timers = new FakeTimers();
  timers.time = 1; // meta's fetchedAt is 0 only for "never fetched"
  const ctrl = new Controller({ timers, gcInterval: 0, focus: trigger, online: false });
  const getTodos = todosOf(server, { dataExpiryLength: 1000 });
  const unmount = ctrl._mount(getTodos);
  await until(() => ctrl.getResponse(getTodos) !== undefined);
  await ctrl.fetch(getTodos.getPage, { page: 2 });
  focus(false);
  timers.advance(1000);
  await sleep(10);
  server.requests.length = 0;
  focus(true);
  await until(() => gets(server, '/todos').length === 2 && !ctrl.isFetching(getTodos));
  assert.equal(gets(server, '/todos'), ['/todos', '/todos?page=2']);
  assert.is(ctrl.getResponse(getTodos)?.length, 10);
  unmount();
});

refetch('polling refetches every loaded page', async ({ server }) => {
  const timers = new FakeTimers();
  timers.time = 1; // meta's fetchedAt is 0 only for "never fetched"
  const ctrl = new Controller({ timers, gcInterval: 0 });
  const getTodos = todosOf(server, { pollFrequency: 500 });
  const stop = ctrl.subscribe(getTodos);
  await until(() => ctrl.getResponse(getTodos) !== undefined);
  await ctrl.fetch(getTodos.getPage, { page: 2 });
  server.requests.length = 0;
  timers.advance(500);
  await until(() => gets(server, '/todos').length === 2 && !ctrl.isFetching(getTodos));
  assert.equal(gets(server, '/todos'), ['/todos', '/todos?page=2']);
  assert.is(ctrl.getResponse(getTodos)?.length, 10);
  stop();
});

refetch('pages by cursor: the stored cursors are asked for again', async ({ server, rows }) => {
  const ctrl = new Controller({ gcInterval: 0 });
  const getFeed = feedOf(server);
  await ctrl.fetch(getFeed);
  await ctrl.fetch(getFeed.getPage, { cursor: '5' });
  await ctrl.fetch(getFeed.getPage, { cursor: '10' });
  assert.is(ctrl.getResponse(getFeed)?.results?.length, 13);
  assert.is(ctrl.getResponse(getFeed)?.nextCursor, null);
  server.requests.length = 0;
  rows.splice(0, 1); // row 1 deleted: every page starts one row later
  await ctrl.fetch(getFeed);
  assert.equal(gets(server, '/feed'), ['/feed', '/feed?cursor=5', '/feed?cursor=10']);
  assert.is(ids(ctrl.getResponse(getFeed)?.results), '2,3,4,5,6,7,8,9,10,11,12,13');
});

refetch('a page that fails writes nothing: the list keeps its pages and the error is recorded', async (ctx) => {
  const { server, rows } = ctx;
  const ctrl = new Controller({ gcInterval: 0, onError: () => {} });
  const getTodos = todosOf(server);
  await loadThree(ctrl, getTodos);
  rows[0]!.title = 'not written';
  server.route('GET', '/todos', (req, res) =>
    req.query.get('page') === '3' ? json(res, 500, { error: 'down' }) : json(res, 200, rows.slice(0, 5)),
  );
  await ctrl.fetch(getTodos).then(
    () => assert.unreachable('the refetch resolved'),
    (error: Error) => assert.match(error.message, /500/),
  );
  assert.is(ctrl.getResponse(getTodos)?.length, 13);
  assert.is(ctrl.get(Task, { id: '1' })?.title, 't1');
  assert.match(pagesOf(ctrl, getTodos).value.error?.message ?? '', /500/);
  assert.is(pagesOf(ctrl, getTodos).value.count, 3, 'the pages are remembered for the next try');
});

refetch('setResponse of the list starts it over: a refetch then asks for its first page alone', async ({ server }) => {
  const ctrl = new Controller({ gcInterval: 0 });
  const getTodos = todosOf(server);
  await loadThree(ctrl, getTodos);
  ctrl.setResponse(getTodos, [{ id: '1', title: 't1', userId: 'a' }]);
  assert.is(pagesOf(ctrl, getTodos).value.count, 1);
  server.requests.length = 0;
  await ctrl.fetch(getTodos);
  assert.equal(gets(server, '/todos'), ['/todos']);
  assert.is(ctrl.getResponse(getTodos)?.length, 5);
});

refetch('lists of other arguments keep pages of their own', async ({ server }) => {
  const ctrl = new Controller({ gcInterval: 0 });
  const getTodos = todosOf(server);
  await loadThree(ctrl, getTodos);
  await ctrl.fetch(getTodos, { userId: 'a' });
  server.requests.length = 0;
  await ctrl.fetch(getTodos, { userId: 'a' });
  assert.equal(gets(server, '/todos'), ['/todos?userId=a']);
  assert.is(pagesOf(ctrl, getTodos).value.count, 3);
  assert.is(pagesOf(ctrl, getTodos, { userId: 'a' }).value.count, 1);
});

refetch.run();

//#endregion
