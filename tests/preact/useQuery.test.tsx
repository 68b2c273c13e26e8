// What is Preact's own in useQuery: rows re-render one by one, and the …Signal forms update
// text nodes without rendering. The behaviour both bindings share is in the binding
// contract (tests/_fixtures/contract.ts).
import { useComputed } from '@preact/signals';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller, RestEndpoint } from '../../src/index.js';
import { useCacheSignal, useQuery, useQuerySignal } from '../../src/preact/index.js';
import { User } from '../_fixtures/models.js';
import { mount, settle } from '../_fixtures/preact.js';
import { db, getUser, getUsers, reset, server, start } from '../_fixtures/usersApi.js';

//#region useQuery

const query = suite('useQuery');
query.before(start);
query.after(() => server.close());

query('a fetch that changes one of 1000 users re-renders exactly that row', async () => {
  reset(1000);
  const ctrl = new Controller();
  await ctrl.fetch(getUsers);
  const renders = new Map<string, number>();
  let total = 0;
  function Row({ id }: { id: string }) {
    const user = useQuery(User, { id });
    total++;
    renders.set(id, (renders.get(id) ?? 0) + 1);
    return <li>{user?.name}</li>;
  }
  const ids = [...db.keys()];
  const { root, unmount } = mount(
    ctrl,
    <ul>
      {ids.map((id) => (
        <Row key={id} id={id} />
      ))}
    </ul>,
  );
  assert.is(total, 1000);
  assert.is(root.querySelectorAll('li')[499].textContent, 'user 500');

  db.set('u500', { ...db.get('u500')!, name: 'Renamed' });
  await ctrl.fetch(getUser, { id: 'u500' });
  await settle();
  assert.is(total, 1001, 'one row component rendered');
  assert.is(renders.get('u500'), 2);
  assert.is(root.querySelectorAll('li')[499].textContent, 'Renamed');

  await ctrl.fetch(getUsers);
  await settle();
  assert.is(total, 1001, 'refetching identical data renders nothing');
  unmount();
});

query.run();

//#endregion

//#region useQuerySignal

const querySignal = suite('useQuerySignal');
querySignal.before(start);
querySignal.after(() => server.close());

querySignal('a changed user updates its text node with zero component renders', async () => {
  reset(1000);
  const ctrl = new Controller();
  await ctrl.fetch(getUsers);
  let renders = 0;
  function Row({ id }: { id: string }) {
    const user = useQuerySignal(User, { id });
    const name = useComputed(() => user.value?.name);
    renders++;
    return <li>{name}</li>;
  }
  const ids = [...db.keys()];
  const { root, unmount } = mount(
    ctrl,
    <ul>
      {ids.map((id) => (
        <Row key={id} id={id} />
      ))}
    </ul>,
  );
  assert.is(renders, 1000);
  const item = root.querySelectorAll('li')[499];
  const text = item.firstChild;
  assert.is(item.textContent, 'user 500');

  db.set('u500', { ...db.get('u500')!, name: 'Renamed' });
  await ctrl.fetch(getUser, { id: 'u500' });
  await settle();
  assert.is(item.textContent, 'Renamed');
  assert.is(item.firstChild, text, 'the same text node, updated in place');
  assert.is(renders, 1000, 'no component rendered');
  unmount();
});

querySignal('returns the controller’s view: the same signal for equal args', () => {
  const ctrl = new Controller();
  ctrl.set(User, { id: 'u1', name: 'Ada' });
  let view: unknown;
  function Probe() {
    view = useQuerySignal(User, { id: 'u1' });
    return null;
  }
  const { unmount } = mount(ctrl, <Probe />);
  assert.is(view, ctrl.query(User, { id: 'u1' }));
  unmount();
});

querySignal.run();

//#endregion

//#region useCacheSignal

const cacheSignal = suite('useCacheSignal');

cacheSignal('binds the response into JSX without rendering the component', async () => {
  const ctrl = new Controller();
  const getCount = new RestEndpoint({ path: '/count' }); // never fetched: setResponse stores
  ctrl.setResponse(getCount, 1);
  let renders = 0;
  function Count() {
    renders++;
    return <p>{useCacheSignal(getCount)}</p>;
  }
  const { root, unmount } = mount(ctrl, <Count />);
  assert.is(root.textContent, '1');
  ctrl.setResponse(getCount, 2);
  await settle();
  assert.is(root.textContent, '2');
  assert.is(renders, 1);
  unmount();
});

cacheSignal.run();

//#endregion
