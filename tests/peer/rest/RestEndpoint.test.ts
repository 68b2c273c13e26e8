// data-client: packages/rest/src/__tests__/RestEndpoint.ts
// Its endpoints call http://test.com through nock; here they call the real test server
// (`H` is its URL escaped for a path template), which serves the same replies. Hooks
// rendered with React read through a Controller: `useSuspense(ep, args)` is
// `await ctrl.fetch(ep, args)` and then `ctrl.getResponse(ep, args)` for what the
// component would render next.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Collection, Controller, Entity, NetworkError, RestEndpoint, Values, type Schema } from '../../../src/index.js';
import { peer } from '../../_fixtures/peer.js';
import {
  CoolerArticle,
  coolerArticleResource,
  bodyOf,
  createPayload,
  host,
  moreNested,
  nested,
  paginatedFirstPage,
  paginatedSecondPage,
  payload,
  reply,
  User,
  users,
} from '../../_fixtures/peerRest.js';
import { startServer } from '../../_fixtures/server.js';
import { dev } from '../../_fixtures/env.js';

const server = await startServer();
const H = host(server);
const test = peer('packages/rest/src/__tests__/RestEndpoint.ts');
const CoolerArticleResource = coolerArticleResource(server);

const getUser = new RestEndpoint({
  path: `${H}/user/:id`,
  name: 'User.get',
  schema: User,
  method: 'GET',
  searchParams: {} as { extra?: string },
});
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
const getArticleList = new RestEndpoint({
  urlPrefix: server.url,
  path: '/article-paginated',
  schema: { nextPage: '', data: { results: new Collection([PaginatedArticle]) } },
  method: 'GET',
});
const getNextPage = getArticleList.paginated((_v: { cursor: string | number }) => []);

const getArticleList2 = new RestEndpoint({
  urlPrefix: `${server.url}/article-paginated/`,
  path: ':group',
  name: 'get',
  schema: { nextPage: '', data: { results: new Collection([PaginatedArticle]) } },
  method: 'GET',
});
const getNextPage2 = getArticleList2.paginated(
  ({ cursor: _cursor, ...rest }: { cursor: string | number; group: string | number }) => [rest],
);

const getArticleList3 = new RestEndpoint({
  urlPrefix: server.url,
  path: '/article-paginated',
  schema: { nextPage: '', data: { results: new Collection([PaginatedArticle]) } },
  method: 'GET',
  searchParams: {} as { group: string | number },
  paginationField: 'cursor',
}).extend({ dataExpiryLength: 10000 });
const getNextPage3 = getArticleList3.getPage;

/** The replies of the peer's `beforeEach` (a persistent nock). */
function persistentReplies() {
  reply(server, 'GET', `/article-cooler/${payload.id}`, { status: 200, body: payload });
  reply(server, 'DELETE', `/article-cooler/${payload.id}`, { status: 204, body: '' });
  reply(server, 'DELETE', `/article/${payload.id}`, { status: 200, body: {} });
  reply(server, 'GET', '/article-cooler/0', { status: 403, body: {} });
  reply(server, 'GET', '/article-cooler/666', { status: 200, body: '' });
  reply(server, 'GET', '/article-cooler', { status: 200, body: nested });
  reply(server, 'POST', '/article-cooler', { status: 200, body: createPayload });
  reply(server, 'GET', '/user', { status: 200, body: users });
}
persistentReplies();

const isPojo = (obj: unknown): obj is Record<string, any> =>
  obj !== null && typeof obj === 'object' && Object.getPrototypeOf(obj) === Object.prototype;

//#region RestEndpoint

test('RestEndpoint > testKey should match keys', () => {
  assert.ok(getArticleList.testKey(getArticleList.key()));
  assert.ok(getUser.testKey(getUser.key({ id: '100', extra: '345' })));
  assert.ok(getUser.testKey(getUser.key({ id: 'xxx?*' })));
});

test('RestEndpoint > should assign members', () => {
  assert.is(getUser.path, `${H}/user/:id`);
  assert.is(getUser.sideEffect, undefined);
  assert.is(getUser.method, 'GET');
  // @ts-expect-error
  () => getUser.notassigned;
  // @ts-expect-error
  const _b: 'POST' = getUser.method;

  const updateUser = new RestEndpoint({ path: `${H}/user/:id`, name: 'update', schema: User, method: 'POST' });
  assert.is(updateUser.sideEffect, true);
});

test('RestEndpoint > only optional path means the arg is not required', () => {
  const ep = new RestEndpoint({ path: '/users{/:id}{/:group}' });
  const epbody = new RestEndpoint({ path: '/users{/:id}{/:group}', body: { title: '' }, method: 'POST' });
  () => ep();
  () => ep({ id: 5 });
  () => ep({ group: 5 });
  () => ep({ id: 5, group: 5 });
  () => epbody({ title: 'hi' });
  () => epbody({ id: 5 }, { title: 'hi' });
  () => epbody({ group: 5 }, { title: 'hi' });
  () => epbody({ id: 5, group: 5 }, { title: 'hi' });
  assert.is(ep.url(), '/users');
  assert.is(epbody.url({ id: 5 }, { title: 'hi' }), '/users/5');
});

test('RestEndpoint > should omit optional path params when undefined', () => {
  const ep = new RestEndpoint({ path: '/users{/:id}' });
  assert.is(ep.url({ id: undefined }), '/users');
  assert.is(ep.url({ id: '5' }), '/users/5');
  assert.is(ep.url({}), '/users');

  const ep2 = new RestEndpoint({ path: '/users{/:id}{/:group}' });
  assert.is(ep2.url({ id: undefined, group: undefined }), '/users');
  assert.is(ep2.url({ id: '5', group: undefined }), '/users/5');
  assert.is(ep2.url({ id: undefined }), '/users');
});

test('RestEndpoint > should handle wildcard (*) path params as arrays', () => {
  const ep = new RestEndpoint({ path: '/files/*path' });
  assert.is(ep.url({ path: ['a', 'b', 'c'] }), '/files/a/b/c');
  assert.is(ep.url({ path: ['single'] }), '/files/single');
  // @ts-expect-error - path must be an array, not a string
  () => ep.url({ path: 'a/b/c' });
  // @ts-expect-error - missing required wildcard param
  () => ep.url({});
});

