// Founding spec, "Query" rules 1–5 and the sort-by-orderBy pattern with a Collection,
// against a real HTTP server.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { All, Collection, Controller, Entity, Lazy, Query, RestEndpoint, effect, schema } from '../../src/index.js';
import { type Article, Link, feedItem } from '../_fixtures/models.js';
import { Post, Stats, Ticker, User } from '../_fixtures/spec-models.js';
import { json, startServer, type TestServer } from '../_fixtures/server.js';

type Ctx = { server: TestServer };

const isTypeError = (error: unknown) => error instanceof TypeError;

/** Tickers, stats and users served by every suite here. */
async function startMarket(ctx: Ctx) {
  ctx.server = await startServer();
  const tickers: Record<string, number> = { 'BTC-USD': 101.5, 'ETH-USD': 3001 };
  const stats: Record<string, number> = { 'BTC-USD': 99.25, 'ETH-USD': 2999 };
  ctx.server.route('GET', '/tickers/:product_id', (req, res) =>
    json(res, 200, { product_id: req.params.product_id, price: tickers[req.params.product_id] }),
  );
  ctx.server.route('GET', '/stats/:product_id', (req, res) =>
    json(res, 200, { product_id: req.params.product_id, last: stats[req.params.product_id] }),
  );
  ctx.server.route('GET', '/users', (_req, res) =>
    json(res, 200, [
      { id: 'u1', name: 'Ada', isAdmin: true },
      { id: 'u2', name: 'Bob' },
      { id: 'u3', name: 'Cy', isAdmin: false },
    ]),
  );
}

const marketEndpoints = (server: TestServer) => ({
  getTicker: new RestEndpoint({ urlPrefix: server.url, path: '/tickers/:product_id', schema: Ticker }),
  getStats: new RestEndpoint({ urlPrefix: server.url, path: '/stats/:product_id', schema: Stats }),
  getUsers: new RestEndpoint({ urlPrefix: server.url, path: '/users', schema: [User] }),
});

//#region rule 1
const objectSchema = suite<Ctx>('Query rule 1: an Object schema gives process one object of its keys');
objectSchema.before.each(startMarket);
objectSchema.after.each((ctx) => ctx.server.close());

objectSchema(
  'process receives one object with the schema keys; a member not cached is undefined',
  async ({ server }) => {
    const ctrl = new Controller();
    const { getTicker, getStats } = marketEndpoints(server);
    const seen: any[] = [];
    const joined = new Query(new schema.Object({ ticker: Ticker, stats: Stats }), (entries) => {
      seen.push(entries);
      return entries.ticker?.price ?? entries.stats?.last;
    });
    const btc = { product_id: 'BTC-USD' };
    await ctrl.fetch(getTicker, btc);
    assert.is(ctrl.get(joined, btc), 101.5);
    assert.is(seen.length, 1);
    const entries = seen[0];
    assert.equal(Object.keys(entries).sort(), ['stats', 'ticker']);
    assert.instance(entries.ticker, Ticker);
    assert.is(entries.ticker, ctrl.get(Ticker, btc));
    assert.is(entries.stats, undefined);

    await ctrl.fetch(getStats, btc);
    assert.is(ctrl.get(joined, btc), 101.5);
    const both = seen.at(-1);
    assert.equal(Object.keys(both).sort(), ['stats', 'ticker']);
    assert.instance(both.stats, Stats);
    assert.is(both.stats.last, 99.25);
  },
);

objectSchema(
  'a plain { key: schema } mapping works as the Object schema; process tolerates a missing ticker',
  async ({ server }) => {
    const ctrl = new Controller();
    const { getStats } = marketEndpoints(server);
    const seen: any[] = [];
    const joined = new Query({ ticker: Ticker, stats: Stats }, (entries) => {
      seen.push(entries);
      return entries.ticker?.price ?? entries.stats?.last;
    });
    const eth = { product_id: 'ETH-USD' };
    await ctrl.fetch(getStats, eth);
    assert.is(ctrl.get(joined, eth), 2999);
    assert.equal(Object.keys(seen[0]).sort(), ['stats', 'ticker']);
    assert.is(seen[0].ticker, undefined);
    assert.instance(seen[0].stats, Stats);
  },
);
//#endregion

