// Keys carry the shape of their schema: endpoints of one URL with different schemas are
// different cache entries, equal schemas built separately share one (requests on a real
// HTTP server count the difference).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  All,
  Collection,
  Controller,
  Endpoint,
  Invalidate,
  RestEndpoint,
  Union,
  Values,
  schema as s,
} from '../../src/index.js';
import { dehydrate, hydrate } from '../../src/ssr/index.js';
import { signature } from '../../src/schema/signature.js';
import { Article, Link, Post, User } from '../_fixtures/models.js';
import { json, startServer, type TestServer } from '../_fixtures/server.js';

const sig = suite('signature');

sig('each schema kind by its members; structure, not identity', () => {
  const cases: [unknown, string][] = [
    [undefined, ''],
    [User, 'User'],
    [[User], '[User]'],
    [{ data: [User], next: undefined, meta: { total: undefined } }, '{data:[User],meta:{}}'],
    [{ b: Post, a: User }, '{a:User,b:Post}'],
    [{ collection: new Collection([Post]), key: User }, '{collection:[Post],key:User}'],
    [new Collection([Post]), '[Post]'],
    [new Collection([Post], { key: 'feed' }), 'feed'],
    [new Collection([Post]).push, '[Post]'],
    [new Union({ link: Link, article: Article }, 'type'), 'Union({article:Article,link:Link})'],
    [new Values(User), 'Values(User)'],
    [new Values([User]), 'Values([User])'],
    [new All(User), 'All(User)'],
    [new Invalidate(User), 'Invalidate(User)'],
    [new s.Array(User), 'ArraySchema(User)'],
    [new s.Object({ data: User }), 'ObjectSchema({data:User})'],
  ];
  for (const [schema, expected] of cases) assert.is(signature(schema as never), expected, expected);
  const shared = { data: [User] };
  assert.is(signature(shared), signature(shared), 'computed once, then remembered');
  assert.is(signature({ data: [User] }), signature(shared), 'a second literal of the same shape');
  const cyclic: Record<string, unknown> = {};
  cyclic.self = cyclic;
  assert.is(signature(cyclic as never), '{self:…}', 'a schema that contains itself ends');
});

sig('keys: the schema signature follows the request, only when there is a schema', () => {
  const base = { urlPrefix: 'http://x', path: '/users' } as const;
  assert.is(new RestEndpoint(base).key(), 'GET http://x/users');
  assert.is(new RestEndpoint({ ...base, schema: [User] }).key(), 'GET http://x/users [User]');
  assert.is(new RestEndpoint({ ...base, schema: { data: User } }).key(), 'GET http://x/users {data:User}');
  const fn = async (_args?: object) => 1;
  assert.is(new Endpoint(fn, { name: 'n' }).key({ a: 1 }), 'n {"a":1}');
  assert.is(new Endpoint(fn, { name: 'n', schema: User }).key({ a: 1 }), 'n {"a":1} User');
  assert.is.not(
    new Endpoint(fn, { name: 'n', schema: User }).key(),
    new Endpoint(fn, { name: 'n', schema: [User] }).key(),
  );
  const list = new RestEndpoint({
    ...base,
    schema: { items: new Collection([Post]), next: undefined },
    paginationField: 'cursor',
  });
  assert.is(list.getPage.key({ cursor: '2' }), list.key(), 'a page shares its list key');
});

let server: TestServer;
const requests = suite('keys on the wire');
requests.before.each(async () => {
  server = await startServer();
  server.route('GET', '/users/1', (_req, res) => json(res, 200, { id: '1', name: 'Ann' }));
  server.route('GET', '/users', (_req, res) => json(res, 200, [{ id: '1', name: 'Ann' }]));
  server.route('GET', '/wrapped', (_req, res) => json(res, 200, { data: { id: '1', name: 'Ann' } }));
});
requests.after.each(() => server.close());

requests('same URL, different schemas: two requests, each keeps its own shape', async () => {
  const ctrl = new Controller();
  const asUser = new RestEndpoint({ urlPrefix: server.url, path: '/users/:id', schema: User });
  const raw = new RestEndpoint({ urlPrefix: server.url, path: '/users/:id' });
  const [user, plain] = await Promise.all([ctrl.fetch(asUser, { id: '1' }), ctrl.fetch(raw, { id: '1' })]);
  assert.is(server.requests.length, 2);
  assert.instance(user, User);
  assert.not.instance(plain, User);
  assert.equal(plain, { id: '1', name: 'Ann' });
  // Cached apart: a read of either gives its own shape, whichever came last.
  assert.instance(ctrl.response(asUser, { id: '1' }).value, User);
  assert.not.instance(ctrl.response(raw, { id: '1' }).value, User);

  const wrapped = new RestEndpoint({ urlPrefix: server.url, path: '/wrapped', schema: { data: User } });
  const wrappedRaw = new RestEndpoint({
    urlPrefix: server.url,
    path: '/wrapped',
    schema: { data: undefined, meta: undefined },
  });
  const a = (await ctrl.fetch(wrapped)) as { data: User };
  const b = (await ctrl.fetch(wrappedRaw)) as { data: unknown };
  assert.is(server.requests.length, 4);
  assert.instance(a.data, User);
  assert.not.instance(b.data, User);
  assert.instance((ctrl.response(wrapped).value as { data: User }).data, User);
});

requests('same URL, equivalent schemas built separately: one request shared', async () => {
  const ctrl = new Controller();
  const make = () => new RestEndpoint({ urlPrefix: server.url, path: '/users', schema: [User] });
  const first = make();
  const second = make();
  assert.is(first.key(), second.key());
  const [a, b] = await Promise.all([ctrl.fetch(first), ctrl.fetch(second)]);
  assert.is(server.requests.length, 1);
  assert.is(a, b);
  await ctrl.fetchIfStale(make());
  assert.is(server.requests.length, 1, 'a third copy reads the fresh entry');
  // Tests on the request part of the key keep matching.
  ctrl.invalidateAll({ testKey: (key) => key.startsWith(`GET ${server.url}/users`) });
  await ctrl.fetchIfStale(second);
  assert.is(server.requests.length, 2);
});

requests('dehydrated keys carry the signature and hydrate into a new Controller', async () => {
  const ctrl = new Controller();
  const getUsers = new RestEndpoint({ urlPrefix: server.url, path: '/users', schema: [User] });
  await ctrl.fetch(getUsers);
  const state = JSON.parse(JSON.stringify(dehydrate(ctrl)));
  const client = new Controller();
  hydrate(client, state, [User]);
  const again = new RestEndpoint({ urlPrefix: server.url, path: '/users', schema: [User] });
  const users = (await client.fetchIfStale(again)) as User[];
  assert.is(server.requests.length, 1, 'served from the hydrated entry');
  assert.instance(users[0], User);
});

sig.run();
requests.run();
