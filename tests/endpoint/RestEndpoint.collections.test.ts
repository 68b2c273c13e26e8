// Collection operations derived from a list endpoint (push, unshift, remove, move) and
// pagination (getPage, paginated), on the real HTTP fixture.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { All, Collection, Controller, RestEndpoint, Values, effect, resource } from '../../src/index.js';
import { dehydrate, hydrate } from '../../src/ssr/index.js';
import { json, startServer, type TestServer } from '../_fixtures/server.js';
import { Task } from '../_fixtures/models.js';

const Todo = Task;
type Todo = Task;

interface Row {
  id: string;
  title: string;
  userId: string;
}

/** A todo API over an in-memory table: list by userId, create, patch, remove-from-list. */
function todoApi(server: TestServer, rows: Row[]) {
  server.route('GET', '/todos', (req, res) => {
    const userId = req.query.get('userId');
    json(
      res,
      200,
      rows.filter((r) => userId === null || r.userId === userId),
    );
  });
  server.route('POST', '/todos', (req, res) => {
    const row = { id: String(rows.length + 1), userId: '', ...JSON.parse(req.body) };
    rows.push(row);
    json(res, 201, row);
  });
  server.route('PATCH', '/todos/:id', (req, res) => {
    const row = rows.find((r) => r.id === req.params.id)!;
    Object.assign(row, JSON.parse(req.body));
    json(res, 200, row);
  });
  server.route('PATCH', '/todos', (req, res) => {
    const body = JSON.parse(req.body);
    json(res, 200, { ...rows.find((r) => r.id === body.id)!, ...body });
  });
}

const ids = (list: readonly Todo[] | undefined) => list?.map((t) => t.id).join(',');

/** All todos, a's and b's, fetched and watched: each value is `all | a | b`. */
async function threeLists(server: TestServer, ctrl: Controller) {
  const { getList } = resource({ urlPrefix: server.url, path: '/todos/:id', schema: Todo });
  await ctrl.fetch(getList);
  await ctrl.fetch(getList, { userId: 'a' });
  await ctrl.fetch(getList, { userId: 'b' });
  const seen: string[] = [];
  const lists = () => [
    ctrl.get(getList.schema),
    ctrl.get(getList.schema, { userId: 'a' }),
    ctrl.get(getList.schema, { userId: 'b' }),
  ];
  const stop = effect(() => {
    seen.push(lists().map(ids).join(' | '));
  });
  return { getList, seen, stop };
}

const ops = suite<{ server: TestServer; ctrl: Controller; rows: Row[] }>('RestEndpoint collection operations');
ops.before.each(async (ctx) => {
  ctx.server = await startServer();
  ctx.rows = [
    { id: '1', title: 'one', userId: 'a' },
    { id: '2', title: 'two', userId: 'a' },
    { id: '3', title: 'three', userId: 'b' },
  ];
  todoApi(ctx.server, ctx.rows);
  ctx.ctrl = new Controller();
});
ops.after.each((ctx) => ctx.server.close());

ops('resource().getList has push, unshift, remove, move', ({ server }) => {
  const { getList } = resource({ urlPrefix: server.url, path: '/todos/:id', schema: Todo });
  assert.is(getList.push.method, 'POST');
  assert.is(getList.unshift.method, 'POST');
  assert.is(getList.remove.method, 'PATCH');
  assert.is(getList.remove.path, '/todos');
  assert.is(getList.move.method, 'PATCH');
  assert.is(getList.move.path, '/todos/:id');
  assert.is(getList.move, getList.move, 'created once');
  assert.is(getList.remove.name, 'Task.getList.remove');
  assert.throws(
    () => new RestEndpoint({ path: '/x', schema: [Todo] }).remove,
    /^\/x: \.remove needs a Collection schema/,
  );
});

ops(
  'remove takes the item out of every matching list in one batch; the entity is still updated',
  async ({ server, ctrl }) => {
    const { getList, seen, stop } = await threeLists(server, ctrl);
    await ctrl.fetch(getList.remove, { userId: 'a' }, { id: '2', title: 'two (archived)' });
    assert.equal(seen, ['1,2,3 | 1,2 | 3', '1,3 | 1 | 3']);
    assert.is(ctrl.get(Todo, { id: '2' })!.title, 'two (archived)');
    assert.is(server.requests.at(-1)!.path, '/todos');
    stop();
  },
);

ops("move takes a todo reassigned from a to b out of a's lists into b's", async ({ server, ctrl }) => {
  const { getList, seen, stop } = await threeLists(server, ctrl);
  await ctrl.fetch(getList.move, { id: '1' }, { userId: 'b' });
  assert.equal(seen, ['1,2,3 | 1,2 | 3', '1,2,3 | 2 | 3,1']);
  assert.is(server.requests.at(-1)!.path, '/todos/1');
  stop();
});

