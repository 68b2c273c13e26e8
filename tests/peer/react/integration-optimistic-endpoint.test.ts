// data-client: packages/react/src/__tests__/integration-optimistic-endpoint.web.tsx
// The peer renders hooks under two providers (CacheProvider, ExternalDataProvider) with the
// same expectations; here each test runs once, through the Controller: `useCache(ep, args)`
// is `ctrl.getResponse(ep, args)`, `useError(ep, args)` is `ctrl.getError(ep, args)`, and an
// `initialFixtures` entry is `ctrl.setResponse(ep, ...args, response)`. Jest's fake timers
// become the Controller's `clock`; nock's delayed replies become held requests on the real
// test server, answered in the order the peer's timers would.
//
// Not ported: 'works with eager creates (legacy)' and 'should update on create (legacy)'
// (they add to lists with an endpoint's `update` option, which signal-cache does not have:
// Collections do it, as in 'should update on create'), and the EntityMixin variant of
// 'should handle out of order server responses' (no EntityMixin here).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller, Endpoint, Entity, resource, RestEndpoint, type Schema } from '../../../src/index.js';
import { holdRoute } from '../../_fixtures/held.js';
import { peer } from '../../_fixtures/peer.js';
import { CoolerArticle, createArticleResource, nested, payload, reply } from '../../_fixtures/peerRest.js';
import { startServer } from '../../_fixtures/server.js';

const server = await startServer();
const test = peer('packages/react/src/__tests__/integration-optimistic-endpoint.web.tsx');

const OptimisticArticleResource = createArticleResource(server, {
  schema: CoolerArticle,
  urlRoot: 'article-cooler',
  optimistic: true,
}).extend('get', { path: '{/:id}{/:title}' });
/** data-client's `FutureArticleResource` as these tests use it: CoolerArticleResource's list and create. */
const CoolerArticleResource = createArticleResource(server, { schema: CoolerArticle, urlRoot: 'article-cooler' });

/** The persistent replies of the peer's `beforeEach`. */
reply(server, 'GET', `/article-cooler/${payload.id}`, { status: 200, body: payload });
reply(server, 'GET', '/article-cooler', { status: 200, body: nested });

/** What data-client's `CoolerArticle.fromJS(fields)` prints: the class defaults, then the fields. */
const article = (fields: Record<string, unknown>) => ({ ...new CoolerArticle(), ...fields });
/** An entity's fields, to compare with `article()`. */
const fieldsOf = (value: unknown) => ({ ...(value as object) });

const params = { id: payload.id };

test('Optimistic Updates > works with partial update', async () => {
  reply(server, 'PATCH', '/article-cooler/5', {
    status: 200,
    body: { ...payload, title: 'some other title', content: 'real response' },
  });
  const controller = new Controller();
  controller.setResponse(OptimisticArticleResource.get, params, payload);
  const current = () => controller.getResponse(OptimisticArticleResource.get, params);
  // @ts-expect-error
  () => current()!.doesnotexist;
  assert.equal(fieldsOf(current()), article(payload));
  const promise = controller.fetch(OptimisticArticleResource.partialUpdate, params, { content: 'changed' });
  assert.instance(current(), CoolerArticle);
  assert.equal(fieldsOf(current()), article({ ...payload, content: 'changed' }));
  await promise;
  assert.equal(fieldsOf(current()), article({ ...payload, title: 'some other title', content: 'real response' }));
});

test('Optimistic Updates > partial update does nothing but doesnt crash with no existing data', async () => {
  reply(server, 'PATCH', '/article-cooler/5', {
    status: 200,
    body: { ...payload, title: 'some other title', content: 'real response' },
  });
  const controller = new Controller();
  const current = () => controller.getResponse(OptimisticArticleResource.get, params);
  assert.is(current(), undefined);
  const promise = controller.fetch(OptimisticArticleResource.partialUpdate, params, { content: 'changed' });
  assert.is(current(), undefined);
  await promise;
  assert.equal(fieldsOf(current()), article({ ...payload, title: 'some other title', content: 'real response' }));
});

