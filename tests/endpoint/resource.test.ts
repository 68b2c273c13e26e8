import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller } from '../../src/controller/Controller.js';
import { RestEndpoint } from '../../src/endpoint/RestEndpoint.js';
import { resource } from '../../src/endpoint/resource.js';
import { Collection, CollectionAddition } from '../../src/schema/Collection.js';
import { Entity } from '../../src/schema/Entity.js';
import { Invalidate } from '../../src/schema/Invalidate.js';
import { json, send, startServer, type TestServer } from '../_fixtures/server.js';

class Post extends Entity {
  id = '';
  title = '';
  override pk() {
    return this.id;
  }
  static override key = 'Post';
}

let server: TestServer;

/** The endpoints of a resource (every member but `extend`). */
const endpointsOf = ({ extend: _extend, ...endpoints }: { extend: unknown } & Record<string, any>) =>
  Object.values(endpoints) as RestEndpoint<any, any, any, any, any, any>[];

const shape = suite('resource() shape');

shape('returns the six endpoints with data-client names, methods and paths', () => {
  const r = resource({ urlPrefix: 'http://x', path: '/:group/posts/:id', schema: Post });
  assert.equal(Object.keys(r).sort(), ['create', 'delete', 'extend', 'get', 'getList', 'partialUpdate', 'update']);
  for (const ep of endpointsOf(r)) assert.ok(ep instanceof RestEndpoint);
  const row = (ep: RestEndpoint<any, any, any, any, any>) => [ep.name, ep.method, ep.path, ep.sideEffect];
  assert.equal(row(r.get), ['Post.get', 'GET', '/:group/posts/:id', undefined]);
  assert.equal(row(r.getList), ['Post.getList', 'GET', '/:group/posts', undefined]);
  assert.equal(row(r.create), ['Post.create', 'POST', '/:group/posts', true]);
  assert.equal(row(r.update), ['Post.update', 'PUT', '/:group/posts/:id', true]);
  assert.equal(row(r.partialUpdate), ['Post.partialUpdate', 'PATCH', '/:group/posts/:id', true]);
  assert.equal(row(r.delete), ['Post.delete', 'DELETE', '/:group/posts/:id', true]);
});

shape('schemas: entity, Collection of the entity, its push, Invalidate', () => {
  const r = resource({ path: '/posts/:id', schema: Post, collection: { nonFilterArgumentKeys: /orderBy/ } });
  assert.is(r.get.schema, Post);
  assert.is(r.update.schema, Post);
  assert.is(r.partialUpdate.schema, Post);
  const list = r.getList.schema as Collection;
  assert.instance(list, Collection);
  assert.equal(list.schema, [Post]);
  assert.ok(
    list.accepts([{ orderBy: 'title' }], [{}]),
    'the collection option reached the Collection: orderBy does not filter',
  );
  assert.not.ok(list.accepts([{ group: 'a' }], [{}]));
  assert.instance(r.create.schema, CollectionAddition);
  assert.is(r.create.schema, list.push);
  assert.instance(r.delete.schema, Invalidate);
  assert.is((r.delete.schema as Invalidate).schema, Post);
});

shape('shared options reach every endpoint', () => {
  const r = resource({ urlPrefix: 'http://api', path: '/posts/:id', schema: Post, dataExpiryLength: 5 });
  for (const ep of endpointsOf(r)) {
    assert.is(ep.urlPrefix, 'http://api');
    assert.is(ep.dataExpiryLength, 5);
  }
});

shape('an Endpoint option chooses the class of every endpoint', () => {
  class Mine<P extends string = string, SP = {}, M extends string = 'GET', B = unknown, R = any> extends RestEndpoint<
    P,
    SP,
    M,
    B,
    R
  > {}
  const r = resource({ path: '/posts/:id', schema: Post, Endpoint: Mine });
  for (const ep of endpointsOf(r)) assert.ok(ep instanceof Mine);
});

shape('a path without a :param is refused', () => {
  assert.throws(
    () => resource({ path: '/posts', schema: Post }),
    /resource: path \/posts needs at least one :parameter/,
  );
});

