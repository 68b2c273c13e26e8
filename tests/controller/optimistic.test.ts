// Optimistic updates as layers (DESIGN rule 11), on the real HTTP fixture: every race is
// written as the sequence of values a reader saw.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { All, Controller, Entity, RestEndpoint, Union, effect, resource } from '../../src/index.js';
import { holdRoute, optimisticPatch, type HeldRoute } from '../_fixtures/held.js';
import { User, makeUsers } from '../_fixtures/models.js';
import { json, startServer, type TestServer } from '../_fixtures/server.js';
import { Task } from '../_fixtures/models.js';

class Article extends Entity {
  id = '';
  title = '';
  content = '';
  tags: string[] = [];
  override pk() {
    return this.id;
  }
  static override key = 'Article';
}

const base = { id: 'a1', title: 'base', content: 'base', tags: [] as string[] };

interface Ctx {
  server: TestServer;
  ctrl: Controller;
  patches: HeldRoute;
  getArticle: RestEndpoint<'/articles/:id', {}, 'GET', unknown, any, typeof Article>;
  update: RestEndpoint<'/articles/:id', {}, 'PATCH', Partial<Article>, any, typeof Article>;
}

/** Every value `read` showed, starting with the current one (a re-run showing the same value adds nothing). */
function watch<T>(read: () => T): { seen: T[]; stop: () => void } {
  const seen: T[] = [];
  const stop = effect(() => {
    const value = read();
    if (seen.length === 0 || seen[seen.length - 1] !== value) seen.push(value);
  });
  return { seen, stop };
}

async function setup(ctx: Ctx) {
  ctx.server = await startServer();
  ctx.server.route('GET', '/articles/:id', (_req, res) => json(res, 200, base));
  ctx.patches = holdRoute(ctx.server, 'PATCH', '/articles/:id');
  ctx.ctrl = new Controller();
  ctx.getArticle = new RestEndpoint({ urlPrefix: ctx.server.url, path: '/articles/:id', schema: Article });
  ctx.update = new RestEndpoint({
    urlPrefix: ctx.server.url,
    path: '/articles/:id',
    method: 'PATCH',
    schema: Article,
    name: 'updateArticle',
    body: {} as Partial<Article>,
    getOptimisticResponse: (_snap, params, body) => ({ ...params, ...body }),
  });
  await ctx.ctrl.fetch(ctx.getArticle, { id: 'a1' });
}

//#region one mutation
const one = suite<Ctx>('getOptimisticResponse');
one.before.each(setup);
one.after.each((ctx) => ctx.server.close());

one('shows at once in one batch, then the server value takes its place', async ({ ctrl, update, patches }) => {
  const reader = watch(() => ctrl.get(Article, { id: 'a1' })?.title);
  const done = ctrl.fetch(update, { id: 'a1' }, { title: 'optimistic' });
  assert.equal(reader.seen, ['base', 'optimistic'], 'shown synchronously');
  const held = await patches.next();
  assert.equal(held.body, { title: 'optimistic' });
  held.reply(200, { ...base, title: 'server' });
  const article = await done;
  assert.is(article.title, 'server');
  assert.equal(reader.seen, ['base', 'optimistic', 'server']);
  reader.stop();
});

one(
  'a failure rolls back, keeping server data that arrived meanwhile',
  async ({ ctrl, update, patches, server, getArticle }) => {
    const title = watch(() => ctrl.get(Article, { id: 'a1' })?.title);
    const content = watch(() => ctrl.get(Article, { id: 'a1' })?.content);
    const done = ctrl.fetch(update, { id: 'a1' }, { title: 'optimistic' }).then(
      () => undefined,
      (e: Error) => e,
    );
    const held = await patches.next();
    server.route('GET', '/articles/:id', (_req, res) => json(res, 200, { ...base, content: 'newer' }));
    await ctrl.fetch(getArticle, { id: 'a1' });
    held.reply(500, { error: 'nope' });
    const error = await done;
    assert.match(error!.message, 'updateArticle');
    assert.equal(title.seen, ['base', 'optimistic', 'base']);
    assert.equal(content.seen, ['base', 'newer']);
    title.stop();
    content.stop();
  },
);

