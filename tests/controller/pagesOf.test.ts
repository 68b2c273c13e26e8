// pagesOf: the paging state of a list loaded page by page (next page, has more, loading,
// error, fetchNext), on the real HTTP fixture.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Collection, Controller, effect, pagesOf, RestEndpoint } from '../../src/index.js';
import { Task } from '../_fixtures/models.js';
import { feedOf, gets, type Paged, startPaged, todosOf } from '../_fixtures/pagedApi.js';
import { json } from '../_fixtures/server.js';

const pages = suite<Paged>('pagesOf');
pages.before.each(startPaged);
pages.after.each(({ server }) => server.close());

pages('pages by number: next is the page after the last loaded; a short page is the last', async ({ server }) => {
  const ctrl = new Controller({ gcInterval: 0 });
  const getTodos = todosOf(server);
  const state = pagesOf(ctrl, getTodos);
  const seen: string[] = [];
  const stop = effect(() => {
    const { count, next, hasMore, loading } = state.value;
    seen.push(`${count} ${String(next)} ${hasMore} ${loading}`);
  });
  await ctrl.fetch(getTodos);
  await state.value.fetchNext();
  await state.value.fetchNext();
  assert.equal(seen, [
    '0 undefined false false',
    '0 undefined false true',
    '1 2 true true',
    '1 2 true false',
    '1 2 true true',
    '2 3 true true',
    '2 3 true false',
    '2 3 true true',
    '3 undefined false true',
    '3 undefined false false',
  ]);
  assert.equal(gets(server, '/todos'), ['/todos', '/todos?page=2', '/todos?page=3']);
  server.requests.length = 0;
  await state.value.fetchNext();
  assert.equal(gets(server, '/todos'), [], 'no request without a next page');
  assert.is(ctrl.getResponse(getTodos)?.length, 13);
  stop();
});

pages('an empty page is the last', async ({ server, rows }) => {
  rows.length = 10;
  const ctrl = new Controller({ gcInterval: 0 });
  const getTodos = todosOf(server);
  await ctrl.fetch(getTodos);
  await pagesOf(ctrl, getTodos).value.fetchNext();
  assert.is(pagesOf(ctrl, getTodos).value.next, 3);
  await pagesOf(ctrl, getTodos).value.fetchNext();
  assert.equal(
    [pagesOf(ctrl, getTodos).value.count, pagesOf(ctrl, getTodos).value.hasMore, ctrl.getResponse(getTodos)?.length],
    [3, false, 10],
  );
});

pages('pages by cursor: next is the response member nextCursor; null ends the list', async ({ server }) => {
  const ctrl = new Controller({ gcInterval: 0 });
  const getFeed = feedOf(server);
  await ctrl.fetch(getFeed);
  assert.is(pagesOf(ctrl, getFeed).value.next, '5');
  await pagesOf(ctrl, getFeed).value.fetchNext();
  await pagesOf(ctrl, getFeed).value.fetchNext();
  assert.equal(gets(server, '/feed'), ['/feed', '/feed?cursor=5', '/feed?cursor=10']);
  assert.equal([pagesOf(ctrl, getFeed).value.count, pagesOf(ctrl, getFeed).value.hasMore], [3, false]);
});

pages("data-client's convention: the member named like paginationField; or the endpoint's nextPage", async (ctx) => {
  const { server, rows } = ctx;
  server.route('GET', '/posts', (req, res) => {
    const from = Number(req.query.get('cursor') ?? 0);
    json(res, 200, {
      posts: rows.slice(from, from + 5),
      cursor: from + 5 < rows.length ? String(from + 5) : '',
      pagination: { next_key: from + 5 < rows.length ? String(from + 5) : null },
    });
  });
  const getPosts = new RestEndpoint({
    urlPrefix: server.url,
    path: '/posts',
    searchParams: {} as { cursor?: string },
    paginationField: 'cursor',
    // (Members without a schema: kept as sent.)
    schema: { posts: new Collection([Task]), cursor: undefined, pagination: undefined },
  });
  const ctrl = new Controller({ gcInterval: 0 });
  await ctrl.fetch(getPosts);
  assert.is(pagesOf(ctrl, getPosts).value.next, '5');
  await ctrl.fetch(getPosts.getPage, { cursor: '10' });
  assert.is(pagesOf(ctrl, getPosts).value.hasMore, false, "'' is no next page");

  const byHook = getPosts.extend({
    schema: { posts: new Collection([Task], { key: 'hooked' }), cursor: undefined, pagination: undefined },
    nextPage: (response: { pagination: { next_key: string | null } }) => response.pagination.next_key,
  });
  await ctrl.fetch(byHook);
  await pagesOf(ctrl, byHook).value.fetchNext();
  await pagesOf(ctrl, byHook).value.fetchNext();
  assert.equal(gets(server, '/posts').slice(-3), ['/posts', '/posts?cursor=5', '/posts?cursor=10']);
  assert.equal([pagesOf(ctrl, byHook).value.count, pagesOf(ctrl, byHook).value.hasMore], [3, false]);
});

pages('fetchNext while the list is in flight waits for that request; a failure is in error', async (ctx) => {
  const { server } = ctx;
  const ctrl = new Controller({ gcInterval: 0 });
  const getTodos = todosOf(server);
  await ctrl.fetch(getTodos);
  const state = pagesOf(ctrl, getTodos);
  const refetching = ctrl.fetch(getTodos);
  assert.is(state.value.loading, true);
  server.requests.length = 0;
  await state.value.fetchNext();
  await refetching;
  assert.equal(gets(server, '/todos'), ['/todos'], 'one request: the refetch');
  server.route('GET', '/todos', (_req, res) => json(res, 503, { error: 'busy' }));
  await state.value.fetchNext();
  assert.match(state.value.error?.message ?? '', /503/);
  assert.is(state.value.count, 1);
});

pages('fetchNext of an endpoint without paginationField rejects, naming it', async ({ server }) => {
  const ctrl = new Controller({ gcInterval: 0 });
  const getTodos = new RestEndpoint({
    urlPrefix: server.url,
    path: '/todos',
    schema: new Collection([Task]),
    nextPage: () => 2,
  });
  await ctrl.fetch(getTodos);
  await pagesOf(ctrl, getTodos)
    .value.fetchNext()
    .then(
      () => assert.unreachable('resolved'),
      (error: Error) =>
        assert.match(error.message, /^http:\/\/127\.0\.0\.1:\d+\/todos: \.getPage needs the paginationField option/),
    );
});

pages('a list never fetched has no pages; unchanged state keeps its object', async ({ server }) => {
  const ctrl = new Controller({ gcInterval: 0 });
  const getTodos = todosOf(server);
  const state = pagesOf(ctrl, getTodos);
  const before = state.value;
  assert.equal([before.count, before.hasMore, before.loading, before.error], [0, false, false, undefined]);
  await ctrl.fetch(todosOf(server), { userId: 'b' });
  assert.is(state.value, before, 'another key in flight changed nothing here');
});

pages.run();
