/** @jsxImportSource solid-js */
import { container } from '../_fixtures/dom.js';
import { For } from 'solid-js';
import { render } from 'solid-js/web';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller } from '../../src/index.js';
import { live } from '../../src/live/index.js';
import { CacheProvider, createQuery } from '../../src/solid/index.js';
import { User } from '../_fixtures/models.js';
import { db, getUser, getUsers, reset, server, start } from '../_fixtures/usersApi.js';

const admins = live(User).where((u) => u.isAdmin);
const adminCount = admins.count();
const firstAdmins = admins.orderBy((u) => u.name).limit(3);
const named = live(User)
  .where((u, { prefix }: { prefix: string }) => u.name.startsWith(prefix))
  .count();

const solid = suite('createQuery with live queries');
solid.before(start);
solid.after(() => server.close());

solid('a count and a sorted window follow fetched rows; each re-runs once per response', async () => {
  reset(100);
  const ctrl = new Controller();
  let countRuns = 0;
  let listRuns = 0;
  function Admins() {
    const count = createQuery(adminCount);
    const first = createQuery(firstAdmins);
    return (
      <div>
        <p>{(countRuns++, count() ?? '…')}</p>
        <ul>
          <For each={(listRuns++, first() ?? [])}>{(u) => <li>{u.name}</li>}</For>
        </ul>
      </div>
    );
  }
  const root = container();
  const dispose = render(
    () => (
      <CacheProvider controller={ctrl}>
        <Admins />
      </CacheProvider>
    ),
    root,
  );
  assert.is(root.querySelector('p')!.textContent, '…');
  await ctrl.fetch(getUsers);
  assert.is(root.querySelector('p')!.textContent, '10');
  assert.equal(
    [...root.querySelectorAll('li')].map((li) => li.textContent),
    ['user 1', 'user 11', 'user 21'],
  );
  const [c, l] = [countRuns, listRuns];

  db.set('u2', { ...db.get('u2')!, isAdmin: true, name: 'user 10a' });
  await ctrl.fetch(getUser, { id: 'u2' });
  assert.is(root.querySelector('p')!.textContent, '11');
  assert.equal(
    [...root.querySelectorAll('li')].map((li) => li.textContent),
    ['user 1', 'user 10a', 'user 11'],
  );
  assert.is(countRuns, c + 1, 'the count re-ran once');
  assert.is(listRuns, l + 1, 'the window re-ran once');

  db.set('u50', { ...db.get('u50')!, name: 'not an admin' });
  await ctrl.fetch(getUser, { id: 'u50' });
  assert.is(countRuns, c + 1, 'a row no live query keeps: nothing re-ran');
  assert.is(listRuns, l + 1);
  dispose();
});

solid('arguments come from the accessor', async () => {
  reset(30);
  const ctrl = new Controller();
  await ctrl.fetch(getUsers);
  const root = container();
  const dispose = render(
    () => (
      <CacheProvider controller={ctrl}>
        {(() => {
          const n = createQuery(named, () => ({ prefix: 'user 2' }));
          return <p>{n()}</p>;
        })()}
      </CacheProvider>
    ),
    root,
  );
  assert.is(root.querySelector('p')!.textContent, '11', 'user 2 and user 20…29');
  dispose();
});

solid.run();