test('RestEndpoint > should handle wildcard with regular params', () => {
  const ep = new RestEndpoint({ path: '/users/:id/*rest' });
  assert.is(ep.url({ id: '5', rest: ['docs', 'file'] }), '/users/5/docs/file');
  assert.is(ep.url({ id: '42', rest: ['a'] }), '/users/42/a');
  // @ts-expect-error - missing id
  () => ep.url({ rest: ['a'] });
  // @ts-expect-error - missing rest
  () => ep.url({ id: '5' });
});

test('RestEndpoint > should handle optional wildcard params', () => {
  const ep = new RestEndpoint({ path: '/files{/*path}' });
  assert.is(ep.url({ path: ['a', 'b'] }), '/files/a/b');
  assert.is(ep.url({}), '/files');
  assert.is(ep.url({ path: undefined }), '/files');
  () => ep();
});

test('RestEndpoint > should handle optional wildcard with required param', () => {
  const ep = new RestEndpoint({ path: '/users/:id{/*rest}' });
  assert.is(ep.url({ id: '5', rest: ['docs', 'file'] }), '/users/5/docs/file');
  assert.is(ep.url({ id: '5' }), '/users/5');
  assert.is(ep.url({ id: '5', rest: undefined }), '/users/5');
  // @ts-expect-error - missing required param id
  () => ep.url({});
  // @ts-expect-error - rest should be array, not string
  () => ep.url({ id: '5', rest: 'docs/file' });
});

test('RestEndpoint > should handle escaped special characters in path', () => {
  const ep = new RestEndpoint({ path: '/users/:login/events/public\\?per_page=50' });
  assert.is(ep.url({ login: 'alice' }), '/users/alice/events/public?per_page=50');
  const ep2 = new RestEndpoint({ path: '/search\\?q=hello\\&page=2' });
  assert.is(ep2.url(), '/search?q=hello&page=2');
});

test('RestEndpoint > should allow sideEffect overrides', () => {
  const weirdGetUser = new RestEndpoint({
    path: `${H}/user/:id`,
    name: 'getter',
    schema: User,
    method: 'POST',
    sideEffect: undefined,
  });
  assert.is(weirdGetUser.sideEffect, undefined);
});

test('RestEndpoint > should handle simple urls', () => {
  assert.is(getUser.url({ id: '5' }), `${server.url}/user/5`);
  assert.is(getUser.url({ id: '100' }), `${server.url}/user/100`);
  // @ts-expect-error
  () => getUser.url({ sdf: '5' });
});

test('RestEndpoint > should handle multiarg urls', () => {
  const getMyUser = new RestEndpoint({
    path: `${H}/groups/:group/users/:id`,
    schema: User,
    method: 'GET',
    // An option the class does not know becomes a member as well.
    ...({ extra: 5 } as {}),
  });
  assert.is(getMyUser.url({ group: 'big', id: '5' }), `${server.url}/groups/big/users/5`);
  assert.is(getMyUser.url({ group: 'big', id: '100' }), `${server.url}/groups/big/users/100`);
  assert.is((getMyUser as unknown as { extra: number }).extra, 5);
  // missing required
  assert.throws(() =>
    // @ts-expect-error
    getMyUser.url({ id: '5' }),
  );
  const ctrl = new Controller();
  // @ts-expect-error
  () => ctrl.fetch(getMyUser, { id: '5' });
  // @ts-expect-error
  () => ctrl.fetch(getMyUser);
  () => ctrl.fetch(getMyUser, { group: 'yay', id: '5' });
});

test('RestEndpoint > should automatically name methods', () => {
  assert.is(getUser.name, 'User.get');
  assert.is(getArticleList.name, `${server.url}/article-paginated`);
  assert.is(getArticleList.extend({ path: '/:something' }).name, `${server.url}/:something`);
});

test('RestEndpoint > should update on get for a paginated resource', async () => {
  reply(server, 'GET', '/article-paginated', { status: 200, body: paginatedFirstPage });
  reply(server, 'GET', '/article-paginated?cursor=2', { status: 200, body: paginatedSecondPage });
  const controller = new Controller();
  await controller.fetch(getArticleList);
  const current = () => {
    const {
      data: { results: articles },
      nextPage,
    } = controller.getResponse(getArticleList)!;
    return { articles: articles!, nextPage };
  };
  assert.is(current().nextPage, paginatedFirstPage.nextPage);
  await controller.fetch(getNextPage, { cursor: current().nextPage });
  assert.equal(
    current().articles.map(({ id }: PaginatedArticle) => id),
    [5, 3, 7, 8],
  );
  assert.is(current().nextPage, undefined);
});

test('RestEndpoint > should update on get for a paginated resource with parameter in path', async () => {
  reply(server, 'GET', '/article-paginated/happy', { status: 200, body: paginatedFirstPage });
  reply(server, 'GET', '/article-paginated/happy?cursor=2', { status: 200, body: paginatedSecondPage });
  const controller = new Controller();
  await controller.fetch(getArticleList2, { group: 'happy' });
  // @ts-expect-error
  () => controller.fetch(getNextPage2);
  await controller.fetch(getNextPage2, { group: 'happy', cursor: 2 });
  assert.equal(
    controller.getResponse(getArticleList2, { group: 'happy' })!.data.results!.map(({ id }: PaginatedArticle) => id),
    [5, 3, 7, 8],
  );
});

test.difference(
  'RestEndpoint > push: should extend name of parent endpoint',
  'derived endpoints are named .push/.unshift (data-client: .create for both)',
  () => {
    assert.is(getArticleList3.push.name, `${server.url}/article-paginated.push`);
    assert.is.not(getArticleList3.push.name, getArticleList3.unshift.name);
  },
);

test.difference(
  'RestEndpoint > unshift: should extend name of parent endpoint',
  'derived endpoints are named .push/.unshift (data-client: .create)',
  () => {
    assert.is(getArticleList3.unshift.name, `${server.url}/article-paginated.unshift`);
  },
);

test.difference(
  'RestEndpoint > remove: should extend name of parent endpoint',
  'derived endpoints are named for their operation (data-client: .partialUpdate)',
  () => {
    assert.is(getArticleList3.remove.name, `${server.url}/article-paginated.remove`);
  },
);

test.difference(
  'RestEndpoint > move: should extend name of parent endpoint',
  'derived endpoints are named for their operation (data-client: .partialUpdate)',
  () => {
    assert.is(getArticleList3.move.name, `${server.url}/article-paginated.move`);
  },
);