//#region rule 2
const argsSelect = suite<Ctx>('Query rule 2: args select the entities to join and follow entries');
argsSelect.before.each(startMarket);
argsSelect.after.each((ctx) => ctx.server.close());

argsSelect('the args pick the joined rows and are passed to process after entries', async ({ server }) => {
  const ctrl = new Controller();
  const { getTicker, getStats } = marketEndpoints(server);
  await Promise.all([
    ctrl.fetch(getTicker, { product_id: 'BTC-USD' }),
    ctrl.fetch(getTicker, { product_id: 'ETH-USD' }),
    ctrl.fetch(getStats, { product_id: 'BTC-USD' }),
    ctrl.fetch(getStats, { product_id: 'ETH-USD' }),
  ]);
  const rest: unknown[][] = [];
  const joined = new Query(
    new schema.Object({ ticker: Ticker, stats: Stats }),
    (entries, ...args: [{ product_id: string }]) => {
      rest.push(args);
      return `${entries.ticker?.product_id}/${entries.stats?.product_id}`;
    },
  );
  assert.is(ctrl.get(joined, { product_id: 'ETH-USD' }), 'ETH-USD/ETH-USD');
  assert.is(ctrl.get(joined, { product_id: 'BTC-USD' }), 'BTC-USD/BTC-USD');
  assert.equal(rest, [[{ product_id: 'ETH-USD' }], [{ product_id: 'BTC-USD' }]]);
});

argsSelect('an Entity schema is read by its pk field in the args', async ({ server }) => {
  const ctrl = new Controller();
  const { getTicker } = marketEndpoints(server);
  await ctrl.fetch(getTicker, { product_id: 'ETH-USD' });
  const rest: unknown[][] = [];
  const label = new Query(Ticker, (ticker, ...args: [{ product_id: string; currency: string }]) => {
    rest.push(args);
    return `${ticker.price} ${args[0].currency}`;
  });
  assert.is(ctrl.get(label, { product_id: 'ETH-USD', currency: 'USD' }), '3001 USD');
  assert.equal(rest, [[{ product_id: 'ETH-USD', currency: 'USD' }]]);
});
//#endregion

//#region rule 3
const userCount = new Query(new All(User), (users: User[], { isAdmin }: { isAdmin?: boolean } = {}) =>
  isAdmin === undefined ? users.length : users.filter((u) => u.isAdmin === isAdmin).length,
);

const absentArgs = suite<Ctx>('Query rule 3: the argument object may be absent');
absentArgs.before.each(startMarket);
absentArgs.after.each((ctx) => ctx.server.close());

absentArgs(
  'ctrl.get(query) with no args calls process with entries only; the default {} applies',
  async ({ server }) => {
    const ctrl = new Controller();
    await ctrl.fetch(marketEndpoints(server).getUsers);
    const lengths: number[] = [];
    const counting = new Query(new All(User), (users: User[], ...args: [{ isAdmin?: boolean }?]) => {
      lengths.push(args.length);
      return userCount.process(users, ...args);
    });
    assert.is(ctrl.get(counting), 3);
    assert.equal(lengths, [0], 'process got no argument object');
    assert.is(ctrl.get(userCount), 3);
    assert.is(ctrl.get(userCount, { isAdmin: true }), 1);
    assert.is(ctrl.get(userCount, { isAdmin: false }), 1);
  },
);
//#endregion

//#region rule 4
const noData = suite<Ctx>('Query rule 4: undefined while the cache has no data');
noData.before.each(startMarket);
noData.after.each((ctx) => ctx.server.close());

noData('All, Collection, Entity and Object queries give undefined without calling process', () => {
  const ctrl = new Controller();
  let calls = 0;
  const counted =
    <T>(fn: (entries: any) => T) =>
    (entries: any) => {
      calls++;
      return fn(entries);
    };
  const posts = new Collection([Post]);
  assert.is(
    ctrl.get(
      new Query(
        new All(User),
        counted((u: User[]) => u.length),
      ),
    ),
    undefined,
  );
  assert.is(
    ctrl.get(
      new Query(
        posts,
        counted((p: Post[]) => p.length),
      ),
      { group: 'react' },
    ),
    undefined,
  );
  assert.is(
    ctrl.get(
      new Query(
        Ticker,
        counted((t: Ticker) => t.price),
      ),
      { product_id: 'BTC-USD' },
    ),
    undefined,
  );
  assert.is(
    ctrl.get(
      new Query(
        new schema.Object({ ticker: Ticker, stats: Stats }),
        counted(() => 0),
      ),
      { product_id: 'BTC-USD' },
    ),
    undefined,
  );
  assert.is(calls, 0, 'process is not called without data');
});

