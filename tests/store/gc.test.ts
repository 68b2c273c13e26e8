import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller, Endpoint, Invalidate, Lazy, RestEndpoint, effect } from '../../src/index.js';
import { cellCount } from '../_fixtures/cells.js';
import { FakeTimers } from '../_fixtures/fakeTimers.js';
import { Post, User, allUsers, makeUsers, postCollection } from '../_fixtures/models.js';
import { json, startServer, type TestServer } from '../_fixtures/server.js';
import { collectUntil, sleep } from '../_fixtures/time.js';

let server: TestServer;
let users = makeUsers(100);
let timers: FakeTimers;
let ctrl: Controller;
const getUsers = () =>
  new RestEndpoint({ urlPrefix: server.url, path: '/users', schema: [User], dataExpiryLength: 1000 });
const getUser = () =>
  new RestEndpoint({ urlPrefix: server.url, path: '/users/:id', schema: User, dataExpiryLength: 1000 });
const getPosts = () =>
  new RestEndpoint({
    urlPrefix: server.url,
    path: '/posts',
    searchParams: {} as { group: string },
    schema: postCollection,
  });

const gc = suite('Controller.gc');
gc.before(async () => {
  server = await startServer();
  server.route('GET', '/users', (_req, res) => json(res, 200, users));
  server.route('GET', '/users/:id', (req, res) => json(res, 200, users.find((u) => u.id === req.params.id) ?? {}));
  server.route('GET', '/posts', (req, res) =>
    json(res, 200, [{ id: `p-${req.query.get('group')}`, title: 't', group: req.query.get('group') }]),
  );
});
gc.before.each(() => {
  users = makeUsers(100);
  server.requests.length = 0;
  timers = new FakeTimers();
  ctrl = new Controller({ timers, gcInterval: 0 });
});
gc.after(() => server.close());

gc('rows no response references and no live view reads are dropped once they expire', async () => {
  await ctrl.fetch(getUsers());
  const kept = ctrl.get(User, { id: 'u5' })!;
  timers.advance(500);
  users = users.slice(0, 10);
  ctrl.invalidate(getUsers());
  await ctrl.fetch(getUsers());
  assert.is(ctrl.gc(), 0, 'nothing expired yet');
  assert.ok(ctrl.get(User, { id: 'u50' }));
  timers.advance(600); // the first list's rows expired at 1000; the second list is fresh until 1500
  assert.is(ctrl.gc(), 90, 'the 90 rows only the old response had');
  assert.is(ctrl.get(User, { id: 'u50' }), undefined, 'a dropped row is missing');
  assert.is(ctrl.get(User, { id: 'u5' }), kept, 'kept rows keep their objects');
  assert.is(ctrl.get(allUsers)!.length, 10);
  assert.is(ctrl.gc(), 1, 'a second sweep finds only the placeholder the read of u50 left');
  assert.is(ctrl.gc(), 0);
});

gc('an expired response nothing reads is dropped with its rows; the next read fetches again', async () => {
  await ctrl.fetch(getUser(), { id: 'u1' });
  timers.advance(999);
  assert.is(ctrl.gc(), 0);
  timers.advance(1);
  assert.is(ctrl.gc(), 2, 'the response and its row');
  assert.is(ctrl.response(getUser(), { id: 'u1' }).value, undefined);
  assert.is(ctrl.meta(getUser(), { id: 'u1' }).value.fetchedAt, 0, 'the key is unknown again');
  assert.ok(ctrl.isStale(getUser(), { id: 'u1' }));
  await ctrl.fetchIfStale(getUser(), { id: 'u1' });
  assert.is(server.count('GET', '/users/u1'), 2);
  assert.is(ctrl.get(User, { id: 'u1' })!.name, 'user 1');
});