test('Optimistic Updates > works with update', async () => {
  reply(server, 'PUT', '/article-cooler/5', {
    status: 200,
    body: { ...payload, title: 'some other title', content: 'real response' },
  });
  const controller = new Controller();
  controller.setResponse(OptimisticArticleResource.get, params, payload);
  const current = () => controller.getResponse(OptimisticArticleResource.get, params);
  assert.equal(fieldsOf(current()), article(payload));
  const promise = controller.fetch(OptimisticArticleResource.update, params, { ...current()!, content: 'changed' });
  assert.instance(current(), CoolerArticle);
  assert.equal(fieldsOf(current()), article({ ...payload, content: 'changed' }));
  await promise;
  assert.equal(fieldsOf(current()), article({ ...payload, title: 'some other title', content: 'real response' }));
});

test('Optimistic Updates > works with update using FormData', async () => {
  reply(server, 'PUT', '/article-cooler/5', {
    status: 200,
    body: { ...payload, title: 'some other title', content: 'real response' },
  });
  const controller = new Controller();
  controller.setResponse(OptimisticArticleResource.get, params, payload);
  const current = () => controller.getResponse(OptimisticArticleResource.get, params);
  assert.equal(fieldsOf(current()), article(payload));
  const formPayload = new FormData();
  for (const k of Object.keys(current()!)) {
    if (k === 'author' || k === 'tags' || k === 'id') continue;
    formPayload.set(k, (current() as any)[k]);
  }
  formPayload.set('content', 'changed');
  const promise = controller.fetch(OptimisticArticleResource.update, params, formPayload as any);
  assert.instance(current(), CoolerArticle);
  assert.equal(fieldsOf(current()), article({ ...payload, content: 'changed' }));
  await promise;
  assert.equal(fieldsOf(current()), article({ ...payload, title: 'some other title', content: 'real response' }));
});

test('Optimistic Updates > works with deletes', async () => {
  reply(server, 'DELETE', '/article-cooler/5', { status: 200, body: '' });
  const controller = new Controller();
  controller.setResponse(OptimisticArticleResource.getList, {}, [payload]);
  const articles = () => controller.getResponse(OptimisticArticleResource.getList)?.map(fieldsOf);
  assert.equal(articles(), [article(payload)]);
  const promise = controller.fetch(OptimisticArticleResource.delete, params);
  assert.equal(articles(), []);
  await promise;
  assert.equal(articles(), []);
});

test('Optimistic Updates > should update on create', async () => {
  const controller = new Controller();
  reply(server, 'POST', '/article-cooler', { status: 200, body: { ...payload, id: 1, title: 'whatever' } });
  await controller.fetch(CoolerArticleResource.getList);
  const ids = () => controller.getResponse(CoolerArticleResource.getList)!.map(({ id }) => id);
  assert.equal(ids(), [5, 3]);
  const createOptimistic = CoolerArticleResource.create.extend({
    getOptimisticResponse: (_snap: unknown, body: any) => ({ id: Math.random(), ...body }),
  });
  const done = controller.fetch(createOptimistic, { id: 1, title: 'whatever' });
  assert.equal(ids(), [5, 3, 1]);
  await done;
});

/** partialUpdate whose requests stay unanswered until the test resolves them, in any order. */
function heldPartialUpdates() {
  const resolves: ((value: unknown) => void)[] = [];
  const endpoint = OptimisticArticleResource.partialUpdate.extend({
    fetch() {
      return new Promise((resolve) => resolves.push(resolve));
    },
  });
  return { endpoint, resolves };
}

test('Optimistic Updates > should clear only earlier optimistic updates when a promise resolves', async () => {
  let now = 0;
  const controller = new Controller({ clock: () => now });
  controller.setResponse(OptimisticArticleResource.get, params, payload);
  const current = () => fieldsOf(controller.getResponse(OptimisticArticleResource.get, params));
  now += 23;
  const { endpoint, resolves } = heldPartialUpdates();
  const fetches: Promise<any>[] = [];

  // first optimistic
  fetches.push(controller.fetch(endpoint, params, { title: 'firstoptimistic', content: 'firstoptimistic' }));
  assert.equal(current(), article({ ...payload, title: 'firstoptimistic', content: 'firstoptimistic' }));
  now += 23;
  // second optimistic
  fetches.push(controller.fetch(endpoint, params, { title: 'secondoptimistic' }));
  assert.equal(current(), article({ ...payload, title: 'secondoptimistic', content: 'firstoptimistic' }));
  now += 23;
  // third optimistic
  fetches.push(controller.fetch(endpoint, params, { tags: ['thirdoptimistic'] }));
  assert.equal(
    current(),
    article({ ...payload, title: 'secondoptimistic', content: 'firstoptimistic', tags: ['thirdoptimistic'] }),
  );

  // resolve second request while first is in flight
  resolves[1]!({ ...payload, title: 'second' });
  await fetches[1];
  // first and second optimistic should be cleared with only third optimistic left to be layered
  // on top of second's network response
  assert.equal(current(), article({ ...payload, title: 'second', tags: ['thirdoptimistic'] }));

  // resolve the first fetch; but the second fetch happened after so we use it first since this
  // is default 'first fetchedAt' behavior
  resolves[0]!({ ...payload, title: 'first', content: 'first' });
  await fetches[0];
  assert.equal(current(), article({ ...payload, title: 'second', tags: ['thirdoptimistic'] }));
  resolves[2]!({ ...payload, title: 'second', tags: ['third'] });
  await fetches[2];
});