noData('a live reader sees undefined until a fetch populates the cache', async ({ server }) => {
  const ctrl = new Controller();
  let calls = 0;
  const count = new Query(new All(User), (users: User[]) => {
    calls++;
    return users.length;
  });
  const seen: unknown[] = [];
  const stop = effect(() => {
    seen.push(ctrl.get(count));
  });
  assert.equal(seen, [undefined]);
  assert.is(calls, 0);
  await ctrl.fetch(marketEndpoints(server).getUsers);
  assert.equal(seen, [undefined, 3]);
  assert.is(calls, 1);
  stop();
});

noData('a fetched empty list is data: process runs on []', async ({ server }) => {
  server.route('GET', '/:group/posts', (_req, res) => json(res, 200, []));
  const ctrl = new Controller();
  const getPosts = new RestEndpoint({ urlPrefix: server.url, path: '/:group/posts', schema: new Collection([Post]) });
  let calls = 0;
  const count = new Query(getPosts.schema, (posts: Post[]) => {
    calls++;
    return posts.length;
  });
  assert.is(ctrl.get(count, { group: 'svelte' }), undefined);
  await ctrl.fetch(getPosts, { group: 'svelte' });
  assert.is(ctrl.get(count, { group: 'svelte' }), 0);
  assert.is(calls, 1);
});
//#endregion

//#region rule 5
const immutable = suite<Ctx>('Query rule 5: process must not mutate entries');
immutable.before.each(startMarket);
immutable.after.each((ctx) => ctx.server.close());

immutable(
  'entries are frozen in development: an in-place sort, a push or a field write throws TypeError',
  async ({ server }) => {
    const ctrl = new Controller();
    const { getUsers, getTicker } = marketEndpoints(server);
    await ctrl.fetch(getUsers);
    await ctrl.fetch(getTicker, { product_id: 'BTC-USD' });
    const sortInPlace = new Query(new All(User), (users: User[]) => users.sort((a, b) => b.name.localeCompare(a.name)));
    const pushOne = new Query(new All(User), (users: User[]) => users.push(users[0]));
    const renameOne = new Query(new All(User), (users: User[]) => {
      users[0].name = 'mutated';
      return users;
    });
    const dropMember = new Query(new schema.Object({ ticker: Ticker, stats: Stats }), (entries) => {
      (entries as { ticker: Ticker | undefined }).ticker = undefined;
      return entries;
    });
    if (process.env.NODE_ENV === 'production') {
      // Production builds skip the freeze (a dev-only check): the entries are plain arrays.
      assert.not.ok(Object.isFrozen(ctrl.get(new All(User))));
      return;
    }
    assert.throws(() => ctrl.get(sortInPlace), isTypeError);
    assert.throws(() => ctrl.get(pushOne), isTypeError);
    assert.throws(() => ctrl.get(renameOne), isTypeError);
    assert.throws(() => ctrl.get(dropMember, { product_id: 'BTC-USD' }), isTypeError);
    assert.equal(
      ctrl.get(new All(User))!.map((u) => `${u.id}:${u.name}`),
      ['u1:Ada', 'u2:Bob', 'u3:Cy'],
      'the cache is untouched',
    );
  },
);

immutable('a sort copies the array first; the cached order stays', async ({ server }) => {
  const ctrl = new Controller();
  await ctrl.fetch(marketEndpoints(server).getUsers);
  const byNameDesc = new Query(new All(User), (users: User[]) =>
    [...users].sort((a, b) => b.name.localeCompare(a.name)),
  );
  const sorted = ctrl.get(byNameDesc)!;
  assert.equal(
    sorted.map((u) => u.name),
    ['Cy', 'Bob', 'Ada'],
  );
  const all = ctrl.get(new All(User))!;
  assert.equal(
    all.map((u) => u.name),
    ['Ada', 'Bob', 'Cy'],
  );
  assert.is(sorted[0], all[2], 'the copy holds the same entity objects');
});
//#endregion