one('a GET that started before the layer does not hide it when it lands', async (ctx) => {
  const { ctrl, update, patches, server, getArticle } = ctx;
  const gets = holdRoute(server, 'GET', '/articles/:id');
  const reader = watch(() => ctrl.get(Article, { id: 'a1' })?.title);
  const get = ctrl.fetch(getArticle, { id: 'a1' });
  const heldGet = await gets.next();
  const done = ctrl.fetch(update, { id: 'a1' }, { title: 'optimistic' });
  heldGet.reply(200, { ...base, title: 'stale', content: 'fresh' });
  await get;
  assert.is(ctrl.get(Article, { id: 'a1' })!.content, 'fresh');
  assert.equal(reader.seen, ['base', 'optimistic']);
  (await patches.next()).reply(200, { ...base, title: 'server', content: 'fresh' });
  await done;
  assert.equal(reader.seen, ['base', 'optimistic', 'server']);
  reader.stop();
});

one(
  "a throwing getOptimisticResponse is the key's error, named, until the request (sent all the same) settles, as in data-client",
  async ({ ctrl, update, patches }) => {
    const broken = update.extend({
      getOptimisticResponse() {
        throw new Error('no snapshot');
      },
    });
    const reader = watch(() => ctrl.get(Article, { id: 'a1' })?.title);
    const done = ctrl.fetch(broken, { id: 'a1' }, { title: 'x' });
    assert.match(
      ctrl.getError(broken, { id: 'a1' }, { title: 'x' })!.message,
      /^updateArticle: getOptimisticResponse failed: no snapshot/,
    );
    assert.equal(reader.seen, ['base'], 'nothing shown');
    (await patches.next()).reply(200, { ...base, title: 'server' });
    assert.is((await done).title, 'server');
    assert.is(ctrl.getError(broken, { id: 'a1' }, { title: 'x' }), undefined, 'settled: the error is taken back');
    assert.equal(reader.seen, ['base', 'server']);

    const badShape = update.extend({ getOptimisticResponse: () => ({ title: 'no pk' }) });
    const second = ctrl.fetch(badShape, { id: 'a1' }, { title: 'x' });
    assert.match(ctrl.getError(badShape, { id: 'a1' }, { title: 'x' })!.message, 'updateArticle');
    (await patches.next()).reply(200, { ...base, title: 'server 2' });
    await second;
    assert.is(ctrl.getError(badShape, { id: 'a1' }, { title: 'x' }), undefined);
    reader.stop();
  },
);

one('throw snap.abort shows nothing and still sends the request', async ({ ctrl, update, patches }) => {
  const aborting = update.extend({
    getOptimisticResponse(snap: any) {
      throw snap.abort;
    },
  });
  const reader = watch(() => ctrl.get(Article, { id: 'a1' })?.title);
  const done = ctrl.fetch(aborting, { id: 'a1' }, { title: 'x' });
  assert.equal(reader.seen, ['base']);
  (await patches.next()).reply(200, { ...base, title: 'server' });
  await done;
  assert.equal(reader.seen, ['base', 'server']);
  reader.stop();
});

one('an aborted mutation rolls its layer back', async ({ ctrl, update, patches }) => {
  const controller = new AbortController();
  const reader = watch(() => ctrl.get(Article, { id: 'a1' })?.title);
  const done = ctrl
    .fetch(update.extend({ signal: controller.signal }), { id: 'a1' }, { title: 'optimistic' })
    .catch((e: Error) => e);
  await patches.next();
  controller.abort();
  assert.is(((await done) as Error).name, 'AbortError');
  assert.equal(reader.seen, ['base', 'optimistic', 'base']);
  reader.stop();
});

one('snap.get reads the optimistic state; snap.fetchedAt is the fetch start', async ({ server }) => {
  let now = 1000;
  const ctrl = new Controller({ clock: () => now });
  class Counter extends Entity {
    id = '';
    n = 0;
    override pk() {
      return this.id;
    }
    static override key = 'Counter';
  }
  const posts = holdRoute(server, 'POST', '/counters/:id/inc');
  const starts: number[] = [];
  const inc = new RestEndpoint({
    urlPrefix: server.url,
    path: '/counters/:id/inc',
    method: 'POST',
    body: undefined,
    schema: Counter,
    getOptimisticResponse(snap, params) {
      starts.push(snap.fetchedAt);
      const counter = snap.get(Counter, params);
      return { id: params.id, n: (counter?.n ?? 0) + 1 };
    },
  });
  ctrl.set(Counter, { id: 'c' }, { id: 'c', n: 0 });
  const reader = watch(() => ctrl.get(Counter, { id: 'c' })?.n);
  const first = ctrl.fetch(inc, { id: 'c' });
  now = 2000;
  const second = ctrl.fetch(inc, { id: 'c' });
  assert.equal(reader.seen, [0, 1, 2]);
  assert.equal(starts, [1000, 2000]);
  (await posts.next()).reply(200, { id: 'c', n: 1 });
  await first;
  (await posts.next()).reply(200, { id: 'c', n: 2 });
  await second;
  assert.equal(reader.seen, [0, 1, 2]);
  reader.stop();
});