gc(
  'a live view keeps what it reaches; unwatched, a held view reads the dropped row as missing, then follows it back',
  async () => {
    await ctrl.fetch(getUser(), { id: 'u1' });
    const view = ctrl.query(User, { id: 'u1' });
    const response = ctrl.response(getUser(), { id: 'u1' });
    const meta = ctrl.meta(getUser(), { id: 'u1' });
    const before = view.value!;
    let seen: unknown;
    const stop = effect(() => void (seen = response.value));
    timers.advance(5000);
    assert.is(ctrl.gc(), 0, 'the watched response keeps itself and its row');
    assert.is(seen, before);
    stop();
    assert.is(ctrl.gc(), 2);
    assert.is(view.value, undefined, 'the unwatched view does not show the dropped row');
    assert.is(response.value, undefined);
    assert.is(meta.value.fetchedAt, 0);
    await ctrl.fetch(getUser(), { id: 'u1' });
    assert.is(view.value!.name, 'user 1', 'the held view follows the row written again');
    assert.is.not(view.value, before);
    assert.is(response.value, view.value);
    assert.is(meta.value.fetchedAt, 5000, 'the held meta follows the key');
  },
);

gc('a mounted view of All keeps every row of its table, expired or not; unmounted, they go', async () => {
  await ctrl.fetch(getUsers());
  // The response is dropped first: only the view can keep the rows.
  ctrl.invalidate(getUsers());
  const all = ctrl.query(allUsers);
  let runs = 0;
  const stop = effect(() => {
    all.value;
    runs++;
  });
  timers.advance(2000);
  assert.is(ctrl.gc(), 1, 'the response only: the mounted view keeps its 100 rows');
  assert.is(all.value!.length, 100);
  assert.is(runs, 1);
  stop();
  assert.is(ctrl.gc(), 100, 'unmounted, the expired rows go');
  assert.is(all.value!.length, 0);
});

gc('a cached object whose nested row was dropped is rebuilt without it', async () => {
  const getPost = new RestEndpoint({ urlPrefix: server.url, path: '/post', schema: Post, dataExpiryLength: 100 });
  server.route('GET', '/post', (_req, res) =>
    json(res, 200, { id: 'p1', title: 'first', author: { id: 'u1', name: 'Ada' } }),
  );
  await ctrl.fetch(getPost);
  const post = ctrl.query(Post, { id: 'p1' });
  const before = post.value!;
  assert.is(before.author!.name, 'Ada');
  ctrl.set(Post, { id: 'p1' }, { id: 'p1', title: 'edited' }); // the post row now lives 60 s
  const edited = post.value!;
  timers.advance(200);
  assert.is(ctrl.gc(), 2, 'the response and the author row');
  const after = post.value!;
  assert.is.not(after, edited, 'no stale object');
  assert.is(after.title, 'edited');
  assert.is(after.author, undefined, 'the dropped author is missing');
  let runs = 0;
  const stop = effect(() => {
    post.value;
    runs++;
  });
  await ctrl.fetch(getUser(), { id: 'u1' });
  assert.is(post.value!.author!.name, 'user 1', 'the author comes back with the next fetch');
  assert.is(runs, 2);
  stop();
});

gc('a stored list whose rows were dropped reads them as missing, then follows them back', () => {
  ctrl.set(User, {
    id: 'u1',
    name: 'Ada',
    posts: [
      { id: 'p1', title: 'one' },
      { id: 'p2', title: 'two' },
    ],
  });
  const user = ctrl.query(User, { id: 'u1' });
  assert.equal(
    user.value!.posts.map((p) => p.title),
    ['one', 'two'],
  );
  timers.advance(59_000);
  ctrl.set(User, { id: 'u1', name: 'Ada L' }); // u1 lives on with the same list of post pks
  assert.is(user.value!.posts[0], ctrl.get(Post, { id: 'p1' }));
  timers.advance(2000);
  assert.is(ctrl.gc(), 2, 'the two posts');
  assert.equal(user.value!.posts, [], 'dropped rows are missing from the list, never stale objects');
  ctrl.set(Post, { id: 'p2', title: 'back' });
  assert.equal(
    user.value!.posts.map((p) => p.title),
    ['back'],
  );
  assert.is(user.value!.posts[0], ctrl.get(Post, { id: 'p2' }));
});