test('Optimistic Updates > should clear optimistic when server response resolves in order', async () => {
  let now = 0;
  const controller = new Controller({ clock: () => now });
  controller.setResponse(OptimisticArticleResource.get, params, payload);
  const current = () => fieldsOf(controller.getResponse(OptimisticArticleResource.get, params));
  now += 23;
  const { endpoint, resolves } = heldPartialUpdates();
  const fetches: Promise<any>[] = [];

  fetches.push(controller.fetch(endpoint, params, { title: 'firstoptimistic', content: 'firstoptimistic' }));
  assert.equal(current(), article({ ...payload, title: 'firstoptimistic', content: 'firstoptimistic' }));
  now += 23;
  fetches.push(controller.fetch(endpoint, params, { title: 'secondoptimistic' }));
  assert.equal(current(), article({ ...payload, title: 'secondoptimistic', content: 'firstoptimistic' }));
  now += 23;
  fetches.push(controller.fetch(endpoint, params, { tags: ['thirdoptimistic'] }));
  assert.equal(
    current(),
    article({ ...payload, title: 'secondoptimistic', content: 'firstoptimistic', tags: ['thirdoptimistic'] }),
  );
  now += 23;

  // resolve first request
  resolves[0]!({ ...payload, content: 'first' });
  await fetches[0];
  // replace optimistic with response
  assert.equal(
    current(),
    article({ ...payload, title: 'secondoptimistic', content: 'first', tags: ['thirdoptimistic'] }),
  );

  // resolve second request
  resolves[1]!({ ...payload, title: 'second', content: 'first' });
  await fetches[1];
  assert.equal(current(), article({ ...payload, title: 'second', content: 'first', tags: ['thirdoptimistic'] }));

  // resolve third request
  resolves[2]!({ ...payload, title: 'second', content: 'first', tags: ['third'] });
  await fetches[2];
  assert.equal(current(), article({ ...payload, title: 'second', content: 'first', tags: ['third'] }));
});

//#region race conditions

class Toggle extends Entity {
  readonly id: number = 0;
  readonly visible: boolean = true;
  override pk() {
    return this.id;
  }
}
const getbool = new Endpoint(
  (id: number): Promise<{ id: number; visible: boolean }> =>
    fetch(`${server.url}/toggle/${id}`).then((res) => res.json()),
  { name: 'gettoggle', schema: Toggle },
);
const toggle = new Endpoint(
  (id: number): Promise<{ id: number; visible: boolean }> =>
    fetch(`${server.url}/toggle/${id}`, { method: 'POST' }).then((res) => res.json()),
  {
    name: 'toggle',
    schema: Toggle,
    sideEffect: true,
    getOptimisticResponse(snap, id) {
      const data = snap.get(Toggle, { id });
      if (!data) throw snap.abort;
      return { id, visible: !data.visible };
    },
  },
);

