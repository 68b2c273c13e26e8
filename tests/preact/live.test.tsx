import { container } from '../_fixtures/dom.js';
import { flush as settle } from '../_fixtures/preact.js';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller } from '../../src/index.js';
import { live } from '../../src/live/index.js';
import { CacheProvider, useQuery } from '../../src/preact/index.js';
import { User } from '../_fixtures/models.js';
import { db, getUser, getUsers, reset, server, start } from '../_fixtures/usersApi.js';

const admins = live(User).where((u) => u.isAdmin);
const adminCount = admins.count();
const firstAdmins = admins.orderBy((u) => u.name).limit(3);
const named = live(User)
  .where((u, { prefix }: { prefix: string }) => u.name.startsWith(prefix))
  .count();

const preact = suite('useQuery with live queries');
preact.before(start);
preact.after(() => server.close());

preact('a count and a sorted window follow fetched rows; one render per response', async () => {
  reset(100);
  const ctrl = new Controller();
  let renders = 0;
  function Admins() {
    const count = useQuery(adminCount);
    const first = useQuery(firstAdmins);
    renders++;
    return (
      <div>
        <p>{count ?? '…'}</p>
        <ul>
          {(first ?? []).map((u) => (
            <li key={u.id}>{u.name}</li>
          ))}
        </ul>
      </div>
    );
  }
  const root = container();
  act(() =>
    render(
      <CacheProvider controller={ctrl}>
        <Admins />
      </CacheProvider>,
      root,
    ),
  );
  assert.is(root.querySelector('p')!.textContent, '…');
  await ctrl.fetch(getUsers);
  await settle();
  assert.is(root.querySelector('p')!.textContent, '10');
  assert.equal(
    [...root.querySelectorAll('li')].map((li) => li.textContent),
    ['user 1', 'user 11', 'user 21'],
  );
  const before = renders;

  db.set('u2', { ...db.get('u2')!, isAdmin: true, name: 'user 10a' });
  await ctrl.fetch(getUser, { id: 'u2' });
  await settle();
  assert.is(root.querySelector('p')!.textContent, '11');
  assert.equal(
    [...root.querySelectorAll('li')].map((li) => li.textContent),
    ['user 1', 'user 10a', 'user 11'],
  );
  assert.is(renders, before + 1, 'one render for the response');

  db.set('u50', { ...db.get('u50')!, name: 'not an admin' });
  await ctrl.fetch(getUser, { id: 'u50' });
  await settle();
  assert.is(renders, before + 1, 'a row no live query keeps: no render');
  act(() => render(null, root));
});

preact('arguments are passed like any Query', async () => {
  reset(30);
  const ctrl = new Controller();
  await ctrl.fetch(getUsers);
  function Named() {
    return <p>{useQuery(named, { prefix: 'user 2' })}</p>;
  }
  const root = container();
  act(() =>
    render(
      <CacheProvider controller={ctrl}>
        <Named />
      </CacheProvider>,
      root,
    ),
  );
  assert.is(root.querySelector('p')!.textContent, '11', 'user 2 and user 20…29');
  act(() => render(null, root));
});

preact.run();