gc('a list read at the root of a view (Lazy) reads dropped rows as missing, then follows them back', () => {
  const posts = new Lazy([Post]);
  ctrl.set(
    [Post],
    [
      { id: 'p1', title: 'one' },
      { id: 'p2', title: 'two' },
    ],
  );
  const view = ctrl.query(posts.query, ['p1', 'p2']);
  const titles = () => (view.value as Post[]).map((p) => p.title);
  assert.equal(titles(), ['one', 'two']);
  ctrl.set(Post, { id: 'p1', title: 'uno' });
  assert.equal(titles(), ['uno', 'two'], 'read again after a write');
  timers.advance(61_000);
  assert.is(ctrl.gc(), 2, 'the two posts');
  assert.equal(view.value, [], 'dropped rows are missing, never stale objects');
  ctrl.set(Post, { id: 'p2', title: 'back' });
  assert.equal(titles(), ['back']);
  assert.is((view.value as Post[])[0], ctrl.get(Post, { id: 'p2' }));
});

gc('placeholders of missing rows and lists and the cells of never-fetched keys are dropped', () => {
  for (let i = 0; i < 200; i++) {
    ctrl.get(User, { id: `missing${i}` });
    ctrl.response(getUser(), { id: `missing${i}` }).value;
    ctrl.getError(getUser(), { id: `missing${i}` });
    ctrl.meta(getUser(), { id: `missing${i}` }).value;
    ctrl.get(postCollection, { group: `g${i}` });
  }
  assert.is(ctrl.gc(), 600, '200 row placeholders, 200 list placeholders, 200 response cells (one per key)');
  assert.is(ctrl.gc(), 0);
});

gc('a watched placeholder stays and sees its row arrive', async () => {
  let name: unknown = 'unset';
  const stop = effect(() => void (name = ctrl.get(User, { id: 'u7' })?.name));
  assert.is(name, undefined);
  assert.is(ctrl.gc(), 0);
  await ctrl.fetch(getUser(), { id: 'u7' });
  assert.is(name, 'user 7');
  stop();
});

gc('requests in flight and subscriptions keep their responses; lists of fresh responses stay', async () => {
  await ctrl.fetch(getPosts(), { group: 'a' });
  const stop = ctrl.subscribe(getUser(), { id: 'u2' });
  await ctrl.fetchIfStale(getUser(), { id: 'u2' });
  timers.advance(500);
  assert.is(ctrl.gc(), 0, 'the fresh posts response keeps its list and rows');
  assert.is(ctrl.get(postCollection, { group: 'a' })!.length, 1);
  timers.advance(60_000);
  assert.is(ctrl.gc(), 3, 'posts response, list and row; the subscribed key stays with its row');
  assert.is(ctrl.get(User, { id: 'u2' })!.name, 'user 2');
  stop();
  assert.is(ctrl.gc(), 2);
});

gc('a row under a pending optimistic layer survives a sweep; the rollback shows its server value', async () => {
  await ctrl.fetch(getUser(), { id: 'u4' });
  let fail: (error: Error) => void = () => {};
  const rename = new Endpoint(
    (_params: { id: string }, _body: { name: string }) => new Promise((_resolve, reject) => (fail = reject)),
    {
      name: 'rename',
      schema: User,
      sideEffect: true,
      getOptimisticResponse: (_snap: unknown, params: { id: string }, body: { name: string }) => ({
        ...params,
        ...body,
      }),
    },
  );
  const pending = ctrl.fetch(rename, { id: 'u4' }, { name: 'optimistic' }).catch((e) => e);
  assert.is(ctrl.get(User, { id: 'u4' })!.name, 'optimistic');
  timers.advance(5000);
  assert.is(ctrl.gc(), 1, 'the expired response goes; the row under the layer stays');
  assert.is(ctrl.get(User, { id: 'u4' })!.name, 'optimistic');
  fail(new Error('refused'));
  await pending;
  assert.is(ctrl.get(User, { id: 'u4' })!.name, 'user 4', 'rolled back to the server row');
  assert.is(ctrl.gc(), 1, 'then, nothing holding it, the row goes too');
});