test('RestEndpoint > move should work with deeply nested Collection', async () => {
  class GroupedArticle extends Entity {
    readonly id: number | undefined = undefined;
    readonly title: string = '';
    readonly group: string = '';
    override pk() {
      return this.id;
    }
  }
  const getGroupedArticles = new RestEndpoint({
    urlPrefix: server.url,
    path: '/grouped-articles',
    movePath: '/grouped-articles/:id',
    schema: { nextPage: '', data: { results: new Collection([GroupedArticle]) } },
    method: 'GET',
    searchParams: {} as { group: string },
  });
  assert.ok(getGroupedArticles.move.schema);
  assert.is(getGroupedArticles.move.method, 'PATCH');
  reply(server, 'PATCH', '/grouped-articles/2', (req) => [
    200,
    { id: 2, title: 'Article 2', group: 'beta', ...bodyOf(req) },
  ]);
  const controller = new Controller();
  controller.setResponse(
    getGroupedArticles,
    { group: 'alpha' },
    {
      nextPage: '2',
      data: {
        results: [
          { id: 1, title: 'Article 1', group: 'alpha' },
          { id: 2, title: 'Article 2', group: 'alpha' },
        ],
      },
    },
  );
  controller.setResponse(
    getGroupedArticles,
    { group: 'beta' },
    {
      nextPage: '2',
      data: { results: [{ id: 3, title: 'Article 3', group: 'beta' }] },
    },
  );
  const alpha = () => controller.getResponse(getGroupedArticles, { group: 'alpha' })?.data.results;
  const beta = () => controller.getResponse(getGroupedArticles, { group: 'beta' })?.data.results;
  assert.is(alpha()?.length, 2);
  assert.is(beta()?.length, 1);

  const response = await controller.fetch(
    getGroupedArticles.move,
    { id: 2 },
    { id: 2, title: 'Article 2', group: 'beta' },
  );
  response.title satisfies string;
  assert.is(response.title, 'Article 2');
  assert.is(response.group, 'beta');

  assert.is(alpha()?.length, 1);
  assert.is(alpha()![0]?.title, 'Article 1');
  assert.is(beta()?.length, 2);
  assert.equal(
    beta()!
      .map((a: { title: string }) => a.title)
      .sort(),
    ['Article 2', 'Article 3'],
  );
});

test('RestEndpoint > getPage: should extend name of parent endpoint', () => {
  assert.is(getNextPage3.name, `${server.url}/article-paginated.getPage`);
});

test('RestEndpoint > getPage: should update on get for a paginated resource with parameter in path', async () => {
  reply(server, 'GET', '/article-paginated?group=happy', { status: 200, body: paginatedFirstPage });
  reply(server, 'GET', '/article-paginated?cursor=2&group=happy', { status: 200, body: paginatedSecondPage });
  const controller = new Controller();
  await controller.fetch(getArticleList3, { group: 'happy' });
  // @ts-expect-error
  () => controller.fetch(getNextPage3);
  // @ts-expect-error
  () => controller.fetch(getNextPage3, { fake: 5 });
  await controller.fetch(getNextPage3, { group: 'happy', cursor: 2 });
  assert.equal(
    controller.getResponse(getArticleList3, { group: 'happy' })!.data.results!.map(({ id }: PaginatedArticle) => id),
    [5, 3, 7, 8],
  );
});

test('RestEndpoint > should deduplicate results', async () => {
  reply(server, 'GET', '/article-paginated', { status: 200, body: paginatedFirstPage });
  reply(server, 'GET', '/article-paginated?cursor=2', {
    status: 200,
    body: { ...paginatedSecondPage, results: [nested[nested.length - 1], ...moreNested] },
  });
  const controller = new Controller();
  await controller.fetch(getArticleList);
  await controller.fetch(getNextPage, { cursor: 2 });
  // The peer leaves its assertion commented out ("Why is this broken?"): the page goes in.
  assert.equal(
    controller.getResponse(getArticleList)!.data.results!.map(({ id }: PaginatedArticle) => id),
    [5, 3, 7, 8],
  );
});

test('RestEndpoint > should not deep-merge deeply defined entities', async () => {
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
  const getComplex = new RestEndpoint({ urlPrefix: server.url, path: '/complex-thing/:id', schema: ComplexEntity });
  const firstResponse = { id: '5', complexThing: { firstvalue: 233, secondthing: { arg: 88 } }, extra: 'hi' };
  reply(server, 'GET', '/complex-thing/5', { status: 200, body: firstResponse });
  const controller = new Controller();
  await controller.fetch(getComplex, { id: '5' });
  assert.equal({ ...controller.getResponse(getComplex, { id: '5' }) }, firstResponse);

  const secondResponse = { id: '5', complexThing: { firstvalue: 5, secondthing: { other: 'hi' } } };
  reply(server, 'GET', '/complex-thing/5', { status: 200, body: secondResponse });
  await controller.fetch(getComplex, { id: '5' });
  assert.equal({ ...controller.getResponse(getComplex, { id: '5' }) }, { ...secondResponse, extra: 'hi' });
});

test('RestEndpoint > overriding methods should work', async () => {
  reply(server, 'PUT', '/user/5', (req) => [200, { id: 5, username: 'bob', ...bodyOf(req) }]);
  const updateUser = new RestEndpoint({
    method: 'PUT',
    path: `${H}/user/:id`,
    name: 'get',
    schema: User,
    getRequestInit(body) {
      if (body && isPojo(body)) {
        return RestEndpoint.prototype.getRequestInit.call(this, { ...body, email: 'always@always.com' });
      }
      return RestEndpoint.prototype.getRequestInit.call(this, body);
    },
  });
  const response = await updateUser({ id: 5 }, { username: 'micky', email: 'micky@gmail.com' });
  assert.equal(response, { email: 'always@always.com', id: 5, username: 'micky' });
});

//#region class extensions

class DefaultUser extends User {
  defaultUserExtra = 'yay';
}

/** The peer's `MyEndpoint`: a default schema, a body transform, and a member of its own. */
class MyEndpoint<
  P extends string = string,
  SP = {},
  M extends string = 'GET',
  B = unknown,
  R = any,
  S extends Schema = typeof DefaultUser,
