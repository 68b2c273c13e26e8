/**
 * The page of the tabs browser test (tests/tabs/shareTabs.browser.test.ts), bundled with
 * esbuild: a Controller that shares on the `todos` channel, a `<p id="title">` rendered
 * by an effect from the Todo row (with a render count), and `window.app` for the test to
 * drive it. Waits for the other tabs' state before it renders, as an app would.
 */
import { Controller, Entity, RestEndpoint, effect } from '../../src/index.js';
import { shareTabs } from '../../src/tabs/index.js';

class Todo extends Entity {
  id = '';
  title = '';
  updatedAt = new Date(0);
  override pk() {
    return this.id;
  }
  static override key = 'Todo';
  static override schema = { updatedAt: (iso: string) => new Date(iso) };
}

const getTodo = new RestEndpoint({ path: '/api/todos/:id', schema: Todo });
const updateTodo = new RestEndpoint({ path: '/api/todos/:id', method: 'PATCH', schema: Todo });

const ctrl = new Controller();
// `?wait=ms`: how long the page waits for an open page's state (the first page has none).
const wait = Number(new URLSearchParams(location.search).get('wait') ?? 200);
const stop = shareTabs(ctrl, { channel: 'todos', schemas: [Todo], onError: (e) => errors.push(String(e)), wait });
const errors: string[] = [];
let renders = 0;

const app = {
  errors,
  get renders() {
    return renders;
  },
  ready: stop.ready,
  fetch: () => ctrl.fetch(getTodo, { id: '1' }).then((t) => t.title),
  load: () => ctrl.fetchIfStale(getTodo, { id: '1' }).then((t) => t.title),
  edit: (title: string) => ctrl.fetch(updateTodo, { id: '1' }, { title }).then((t) => t.title),
  isDate: () => ctrl.get(Todo, { id: '1' })?.updatedAt instanceof Date,
  stop,
};
(window as unknown as { app: typeof app }).app = app;

stop.ready.then(() => {
  const title = document.getElementById('title')!;
  effect(() => {
    const todo = ctrl.get(Todo, { id: '1' });
    renders++;
    title.textContent = todo === undefined ? '(none)' : todo.title;
  });
});