gc('the Controller sweeps every gcInterval on its clock; 0 turns it off', async () => {
  const swept = new Controller({ timers, gcInterval: 700 });
  await swept.fetch(getUser(), { id: 'u3' });
  assert.equal(timers.intervals(), [700]);
  const row = swept.query(User, { id: 'u3' });
  timers.advance(700);
  assert.ok(row.value, 'fresh until 1000: kept by the sweep at 700');
  timers.advance(700);
  assert.is(row.value, undefined, 'dropped by the sweep at 1400');
  const quiet = new FakeTimers();
  new Controller({ timers: quiet, gcInterval: 0 });
  assert.is(quiet.size, 0);
});

gc('the sweep timer does not keep a Controller alive: a dropped one is collected and its timer stops', async () => {
  const clock = new FakeTimers();
  let weak: WeakRef<Controller> | undefined;
  await (async () => {
    const dropped = new Controller({ timers: clock, gcInterval: 700 });
    await dropped.fetch(getUser(), { id: 'u3' });
    weak = new WeakRef(dropped);
  })();
  assert.equal(clock.intervals(), [700]);
  // Cleared by the finalizer, before any tick: a server making a Controller per request
  // keeps no timer per past request.
  await collectUntil(
    () => weak!.deref() === undefined && clock.intervals().length === 0,
    'the dropped Controller collected and its interval cleared',
  );
  assert.equal(clock.intervals(), []);
});

gc('a collected Controller whose finalizer has not run yet: its next tick clears the interval', async () => {
  const clock = new FakeTimers();
  let weak: WeakRef<Controller> | undefined;
  (() => {
    weak = new WeakRef(new Controller({ timers: clock, gcInterval: 700 }));
  })();
  // A later job: the WeakRef made in this one no longer keeps its target.
  await sleep(0);
  const collect = (globalThis as { gc?: () => void }).gc!;
  collect();
  collect();
  // Finalizers run in a task of their own: this tick comes before it.
  clock.advance(700);
  assert.equal(clock.intervals(), [], 'the tick found the Controller gone and cleared the interval');
  assert.is(weak!.deref(), undefined);
});

gc.run();

//#region release
const free = suite('release: placeholders and removed rows freed without a sweep');
free.before(async () => {
  server = await startServer();
  server.route('GET', '/users', (_req, res) => json(res, 200, users));
  server.route('GET', '/users/:id', (req, res) => json(res, 200, users.find((u) => u.id === req.params.id) ?? {}));
  server.route('GET', '/posts', (_req, res) => json(res, 200, []));
});
free.before.each(() => {
  users = makeUsers(100);
  server.requests.length = 0;
  ctrl = new Controller({ gcInterval: 0 });
});
free.after(() => server.close());

/** The end of the task: the release runs in a microtask. */
const endOfTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

free(
  '100,000 reads of never-fetched keys leave nothing once the task ends (response, getError, Collection, rows)',
  async () => {
    const endpoint = getUser();
    const posts = getPosts();
    for (let i = 0; i < 25_000; i++) {
      ctrl.response(endpoint, { id: `never${i}` }).value;
      ctrl.getError(endpoint, { id: `other${i}` });
      ctrl.get(postCollection, { group: `g${i}` });
      ctrl.get(User, { id: `missing${i}` });
    }
    // 50,000 response cells, 25,000 lists and 50,000 rows (a response of an Entity endpoint
    // never fetched reads the row its args name).
    assert.is(cellCount(ctrl), 125_000, 'placeholders while the task runs');
    await endOfTask();
    assert.is(cellCount(ctrl), 0);
    // Read again, they are missing, as before.
    assert.is(ctrl.getResponse(endpoint, { id: 'never1' }), undefined);
    assert.is(ctrl.get(User, { id: 'missing1' }), undefined);
    await ctrl.fetch(posts, { group: 'g1' });
    assert.equal(ctrl.get(postCollection, { group: 'g1' }), []);
  },
);