> extends RestEndpoint<P, SP, M, B, R, S> {
  constructor(options: ConstructorParameters<typeof RestEndpoint<P, SP, M, B, R, S>>[0]) {
    super({ schema: DefaultUser, ...options } as any);
  }
  override parseResponse(response: Response): Promise<any> {
    return super.parseResponse(response);
  }
  override getRequestInit(body: any) {
    if (isPojo(body)) return super.getRequestInit({ ...body, email: 'always@always.com' });
    return super.getRequestInit(body);
  }
  additional = 5;
}

test('RestEndpoint > class extensions > should work with constructor', async () => {
  reply(server, 'PUT', '/user/5', (req) => [200, { id: 5, username: 'bob', ...bodyOf(req) }]);
  const updateUser = new MyEndpoint({ method: 'PUT', path: `${H}/user/:id`, name: 'update', schema: User });
  const response = await updateUser({ id: 5 }, { username: 'micky', email: 'micky@gmail.com' });
  assert.equal(response, { email: 'always@always.com', id: 5, username: 'micky' });
  assert.is(updateUser.additional, 5);
});

test('RestEndpoint > class extensions > setting body in extend should work', async () => {
  reply(server, 'PUT', '/charmer/5', (req) => [200, { id: 5, username: 'bob', ...bodyOf(req) }]);
  const updateUser = new MyEndpoint({ method: 'PUT', path: `${H}/user/:id`, name: 'update', schema: User }).extend({
    body: 5,
    path: `${H}/charmer/:charm`,
  });
  () => {
    // test type widening
    const second = updateUser.extend({ body: { body: '' } });
    second({ charm: 5 }, { body: 'hi' });
  };
  const response = await updateUser(
    { charm: 5 },
    // @ts-expect-error
    { username: 'micky', email: 'micky@gmail.com' },
  );
  () => updateUser({ charm: 5 }, 5);
  assert.equal(response, { email: 'always@always.com', id: 5, username: 'micky' });
  assert.is((updateUser as unknown as MyEndpoint).additional, 5);
  const nobody = updateUser.extend({ path: `${H}/user/:charm`, body: undefined });
  () => nobody({ charm: 5 });
  // @ts-expect-error
  () => nobody({ id: 5 });
});

test('RestEndpoint > class extensions > setting body in extend should work without path', async () => {
  reply(server, 'PUT', '/user/5', (req) => [200, { id: 5, username: 'bob', ...bodyOf(req) }]);
  const updateUser = new MyEndpoint({ method: 'PUT', path: `${H}/user/:id`, name: 'update', schema: User }).extend({
    body: 5,
  });
  const response = await updateUser(
    { id: 5 },
    // @ts-expect-error
    { username: 'micky', email: 'micky@gmail.com' },
  );
  () => updateUser({ id: 5 }, 5);
  assert.equal(response, { email: 'always@always.com', id: 5, username: 'micky' });
  assert.is((updateUser as unknown as MyEndpoint).additional, 5);
  const nobody = updateUser.extend({ path: `${H}/user/:charm`, body: undefined });
  () => nobody({ charm: 5 });
  // @ts-expect-error
  () => nobody({ id: 5 });

  const updateUser2 = new MyEndpoint({ method: 'PUT', path: `${H}/user/:id`, name: 'update', schema: User }).extend({
    searchParams: {} as { isAdmin: boolean },
  });
  () => updateUser2({ id: 5, isAdmin: true }, { username: 'micky', email: 'micky@gmail.com' });
  // @ts-expect-error
  () => updateUser2({ id: 5 }, { username: 'micky', email: 'micky@gmail.com' });
  () =>
    updateUser2(
      // @ts-expect-error
      { isAdmin: true },
      { username: 'micky', email: 'micky@gmail.com' },
    );
});

test('RestEndpoint > class extensions > should work with default schema in class definition', async () => {
  reply(server, 'GET', '/user/5', { status: 200, body: { id: 5, username: 'bob', email: 'bob@gmail.com' } });
  const getUser = new MyEndpoint({ path: `${H}/user/:id`, name: 'update' });
  const controller = new Controller();
  const user = await controller.fetch(getUser, { id: 5 });
  assert.is(user.username, 'bob');
  // @ts-expect-error
  assert.is(user.sdfsd, undefined);
  assert.is(user.defaultUserExtra, 'yay');
  assert.is(user.email, 'bob@gmail.com');
});

test('RestEndpoint > class extensions > should work with default path in class definition', async () => {
  reply(server, 'GET', '/user/5', { status: 200, body: { id: 5, username: 'bob', email: 'bob@gmail.com' } });
  // this seems like a less common use case; so we're fine with it being annoying
  class UserEndpoint extends MyEndpoint<`${string}/user/:id`, {}, 'GET', unknown, any, typeof DefaultUser> {
    constructor({ path = `${H}/user/:id`, ...options }: { path?: `${string}/user/:id`; method?: 'GET'; name: string }) {
      super({ path, ...options } as any);
    }
  }
  const getUser = new UserEndpoint({ method: 'GET', name: 'update' });
  const controller = new Controller();
  const user = await controller.fetch(getUser, { id: 5 });
  assert.is(user.username, 'bob');
  // @ts-expect-error
  assert.is(user.sdfsd, undefined);
  assert.is(user.defaultUserExtra, 'yay');
  assert.is(user.email, 'bob@gmail.com');
  // @ts-expect-error
  () => getUser({ group: 5 });
  // @ts-expect-error
  () => controller.fetch(getUser);
});

test('RestEndpoint > class extensions > update should work with extends', async () => {
  reply(server, 'PUT', '/6/user/5', (req) => [200, { id: 5, username: 'charles', ...bodyOf(req) }]);
  const updateUser = new MyEndpoint({ method: 'PUT', path: `${H}/user/:id`, name: 'update', schema: User }).extend({
    path: `${H}/:group/user/:id`,
    body: 0 as Partial<User>,
  });
  assert.is((updateUser as unknown as MyEndpoint).additional, 5);
  assert.is(updateUser.method, 'PUT');
  const response = await updateUser({ group: '6', id: 5 }, { email: 'micky@gmail.com' });
  assert.equal(response, { email: 'always@always.com', id: 5, username: 'charles' });
});

