/** @jsxImportSource solid-js */
// What is Solid's own in createQuery: <For> rows re-run one by one. The behaviour both
// bindings share is in the binding contract (tests/_fixtures/contract.ts).
import { container } from '../_fixtures/dom.js';
import { For } from 'solid-js';
import { render } from 'solid-js/web';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller } from '../../src/index.js';
import { CacheProvider, createQuery } from '../../src/solid/index.js';
import { User } from '../_fixtures/models.js';
import { db, getUser, getUsers, reset, server, start } from '../_fixtures/usersApi.js';

//#region createQuery

const query = suite('createQuery');
query.before(start);
query.after(() => server.close());

query('a fetch that changes one of 1000 users re-runs exactly that row', async () => {
  reset(1000);
  const ctrl = new Controller();
  await ctrl.fetch(getUsers);
  const runs = new Map<string, number>();
  let total = 0;
  function Row(props: { id: string }) {
    const user = createQuery(User, () => ({ id: props.id }));
    return <li>{(total++, runs.set(props.id, (runs.get(props.id) ?? 0) + 1), user()?.name)}</li>;
  }
  const ids = [...db.keys()];
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
  assert.is(total, 1000);
  assert.is(root.querySelectorAll('li').length, 1000);
  assert.is(root.querySelectorAll('li')[499].textContent, 'user 500');

  db.set('u500', { ...db.get('u500')!, name: 'Renamed' });
  await ctrl.fetch(getUser, { id: 'u500' });
  assert.is(total, 1001, 'one row expression re-ran');
  assert.is(runs.get('u500'), 2);
  assert.is(runs.get('u499'), 1);
  assert.is(root.querySelectorAll('li')[499].textContent, 'Renamed');

  await ctrl.fetch(getUsers);
  assert.is(total, 1001, 'refetching identical data re-runs nothing');
  dispose();
});

query.run();

//#endregion