ops('an optimistic move shows at once and rolls back on failure', async ({ server, ctrl }) => {
  const { getList } = resource({ urlPrefix: server.url, path: '/todos/:id', schema: Todo });
  server.route('PATCH', '/todos/:id', (_req, res) => json(res, 409, { error: 'conflict' }));
  await ctrl.fetch(getList, { userId: 'a' });
  await ctrl.fetch(getList, { userId: 'b' });
  const move = getList.move.extend({
    getOptimisticResponse: (snap: any, params: { id: string }, body: object) => ({
      ...snap.get(Todo, params),
      ...body,
    }),
  });
  const seen: string[] = [];
  const stop = effect(() => {
    seen.push(`${ids(ctrl.get(getList.schema, { userId: 'a' }))} | ${ids(ctrl.get(getList.schema, { userId: 'b' }))}`);
  });
  const done = ctrl.fetch(move, { id: '1' }, { userId: 'b' }).catch((e: Error) => e);
  assert.equal(seen, ['1,2 | 3', '2 | 3,1']);
  assert.instance(await done, Error);
  assert.equal(seen, ['1,2 | 3', '2 | 3,1', '1,2 | 3']);
  stop();
});

ops('push and unshift join every list whose filters match, skipping copies', async ({ server, ctrl }) => {
  const { getList } = resource({ urlPrefix: server.url, path: '/todos/:id', schema: Todo });
  await ctrl.fetch(getList, { userId: 'a' });
  await ctrl.fetch(getList, { userId: 'b' });
  await ctrl.fetch(getList.unshift, { title: 'four', userId: 'b' });
  assert.is(ids(ctrl.get(getList.schema, { userId: 'b' })), '4,3');
  assert.is(ids(ctrl.get(getList.schema, { userId: 'a' })), '1,2');
});

ops.run();

//#region pagination
interface Page {
  results: Row[];
  nextPage: string | null;
}

const pages = suite<{ server: TestServer; ctrl: Controller; rows: Row[] }>('RestEndpoint pagination');
pages.before.each(async (ctx) => {
  ctx.server = await startServer();
  ctx.rows = Array.from({ length: 7 }, (_, i) => ({ id: String(i + 1), title: `t${i + 1}`, userId: 'a' }));
  ctx.server.route('GET', '/todos', (req, res) => {
    const cursor = Number(req.query.get('cursor') ?? 0);
    const body: Page = {
      results: ctx.rows.slice(cursor, cursor + 3),
      nextPage: cursor + 3 < ctx.rows.length ? String(cursor + 3) : null,
    };
    json(res, 200, body);
  });
  ctx.ctrl = new Controller();
});
pages.after.each((ctx) => ctx.server.close());

const listOf = (server: TestServer) =>
  new RestEndpoint({
    urlPrefix: server.url,
    path: '/todos',
    searchParams: {} as { cursor?: string; userId?: string },
    paginationField: 'cursor',
    schema: { results: new Collection([Todo]), nextPage: undefined },
  });

pages(
  'getPage appends to the same list, skipping items already there; other fields take the new page',
  async ({ server, ctrl, rows }) => {
    const getTodos = listOf(server);
    const first = await ctrl.fetch(getTodos);
    assert.is(ids(first.results), '1,2,3');
    assert.is(getTodos.getPage, getTodos.getPage);
    assert.is(getTodos.getPage.key({ cursor: '3' }), getTodos.key());
    const seen: string[] = [];
    const stop = effect(() => {
      const page = ctrl.response(getTodos).value;
      seen.push(`${ids(page?.results)} next=${page?.nextPage}`);
    });
    rows.splice(3, 0, { id: '3', title: 't3', userId: 'a' }); // the server shifted: page 2 repeats item 3
    await ctrl.fetch(getTodos.getPage, { cursor: '3' });
    await ctrl.fetch(getTodos.getPage, { cursor: '6' });
    assert.equal(seen, ['1,2,3 next=3', '1,2,3,4,5 next=6', '1,2,3,4,5,6,7 next=null']);
    await ctrl.fetch(getTodos);
    assert.equal(seen.at(-1), '1,2,3,4,5,6,7 next=null', 'a refetch of the list asks for its pages again');
    stop();
  },
);

pages('only the rows of the new page are built; rows already shown keep their objects', async ({ server, ctrl }) => {
  const getTodos = listOf(server);
  const first = await ctrl.fetch(getTodos);
  const next = await ctrl.fetch(getTodos.getPage, { cursor: '3' });
  assert.is(next.results![0], first.results![0]);
  assert.is(next.results![2], first.results![2]);
  assert.is(ctrl.get(new All(Todo))!.length, 6);
});