test('RestEndpoint > class extensions > get should work with extends', async () => {
  reply(server, 'GET', '/6/user/5', (req) => [200, { id: 5, username2: 'charles', ...bodyOf(req) }]);
  class User2 extends Entity {
    readonly id: number | undefined = undefined;
    readonly username2: string = '';
    readonly email: string = '';
    readonly isAdmin: boolean = false;
    override pk() {
      return this.id;
    }
  }
  const getUserBase = new MyEndpoint({ method: 'GET', path: `${H}/user/:id`, name: 'getuser', schema: User });
  const getUser = getUserBase.extend({ path: `${H}/:group/user/:id`, schema: User2 });
  assert.is(getUserBase.name, 'getuser');
  assert.is(getUserBase.extend({ method: 'GET' }).name, 'getuser');
  assert.is(getUser.name, 'getuser');
  assert.is((getUser as unknown as MyEndpoint).additional, 5);
  assert.is(getUser.method, 'GET');
  const user = await getUser({ group: '6', id: 5 });
  assert.is(user.username2, 'charles');
  assert.is(user.username, undefined);
  assert.equal(user, { id: 5, username2: 'charles' });

  const newBody = getUser
    .extend({ body: {} as { title: string }, dataExpiryLength: 0, method: 'POST' })
    .extend({ dataExpiryLength: 5 });
  () => newBody({ group: 'hi', id: 'what' }, { title: 'cool' });
  // @ts-expect-error
  () => newBody({ id: 'what' }, { title: 'cool' });
  // @ts-expect-error
  () => newBody({ title: 'cool' });
  // @ts-expect-error
  () => newBody({ group: 'hi', id: 'what' });

  const bodyNoPath = newBody.extend({ path: '/' });
  const bodyNoParams = bodyNoPath.extend({ body: {} as { happy: string } });
  () => bodyNoParams({ happy: 'cool' });
  // @ts-expect-error
  () => bodyNoParams({ group: 'hi', id: 'what' }, { title: 'cool' });
  // @ts-expect-error
  () => bodyNoParams({ sdfd: 'cool' });

  const searchParams = getUser.extend({
    path: `${H}/:group/user/:id`,
    searchParams: {} as { isAdmin?: boolean; sort: 'asc' | 'desc' },
  });
  () => searchParams({ group: 'hi', id: 'what', sort: 'asc' });
  () => searchParams({ group: 'hi', id: 'what', sort: 'asc', isAdmin: true });
  // @ts-expect-error
  () => searchParams({ group: 'hi', id: 'what', sort: 'abc' });
  // @ts-expect-error
  () => searchParams({ group: 'hi', id: 'what' });
  // @ts-expect-error
  () => searchParams.url({ group: 'hi', id: 'what' });
  assert.is(
    searchParams.url({ group: 'hi', id: 'what', sort: 'desc', isAdmin: true }),
    `${server.url}/hi/user/what?isAdmin=true&sort=desc`,
  );

  const searchParams2 = searchParams.extend({ searchParams: {} as { bigger: boolean } });
  () => searchParams2({ group: 'hi', id: 'what', bigger: true });
  // @ts-expect-error
  () => searchParams2({ group: 'hi', id: 'what', bigger: 5 });
  // @ts-expect-error
  () => searchParams2({ group: 'hi', id: 'what', sort: 'asc' });
  // @ts-expect-error
  () => searchParams2({ group: 'hi', id: 'what' });
  assert.is(searchParams2.url({ group: 'hi', id: 'what', bigger: true }), `${server.url}/hi/user/what?bigger=true`);

  const searchParams3 = getUserBase.extend({ searchParams: {} as { bigger: boolean } });
  () => searchParams3({ id: 'what', bigger: true });
  // @ts-expect-error
  () => searchParams3({ id: 'what', bigger: 5 });
  // @ts-expect-error
  () => searchParams3({ id: 'what' });
  assert.is(searchParams3.url({ id: 'what', bigger: true }), `${server.url}/user/what?bigger=true`);

  const searchParams4 = getUserBase
    .extend({ path: '/users' })
    .extend({ searchParams: {} as { bigger?: boolean } | undefined });
  () => searchParams4({ bigger: true });
  () => searchParams4();
  () => searchParams4({});
  // @ts-expect-error
  () => searchParams4({ bigger: 5 });
  assert.is(searchParams4.url({ bigger: true }), '/users?bigger=true');
  assert.is(searchParams4.url(), '/users');
});

test('RestEndpoint > class extensions > should work with custom searchToString', () => {
  class SearchEndpoint<
    P extends string = string,
    SP = {},
    M extends string = 'GET',
    B = unknown,
    R = any,
    S extends Schema = typeof DefaultUser,
  > extends MyEndpoint<P, SP, M, B, R, S> {
    override searchToString(searchParams: Record<string, any>) {
      return super.searchToString({ ...searchParams, bob: 5 });
    }
  }
  class User2 extends Entity {
    readonly id: number | undefined = undefined;
    readonly username2: string = '';
    override pk() {
      return this.id?.toString();
    }
  }
  const getUserBase = new SearchEndpoint({ method: 'GET', path: `${H}/user/:id`, name: 'getuser', schema: User });
  const getUser = getUserBase.extend({ path: `${H}/:group/user/:id`, schema: User2 });
  const searchParams = getUser.extend({
    path: `${H}/:group/user/:id`,
    searchParams: {} as { isAdmin?: boolean; sort: 'asc' | 'desc' },
  });
  assert.is(
    searchParams.url({ group: 'hi', id: 'what', sort: 'desc', isAdmin: true }),
    `${server.url}/hi/user/what?bob=5&isAdmin=true&sort=desc`,
  );
});

//#endregion

test('RestEndpoint > extending with name should work', () => {
  const endpoint = CoolerArticleResource.get.extend({ name: 'mything' });
  const endpoint2 = CoolerArticleResource.get.extend({ path: '/:bob' });
  assert.is(CoolerArticleResource.get.name, 'CoolerArticle.get');
  assert.is(endpoint.name, 'mything');
  assert.is(endpoint2.name, 'CoolerArticle.get');
});

test('RestEndpoint > should infer default method when sideEffect is set', async () => {
  const endpoint = new RestEndpoint({
    sideEffect: true,
    path: `${H}/article-cooler`,
    schema: CoolerArticle,
  }).extend({ name: 'createarticle' });
  assert.is(endpoint.method, 'POST');
  assert.is(endpoint.sideEffect, true);
  const article = await (endpoint as any)(payload);
  assert.equal(article, { content: 'whatever', id: 1, tags: ['a', 'best', 'react'], title: 'hi ho' });
});