one('an optimistic edit re-runs only the readers of the edited row, both ways', async ({ server }) => {
  const ctrl = new Controller();
  const users = makeUsers(1000);
  server.route('GET', '/users', (_req, res) => json(res, 200, users));
  const patches = holdRoute(server, 'PATCH', '/users/:id');
  await ctrl.fetch(new RestEndpoint({ urlPrefix: server.url, path: '/users', schema: [User] }));
  const rename = optimisticPatch(server.url, '/users/:id', User);
  const runs = new Array(users.length).fill(0);
  const stops = users.map((u, i) =>
    effect(() => {
      ctrl.get(User, { id: u.id });
      runs[i]++;
    }),
  );
  const rerun = () => runs.flatMap((n, i) => (n > 1 ? [`${i}:${n}`] : []));
  const done = ctrl.fetch(rename, { id: 'u7' }, { name: 'renamed' });
  assert.equal(rerun(), ['6:2']);
  (await patches.next()).reply(500, {});
  await done.catch(() => {});
  assert.equal(rerun(), ['6:3']);
  assert.is(ctrl.get(User, { id: 'u7' })!.name, 'user 7');
  stops.forEach((stop) => stop());
});

one.run();
//#endregion

//#region overlapping mutations
const overlap = suite<Ctx>('overlapping optimistic mutations of one row');
overlap.before.each(setup);
overlap.after.each((ctx) => ctx.server.close());

overlap('clears only earlier layers when a later request resolves first (data-client model)', async (ctx) => {
  const { ctrl, update, patches } = ctx;
  const seen = watch(() => {
    const a = ctrl.get(Article, { id: 'a1' })!;
    return `${a.title}/${a.content}/${a.tags.join()}`;
  });
  const first = ctrl.fetch(update, { id: 'a1' }, { title: 'firstoptimistic', content: 'firstoptimistic' });
  const second = ctrl.fetch(update, { id: 'a1' }, { title: 'secondoptimistic' });
  const third = ctrl.fetch(update, { id: 'a1' }, { tags: ['thirdoptimistic'] });
  const held = [await patches.next(), await patches.next(), await patches.next()];
  held[1].reply(200, { ...base, title: 'second' });
  await second;
  held[0].reply(200, { ...base, title: 'first', content: 'first' });
  await first;
  held[2].reply(200, { ...base, title: 'second', tags: ['third'] });
  await third;
  assert.equal(seen.seen, [
    'base/base/',
    'firstoptimistic/firstoptimistic/',
    'secondoptimistic/firstoptimistic/',
    'secondoptimistic/firstoptimistic/thirdoptimistic',
    'second/base/thirdoptimistic',
    'second/base/third',
  ]);
  seen.stop();
});

overlap(
  'a settled request computes the pending layers again; rows whose value stays keep their object and readers',
  async (ctx) => {
    const { ctrl, update, patches } = ctx;
    ctrl.set(Article, { id: 'a2' }, { ...base, id: 'a2' });
    let runs = 0;
    const stop = effect(() => {
      ctrl.get(Article, { id: 'a2' });
      runs++;
    });
    const first = ctrl.fetch(update, { id: 'a1' }, { title: 'one' });
    const second = ctrl.fetch(update, { id: 'a2' }, { title: 'two' });
    assert.is(runs, 2, 'the layer over a2 re-ran its reader once');
    const shown = ctrl.get(Article, { id: 'a2' });
    const held = [await patches.next(), await patches.next()];
    held[0]!.reply(200, { ...base, title: 'one' });
    await first;
    assert.is(ctrl.get(Article, { id: 'a2' }), shown, 'a2 recomputed to the same value: the same object');
    assert.is(runs, 2, 'and its reader did not re-run');
    held[1]!.reply(200, { ...base, id: 'a2', title: 'two' });
    await second;
    assert.is(ctrl.get(Article, { id: 'a2' })!.title, 'two');
    stop();
  },
);

