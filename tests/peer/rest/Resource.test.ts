// data-client: packages/rest/src/__tests__/Resource.test.ts
// nock's replies come from the real test server; `H` is its URL escaped for a path
// template. Hooks rendered with React read through a Controller (see RestEndpoint.test.ts).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Collection, Controller, Entity, NetworkError, resource, RestEndpoint } from '../../../src/index.js';
import { peer } from '../../_fixtures/peer.js';
import {
  host,
  moreNested,
  nested,
  paginatedFirstPage,
  paginatedSecondPage,
  reply,
  User,
} from '../../_fixtures/peerRest.js';
import { startServer } from '../../_fixtures/server.js';

const server = await startServer();
const H = host(server);
const test = peer('packages/rest/src/__tests__/Resource.test.ts');

const UserResource = resource({ path: `${H}/user/:id`, schema: User });

class PaginatedArticle extends Entity {
  readonly id: number | undefined = undefined;
  readonly title: string = '';
  readonly content: string = '';
  readonly author: number | null = null;
  readonly tags: string[] = [];
  override pk() {
    return this.id;
  }
  static override schema = { author: User };
}

function createPaginatableResource<P extends string>({ path }: { readonly path: P }) {
  const baseResource = resource({ path, schema: PaginatedArticle });
  const getList = baseResource.getList.extend({
    path: `${H}/article-paginated`,
    schema: { nextPage: '', data: { results: new Collection([PaginatedArticle]) } },
  });
  const getNextPage = getList.paginated((_v: { cursor: string | number }) => []);
  return { ...baseResource, getList, getNextPage };
}
const PaginatedArticleResource = createPaginatableResource({ path: `${H}/article-paginated/:id` });

class UrlArticle extends PaginatedArticle {
  readonly url: string = 'happy.com';
}

test('resource() > should handle simple urls', () => {
  assert.is(UserResource.get.url({ id: '5' }), `${server.url}/user/5`);
  assert.is(UserResource.get.url({ id: '100' }), `${server.url}/user/100`);
  assert.is(UserResource.update.url({ id: '100' }, { id: 100, username: 'bob' }), `${server.url}/user/100`);
  // @ts-expect-error
  () => UserResource.get.url({ sdf: '5' });
});

test('resource() > should omit optional path params when undefined', () => {
  const ep = new RestEndpoint({ path: '/users{/:id}' });
  assert.is(ep.url({ id: undefined }), '/users');
  assert.is(ep.url({ id: '5' }), '/users/5');
  assert.is(ep.url({}), '/users');
  const ep2 = new RestEndpoint({ path: '/users{/:id}{/:group}' });
  assert.is(ep2.url({ id: undefined, group: undefined }), '/users');
  assert.is(ep2.url({ id: '5', group: undefined }), '/users/5');
  assert.is(ep2.url({ id: undefined }), '/users');
});

test('resource() > should handle multiarg urls', () => {
  const MyUserResource = resource({ path: `${H}/groups/:group/users/:id`, schema: User });
  assert.is(MyUserResource.get.url({ group: 'big', id: '5' }), `${server.url}/groups/big/users/5`);
  assert.is(MyUserResource.get.url({ group: 'big', id: '100' }), `${server.url}/groups/big/users/100`);
  assert.is(MyUserResource.create.url({ group: 'big' }, { username: '100' }), `${server.url}/groups/big/users`);
  assert.is(
    MyUserResource.update.url({ group: 'big', id: '100' }, { id: 100, username: 'bob' }),
    `${server.url}/groups/big/users/100`,
  );
  // missing required
  assert.throws(() =>
    // @ts-expect-error
    MyUserResource.get.url({ id: '5' }),
  );
  const ctrl = new Controller();
  // @ts-expect-error
  () => ctrl.fetch(MyUserResource.get, { id: '5' });
  // @ts-expect-error
  () => ctrl.fetch(MyUserResource.get);
  () => ctrl.fetch(MyUserResource.get, { group: 'yay', id: '5' });
});