test('RestEndpoint > body type setting > should work in constructors', () => {
  interface TodoInterface {
    title: string;
    completed: boolean;
  }
  const update = new RestEndpoint({ path: '/:id', method: 'POST', body: {} as TodoInterface });
  () => update({ id: 5 }, { title: 'updated', completed: true });
  // @ts-expect-error
  () => update({ id: 5 });
  // @ts-expect-error
  () => update({ id: 5 }, { title: 5, completed: true });
  // @ts-expect-error
  () => update({ id: 5 }, { completed: true });
  assert.is(update.url({ id: 5 }, { title: 'updated', completed: true }), '/5');
});

const getArticle = new RestEndpoint({
  path: `${H}/article-cooler/:id`,
  process(value): CoolerArticle {
    return value;
  },
});

test('RestEndpoint > process() return type setting > should work with constructors', async () => {
  const article = await getArticle({ id: '5' });
  article.author;
  // @ts-expect-error
  article.asdf;
  assert.is(article.title, payload.title);
});

test('RestEndpoint > process() return type setting > should set on .extend()', async () => {
  const getExtends = new RestEndpoint({ path: `${H}/article-cooler/:id` }).extend({
    process(value: any): CoolerArticle {
      return value;
    },
  });
  const ex = await getExtends({ id: '5' });
  ex.author;
  // @ts-expect-error
  ex.asdf;
  assert.is(ex.title, payload.title);
});

test('RestEndpoint > process() return type setting > should override existing type on .extend()', async () => {
  const getOverride = getArticle.extend({
    process(value: any, _param: any): { asdf: string } {
      return value;
    },
  });
  const ov = await getOverride({ id: '5' });
  ov.asdf;
  // @ts-expect-error
  ov.author;
  assert.is((ov as unknown as CoolerArticle).title, payload.title);
});

test('RestEndpoint > process() return type setting > should maintain existing type on .extend() when not specified', async () => {
  const getOverride = getArticle.extend({ dataExpiryLength: 7 });
  const ov = await getOverride({ id: '5' });
  ov.author;
  // @ts-expect-error
  ov.asdf;
  assert.is(ov.title, payload.title);
});

test('RestEndpoint > process() return type setting > should maintain existing type on .extend() when process is not supplied but path is', () => {
  const getOverride = getArticle.extend({ path: '/:a/:b' });
  async () => {
    const ov = await getOverride({ a: '5', b: '7' });
    ov.author;
    // @ts-expect-error
    ov.asdf;
  };
  assert.is(getOverride.url({ a: '5', b: '7' }), '/5/7');
});

test('RestEndpoint > process() return type setting > should override existing type on .extend() when path is also supplied', () => {
  const getOverride = getArticle.extend({
    path: '/:a/:b',
    process(value: any, _param: any): { asdf: string } {
      return value;
    },
  });
  async () => {
    const ov = await getOverride({ a: '5', b: '7' });
    ov.asdf;
    // @ts-expect-error
    ov.author;
  };
  assert.is(getOverride.url({ a: '5', b: '7' }), '/5/7');
});

test('RestEndpoint > extend options should match function of path set', () => {
  const endpoint = new RestEndpoint({
    sideEffect: true,
    path: `${H}/article-cooler/:id`,
    body: 0 as any,
    schema: CoolerArticle,
    // Not typed as in data-client: `sideEffect: true` makes the method POST at runtime, but
    // the type stays GET's without a `method` option, so no body argument here.
    getOptimisticResponse(_snap, params) {
      params.id;
      // @ts-expect-error
      params.two;
    },
  }).extend({
    path: '/:group/next/:two',
    body: undefined,
    getOptimisticResponse(_snap: unknown, params: any) {
      params.two;
      params.group;
    },
  });
  assert.is(endpoint.url({ group: 'g', two: 2 }), '/g/next/2');
});

//#endregion

//#region RestEndpoint.fetch()

const id = 5;
const idHtml = 6;
const idNoContent = 7;
const putResponseBody = { id, title: 'happy', completed: true };
const patchPayload = { title: 'happy' };
const patchResponseBody = { id, title: 'happy', completed: false };

/** The replies of the describe block's `beforeEach`. */
function fetchReplies() {
  reply(server, 'GET', `/article-cooler/${id}`, { status: 200, body: { id, title: 'happy', author: { id: 5 } } });
  reply(server, 'GET', `/article-cooler/${idHtml}`, { status: 200, body: '<body>this is html</body>' });
  reply(server, 'GET', `/article-cooler/${idNoContent}`, { status: 204, body: '' });
  reply(server, 'POST', '/article-cooler', (req) => [201, req.body, { 'content-type': 'application/json' }]);
  reply(server, 'PUT', '/article-cooler/5', (req) => {
    const body = bodyOf(req);
    for (const key of Object.keys(new CoolerArticle())) {
      if (key !== 'id' && !(key in body)) return [400, {}];
    }
    return [200, putResponseBody];
  });
  reply(server, 'PATCH', '/article-cooler/5', () => [200, patchResponseBody]);
  reply(server, 'DELETE', '/article-cooler/5', { status: 200, body: {} });
}

const fetchSuite = (title: string, fn: () => unknown) =>
  test(`RestEndpoint.fetch() > ${title}`, async () => {
    fetchReplies();
    await fn();
  });

fetchSuite('should GET', async () => {
  const article = await CoolerArticleResource.get({ id });
  assert.ok(article);
  assert.is(article.title, 'happy');
});

fetchSuite('should POST', async () => {
  const payload2 = { id: 20, content: 'better task' };
  const article = await CoolerArticleResource.create(payload2);
  assert.equal({ id: article.id, content: article.content }, payload2);
});

fetchSuite('should PUT with multipart form data', async () => {
  const payload2 = { id: 500, content: 'another' };
  let lastType = '';
  reply(server, 'PUT', '/article-cooler/500', (req) => {
    lastType = String(req.headers['content-type']);
    return [201, payload2, { 'content-type': 'application/json' }];
  });
  const body = new FormData();
  body.append('photo', new Blob());
  const article = await CoolerArticleResource.update.extend({
    path: CoolerArticleResource.update.path,
    body: new FormData(),
  })({ id: '500' }, body);
  assert.match(lastType, 'multipart/form-data');
  assert.equal(article, payload2);
});

fetchSuite('should DELETE', async () => {
  const res = await CoolerArticleResource.delete({ id });
  assert.equal(res, { id });
});