// Object.create(null) handles the e.constructor is undefined case
for (const [name, toThrow] of [
  ['failed string', 'failed string'],
  ['[object Object]', Object.create(null)],
] as const) {
  test(`Optimistic Updates > race conditions > should fail when ${name} is thrown in getOptimisticResponse`, async () => {
    const failToggle = toggle.extend({
      getOptimisticResponse() {
        throw toThrow;
      },
    });
    // keeping state here allows the requests to flip flop each time
    let visible = false;
    const posts = holdRoute(server, 'POST', '/toggle/5');
    const controller = new Controller();
    controller.setResponse(getbool, 5, { id: 5, visible });
    assert.equal(fieldsOf(controller.getResponse(getbool, 5)), { id: 5, visible: false });

    const promise = controller.fetch(failToggle, 5);
    // nothing should change since this failed
    assert.equal(fieldsOf(controller.getResponse(getbool, 5)), { id: 5, visible: false });
    // As every error, it names the endpoint: a thrown non-Error is wrapped, its `cause` the value thrown.
    const err = controller.getError(failToggle, 5)!;
    assert.is(err.cause, toThrow);
    assert.match(err.message, /^toggle: getOptimisticResponse failed/);
    // The request is sent all the same (the peer leaves it answering after the test).
    visible = !visible;
    (await posts.next()).reply(200, { id: 5, visible });
    await promise;
  });
}

test('Optimistic Updates > race conditions > toggle should alternate with multiple optimistic updates', async () => {
  // keeping state here allows the requests to flip flop each time
  let visible = false;
  const posts = holdRoute(server, 'POST', '/toggle/5');
  const answer = async () => {
    visible = !visible;
    (await posts.next()).reply(200, { id: 5, visible });
  };
  let now = 0;
  const controller = new Controller({ clock: () => now });
  controller.setResponse(getbool, 5, { id: 5, visible });
  const tog = () => fieldsOf(controller.getResponse(getbool, 5));
  // @ts-expect-error
  () => controller.getResponse(getbool, 5)!.doesnotexist;
  assert.equal(tog(), { id: 5, visible: false });

  const promises: Promise<any>[] = [];
  promises.push(controller.fetch(toggle, 5));
  assert.equal(tog(), { id: 5, visible: true });
  promises.push(controller.fetch(toggle, 5));
  assert.equal(tog(), { id: 5, visible: false });
  promises.push(controller.fetch(toggle, 5));
  assert.equal(tog(), { id: 5, visible: true });
  now += 300;
  const promise2 = controller.fetch(toggle, 5);
  assert.equal(tog(), { id: 5, visible: false });

  // 700 ms later the first three answer, in order
  now += 701;
  for (let i = 0; i < 3; i++) await answer();
  await Promise.all(promises);
  // after resolution this should not change the result
  assert.equal(tog(), { id: 5, visible: false });
  await answer();
  await promise2;
  assert.equal(tog(), { id: 5, visible: false });
});

test('Optimistic Updates > race conditions > toggle should handle when response is missing', async () => {
  let visible = false;
  const posts = holdRoute(server, 'POST', '/toggle/5');
  const controller = new Controller();
  assert.is(controller.getResponse(getbool, 5), undefined);
  assert.is(controller.getError(toggle, 5), undefined);
  const promise = controller.fetch(toggle, 5);
  assert.is(controller.getResponse(getbool, 5), undefined);
  assert.is(controller.getError(toggle, 5), undefined);
  visible = !visible;
  (await posts.next()).reply(200, { id: 5, visible });
  await promise;
});

test('Optimistic Updates > race conditions > should error when user error happens', async () => {
  const toggleError = new Endpoint(
    (id: number): Promise<{ id: number; visible: boolean }> =>
      fetch(`${server.url}/toggle/${id}`, { method: 'POST' }).then((res) => res.json()),
    {
      name: 'toggle',
      schema: Toggle,
      sideEffect: true,
      getOptimisticResponse(snap, id) {
        const getterError = snap.getError(getbool, id);
        if (getterError) throw getterError;
        throw new Error('this should fail');
      },
    },
  );
  let visible = false;
  const posts = holdRoute(server, 'POST', '/toggle/5');
  const controller = new Controller();
  controller.setResponse(getbool, 5, { id: 5, visible });
  assert.ok(controller.getResponse(getbool, 5));
  assert.is(controller.getError(toggleError, 5), undefined);
  const promise = controller.fetch(toggleError, 5);
  assert.ok(controller.getResponse(getbool, 5));
  assert.instance(controller.getError(toggleError, 5), Error);
  assert.is(controller.getError(toggleError, 5)!.message, 'toggle: getOptimisticResponse failed: this should fail');
  visible = !visible;
  (await posts.next()).reply(200, { id: 5, visible });
  await promise;
});

