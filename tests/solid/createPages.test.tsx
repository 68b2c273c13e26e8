/** @jsxImportSource solid-js */
// createPages: the paging state of a list in Solid, rendered into a DOM with the list it
// pages; a refetch keeps every loaded page and re-creates no row.
import { waitFor } from '../_fixtures/dom.js';
import { For, Show, createSignal } from 'solid-js';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller } from '../../src/index.js';
import { createPages, createSuspense } from '../../src/solid/index.js';
import { gets, startPaged, todosOf, type Paged } from '../_fixtures/pagedApi.js';
import { mount } from '../_fixtures/solid.js';

const test = suite<Paged>('createPages');
test.before.each(startPaged);
test.after.each(({ server }) => server.close());

test('shows the paging state, loads the next page, and keeps every page through a refetch', async (ctx) => {
  const { server, rows } = ctx;
  const ctrl = new Controller({ gcInterval: 0 });
  const getTodos = todosOf(server);
  let created = 0;
  function Row(props: { title: string }) {
    created++;
    return <li>{props.title}</li>;
  }
  const { root, dispose } = mount(ctrl, () => {
    const todos = createSuspense(getTodos);
    const pages = createPages(getTodos);
    return (
      <>
        <ul>
          <For each={todos()}>{(todo) => <Row title={todo.title} />}</For>
        </ul>
        <p>{`${pages().count} pages, next ${String(pages().next)}${pages().loading ? ', loading' : ''}`}</p>
        <Show when={pages().hasMore} fallback={<b>No more</b>}>
          <button onClick={() => pages().fetchNext()}>More</button>
        </Show>
      </>
    );
  });
  const text = () => root.querySelector('p')?.textContent;
  const items = () => root.querySelectorAll('li').length;
  await waitFor(() => text() === '1 pages, next 2', 'the first page');
  assert.is(items(), 5);
  root.querySelector('button')!.click();
  await waitFor(() => text() === '2 pages, next 3', 'page 2');
  root.querySelector('button')!.click();
  await waitFor(() => root.querySelector('b')?.textContent === 'No more', 'page 3, the last');
  assert.is(text(), '3 pages, next undefined');
  assert.is(items(), 13);
  assert.is(created, 13);

  server.requests.length = 0;
  rows.find((row) => row.id === '7')!.title = 'renamed';
  ctrl.invalidate(getTodos);
  await waitFor(() => root.textContent!.includes('renamed'), 'the refetch');
  await waitFor(() => !text()!.includes('loading'), 'the refetch settled');
  assert.equal(gets(server, '/todos'), ['/todos', '/todos?page=2', '/todos?page=3']);
  assert.is(items(), 13, 'the list kept its pages');
  assert.is(text(), '3 pages, next undefined');
  assert.is(created, 13, 'no row component re-created');
  dispose();
});

test('follows its args; null args show no pages', async ({ server }) => {
  const ctrl = new Controller({ gcInterval: 0 });
  const getTodos = todosOf(server);
  await ctrl.fetch(getTodos, { userId: 'a' });
  const [args, setArgs] = createSignal<{ userId: string } | null>(null);
  let pages!: ReturnType<typeof createPages>;
  const { dispose } = mount(ctrl, () => {
    pages = createPages(getTodos, args);
    return null;
  });
  assert.equal([pages().count, pages().hasMore], [0, false]);
  await pages().fetchNext();
  assert.equal(gets(server, '/todos'), ['/todos?userId=a'], 'nothing to fetch');
  setArgs({ userId: 'a' });
  assert.equal([pages().count, pages().next], [1, 2]);
  dispose();
});

test.run();