overlap('a later layer that spread the row is computed again over the server answer of an earlier one', async (ctx) => {
  const { ctrl, server, patches } = ctx;
  // As resource({ optimistic: true }).partialUpdate: the cached row with the body over it.
  const partial = new RestEndpoint({
    urlPrefix: server.url,
    path: '/articles/:id',
    method: 'PATCH',
    schema: Article,
    body: {} as Partial<Article>,
    getOptimisticResponse: (snap, params, body) => ({ ...snap.get(Article, params), ...body }),
  });
  const seen = watch(() => {
    const a = ctrl.get(Article, { id: 'a1' })!;
    return `${a.title}/${a.content}`;
  });
  const first = ctrl.fetch(partial, { id: 'a1' }, { content: 'guess' });
  const second = ctrl.fetch(partial, { id: 'a1' }, { title: 'later' });
  const held = [await patches.next(), await patches.next()];
  held[0]!.reply(200, { ...base, content: 'server' });
  await first;
  // Computed once, the second layer would keep 'guess' over the server's 'server'.
  assert.is(ctrl.get(Article, { id: 'a1' })!.content, 'server');
  held[1]!.reply(200, { ...base, title: 'later', content: 'server' });
  await second;
  assert.equal(seen.seen, ['base/base', 'base/guess', 'later/guess', 'later/server']);
  seen.stop();
});

/** All orders of 0..n-1. */
function permutations(n: number): number[][] {
  if (n === 1) return [[0]];
  return permutations(n - 1).flatMap((p) =>
    Array.from({ length: n }, (_, i) => [...p.slice(0, i), n - 1, ...p.slice(i)]),
  );
}

overlap(
  'any answer order, any failures: each step shows pending layers over successes by start; the end is the last-started success',
  async (ctx) => {
    const { ctrl, update, patches } = ctx;
    let cases = 0;
    for (const order of permutations(3)) {
      for (let failures = 0; failures < 8; failures++) {
        ctrl.set(Article, { id: 'a1' }, base);
        const reader = watch(() => ctrl.get(Article, { id: 'a1' })!.title);
        const titles = ['m0', 'm1', 'm2'];
        const runs = titles.map((title) => ctrl.fetch(update, { id: 'a1' }, { title }).catch(() => 'failed'));
        const held = [await patches.next(), await patches.next(), await patches.next()];
        const settled: number[] = [];
        const expected = ['base', 'm0', 'm1', 'm2'];
        // Model: the newest of pending layers and successes by start wins; failures vanish.
        const model = () => {
          for (let i = 2; i >= 0; i--) {
            const failed = (failures >> i) & 1;
            if (!settled.includes(i) || !failed) return titles[i];
          }
          return 'base';
        };
        for (const i of order) {
          const fail = (failures >> i) & 1;
          held[i].reply(fail ? 500 : 200, { ...base, title: titles[i] });
          await runs[i];
          settled.push(i);
          const want = model();
          if (expected[expected.length - 1] !== want) expected.push(want);
          assert.is(ctrl.get(Article, { id: 'a1' })!.title, want, `order ${order} failures ${failures}`);
        }
        assert.equal(reader.seen, expected, `order ${order} failures ${failures}`);
        reader.stop();
        cases++;
      }
    }
    assert.is(cases, 48);
  },
);

overlap.run();
//#endregion

//#region lists
const lists = suite<{ server: TestServer; ctrl: Controller }>('optimistic creates and deletes');
lists.before.each(async (ctx) => {
  ctx.server = await startServer();
  ctx.ctrl = new Controller();
});
lists.after.each((ctx) => ctx.server.close());

const Todo = Task;
type Todo = Task;

lists(
  'a create shows under a client id at once; the answer leaves one copy in the same place',
  async ({ server, ctrl }) => {
    const TodoResource = resource({ urlPrefix: server.url, path: '/todos/:id', schema: Todo });
    server.route('GET', '/todos', (_req, res) =>
      json(res, 200, [
        { id: '1', title: 'one' },
        { id: '2', title: 'two' },
      ]),
    );
    const posts = holdRoute(server, 'POST', '/todos');
    await ctrl.fetch(TodoResource.getList);
    const create = TodoResource.getList.push.extend({
      getOptimisticResponse: (_snap: unknown, body: { title: string }) => ({ id: `tmp-${body.title}`, ...body }),
    });
    const ids = watch(() =>
      ctrl
        .get(TodoResource.getList.schema)
        ?.map((t) => `${t.id}:${t.title}`)
        .join(' '),
    );
    const all = watch(() => ctrl.get(new All(Todo))?.length);
    const done = ctrl.fetch(create, { title: 'three' });
    assert.equal(ids.seen, ['1:one 2:two', '1:one 2:two tmp-three:three']);
    (await posts.next()).reply(201, { id: '3', title: 'Three (saved)' });
    await done;
    assert.equal(ids.seen, ['1:one 2:two', '1:one 2:two tmp-three:three', '1:one 2:two 3:Three (saved)']);
    assert.equal(all.seen, [2, 3]);
    assert.is(ctrl.get(Todo, { id: 'tmp-three' }), undefined);
    ids.stop();
    all.stop();
  },
);