//#region sort by orderBy, with Collection push
type PostArgs = { group: string; author?: string; orderBy?: 'id' | 'title' | 'group' | 'author' };
type PostRow = { id: string; title: string; group: string; author: string };

const sorting = suite<Ctx & { posts: PostRow[] }>('Query: sort by orderBy over a Collection');
sorting.before.each(async (ctx) => {
  ctx.posts = [
    { id: 'p1', title: 'Signals', group: 'react', author: 'ann' },
    { id: 'p2', title: 'Hooks', group: 'react', author: 'bob' },
    { id: 'p3', title: 'Context', group: 'react', author: 'ann' },
    { id: 'v1', title: 'Composition', group: 'vue', author: 'cat' },
  ];
  ctx.server = await startServer();
  // The server filters by group and author and ignores orderBy: sorting is the client's.
  ctx.server.route('GET', '/:group/posts', (req, res) => {
    const author = req.query.get('author');
    json(
      res,
      200,
      ctx.posts.filter((p) => p.group === req.params.group && (author === null || p.author === author)),
    );
  });
  ctx.server.route('POST', '/:group/posts', (req, res) => {
    const post = { ...JSON.parse(req.body), group: req.params.group };
    ctx.posts.push(post);
    json(res, 201, post);
  });
});
sorting.after.each((ctx) => ctx.server.close());

function postEndpoints(server: TestServer) {
  const getPosts = new RestEndpoint({
    urlPrefix: server.url,
    path: '/:group/posts',
    searchParams: {} as { orderBy?: string; author?: string },
    schema: new Collection([Post], { nonFilterArgumentKeys: /orderBy/ }),
  });
  const sortedPosts = new Query(getPosts.schema, (posts: Post[], { orderBy }: Partial<PostArgs> = {}) =>
    orderBy ? [...posts].sort((a, b) => a[orderBy].localeCompare(b[orderBy])) : posts,
  );
  return { getPosts, sortedPosts };
}

const ids = (posts: readonly Post[] | undefined) => posts?.map((p) => p.id);
const titles = (posts: readonly Post[] | undefined) => posts?.map((p) => p.title);

sorting(
  'orderBy sorts by that field with localeCompare; without orderBy the list is returned unchanged',
  async ({ server }) => {
    const ctrl = new Controller();
    const { getPosts, sortedPosts } = postEndpoints(server);
    const byTitle: PostArgs = { group: 'react', orderBy: 'title' };
    await ctrl.fetch(getPosts, byTitle);
    assert.is(server.requests.at(-1)!.path, '/react/posts');
    assert.is(server.requests.at(-1)!.query.get('orderBy'), 'title');
    await ctrl.fetch(getPosts, { group: 'react' });

    assert.equal(titles(ctrl.get(sortedPosts, byTitle)), ['Context', 'Hooks', 'Signals']);
    assert.equal(ids(ctrl.get(getPosts.schema, byTitle)), ['p1', 'p2', 'p3'], 'the cached list keeps server order');
    const plain = ctrl.get(sortedPosts, { group: 'react' })!;
    assert.equal(ids(plain), ['p1', 'p2', 'p3']);
    assert.is(plain, ctrl.get(getPosts.schema, { group: 'react' }), 'the list itself, unchanged');
  },
);