fetchSuite('should PUT', async () => {
  const response = await CoolerArticleResource.update({ id }, { ...new CoolerArticle(), id, title: 'happy' });
  assert.equal(response, putResponseBody);
});

fetchSuite('should PATCH', async () => {
  const response = await CoolerArticleResource.partialUpdate({ id }, patchPayload);
  assert.equal(response, patchResponseBody);
});

fetchSuite('should throw if response is not json', async () => {
  const error = await CoolerArticleResource.get({ id: idHtml }).catch((e) => e);
  assert.ok(error);
  assert.is(error.status, 400);
});

fetchSuite('should throw if network is down', async () => {
  const id = 10;
  // Nothing listens on port 1: the request cannot be sent.
  const down = new RestEndpoint({
    urlPrefix: 'http://127.0.0.1:1',
    path: '/article-cooler/:id',
    schema: CoolerArticle,
  });
  const error = await down({ id }).catch((e) => e);
  assert.ok(error);
  assert.is(error.status, 500);
});

fetchSuite('should return raw response if status is 204 No Content', async () => {
  assert.is(await CoolerArticleResource.get({ id: idNoContent }), null);
});

fetchSuite('should reject if content-type is not json with schema', async () => {
  const id = 8;
  reply(server, 'GET', `/article-cooler/${id}`, {
    status: 200,
    body: '<body>this is html</body>',
    headers: { 'content-type': 'html/text' },
  });
  const error = await CoolerArticleResource.get({ id }).catch((e) => e);
  assert.instance(error, NetworkError);
  assert.match(error.message, 'answered HTML, not JSON');
  if (dev) assert.match(error.message, 'no API endpoint may be configured for this request');
});

fetchSuite('should reject if content-type does not exist with schema', async () => {
  const id = 10;
  reply(server, 'GET', `/article-cooler/${id}`, { status: 200, body: '<body>this is html</body>' }, {});
  const error = await CoolerArticleResource.get({ id }).catch((e) => e);
  assert.instance(error, NetworkError);
  assert.match(error.message, 'answered text, not JSON');
  if (dev) assert.match(error.message, 'the entity CoolerArticle needs JSON');
});

fetchSuite('should return text if content-type is not json with no schema', async () => {
  const id = 8;
  reply(server, 'GET', `/article-cooler/${id}`, {
    status: 200,
    body: '<body>this is html</body>',
    headers: { 'content-type': 'html/text' },
  });
  const res = await CoolerArticleResource.get.extend({ schema: undefined })({ id });
  assert.is(res, '<body>this is html</body>');
});

fetchSuite('should return text if content-type does not exist with no schema', async () => {
  const id = 10;
  const text = '<body>this is html</body>';
  reply(server, 'GET', `/article-cooler/${id}`, { status: 200, body: text }, {});
  const res = await CoolerArticleResource.get.extend({ schema: undefined })({ id });
  assert.is(res, text);
});

fetchSuite('should reject with custom message if content type is set but json parsable', async () => {
  const id = 8;
  reply(
    server,
    'GET',
    `/article-cooler/${id}`,
    { status: 200, body: JSON.stringify({ id, title: 'hi' }) },
    {
      'content-type': 'text',
    },
  );
  const error = await CoolerArticleResource.get({ id }).catch((e) => e);
  assert.instance(error, NetworkError);
  assert.match(error.message, 'answered text, not JSON');
  if (dev) assert.match(error.message, 'the body is JSON, but its "content-type" header does not include "json"');
});

fetchSuite('should still work with empty content-type', async () => {
  const id = 8;
  // nock sends an object body as JSON, with its content type.
  reply(server, 'GET', `/article-cooler/${id}`, { status: 200, body: { id, title: 'hi' } }, {});
  const res = await CoolerArticleResource.get({ id });
  assert.equal({ id: res.id, title: res.title }, { id, title: 'hi' });
});

const noCollectionEndpoint = () =>
  new RestEndpoint({
    urlPrefix: `${server.url}/article-paginated/`,
    path: ':group',
    name: 'get',
    schema: { nextPage: '', data: { results: [PaginatedArticle] } },
    method: 'GET',
  });

test.difference(
  'RestEndpoint.fetch() > without Collection in schema - endpoint.push schema should be null',
  'reading .push of an endpoint without a Collection throws',
  () => {
    assert.throws(() => noCollectionEndpoint().push, /get: \.push needs a Collection schema/);
  },
);

test.difference(
  'RestEndpoint.fetch() > without Collection in schema - endpoint.remove schema should be null',
  'reading .remove of an endpoint without a Collection throws',
  () => {
    assert.throws(() => noCollectionEndpoint().remove, /get: \.remove needs a Collection schema/);
  },
);

test.difference(
  'RestEndpoint.fetch() > without Collection in schema - endpoint.move schema should be null',
  'reading .move of an endpoint without a Collection throws',
  () => {
    assert.throws(() => noCollectionEndpoint().move, /get: \.move needs a Collection schema/);
  },
);

test('RestEndpoint.fetch() > without Collection in schema - endpoint.getPage should throw', () => {
  assert.throws(() => noCollectionEndpoint().getPage);
});

//#endregion

//#region content property

const binaryData = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
const files = (contentType: string | undefined, body: unknown, status = 200) =>
  reply(server, 'GET', '/files/1', { status, body }, contentType ? { 'content-type': contentType } : {});

test("content property > content: 'blob' calls response.blob()", async () => {
  files('application/octet-stream', binaryData);
  const ep = new RestEndpoint({ path: `${H}/files/:id`, content: 'blob' });
  assert.instance(await ep({ id: 1 }), Blob);
});

test("content property > content: 'text' calls response.text()", async () => {
  files('text/plain', 'hello world');
  const ep = new RestEndpoint({ path: `${H}/files/:id`, content: 'text' });
  assert.is(await ep({ id: 1 }), 'hello world');
});

test("content property > content: 'json' calls response.json() strictly", async () => {
  files('text/plain', JSON.stringify({ ok: true }));
  const ep = new RestEndpoint({ path: `${H}/files/:id`, content: 'json' });
  assert.equal(await ep({ id: 1 }), { ok: true });
});

test('content property > content: blob with schema set throws', async () => {
  files('application/octet-stream', binaryData);
  const error = console.error;
  console.error = () => {};
  const ep = new RestEndpoint({ path: `${H}/files/:id`, content: 'blob', schema: User } as any);
  console.error = error;
  const e = await ep({ id: 1 }).catch((x: unknown) => x);
  assert.is(e.status, 400);
  assert.match(e.message, "reads its body as 'blob'");
  if (dev) assert.match(e.message, 'cannot normalize');
});

