// Writes in Preact: an optimistic edit renders in the same tick and a failure restores it,
// re-rendering only the edited row; an infinite list renders only the new page's rows;
// server-pushed rows (SSE) re-render only their readers.
import { memo } from 'preact/compat';
import { act } from 'preact/test-utils';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller } from '../../src/index.js';
import { useQuery } from '../../src/preact/index.js';
import { type FeedPost, feedApi } from '../_fixtures/feedApi.js';
import { holdRoute, optimisticPatch } from '../_fixtures/held.js';
import { User } from '../_fixtures/models.js';
import { mount, settle } from '../_fixtures/preact.js';
import { pushRenames, streamedUsers } from '../_fixtures/pushedUsers.js';
import { db, getUsers, reset, server, start } from '../_fixtures/usersApi.js';

/** One row component per user; counts each row's renders. */
function mountRows(ctrl: Controller, ids: string[]) {
  const renders = new Map<string, number>();
  function Row({ id }: { id: string }) {
    const user = useQuery(User, { id });
    renders.set(id, (renders.get(id) ?? 0) + 1);
    return <li>{user?.name}</li>;
  }
  const { root, unmount } = mount(
    ctrl,
    <ul>
      {ids.map((id) => (
        <Row key={id} id={id} />
      ))}
    </ul>,
  );
  const rerendered = () => [...renders].filter(([, n]) => n > 1).map(([id, n]) => `${id}:${n}`);
  return { root, unmount, rerendered };
}

const writes = suite('Preact: writes');
writes.before(start);
writes.after(() => server.close());

writes('an optimistic edit renders in the same tick; a failure restores it; only that row re-renders', async () => {
  reset(100);
  const ctrl = new Controller();
  await ctrl.fetch(getUsers);
  const patches = holdRoute(server, 'PATCH', '/users/:id');
  const rename = optimisticPatch(server.url, '/users/:id', User);
  const { root, unmount, rerendered } = mountRows(ctrl, [...db.keys()]);
  const row = () => root.querySelectorAll('li')[41].textContent;

  let failing!: Promise<unknown>;
  act(() => {
    failing = ctrl.fetch(rename, { id: 'u42' }, { name: 'Renamed' }).catch((e: Error) => e);
  });
  assert.is(row(), 'Renamed', 'rendered before anything awaited');
  assert.equal(rerendered(), ['u42:2']);
  (await patches.next()).reply(500, { error: 'nope' });
  assert.instance(await failing, Error);
  await settle();
  assert.is(row(), 'user 42');
  assert.equal(rerendered(), ['u42:3']);

  let saving!: Promise<unknown>;
  act(() => {
    saving = ctrl.fetch(rename, { id: 'u42' }, { name: 'Renamed' });
  });
  assert.is(row(), 'Renamed');
  (await patches.next()).reply(200, { id: 'u42', name: 'Renamed', isAdmin: false });
  await saving;
  await settle();
  assert.equal(rerendered(), ['u42:4'], 'the server confirming the optimistic value renders nothing');
  unmount();
});

writes('an infinite list renders page 1, loads page 2, and renders only the new rows', async () => {
  const getFeed = feedApi(server);
  const ctrl = new Controller();
  const renders = new Map<string, number>();
  function Post({ post }: { post: FeedPost }) {
    renders.set(post.id, (renders.get(post.id) ?? 0) + 1);
    return <li>{post.title}</li>;
  }
  // Rows are keyed and receive the shared row objects (rule 4): memo skips unchanged rows.
  const Row = memo(Post);
  function Feed() {
    const page = useQuery(getFeed.schema.results);
    return (
      <ul>
        {(page ?? []).map((post) => (
          <Row key={post.id} post={post} />
        ))}
      </ul>
    );
  }
  await ctrl.fetch(getFeed);
  const { root, unmount } = mount(ctrl, <Feed />);
  assert.is(root.querySelectorAll('li').length, 3);
  const next = ctrl.response(getFeed).value!.nextCursor as string;
  await ctrl.fetch(getFeed.getPage, { cursor: next });
  await settle();
  assert.equal(
    [...root.querySelectorAll('li')].map((li) => li.textContent),
    ['post 1', 'post 2', 'post 3', 'post 4', 'post 5', 'post 6'],
  );
  assert.equal([...renders.values()], [1, 1, 1, 1, 1, 1], 'each row rendered once');
  unmount();
});

writes('server-pushed rows (an SSE stream over fetch) re-render only their readers', async () => {
  const { ctrl, events, stream } = await streamedUsers();
  const { root, unmount, rerendered } = mountRows(ctrl, [...db.keys()]);
  pushRenames(events);
  await stream.received(4);
  await settle();
  assert.is(root.querySelectorAll('li')[6].textContent, 'pushed 7');
  assert.is(root.querySelectorAll('li')[8].textContent, 'pushed 9');
  assert.is(root.querySelectorAll('li')[19].textContent, 'pushed 20');
  assert.equal(
    rerendered(),
    ['u7:2', 'u9:2', 'u20:2'],
    'an identical push renders nothing; a pushed list only its changed row',
  );
  stream.close();
  unmount();
});

writes.run();
