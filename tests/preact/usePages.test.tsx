// usePages: the paging state of a list in Preact, rendered into a DOM with the list it
// pages; a refetch keeps every loaded page and re-renders only the row that changed.
import { waitFor } from '../_fixtures/dom.js';
import { memo } from 'preact/compat';
import { useState } from 'preact/hooks';
import { act } from 'preact/test-utils';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller } from '../../src/index.js';
import { usePages, useSuspense } from '../../src/preact/index.js';
import type { Task } from '../_fixtures/models.js';
import { gets, startPaged, todosOf, type Paged } from '../_fixtures/pagedApi.js';
import { mount, settle } from '../_fixtures/preact.js';

const test = suite<Paged>('usePages');
test.before.each(startPaged);
test.after.each(({ server }) => server.close());

test('shows the paging state, loads the next page, and keeps every page through a refetch', async (ctx) => {
  const { server, rows } = ctx;
  const ctrl = new Controller({ gcInterval: 0 });
  const getTodos = todosOf(server);
  const renders = new Map<string, number>();
  const Row = memo(({ todo }: { todo: Task }) => {
    renders.set(todo.id, (renders.get(todo.id) ?? 0) + 1);
    return <li>{todo.title}</li>;
  });
  function Todos() {
    const todos = useSuspense(getTodos);
    const pages = usePages(getTodos);
    return (
      <>
        <ul>
          {todos.map((todo) => (
            <Row key={todo.id} todo={todo} />
          ))}
        </ul>
        <p>{`${pages.count} pages, next ${String(pages.next)}${pages.loading ? ', loading' : ''}`}</p>
        {pages.hasMore ? <button onClick={pages.fetchNext}>More</button> : <b>No more</b>}
      </>
    );
  }
  const { root, unmount } = mount(ctrl, <Todos />, { boundaries: true });
  const text = () => root.querySelector('p')?.textContent;
  const items = () => root.querySelectorAll('li').length;
  await waitFor(() => text() === '1 pages, next 2', 'the first page');
  assert.is(items(), 5);
  act(() => root.querySelector('button')!.click());
  await waitFor(() => text() === '2 pages, next 3', 'page 2');
  act(() => root.querySelector('button')!.click());
  await waitFor(() => root.querySelector('b')?.textContent === 'No more', 'page 3, the last');
  await settle();
  assert.is(text(), '3 pages, next undefined');
  assert.is(items(), 13);
  assert.equal([...new Set(renders.values())], [1], 'each row rendered once');

  server.requests.length = 0;
  rows.find((row) => row.id === '7')!.title = 'renamed';
  ctrl.invalidate(getTodos);
  await waitFor(() => root.textContent!.includes('renamed'), 'the refetch');
  await waitFor(() => !text()!.includes('loading'), 'the refetch settled');
  await settle();
  assert.equal(gets(server, '/todos'), ['/todos', '/todos?page=2', '/todos?page=3']);
  assert.is(items(), 13, 'the list kept its pages');
  assert.is(text(), '3 pages, next undefined');
  assert.is(renders.get('7'), 2, 'the renamed row rendered again');
  assert.is(
    [...renders.values()].reduce((a, b) => a + b),
    14,
    'and no other',
  );
  unmount();
});

test('follows its args; null args show no pages', async ({ server }) => {
  const ctrl = new Controller({ gcInterval: 0 });
  const getTodos = todosOf(server);
  await ctrl.fetch(getTodos, { userId: 'a' });
  let seen!: ReturnType<typeof usePages>;
  let setArgs!: (args: { userId: string } | null) => void;
  function Probe() {
    const [args, set] = useState<{ userId: string } | null>(null);
    setArgs = set;
    seen = usePages(getTodos, args);
    return null;
  }
  const { unmount } = mount(ctrl, <Probe />);
  assert.equal([seen.count, seen.hasMore], [0, false]);
  await seen.fetchNext();
  assert.equal(gets(server, '/todos'), ['/todos?userId=a'], 'nothing to fetch');
  act(() => setArgs({ userId: 'a' }));
  assert.equal([seen.count, seen.next], [1, 2]);
  unmount();
});

test.run();