for (const content of ['blob', 'text', 'arrayBuffer', 'stream'] as const) {
  test(`content property > content: ${content} with schema warns at construction`, () => {
    const calls: unknown[][] = [];
    const error = console.error;
    console.error = (...args: unknown[]) => calls.push(args);
    try {
      new RestEndpoint({ path: `${H}/files/:id`, content, schema: User } as any);
    } finally {
      console.error = error;
    }
    assert.is(calls.length, 1);
    assert.match(String(calls[0]![0]), 'incompatible with schema');
  });
}

test('content property > 204 with content: blob returns null', async () => {
  files(undefined, undefined, 204);
  const ep = new RestEndpoint({ path: `${H}/files/:id`, content: 'blob' });
  assert.is(await ep({ id: 1 }), null);
});

test("content property > extend({ content: 'blob' }) propagates", async () => {
  files('application/octet-stream', binaryData);
  const base = new RestEndpoint({ path: `${H}/files/:id` });
  const blobEp = base.extend({ content: 'blob' });
  assert.is(blobEp.content, 'blob');
  assert.instance(await blobEp({ id: 1 }), Blob);
});

test('content property > subclass with content = blob works', async () => {
  files('application/octet-stream', binaryData);
  class BlobEndpoint<P extends string = string> extends RestEndpoint<P> {
    override content = 'blob' as const;
  }
  const ep = new BlobEndpoint({ path: `${H}/files/:id` });
  assert.is(ep.content, 'blob');
  assert.instance(await ep({ id: 1 }), Blob);
});

test("content property > content: 'arrayBuffer' calls response.arrayBuffer()", async () => {
  files('application/octet-stream', Buffer.from([1, 2, 3, 4]));
  const ep = new RestEndpoint({ path: `${H}/files/:id`, content: 'arrayBuffer' });
  assert.instance(await ep({ id: 1 }), ArrayBuffer);
});

test("content property > content: 'stream' returns response.body", async () => {
  const mockBody = { getReader: () => ({}) };
  const mockResponse = {
    ok: true,
    status: 200,
    body: mockBody,
    headers: new Headers({ 'Content-Type': 'application/octet-stream' }),
  } as unknown as Response;
  const ep = new RestEndpoint({
    path: `${H}/files/:id`,
    content: 'stream',
    fetchResponse() {
      return Promise.resolve(mockResponse);
    },
  });
  assert.is(await ep({ id: 1 }), mockBody);
});

//#endregion

//#region auto-detection (no content)

for (const [type, body] of [
  ['image/png', Buffer.from([0x89, 0x50, 0x4e, 0x47])],
  ['application/octet-stream', Buffer.from([1, 2, 3])],
  ['application/pdf', Buffer.from([0x25, 0x50, 0x44, 0x46])],
  ['audio/mpeg', Buffer.from([0xff, 0xfb])],
  ['video/mp4', Buffer.from([0x00, 0x00])],
  ['font/woff2', Buffer.from([0x77, 0x4f])],
] as const) {
  test(`auto-detection (no content) > Content-Type: ${type} returns blob`, async () => {
    files(type, body);
    const ep = new RestEndpoint({ path: `${H}/files/:id` });
    assert.instance(await ep({ id: 1 }), Blob);
  });
}

for (const [name, type] of [
  ['XLSX', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  ['DOCX', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ['PPTX', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
] as const) {
  test(`auto-detection (no content) > Content-Type: ${name} (openxmlformats) returns blob`, async () => {
    files(type, Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    const ep = new RestEndpoint({ path: `${H}/files/:id` });
    assert.instance(await ep({ id: 1 }), Blob);
  });
}

test('auto-detection (no content) > Content-Type: text/plain returns text (unchanged)', async () => {
  files('text/plain', 'plain text');
  assert.is(await new RestEndpoint({ path: `${H}/files/:id` })({ id: 1 }), 'plain text');
});

test('auto-detection (no content) > Content-Type: application/json returns JSON (unchanged)', async () => {
  files('application/json', JSON.stringify({ id: 1, name: 'test' }));
  assert.equal(await new RestEndpoint({ path: `${H}/files/:id` })({ id: 1 }), { id: 1, name: 'test' });
});

test('auto-detection (no content) > Content-Type: application/xml returns text (text-like)', async () => {
  files('application/xml', '<root>hi</root>');
  assert.is(await new RestEndpoint({ path: `${H}/files/:id` })({ id: 1 }), '<root>hi</root>');
});

test('auto-detection (no content) > binary content-type with normalizable schema throws', async () => {
  files('application/octet-stream', Buffer.from([1, 2, 3]));
  const ep = new RestEndpoint({ path: `${H}/files/:id`, schema: User });
  const error = await ep({ id: 1 }).catch((e) => e);
  assert.is(error.status, 400);
});

test('auto-detection (no content) > No Content-Type returns text (backward compat)', async () => {
  files(undefined, 'no content type');
  assert.is(await new RestEndpoint({ path: `${H}/files/:id` })({ id: 1 }), 'no content type');
});

//#endregion

// Type tests of the peer file's header (collections' derived endpoints are typed).
() => {
  const flat = new RestEndpoint({
    urlPrefix: 'http://test.com',
    path: '/articles/:id',
    schema: new Collection([PaginatedArticle]),
    method: 'GET',
  });
  // @ts-expect-error - schema should not be any
  flat.move.schema satisfies number;
  // @ts-expect-error - push schema should not be any
  flat.push.schema satisfies number;
  // @ts-expect-error
  flat.push.body satisfies number;
  // @ts-expect-error
  flat.move.body satisfies number;
  // @ts-expect-error
  flat.remove.body satisfies number;
  const valuesEndpoint = new RestEndpoint({
    urlPrefix: 'http://test.com',
    path: '/articles',
    schema: new Collection(new Values(PaginatedArticle)),
    method: 'GET',
  });
  // @ts-expect-error - assign body should not be any
  valuesEndpoint.assign.body satisfies number;
  () => valuesEndpoint.assign({ myKey: { id: 5, title: 'hi', content: 'ho' } });
};

test.run();

const close = suite('close the test server');
close.after(() => server.close());
close.run();