//#region with timestamps

class VisSettings extends Entity {
  readonly id: number | undefined = undefined;
  readonly visType: 'graph' | 'line' = 'graph';
  readonly numCols: number = 0;
  readonly updatedAt: number = 0;
  override pk() {
    return this.id;
  }
  static override shouldUpdate(_existingMeta: unknown, _incomingMeta: unknown, existing: any, incoming: any) {
    return existing.updatedAt <= incoming.updatedAt;
  }
  static override key = 'VisSettings';
}
class VisEndpoint<
  P extends string = string,
  SP = {},
  M extends string = 'GET',
  B = unknown,
  R = any,
  S extends Schema = Schema,
> extends RestEndpoint<P, SP, M, B, R, S> {
  override getRequestInit(body: any) {
    if (body && typeof body === 'object') body = { ...body, updatedAt: Date.now() };
    return super.getRequestInit(body);
  }
}
const VisSettingsResourceBase = resource({
  urlPrefix: server.url,
  path: '/vis-settings/:id',
  schema: VisSettings,
  Endpoint: VisEndpoint,
});
const VisSettingsResource = {
  ...VisSettingsResourceBase,
  partialUpdate: VisSettingsResourceBase.partialUpdate.extend({
    getOptimisticResponse(snap: any, params: any, body: any) {
      const { data } = snap.getResponse(VisSettingsResourceBase.get, params);
      if (!data) throw snap.abort;
      return { ...data, ...body, updatedAt: snap.fetchedAt };
    },
  }),
  incrementCols: new VisEndpoint({
    schema: VisSettings,
    urlPrefix: server.url,
    path: '/vis-settings/:id/incCol',
    body: undefined,
    method: 'POST',
    name: 'incrementCols',
  }).extend({
    getOptimisticResponse(snap: any, params: any) {
      const { data } = snap.getResponse(VisSettingsResourceBase.get, params);
      const numCols = data ? data.numCols + 1 : 0;
      return { ...data, numCols, updatedAt: snap.fetchedAt };
    },
  }),
};

test('Optimistic Updates > race conditions > with timestamps > should handle out of order server responses (0)', async () => {
  let now = 1_000_000;
  const patches = holdRoute(server, 'PATCH', '/vis-settings/:id');
  const increments = holdRoute(server, 'POST', '/vis-settings/:id/incCol');
  const initVis = { id: 5, visType: 'graph', numCols: 0, updatedAt: now };
  const controller = new Controller({ clock: () => now });
  controller.setResponse(VisSettingsResource.get, { id: 5 }, initVis);
  const vis = () => controller.getResponse(VisSettingsResource.get, { id: 5 });
  assert.equal(fieldsOf(vis()), initVis);

  now += 100;
  const partialPromise = controller.fetch(VisSettingsResource.partialUpdate, { id: 5 }, { visType: 'line' });
  assert.is(vis()?.visType, 'line');

  now += 100;
  const incrementPromise = controller.fetch(VisSettingsResource.incrementCols, { id: 5 });
  assert.is(vis()?.visType, 'line');
  assert.is(vis()?.numCols, 1);

  const betweenDate = now;
  now += 100;
  const incrementPromise2 = controller.fetch(VisSettingsResource.incrementCols, { id: 5 });
  assert.is(vis()?.visType, 'line');
  assert.is(vis()?.numCols, 2);
  const afterDate = now;

  const partial = await patches.next();
  const [increment, increment2] = [await increments.next(), await increments.next()];
  now += 100;
  partial.reply(200, { id: 5, visType: 'line', numCols: 5, updatedAt: betweenDate });
  await partialPromise;
  assert.is(vis()?.visType, 'line');
  // the server is not aware of our client's last increment, so we +1 to response
  assert.is(vis()?.numCols, 7);

  now += 100;
  const finalObject = { id: 5, visType: 'graph', numCols: 100, updatedAt: afterDate };
  increment2.reply(200, finalObject);
  await incrementPromise2;
  assert.equal(fieldsOf(vis()), finalObject);

  increment.reply(200, { id: 5, visType: 'line', numCols: 0, updatedAt: 0 });
  await incrementPromise;
  assert.equal(fieldsOf(vis()), finalObject);
});

//#endregion
//#endregion

test.run();

const close = suite('close the test server');
close.after(() => server.close());
close.run();