sorting(
  'push joins the unsorted and the orderBy list, but not another group nor another author',
  async ({ server }) => {
    const ctrl = new Controller();
    const { getPosts, sortedPosts } = postEndpoints(server);
    const lists: PostArgs[] = [
      { group: 'react' },
      { group: 'react', orderBy: 'title' },
      { group: 'vue' },
      { group: 'react', author: 'someone-else' },
      { group: 'react', author: 'ann' },
    ];
    for (const args of lists) await ctrl.fetch(getPosts, args);
    assert.equal(ids(ctrl.get(sortedPosts, { group: 'react', author: 'someone-else' })), []);

    const created = await ctrl.fetch(getPosts.push, { group: 'react' }, { id: 'p9', title: 'Actions', author: 'ann' });
    const post = server.requests.at(-1)!;
    assert.is(post.method, 'POST');
    assert.is(post.path, '/react/posts');
    assert.equal(JSON.parse(post.body), { id: 'p9', title: 'Actions', author: 'ann' });
    assert.instance(created, Post);
    assert.is(created, ctrl.get(Post, { id: 'p9' }));
    assert.is(ctrl.get(Post, { id: 'p9' })!.group, 'react');

    assert.equal(
      ids(ctrl.get(sortedPosts, { group: 'react' })),
      ['p1', 'p2', 'p3', 'p9'],
      'appended to the plain list',
    );
    assert.equal(
      titles(ctrl.get(sortedPosts, { group: 'react', orderBy: 'title' })),
      ['Actions', 'Context', 'Hooks', 'Signals'],
      'joins the orderBy list and sorts into place',
    );
    assert.equal(ids(ctrl.get(sortedPosts, { group: 'vue' })), ['v1'], 'another group is untouched');
    assert.equal(
      ids(ctrl.get(sortedPosts, { group: 'react', author: 'someone-else' })),
      [],
      'another author is untouched',
    );
    assert.equal(
      ids(ctrl.get(sortedPosts, { group: 'react', author: 'ann' })),
      ['p1', 'p3', 'p9'],
      'a matching author filter takes it',
    );
  },
);

sorting('identity: an unchanged post is the same object in every list, before and after a push', async ({ server }) => {
  const ctrl = new Controller();
  const { getPosts, sortedPosts } = postEndpoints(server);
  const plainArgs: PostArgs = { group: 'react' };
  const sortedArgs: PostArgs = { group: 'react', orderBy: 'title' };
  const annArgs: PostArgs = { group: 'react', author: 'ann' };
  for (const args of [plainArgs, sortedArgs, annArgs]) await ctrl.fetch(getPosts, args);
  const p1 = ctrl.get(Post, { id: 'p1' })!;
  const find = (args: PostArgs, id: string) => ctrl.get(sortedPosts, args)!.find((p) => p.id === id);
  assert.is(find(plainArgs, 'p1'), p1);
  assert.is(find(sortedArgs, 'p1'), p1);
  assert.is(find(annArgs, 'p1'), p1);
  const p2 = find(plainArgs, 'p2');
  assert.is(find(sortedArgs, 'p2'), p2);

  const sortedBefore = ctrl.get(sortedPosts, sortedArgs)!;
  await ctrl.fetch(getPosts.push, { group: 'react' }, { id: 'p9', title: 'Actions', author: 'ann' });
  const sortedAfter = ctrl.get(sortedPosts, sortedArgs)!;
  assert.is.not(sortedAfter, sortedBefore);
  assert.is(find(plainArgs, 'p1'), p1);
  assert.is(find(sortedArgs, 'p1'), p1);
  assert.is(find(annArgs, 'p1'), p1);
  assert.is(find(sortedArgs, 'p2'), p2);
  assert.is(find(plainArgs, 'p9'), find(sortedArgs, 'p9'));
  assert.is(find(annArgs, 'p9'), find(sortedArgs, 'p9'));
});