pages('paginated() takes a function from the arguments to the list arguments', async ({ server, ctrl }) => {
  const getTodos = listOf(server);
  const byFunction = getTodos.paginated(({ cursor: _cursor, ...rest }: { cursor?: string; userId?: string }) => [rest]);
  await ctrl.fetch(getTodos, { userId: 'a' });
  await ctrl.fetch(byFunction, { userId: 'a', cursor: '3' });
  assert.is(ids(ctrl.response(getTodos, { userId: 'a' }).value!.results), '1,2,3,4,5,6');
  assert.throws(
    () => new RestEndpoint({ path: '/x', schema: [Todo] }).getPage,
    /^\/x: \.getPage needs the paginationField option/,
  );
});

pages('Link-header pagination: the cursor comes from the response headers', async ({ server, ctrl, rows }) => {
  server.route('GET', '/linked', (req, res) => {
    const page = Number(req.query.get('page') ?? 1);
    const link = page * 3 < rows.length ? `<${server.url}/linked?page=${page + 1}>; rel="next"` : '';
    json(res, 200, rows.slice((page - 1) * 3, page * 3), link ? { link } : {});
  });
  class LinkEndpoint extends RestEndpoint<any, any, any, any, any, any> {
    override async parseResponse(response: Response) {
      const results = await super.parseResponse(response);
      const next = /<[^>]*[?&]page=(\d+)>; rel="next"/.exec(response.headers.get('link') ?? '');
      return { results, nextPage: next ? next[1] : null };
    }
  }
  const getLinked = new LinkEndpoint({
    urlPrefix: server.url,
    path: '/linked',
    paginationField: 'page',
    schema: { results: new Collection([Todo], { key: 'linked' }), nextPage: undefined },
  });
  let page = await ctrl.fetch(getLinked);
  while (page.nextPage) page = await ctrl.fetch(getLinked.getPage, { page: page.nextPage });
  assert.is(ids(page.results), '1,2,3,4,5,6,7');
});

pages.run();
//#endregion

//#region keyed collections (Collection of Values)
const keyed = suite<{ server: TestServer; ctrl: Controller; rows: Row[] }>('RestEndpoint keyed collections');
keyed.before.each(async (ctx) => {
  ctx.server = await startServer();
  const rows = (ctx.rows = [
    { id: '1', title: 'one', userId: 'a' },
    { id: '2', title: 'two', userId: 'a' },
    { id: '3', title: 'three', userId: 'b' },
  ]);
  ctx.server.route('GET', '/todos', (req, res) => {
    const userId = req.query.get('userId');
    json(
      res,
      200,
      Object.fromEntries(rows.filter((r) => userId === null || r.userId === userId).map((r) => [r.id, r])),
    );
  });
  // Creates or updates every row of an object of id → fields; answers with the stored rows.
  const assign: Parameters<TestServer['route']>[2] = (req, res) => {
    const out: Record<string, Row> = {};
    for (const [id, fields] of Object.entries(JSON.parse(req.body) as Record<string, Partial<Row>>)) {
      const row = rows.find((r) => r.id === id) ?? rows[rows.push({ id, title: '', userId: '' }) - 1]!;
      out[id] = Object.assign(row, fields);
    }
    json(res, 200, out);
  };
  ctx.server.route('POST', '/todos', assign);
  ctx.server.route('PATCH', '/todos', assign);
  ctx.server.route('PATCH', '/todos/:id', (req, res) =>
    json(res, 200, Object.assign(ctx.rows.find((r) => r.id === req.params.id)!, JSON.parse(req.body))),
  );
  ctx.ctrl = new Controller();
});
keyed.after.each((ctx) => ctx.server.close());

const keyedOf = (server: TestServer) =>
  new RestEndpoint({
    urlPrefix: server.url,
    path: '/todos',
    movePath: '/todos/:id',
    searchParams: {} as { userId?: string },
    schema: new Collection(new Values(Todo)),
  });
const keys = (map: Record<string, Todo> | undefined) => (map ? Object.keys(map).join(',') : 'none');

/** All todos, a's and b's, fetched and watched: each value is `all | a | b` (the keys of each map). */
async function threeMaps(server: TestServer, ctrl: Controller) {
  const getTodos = keyedOf(server);
  const all: Record<string, Todo> = await ctrl.fetch(getTodos);
  assert.is(all['3']!.title, 'three');
  // @ts-expect-error a keyed collection is an object, not an array
  all satisfies Todo[];
  await ctrl.fetch(getTodos, { userId: 'a' });
  await ctrl.fetch(getTodos, { userId: 'b' });
  const seen: string[] = [];
  const stop = effect(() => {
    seen.push([{}, { userId: 'a' }, { userId: 'b' }].map((args) => keys(ctrl.get(getTodos.schema, args))).join(' | '));
  });
  return { getTodos, seen, stop };
}

