import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { RestEndpoint } from '../../src/endpoint/RestEndpoint.js';
import { Collection, CollectionAddition } from '../../src/schema/Collection.js';
import { Entity } from '../../src/schema/Entity.js';
import { json, startServer, type TestServer } from '../_fixtures/server.js';
import { dev } from '../_fixtures/env.js';

class Post extends Entity {
  id = '';
  title = '';
  override pk() {
    return this.id;
  }
  static override key = 'Post';
}

let server: TestServer;
async function setup() {
  server = await startServer();
  server.route('GET', '/:group/posts', (req, res) => json(res, 200, [{ id: '1', title: req.params.group }]));
  server.route('POST', '/:group/posts', (req, res) => json(res, 201, { id: '2', ...JSON.parse(req.body) }));
  server.route('POST', '/posts', (req, res) => json(res, 201, { id: '3', ...JSON.parse(req.body) }));
  server.route('GET', '/posts/:id', (req, res) => json(res, 200, { id: req.params.id, title: 'hi' }));
}

//#region extend
const extend = suite('RestEndpoint.extend');
extend.before(setup);
extend.after(() => server.close());

extend('returns a new endpoint with merged options; the original is unchanged', () => {
  const base = new RestEndpoint({ urlPrefix: 'http://a', path: '/posts/:id', name: 'getPost', pollFrequency: 100 });
  const other = base.extend({ urlPrefix: 'http://b', dataExpiryLength: 0 });
  assert.is.not(other, base);
  assert.is(other.url({ id: '1' }), 'http://b/posts/1');
  assert.is(other.name, 'getPost');
  assert.is(other.pollFrequency, 100);
  assert.is(other.dataExpiryLength, 0);
  assert.is(base.url({ id: '1' }), 'http://a/posts/1');
  assert.is(base.dataExpiryLength, undefined);
});

extend('keeps the subclass and its overrides', async () => {
  class Tagged<P extends string> extends RestEndpoint<P> {
    override process(value: object) {
      return { ...value, tagged: true };
    }
  }
  const base = new Tagged({ urlPrefix: server.url, path: '/posts/:id' });
  const other = base.extend({ name: 'getPostTagged' });
  assert.ok(other instanceof Tagged);
  assert.equal(await other({ id: '5' }), { id: '5', title: 'hi', tagged: true });
});

extend('instance options (such as process) carry over unless replaced', async () => {
  const base = new RestEndpoint({ urlPrefix: server.url, path: '/posts/:id', process: (v: { id: string }) => v.id });
  assert.is(await base.extend({ name: 'x' })({ id: '8' }), '8');
  assert.equal(await base.extend({ process: (v: unknown) => v })({ id: '8' }), { id: '8', title: 'hi' });
});

extend('a derived name follows a new path; sideEffect is inferred again when method changes', () => {
  const get = new RestEndpoint({ path: '/posts', sideEffect: false });
  const post = get.extend({ method: 'POST' });
  assert.is(get.extend({ path: '/drafts' }).name, '/drafts');
  assert.is(post.sideEffect, true);
  assert.is(get.extend({ method: 'POST', sideEffect: false }).sideEffect, false);
});
//#endregion

//#region push / unshift
const push = suite('RestEndpoint.push / unshift');
push.before(setup);
push.after(() => server.close());

const collection = new Collection([Post], { nonFilterArgumentKeys: /orderBy/ });

push('push is a POST to the same path whose schema is collection.push', () => {
  const getPosts = new RestEndpoint({
    urlPrefix: 'http://x',
    path: '/:group/posts',
    schema: collection,
    name: 'getPosts',
  });
  const add = getPosts.push;
  assert.ok(add instanceof RestEndpoint);
  assert.is(add.method, 'POST');
  assert.is(add.sideEffect, true);
  assert.is(add.schema, collection.push);
  assert.instance(add.schema, CollectionAddition);
  assert.is(add.name, 'getPosts.push');
  assert.is(add.key({ group: 'g' }, { title: 't' }), 'POST http://x/g/posts [Post]');
  assert.is(getPosts.push, add, 'created once per endpoint');
});

push('unshift is the same with collection.unshift', () => {
  const getPosts = new RestEndpoint({ path: '/:group/posts', schema: collection, name: 'getPosts' });
  assert.is(getPosts.unshift.schema, collection.unshift);
  assert.is(getPosts.unshift.name, 'getPosts.unshift');
  assert.is(getPosts.unshift.method, 'POST');
});

push('push sends (params, body) and resolves with the created item', async () => {
  const getPosts = new RestEndpoint({ urlPrefix: server.url, path: '/:group/posts', schema: collection });
  assert.equal(await getPosts.push({ group: 'react' }, { title: 'New' }), { id: '2', title: 'New' });
  const request = server.requests.at(-1)!;
  assert.is(request.method, 'POST');
  assert.is(request.path, '/react/posts');
  assert.is(request.body, '{"title":"New"}');
});

push('push on a path without params takes the body alone', async () => {
  const getPosts = new RestEndpoint({ urlPrefix: server.url, path: '/posts', schema: collection });
  assert.equal(await getPosts.push({ title: 'Solo' }), { id: '3', title: 'Solo' });
});

push('push keeps the subclass', () => {
  class Sub<P extends string> extends RestEndpoint<P> {}
  const getPosts = new Sub({ path: '/posts', schema: collection });
  assert.ok(getPosts.push instanceof Sub);
});

push('without a Collection schema the getters throw naming the endpoint', () => {
  const getPost = new RestEndpoint({ path: '/posts/:id', schema: Post, name: 'getPost' });
  assert.throws(
    () => getPost.push,
    dev
      ? /getPost: \.push needs a Collection schema, but the schema is the entity Post/
      : /^getPost: \.push needs a Collection schema$/,
  );
  assert.throws(() => getPost.unshift, /getPost: \.unshift needs a Collection schema/);
  assert.throws(
    () => new RestEndpoint({ path: '/x', name: 'x' }).push,
    dev ? /x: \.push needs a Collection schema, but the schema is undefined/ : /^x: \.push needs a Collection schema$/,
  );
});
//#endregion

extend.run();
push.run();
