/**
 * The page of the devtools browser test (tests/devtools/panel.browser.test.ts), bundled
 * with esbuild (code splitting on: the panel is a chunk of its own, loaded when
 * `mountDevtools` is called). An app with two keys: the users list, shown (subscribed,
 * rendered by an effect into `#users`), and post 1, fetched once and not shown. The test
 * drives it through `window.app`; `window.listeners` counts the listeners the page's code
 * added to `window` and `document` (wrapped before the app loads).
 */
import { Controller, Entity, RestEndpoint, effect } from '../../src/index.js';
import { type DevtoolsHandle, mountDevtools } from '../../src/devtools/index.js';

class User extends Entity {
  id = '';
  name = '';
  override pk() {
    return this.id;
  }
  static override key = 'User';
}

class Post extends Entity {
  id = '';
  title = '';
  author: User | undefined = undefined;
  override pk() {
    return this.id;
  }
  static override key = 'Post';
  static override schema = { author: User };
}

const getUsers = new RestEndpoint({ path: '/api/users', schema: [User] });
const getPost = new RestEndpoint({ path: '/api/posts/:id', schema: Post });

const ctrl = new Controller();
const list = document.getElementById('users')!;
let renders = 0;
const stopEffect = effect(() => {
  const users = ctrl.getResponse(getUsers);
  renders++;
  list.textContent = users === undefined ? '…' : users.map((u) => u.name).join(', ');
});
// A view that is one row.
const first = document.getElementById('first')!;
const stopFirst = effect(() => {
  first.textContent = ctrl.get(User, { id: '1' })?.name ?? '…';
});
const unsubscribe = ctrl.subscribe(getUsers);
let handle: DevtoolsHandle | undefined;

const app = {
  ctrl,
  keys: { users: getUsers.key(), post: getPost.key({ id: '1' }) },
  get renders() {
    return renders;
  },
  rename: (id: string, name: string) => ctrl.set(User, { id, name }),
  loadPost: () => ctrl.fetch(getPost, { id: '1' }).then((p) => p.title),
  mount: (options: { open?: boolean } = {}) => {
    handle = mountDevtools(ctrl, { names: { getUsers, getPost }, ...options });
    return handle.ready;
  },
  unmount: () => handle?.unmount(),
  managers: () => ctrl._inspect()[3].length,
  stop: () => {
    stopEffect();
    stopFirst();
    unsubscribe();
  },
};
(window as unknown as { app: typeof app }).app = app;
