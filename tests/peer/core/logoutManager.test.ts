// data-client: packages/core/src/manager/__tests__/logoutManager.ts (every test ported)
// data-client ships LogoutManager in its core; here it is an example an app copies
// (examples/managers/LogoutManager.ts), run in a Controller's pipeline: the peer test's
// `dispatch` mock is the Controller's own pipeline, watched by a manager after it.
import * as assert from 'uvu/assert';
import { LogoutManager } from '../../../examples/managers/LogoutManager.js';
import { type ActionTypes, Controller, Endpoint, Entity, type Manager, actionTypes } from '../../../src/index.js';
import { peer } from '../../_fixtures/peer.js';
import { tick } from '../../_fixtures/time.js';

const { FETCH, RESET } = actionTypes;
const test = peer('packages/core/src/manager/__tests__/logoutManager.ts');

class Article extends Entity {
  id = 0;
  title = '';
  override pk() {
    return String(this.id);
  }
}
const getArticle = new Endpoint((_: { id: number }) => Promise.resolve({ id: 5, title: 'hi' }), {
  schema: Article,
  key: ({ id }: { id: number }) => `article ${id}`,
});

/** A Controller running `manager`, and every action that went past it. */
function controller(manager: Manager) {
  const after: ActionTypes[] = [];
  const watch: Manager = { middleware: () => (next) => (action) => (after.push(action), next(action)), cleanup() {} };
  const ctrl = new Controller({ gcInterval: 0, managers: [manager, watch] });
  const dispatched = (type: string) => after.filter((action) => action.type === type);
  return { ctrl, after, dispatched };
}

/** An error with a status. */
function failure(status: number) {
  return Object.assign(new Error('network failed'), { status });
}

const manager = new LogoutManager();

test('LogoutManager > middleware > should return the same value every call', () => {
  const a = manager.middleware;
  assert.is(a, manager.middleware);
});

test('LogoutManager > middleware > should ignore non-error set', async () => {
  const { ctrl, dispatched } = controller(manager);
  ctrl.setResponse(getArticle, { id: 5 }, { id: 5, title: 'hi' });
  await tick();
  assert.is(dispatched(RESET).length, 0);
  assert.is(ctrl.get(Article, { id: 5 })?.title, 'hi');
});

test('LogoutManager > middleware > should ignore non-401 set', async () => {
  const { ctrl, dispatched } = controller(manager);
  ctrl.setError(getArticle, { id: 5 }, failure(404));
  await tick();
  assert.is(dispatched(RESET).length, 0);
});

test('LogoutManager > middleware > should dispatch reset on 401', async () => {
  const { ctrl, dispatched } = controller(manager);
  ctrl.setResponse(getArticle, { id: 5 }, { id: 5, title: 'hi' });
  ctrl.setError(getArticle, { id: 5 }, failure(401));
  await tick();
  assert.is(dispatched(RESET).length, 1);
  assert.is(ctrl.get(Article, { id: 5 }), undefined, 'the reset took effect');
});

test('LogoutManager > middleware > should call custom handleLogout', async () => {
  const calls: Controller[] = [];
  const local = new LogoutManager({
    shouldLogout(error) {
      return error.status === 403;
    },
    handleLogout: (controller) => calls.push(controller),
  });
  const { ctrl, dispatched } = controller(local);
  ctrl.setError(getArticle, { id: 5 }, failure(403));
  await tick();
  assert.is(calls.length, 1);
  assert.is(calls[0], ctrl);
  assert.is(dispatched(RESET).length, 0);
});

test('LogoutManager > middleware > should let other actions pass through', async () => {
  const { ctrl, dispatched } = controller(manager);
  await ctrl.fetch(getArticle, { id: 5 });
  assert.is(dispatched(FETCH).length, 1);
});

test.run();
