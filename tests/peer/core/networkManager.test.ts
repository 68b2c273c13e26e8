// data-client: packages/core/src/manager/__tests__/networkManager.ts (every test ported; pending: getState(), which managers do not have here)
// Requests run inside the Controller (there is no NetworkManager to configure): a fetch
// dispatches FETCH, and its answer or failure is dispatched as SET_RESPONSE through every
// middleware, where the peer test's `dispatch` mock sees it. Here a manager at the end of
// the pipeline plays the mock.
import * as assert from 'uvu/assert';
import {
  type ActionTypes,
  Controller,
  Endpoint,
  Entity,
  type Manager,
  type SetResponseAction,
  SubscriptionManager,
  PollingSubscription,
  TriggerManager,
  actionTypes,
  getDefaultManagers,
} from '../../../src/index.js';
import { peer } from '../../_fixtures/peer.js';

const { SET_RESPONSE } = actionTypes;
const test = peer('packages/core/src/manager/__tests__/networkManager.ts');

class Article extends Entity {
  id = 0;
  title = '';
  override pk() {
    return String(this.id);
  }
}

/** A Controller whose last manager records every action that reaches it. */
function controller(...managers: Manager[]) {
  const dispatched: ActionTypes[] = [];
  const mock: Manager = {
    middleware: () => (next) => (action) => (dispatched.push(action), next(action)),
    cleanup() {},
  };
  const ctrl = new Controller({ gcInterval: 0, managers: [...managers, mock] });
  const sets = () => dispatched.filter((a): a is SetResponseAction => a.type === SET_RESPONSE);
  return { ctrl, dispatched, sets };
}

const detailEndpoint = new Endpoint((_: { id: number }) => Promise.resolve({ id: 5, title: 'hi' }), {
  schema: Article,
  name: 'detailEndpoint',
  key: ({ id }: { id: number }) => `detail ${id}`,
});
const updateShape = new Endpoint(
  (_params: { id: number }, body: { id: number; title: string }) => Promise.resolve(body),
  {
    schema: Article,
    sideEffect: true,
    key: ({ id }: { id: number }) => `update ${id}`,
  },
);

test.pending(
  'NetworkManager > getState() should have initialState before middleware run',
  'Controller.getState(): managers read the cache through the Controller',
  () => {},
);

test('NetworkManager > middleware > should return the same value every call', () => {
  // The default managers stand for data-client's: each middleware is made once.
  for (const manager of getDefaultManagers()) {
    const a = manager.middleware;
    assert.is(a, manager.middleware);
  }
});

test('NetworkManager > middleware > should return the different value for a different instance', () => {
  const a = new SubscriptionManager(PollingSubscription);
  const b = new SubscriptionManager(PollingSubscription);
  assert.is.not(a.middleware, b.middleware);
  assert.is(b.middleware, b.middleware);
  const c = new TriggerManager({ focus: false, online: false });
  assert.is.not(c.middleware, new TriggerManager({ focus: false, online: false }).middleware);
});

/** The SET_RESPONSE a fetch dispatches on success. */
async function setOnSuccess(endpoint: Endpoint<any, any, any>, args: unknown[]) {
  const { ctrl, sets } = controller();
  const fetched = ctrl.fetch(endpoint, ...(args as []));
  const response = await endpoint(...(args as []));
  await fetched;
  const [action] = sets();
  assert.ok(action, 'a SET_RESPONSE was dispatched');
  assert.equal(Object.keys(action!).sort(), ['args', 'endpoint', 'error', 'key', 'meta', 'response', 'type']);
  assert.is(action!.type, SET_RESPONSE);
  assert.is(action!.endpoint, endpoint);
  assert.equal(action!.response, response);
  assert.equal(action!.args, args);
  assert.is(action!.key, endpoint.key(...(args as [])));
  assert.is(action!.error, false);
  assert.equal(Object.keys(action!.meta).sort(), ['date', 'expiresAt', 'fetchedAt']);
  for (const time of Object.values(action!.meta)) assert.type(time, 'number');
}