sorting(
  'Query results are cached per (query, args): equal args give the same signal and the same value',
  async ({ server }) => {
    const ctrl = new Controller();
    const { getPosts, sortedPosts } = postEndpoints(server);
    const args: PostArgs = { group: 'react', orderBy: 'title' };
    await ctrl.fetch(getPosts, args);
    await ctrl.fetch(getPosts, { group: 'vue' });

    assert.is(ctrl.query(sortedPosts, args), ctrl.query(sortedPosts, { ...args }));
    assert.is(
      ctrl.query(sortedPosts, args),
      ctrl.query(sortedPosts, { orderBy: 'title', group: 'react' }),
      'key order does not matter',
    );
    assert.is.not(ctrl.query(sortedPosts, args), ctrl.query(sortedPosts, { group: 'vue' }));
    const sorted = ctrl.get(sortedPosts, args);
    assert.ok(sorted);
    assert.is(ctrl.get(sortedPosts, { ...args }), sorted);

    let calls = 0;
    const counting = new Query(getPosts.schema, (posts: Post[], a: Partial<PostArgs> = {}) => {
      calls++;
      return sortedPosts.process(posts, a);
    });
    const signal = ctrl.query(counting, args);
    const first = signal.value;
    assert.is(ctrl.query(counting, { ...args }).value, first);
    assert.is(calls, 1, 're-reading runs process once');

    // A push into another group reaches nothing this result read.
    await ctrl.fetch(getPosts.push, { group: 'vue' }, { id: 'v2', title: 'Refs', author: 'dan' });
    assert.equal(ids(ctrl.get(sortedPosts, { group: 'vue' })), ['v1', 'v2']);
    assert.is(ctrl.get(sortedPosts, args), sorted, 'an unrelated push keeps the result object');
    assert.is(signal.value, first);
  },
);
//#endregion

//#region queryable schemas

class Author extends Entity {
  id = '';
  name = '';
  posts: string[] = [];
  override pk() {
    return this.id;
  }
  static override key = 'Author';
  static override schema = { posts: new Lazy([Post]) };
}

const queryable = suite<Ctx>('Query: Union, Query and lazy-field schemas are queryable');
queryable.before.each(async (ctx) => {
  await startMarket(ctx);
  ctx.server.route('GET', '/feed', (_req, res) =>
    json(res, 200, [
      { id: 'a1', type: 'article', title: 'Normalized caches' },
      { id: 'l1', type: 'link', url: 'https://example.com/signals' },
    ]),
  );
  ctx.server.route('GET', '/authors/:id', (req, res) =>
    json(res, 200, {
      id: req.params.id,
      name: 'Ann',
      posts: [
        { id: 'p1', title: 'Signals', group: 'react', author: req.params.id },
        { id: 'p2', title: 'Hooks', group: 'react', author: req.params.id },
      ],
    }),
  );
});
queryable.after.each((ctx) => ctx.server.close());

queryable('a Query over a Union reads the member named by the args', async ({ server }) => {
  const ctrl = new Controller();
  await ctrl.fetch(new RestEndpoint({ urlPrefix: server.url, path: '/feed', schema: [feedItem] }));
  const label = new Query(feedItem, (item) => (item instanceof Link ? item.url : (item as Article).title));
  assert.is(ctrl.get(label, { id: 'l1', type: 'link' }), 'https://example.com/signals');
  assert.is(ctrl.get(label, { id: 'a1', type: 'article' }), 'Normalized caches');
  assert.is(ctrl.get(label, { id: 'a9', type: 'article' }), undefined);
});

queryable('a Query over a Query receives the inner result as entries', async ({ server }) => {
  const ctrl = new Controller();
  const admins = new Query(new All(User), (users: User[]) => users.filter((u) => u.isAdmin));
  const adminNames = new Query(admins, (list: User[]) => list.map((u) => u.name));
  assert.is(ctrl.get(adminNames), undefined);
  await ctrl.fetch(marketEndpoints(server).getUsers);
  assert.equal(ctrl.get(adminNames), ['Ada']);
  assert.is(ctrl.get(adminNames), ctrl.get(adminNames));
});

queryable('a lazy field yields a Queryable through .query', async ({ server }) => {
  const ctrl = new Controller();
  await ctrl.fetch(new RestEndpoint({ urlPrefix: server.url, path: '/authors/:id', schema: Author }), { id: 'ann' });
  const author = ctrl.get(Author, { id: 'ann' })!;
  assert.equal(author.posts, ['p1', 'p2'], 'the lazy field keeps the stored pks');
  const titlesOf = new Query(Author.schema.posts.query, (posts: Post[]) => posts.map((p) => p.title));
  assert.equal(ctrl.get(titlesOf, author.posts), ['Signals', 'Hooks']);
  assert.equal(
    ctrl.get(Author.schema.posts.query, author.posts)!.map((p: Post) => p.id),
    ['p1', 'p2'],
  );
});
//#endregion

objectSchema.run();
argsSelect.run();
absentArgs.run();
noData.run();
immutable.run();
sorting.run();
queryable.run();