test('resource() > should shorten wildcard (*) paths for getList', () => {
  const FileResource = resource({ path: '/repos/:owner/*path', schema: User });
  // get uses the full path with wildcard
  assert.is(FileResource.get.url({ owner: 'john', path: ['src', 'index.ts'] }), '/repos/john/src/index.ts');
  // getList strips the last *wildcard token
  assert.is(FileResource.getList.url({ owner: 'john' }), '/repos/john');
  // create (push) also uses shortened path
  assert.is(FileResource.create.url({ owner: 'john' }, {} as any), '/repos/john');
  // @ts-expect-error - missing path
  () => FileResource.get.url({ owner: 'john' });
  // @ts-expect-error - path must be array
  () => FileResource.get.url({ owner: 'john', path: 'src/index.ts' });
  () => FileResource.getList({ owner: 'john' });
  // @ts-expect-error - missing required owner param
  () => FileResource.getList({});
});

test('resource() > should shorten path when wildcard comes after multiple params', () => {
  const DeepResource = resource({ path: '/api/:version/files/*path', schema: User });
  assert.is(DeepResource.get.url({ version: 'v2', path: ['docs', 'readme.md'] }), '/api/v2/files/docs/readme.md');
  assert.is(DeepResource.getList.url({ version: 'v2' }), '/api/v2/files');
  // @ts-expect-error - missing version
  () => DeepResource.getList({});
  () => DeepResource.getList({ version: 'v2' });
});

test('resource() > should automatically name methods', () => {
  assert.is(PaginatedArticleResource.get.name, 'PaginatedArticle.get');
  assert.is(PaginatedArticleResource.create.name, 'PaginatedArticle.create');
  assert.is(PaginatedArticleResource.getList.name, 'PaginatedArticle.getList');
  assert.is(PaginatedArticleResource.delete.name, 'PaginatedArticle.delete');
});

test('resource() > should update on get for a paginated resource', async () => {
  reply(server, 'GET', '/article-paginated', { status: 200, body: paginatedFirstPage });
  reply(server, 'GET', '/article-paginated?cursor=2', { status: 200, body: paginatedSecondPage });
  const controller = new Controller();
  await controller.fetch(PaginatedArticleResource.getList);
  // @ts-expect-error
  () => controller.fetch(PaginatedArticleResource.getNextPage);
  await controller.fetch(PaginatedArticleResource.getNextPage, { cursor: 2 });
  assert.equal(
    (controller.getResponse(PaginatedArticleResource.getList) as any).data.results.map(
      ({ id }: PaginatedArticle) => id,
    ),
    [5, 3, 7, 8],
  );
});

test('resource() > should deduplicate results', async () => {
  reply(server, 'GET', '/article-paginated', { status: 200, body: paginatedFirstPage });
  reply(server, 'GET', '/article-paginated?cursor=2', {
    status: 200,
    body: { ...paginatedSecondPage, results: [nested[nested.length - 1], ...moreNested] },
  });
  const controller = new Controller();
  await controller.fetch(PaginatedArticleResource.getList);
  await controller.fetch(PaginatedArticleResource.getNextPage, { cursor: 2 });
  assert.equal(
    (controller.getResponse(PaginatedArticleResource.getList) as any).data.results.map(
      ({ id }: PaginatedArticle) => id,
    ),
    [5, 3, 7, 8],
  );
});

test('resource() > should not deep-merge deeply defined entities', async () => {
  interface Complex {
    firstvalue: number;
    secondthing: { arg?: number; other?: string };
  }
  class ComplexEntity extends Entity {
    readonly id: string = '';
    readonly complexThing?: Complex = undefined;
    readonly extra: string = '';
    override pk() {
      return this.id;
    }
  }
  const ComplexResource = resource({ urlPrefix: server.url, path: '/complex-thing/:id', schema: ComplexEntity });
  const firstResponse = { id: '5', complexThing: { firstvalue: 233, secondthing: { arg: 88 } }, extra: 'hi' };
  reply(server, 'GET', '/complex-thing/5', { status: 200, body: firstResponse });
  const controller = new Controller();
  await controller.fetch(ComplexResource.get, { id: '5' });
  assert.equal({ ...controller.getResponse(ComplexResource.get, { id: '5' }) }, firstResponse);
  const secondResponse = { id: '5', complexThing: { firstvalue: 5, secondthing: { other: 'hi' } } };
  reply(server, 'GET', '/complex-thing/5', { status: 200, body: secondResponse });
  await controller.fetch(ComplexResource.get, { id: '5' });
  assert.equal({ ...controller.getResponse(ComplexResource.get, { id: '5' }) }, { ...secondResponse, extra: 'hi' });
});