lists('a failed create takes the item out again', async ({ server, ctrl }) => {
  const TodoResource = resource({ urlPrefix: server.url, path: '/todos/:id', schema: Todo });
  server.route('GET', '/todos', (_req, res) => json(res, 200, [{ id: '1', title: 'one' }]));
  const posts = holdRoute(server, 'POST', '/todos');
  await ctrl.fetch(TodoResource.getList);
  const create = TodoResource.getList.unshift.extend({
    getOptimisticResponse: (_snap: unknown, body: { title: string }) => ({ id: 'tmp', ...body }),
  });
  const ids = watch(() =>
    ctrl
      .get(TodoResource.getList.schema)
      ?.map((t) => t.id)
      .join(' '),
  );
  const done = ctrl.fetch(create, { title: 'x' }).catch((e: Error) => e);
  (await posts.next()).reply(500, {});
  assert.instance(await done, Error);
  assert.equal(ids.seen, ['1', 'tmp 1', '1']);
  ids.stop();
});

lists(
  'an optimistic delete leaves every list, All and view at once, with no hole; a failure restores it',
  async ({ server, ctrl }) => {
    const TodoResource = resource({ urlPrefix: server.url, path: '/todos/:id', schema: Todo });
    server.route('GET', '/todos', (_req, res) =>
      json(res, 200, [
        { id: '1', title: 'one', userId: 'a' },
        { id: '2', title: 'two', userId: 'a' },
      ]),
    );
    const deletes = holdRoute(server, 'DELETE', '/todos/:id');
    await ctrl.fetch(TodoResource.getList);
    await ctrl.fetch(TodoResource.getList, { userId: 'a' });
    const remove = TodoResource.delete.extend({
      getOptimisticResponse: (_snap: unknown, params: { id: string }) => params,
    });
    const seen = watch(() =>
      [
        ctrl
          .get(TodoResource.getList.schema)
          ?.map((t) => t.id)
          .join(),
        ctrl
          .get(TodoResource.getList.schema, { userId: 'a' })
          ?.map((t) => t.id)
          .join(),
        ctrl
          .get(new All(Todo))
          ?.map((t) => t.id)
          .join(),
        String(ctrl.get(Todo, { id: '1' })?.title),
      ].join(' | '),
    );
    const failed = ctrl.fetch(remove, { id: '1' }).catch((e: Error) => e);
    (await deletes.next()).reply(500, {});
    await failed;
    const done = ctrl.fetch(remove, { id: '1' });
    (await deletes.next()).reply(200, { id: '1' });
    await done;
    assert.equal(seen.seen, [
      '1,2 | 1,2 | 1,2 | one',
      '2 | 2 | 2 | undefined',
      '1,2 | 1,2 | 1,2 | one',
      '2 | 2 | 2 | undefined',
    ]);
    seen.stop();
  },
);

lists(
  'a delete through Invalidate takes the row out of every list, All, Union and view in one batch',
  async ({ server, ctrl }) => {
    const TodoResource = resource({ urlPrefix: server.url, path: '/todos/:id', schema: Todo });
    server.route('GET', '/todos', (_req, res) =>
      json(res, 200, [
        { id: '1', title: 'one' },
        { id: '2', title: 'two' },
      ]),
    );
    server.route('DELETE', '/todos/:id', (_req, res) => {
      res.writeHead(204).end();
    });
    await ctrl.fetch(TodoResource.getList);
    const feed = new Union({ todo: Todo }, () => 'todo');
    const both = { list: TodoResource.getList.schema, all: new All(Todo), feed: [feed] };
    ctrl.set(both.feed, [{ id: '1' }, { id: '2' }]);
    let runs = 0;
    const seen = watch(() => {
      runs++;
      const list = ctrl.get(both.list)!;
      const all = ctrl.get(both.all)!;
      const feedItems = [ctrl.get(feed, { id: '1' }), ctrl.get(feed, { id: '2' })].filter(Boolean);
      return `${list.map((t) => t.id)}/${all.map((t) => t.id)}/${feedItems.map((t) => t!.id)}/${ctrl.get(Todo, { id: '2' })?.title}`;
    });
    await ctrl.fetch(TodoResource.delete, { id: '2' });
    assert.equal(seen.seen, ['1,2/1,2/1,2/two', '1/1/1/undefined']);
    assert.is(runs, 2, 'one batch');
    seen.stop();
  },
);

lists.run();
//#endregion