test('NetworkManager > middleware > should handle fetch actions and dispatch on success', () =>
  setOnSuccess(detailEndpoint, [{ id: 5 }]));

test('NetworkManager > middleware > should handle fetch set action and dispatch on success with updaters', () =>
  // (`update` is data-client's way to edit other responses; its SET_RESPONSE is the same.)
  setOnSuccess(detailEndpoint.extend({ update: () => ({}) } as never), [{ id: 5 }]));

test('NetworkManager > middleware > should handle fetch rpc action and dispatch on success with updaters', () =>
  setOnSuccess(updateShape, [{ id: 5 }, { id: 5, title: 'hi' }]));

test('NetworkManager > middleware > should handle fetch rpc action with optimistic response and dispatch on success with updaters', async () => {
  const partialUpdateShape = updateShape.extend({
    getOptimisticResponse: (_snap: unknown, { id }: { id: number }, body: { title: string }) => ({ id, ...body }),
  });
  const { ctrl, dispatched, sets } = controller();
  const fetched = ctrl.fetch(partialUpdateShape, { id: 5 }, { id: 5, title: 'hi' });
  // The optimistic half went on through the pipeline (data-client's `next` was called).
  assert.equal(
    dispatched.map((a) => a.type),
    ['rdc/fetch', 'rdc/optimistic'],
  );
  await fetched;
  const [action] = sets();
  assert.is(action!.endpoint, partialUpdateShape);
  assert.equal(action!.response, { id: 5, title: 'hi' });
  assert.equal(action!.args, [{ id: 5 }, { id: 5, title: 'hi' }]);
  assert.is(action!.error, false);
});

/** `meta.expiresAt - meta.date` of the SET_RESPONSE a fetch of `endpoint` dispatches. */
async function expiry(endpoint: Endpoint<any, any, any>) {
  const { ctrl, sets } = controller();
  await ctrl.fetch(endpoint, { id: 5 }, { id: 5, title: 'hi' }).catch(() => {});
  const { meta } = sets()[0]!;
  return meta.expiresAt - meta.date;
}

test('NetworkManager > middleware > should use dataExpireLength from action if specified', async () => {
  assert.is(await expiry(detailEndpoint.extend({ dataExpiryLength: 314 })), 314);
});

test('NetworkManager > middleware > should use dataExpireLength from NetworkManager if not specified in action', async () => {
  assert.is(await expiry(detailEndpoint.extend({ dataExpiryLength: undefined })), 60000);
});

const errorUpdateShape = updateShape.extend({ fetch: () => Promise.reject(new Error('Failed')) });

test('NetworkManager > middleware > should handle fetch actions and dispatch on error', async () => {
  const { ctrl, sets } = controller();
  const error = await ctrl.fetch(errorUpdateShape, { id: 5 }, { id: 5, title: 'hi' }).then(
    () => assert.unreachable(),
    (e: Error) => e,
  );
  const [action] = sets();
  assert.is(action!.type, SET_RESPONSE);
  assert.is(action!.response, error);
  assert.is(action!.key, errorUpdateShape.key({ id: 5 }, { id: 5, title: 'hi' }));
  assert.is(action!.error, true);
  assert.type(action!.meta.date, 'number');
  assert.type(action!.meta.expiresAt, 'number');
});

test('NetworkManager > middleware > should use errorExpireLength from action if specified', async () => {
  assert.is(await expiry(errorUpdateShape.extend({ errorExpiryLength: 1234 })), 1234);
});

test('NetworkManager > middleware > should use errorExpireLength from NetworkManager if not specified in action', async () => {
  // data-client's own default (`createSetResponse`): 1000 ms; there is no NetworkManager option.
  assert.is(await expiry(errorUpdateShape), 1000);
});

test.run();