free('a view that read a freed placeholder shows the data that comes later', async () => {
  const endpoint = getUser();
  const view = ctrl.response(endpoint, { id: 'u3' });
  const row = ctrl.query(User, { id: 'u3' });
  assert.is(view.value, undefined);
  assert.is(row.value, undefined);
  await endOfTask();
  assert.is(cellCount(ctrl), 0, 'freed, though the views are held');
  await ctrl.fetch(endpoint, { id: 'u3' });
  assert.is(view.value!.name, 'user 3');
  assert.is(row.value, view.value);
});

free(
  'a missing row a stored response or row points to is left to the sweep: the values read stay the same objects',
  async () => {
    const endpoint = getPosts();
    ctrl.setResponse(endpoint, { group: 'g' }, [{ id: 'p1', title: 'one', group: 'g', author: 'u404' }]);
    const response = ctrl.getResponse(endpoint, { group: 'g' });
    const post = ctrl.get(Post, { id: 'p1' });
    assert.is(response![0]!.author, undefined);
    const cells = cellCount(ctrl);
    await endOfTask();
    assert.is(cellCount(ctrl), cells, 'the placeholder of u404 is kept');
    assert.is(ctrl.getResponse(endpoint, { group: 'g' }), response, 'the same response object');
    assert.is(ctrl.get(Post, { id: 'p1' }), post, 'the same row object');
  },
);

free('a watched placeholder stays while its reader does, and is freed once it leaves', async () => {
  let seen: unknown = 'unset';
  const stop = effect(() => void (seen = ctrl.get(User, { id: 'u9' })?.name));
  await endOfTask();
  assert.is(cellCount(ctrl), 1);
  ctrl.set(User, { id: 'u9', name: 'arrived' });
  assert.is(seen, 'arrived', 'the reader sees its row arrive');
  const stop2 = effect(() => void ctrl.get(User, { id: 'u10' }));
  await endOfTask();
  stop2();
  await endOfTask();
  assert.is(cellCount(ctrl), 1, 'the row stays; the placeholder whose reader left is freed');
  stop();
});

free('100,000 rows removed by Invalidate are freed once the task ends; a reader sees them gone', async () => {
  const Remove = new RestEndpoint({
    urlPrefix: server.url,
    path: '/users',
    method: 'DELETE',
    schema: [new Invalidate(User)],
  });
  const many = makeUsers(100_000);
  ctrl.setResponse(getUsers(), many);
  const all = ctrl.query(allUsers);
  assert.is(all.value!.length, 100_000);
  ctrl.setResponse(
    Remove,
    many.map((u) => u.id),
  );
  assert.is(all.value!.length, 0);
  await endOfTask();
  assert.is(cellCount(ctrl), 1, 'no removed row kept: the response of the list alone');
  assert.is(ctrl.get(User, { id: 'u1' }), undefined);
});

free(
  'a removed row stays remembered while an older request is in flight: its late answer does not bring it back',
  async () => {
    let answer!: () => void;
    server.route('GET', '/users', async (_req, res) => {
      await new Promise<void>((resolve) => (answer = resolve));
      json(res, 200, users);
    });
    ctrl.set(User, { id: 'u1', name: 'old' });
    const older = ctrl.fetch(getUsers());
    while (answer === undefined) await sleep(2);
    const Remove = new RestEndpoint({
      urlPrefix: server.url,
      path: '/users/:id',
      method: 'DELETE',
      schema: new Invalidate(User),
    });
    ctrl.setResponse(Remove, { id: 'u1' }, 'u1');
    await endOfTask();
    assert.is(cellCount(ctrl), 1, 'the removed row is kept while the older request is in flight');
    answer();
    await older;
    assert.is(ctrl.get(User, { id: 'u1' }), undefined, 'the older answer did not bring it back');
    assert.is(ctrl.get(User, { id: 'u2' })!.name, 'user 2');
    await endOfTask();
    assert.is(
      cellCount(ctrl),
      100,
      '99 rows and the response: the removed row freed once no older request is in flight',
    );
    server.route('GET', '/users', (_req, res) => json(res, 200, users));
  },
);
//#endregion

free.run();
