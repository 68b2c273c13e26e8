/** @jsxImportSource solid-js */
// Writes in Solid: an optimistic edit renders in the same tick and a failure restores it,
// re-running only the edited row; an infinite list renders only the new page's rows;
// server-pushed rows (SSE) re-run only their readers.
import { container } from '../_fixtures/dom.js';
import { For } from 'solid-js';
import { render } from 'solid-js/web';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller } from '../../src/index.js';
import { CacheProvider, createQuery } from '../../src/solid/index.js';
import { type FeedPost, feedApi } from '../_fixtures/feedApi.js';
import { holdRoute, optimisticPatch } from '../_fixtures/held.js';
import { User } from '../_fixtures/models.js';
import { pushRenames, streamedUsers } from '../_fixtures/pushedUsers.js';
import { db, getUsers, reset, server, start } from '../_fixtures/usersApi.js';

/** Renders one row component per user; counts each row's runs. */
function mountRows(ctrl: Controller, ids: string[]) {
  const runs = new Map<string, number>();
  function Row(props: { id: string }) {
    const user = createQuery(User, () => ({ id: props.id }));
    return <li>{(runs.set(props.id, (runs.get(props.id) ?? 0) + 1), user()?.name)}</li>;
  }
  const root = container();
  const dispose = render(
    () => (
      <CacheProvider controller={ctrl}>
        <ul>
          <For each={ids}>{(id) => <Row id={id} />}</For>
        </ul>
      </CacheProvider>
    ),
    root,
  );
  const rerun = () => [...runs].filter(([, n]) => n > 1).map(([id, n]) => `${id}:${n}`);
  return { root, dispose, rerun };
}

const writes = suite('Solid: writes');
writes.before(start);
writes.after(() => server.close());

writes('an optimistic edit renders in the same tick; a failure restores it; only that row re-runs', async () => {
  reset(100);
  const ctrl = new Controller();
  await ctrl.fetch(getUsers);
  const patches = holdRoute(server, 'PATCH', '/users/:id');
  const rename = optimisticPatch(server.url, '/users/:id', User);
  const { root, dispose, rerun } = mountRows(ctrl, [...db.keys()]);
  const row = () => root.querySelectorAll('li')[41].textContent;

  const failing = ctrl.fetch(rename, { id: 'u42' }, { name: 'Renamed' }).catch((e: Error) => e);
  assert.is(row(), 'Renamed', 'shown synchronously');
  assert.equal(rerun(), ['u42:2']);
  (await patches.next()).reply(500, { error: 'nope' });
  assert.instance(await failing, Error);
  assert.is(row(), 'user 42');
  assert.equal(rerun(), ['u42:3']);

  const saving = ctrl.fetch(rename, { id: 'u42' }, { name: 'Renamed' });
  assert.is(row(), 'Renamed');
  (await patches.next()).reply(200, { id: 'u42', name: 'Renamed', isAdmin: false });
  await saving;
  assert.is(row(), 'Renamed');
  assert.equal(rerun(), ['u42:4'], 'the server confirming the optimistic value re-runs nothing');
  dispose();
});

writes('an infinite list renders page 1, loads page 2, and builds only the new rows', async () => {
  const getFeed = feedApi(server);
  const ctrl = new Controller();
  const runs = new Map<string, number>();
  function Post(props: { post: FeedPost }) {
    return <li>{(runs.set(props.post.id, (runs.get(props.post.id) ?? 0) + 1), props.post.title)}</li>;
  }
  function Feed() {
    const page = createQuery(getFeed.schema.results);
    return <For each={page() ?? []}>{(post) => <Post post={post} />}</For>;
  }
  await ctrl.fetch(getFeed);
  const root = container();
  const dispose = render(
    () => (
      <CacheProvider controller={ctrl}>
        <ul>
          <Feed />
        </ul>
      </CacheProvider>
    ),
    root,
  );
  assert.is(root.querySelectorAll('li').length, 3);
  const next = ctrl.response(getFeed).value!.nextCursor as string;
  await ctrl.fetch(getFeed.getPage, { cursor: next });
  assert.equal(
    [...root.querySelectorAll('li')].map((li) => li.textContent),
    ['post 1', 'post 2', 'post 3', 'post 4', 'post 5', 'post 6'],
  );
  assert.equal([...runs.values()], [1, 1, 1, 1, 1, 1], 'each row built once');
  assert.is(ctrl.response(getFeed).value!.nextCursor, '6');
  dispose();
});

writes('server-pushed rows (an SSE stream over fetch) re-run only their readers', async () => {
  const { ctrl, events, stream } = await streamedUsers();
  const { root, dispose, rerun } = mountRows(ctrl, [...db.keys()]);
  pushRenames(events);
  await stream.received(4);
  assert.is(root.querySelectorAll('li')[6].textContent, 'pushed 7');
  assert.is(root.querySelectorAll('li')[8].textContent, 'pushed 9');
  assert.is(root.querySelectorAll('li')[19].textContent, 'pushed 20');
  assert.equal(
    rerun(),
    ['u7:2', 'u9:2', 'u20:2'],
    'an identical push re-runs nothing; a pushed list only its changed row',
  );
  stream.close();
  dispose();
});

writes.run();