const requests = suite('resource() requests');
requests.before(async () => {
  server = await startServer();
  server.route('GET', '/posts/:id', (req, res) => json(res, 200, { id: req.params.id, title: 'T' }));
  server.route('GET', '/posts', (req, res) => json(res, 200, [{ id: '1', title: req.query.get('orderBy') }]));
  server.route('POST', '/posts', (req, res) => json(res, 201, { id: '9', ...JSON.parse(req.body) }));
  server.route('PUT', '/posts/:id', (req, res) => json(res, 200, { id: req.params.id, ...JSON.parse(req.body) }));
  server.route('PATCH', '/posts/:id', (req, res) => json(res, 200, { id: req.params.id, ...JSON.parse(req.body) }));
  server.route('DELETE', '/posts/:id', (req, res) =>
    req.params.id === 'echo' ? json(res, 200, { id: 'echo', title: 'gone' }) : send(res, 204, ''),
  );
});
requests.after(() => server.close());

const posts = () =>
  resource({ urlPrefix: server.url, path: '/posts/:id', schema: Post, searchParams: {} as { orderBy?: string } });

requests('get and getList', async () => {
  const r = posts();
  assert.equal(await r.get({ id: '1' }), { id: '1', title: 'T' });
  assert.equal(await r.getList({ orderBy: 'title' }), [{ id: '1', title: 'title' }]);
  assert.equal(await r.getList(), [{ id: '1', title: null }]);
  assert.is(r.getList.key({ orderBy: 'title' }), `GET ${server.url}/posts?orderBy=title [Post]`);
});

requests('create posts the body to the list path', async () => {
  assert.equal(await posts().create({ title: 'New' }), { id: '9', title: 'New' });
  assert.is(server.requests.at(-1)!.method, 'POST');
  assert.is(server.requests.at(-1)!.path, '/posts');
});

requests('update and partialUpdate take (params, body)', async () => {
  const r = posts();
  assert.equal(await r.update({ id: '2' }, { title: 'Put' }), { id: '2', title: 'Put' });
  assert.equal(await r.partialUpdate({ id: '3' }, { title: 'Patch' }), { id: '3', title: 'Patch' });
  assert.equal(
    server.requests.slice(-2).map((q) => [q.method, q.path, q.body]),
    [
      ['PUT', '/posts/2', '{"title":"Put"}'],
      ['PATCH', '/posts/3', '{"title":"Patch"}'],
    ],
  );
});

requests('delete resolves with the params when the body is empty, else with the body', async () => {
  const r = posts();
  assert.equal(await r.delete({ id: '4' }), { id: '4' });
  assert.is(server.requests.at(-1)!.method, 'DELETE');
  assert.equal(await r.delete({ id: 'echo' }), { id: 'echo', title: 'gone' });
  assert.is(Post.pk((await r.delete({ id: '5' })) as object), '5');
});

requests(
  'through a Controller, delete resolves with the entity its response described (data-client), the row gone',
  async () => {
    const r = posts();
    const ctrl = new Controller();
    ctrl.set(Post, { id: 'echo' }, { id: 'echo', title: 'kept' });
    const removed = await ctrl.fetch(r.delete, { id: 'echo' });
    assert.instance(removed, Post);
    assert.equal({ ...(removed as unknown as object) }, { id: 'echo', title: 'gone' });
    assert.is(ctrl.get(Post, { id: 'echo' }), undefined);
    // A bare pk describes no entity: undefined, as in data-client.
    const bare = new RestEndpoint({
      urlPrefix: server.url,
      path: '/posts/:id',
      method: 'DELETE',
      schema: new Invalidate(Post),
      process: (_value: unknown, params: { id: string }) => params.id,
    });
    ctrl.set(Post, { id: '6' }, { id: '6', title: 'six' });
    assert.is(await ctrl.fetch(bare, { id: '6' }), undefined);
    assert.is(ctrl.get(Post, { id: '6' }), undefined);
  },
);

requests('a missing parameter rejects before any request', async () => {
  const before = server.requests.length;
  const error = (await (posts().get as any)({}).catch((e: unknown) => e)) as Error;
  assert.match(error.message, 'Post.get: missing path parameter "id" for path /posts/:id');
  assert.is(server.requests.length, before);
});

shape.run();
requests.run();