test('resource() > delete() should fallback to params when response is empty object', async () => {
  reply(server, 'DELETE', '/article-paginated/500', { status: 200, body: {} });
  assert.equal(await PaginatedArticleResource.delete({ id: 500 }), { id: 500 });
});

test('resource() > delete() should fallback to params when response is undefined', async () => {
  reply(server, 'DELETE', '/article-paginated/500', { status: 204, body: undefined });
  assert.equal(await PaginatedArticleResource.delete({ id: 500 }), { id: 500 });
});

test.difference(
  'resource() > getList.move should have similar properties to update',
  'derived endpoints are named for their operation: .move (data-client: .partialUpdate)',
  () => {
    assert.is(UserResource.getList.move.method, 'PATCH');
    // move uses the full entity path (same as update), not the shortened list path
    assert.is(UserResource.getList.move.url({ id: '5' }, {}), `${server.url}/user/5`);
    assert.is(UserResource.update.url({ id: '5' }, {}), `${server.url}/user/5`);
    // schema is the Collection.move variant (not the raw Entity like update)
    assert.ok(UserResource.getList.move.schema);
    assert.is.not(UserResource.getList.move.schema, UserResource.update.schema);
    assert.is(typeof UserResource.getList.move.getOptimisticResponse, typeof UserResource.update.getOptimisticResponse);
    assert.is(UserResource.getList.move.name, 'User.getList.move');
    // searchParams are removed (move targets a specific entity, not a filtered list)
    assert.is(UserResource.getList.move.searchParams, undefined);
  },
);

test('resource() > getList.move should handle multiarg urls', () => {
  const MyUserResource = resource({ path: `${H}/groups/:group/users/:id`, schema: User });
  assert.is(MyUserResource.getList.move.url({ group: 'big', id: '5' }, {}), `${server.url}/groups/big/users/5`);
  assert.is(MyUserResource.update.url({ group: 'big', id: '5' }, {}), `${server.url}/groups/big/users/5`);
});

test('resource() > should spread `url` member', () => {
  // data-client builds the entity with `UrlArticle.fromJS`; here it is stored and read back.
  const controller = new Controller();
  controller.set(UrlArticle, { id: 1, url: 'five' });
  const entity = controller.get(UrlArticle, { id: 1 })!;
  const spread = { ...entity };
  assert.is(spread.url, 'five');
  assert.ok(Object.hasOwn(entity, 'url'));
});

const fakeResponse = (status: number, statusText: string, url: string) => ({ status, statusText, url }) as Response;

test('NetworkError > toJSON() should serialize error with status, message, and url', () => {
  const error = new NetworkError(fakeResponse(404, 'Not Found', 'http://test.com/api/missing'));
  const json = error.toJSON();
  // The message names the method and the status as well (every error names what failed).
  assert.equal(json, {
    name: 'NetworkError',
    status: 404,
    message: 'GET http://test.com/api/missing failed with 404 Not Found',
    url: 'http://test.com/api/missing',
  });
});

test('NetworkError > toJSON() output should be JSON.stringify-able', () => {
  const error = new NetworkError(fakeResponse(500, 'Internal Server Error', 'http://test.com/api/broken'));
  const parsed = JSON.parse(JSON.stringify(error));
  assert.is(parsed.name, 'NetworkError');
  assert.is(parsed.status, 500);
  assert.is(parsed.url, 'http://test.com/api/broken');
});

test.run();

const close = suite('close the test server');
close.after(() => server.close());
close.run();