keyed('assign merges the response into every matching keyed collection, in one batch', async ({ server, ctrl }) => {
  const { getTodos, seen, stop } = await threeMaps(server, ctrl);
  assert.is(getTodos.assign, getTodos.assign, 'created once');
  assert.is(getTodos.assign.name, `${server.url}/todos.assign`);
  const added: Record<string, Todo> = await ctrl.fetch(
    getTodos.assign,
    { userId: 'a' },
    { '4': { title: 'four', userId: 'a' }, '1': { title: 'one!' } },
  );
  assert.equal(Object.keys(added), ['1', '4']);
  // @ts-expect-error the body is an object of key → fields
  () => getTodos.assign({ title: 'x' });
  assert.instance(added['4'], Todo);
  assert.equal(seen, ['1,2,3 | 1,2 | 3', '1,2,3,4 | 1,2,4 | 3']);
  assert.is(
    ctrl.get(getTodos.schema, { userId: 'a' })!['1']!.title,
    'one!',
    'an assigned entity is updated everywhere',
  );
  assert.equal(server.requests.at(-1)!.method, 'POST');
  stop();
});

keyed('an optimistic assign shows at once and rolls back on failure', async ({ server, ctrl }) => {
  const { getTodos, seen, stop } = await threeMaps(server, ctrl);
  server.route('POST', '/todos', (_req, res) => json(res, 500, { error: 'down' }));
  const assign = getTodos.assign.extend({
    getOptimisticResponse: (_snap: unknown, _params: unknown, body: object) => body,
  });
  const done = ctrl
    .fetch(assign, { userId: 'b' }, { '9': { id: '9', title: 'nine', userId: 'b' } })
    .catch((e: Error) => e);
  assert.equal(seen, ['1,2,3 | 1,2 | 3', '1,2,3,9 | 1,2 | 3,9']);
  assert.instance(await done, Error);
  assert.equal(seen, ['1,2,3 | 1,2 | 3', '1,2,3,9 | 1,2 | 3,9', '1,2,3 | 1,2 | 3']);
  stop();
});

keyed("move takes a todo out of a's keyed collections into b's; remove takes it out", async ({ server, ctrl }) => {
  const { getTodos, seen, stop } = await threeMaps(server, ctrl);
  const moved = await ctrl.fetch(getTodos.move, { id: '1' }, { userId: 'b' });
  assert.is(moved['1']!.userId, 'b');
  await ctrl.fetch(getTodos.remove, { userId: 'a' }, { '2': { id: '2' } });
  // Integer-like keys list in numeric order, as in any JavaScript object.
  assert.equal(seen, ['1,2,3 | 1,2 | 3', '1,2,3 | 2 | 1,3', '1,3 |  | 1,3']);
  stop();
});

keyed('a keyed collection survives dehydrate and hydrate', async ({ server, ctrl }) => {
  const getTodos = keyedOf(server);
  await ctrl.fetch(getTodos, { userId: 'a' });
  const copy = new Controller();
  hydrate(copy, JSON.parse(JSON.stringify(dehydrate(ctrl))), [getTodos.schema]);
  assert.is(keys(copy.get(getTodos.schema, { userId: 'a' })), '1,2');
  assert.is(copy.get(getTodos.schema, { userId: 'a' })!['2']!.title, 'two');
});

keyed('a keyed collection and a list of the same entity and arguments are stored apart', async ({ server, ctrl }) => {
  const getTodos = keyedOf(server);
  server.route('GET', '/list', (_req, res) => json(res, 200, [{ id: '3', title: 'three', userId: 'b' }]));
  const getList = new RestEndpoint({ urlPrefix: server.url, path: '/list', schema: new Collection([Todo]) });
  await ctrl.fetch(getTodos);
  await ctrl.fetch(getList);
  assert.is(getTodos.schema.key, '{Task}');
  assert.is(keys(ctrl.get(getTodos.schema)), '1,2,3');
  assert.is(ids(ctrl.get(getList.schema)), '3');
});

keyed('push on a keyed collection and assign on a list are named errors', ({ server }) => {
  assert.throws(() => keyedOf(server).push, /\{Task\}: .push needs an array/);
  assert.throws(() => new Collection([Todo]).assign, /\[Task\]: .assign needs Values/);
});

keyed.run();
//#endregion
