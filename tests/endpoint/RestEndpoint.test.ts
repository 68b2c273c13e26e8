import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Endpoint } from '../../src/endpoint/Endpoint.js';
import { RestEndpoint } from '../../src/endpoint/RestEndpoint.js';
import { NetworkError } from '../../src/endpoint/NetworkError.js';
import { json, send, startServer, type TestServer } from '../_fixtures/server.js';

let server: TestServer;
async function setup() {
  server = await startServer();
  server.route('GET', '/users/:id', (req, res) => json(res, 200, { id: req.params.id, name: 'Ann' }));
  server.route('GET', '/echo', (req, res) => json(res, 200, { query: Object.fromEntries(req.query) }));
  for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
    server.route(method, '/items', (req, res) =>
      json(res, 200, { method: req.method, body: req.body, type: req.headers['content-type'] ?? null }),
    );
    server.route(method, '/items/:id', (req, res) =>
      json(res, 200, {
        method: req.method,
        id: req.params.id,
        body: req.body,
        type: req.headers['content-type'] ?? null,
      }),
    );
  }
}
const teardown = () => server.close();

//#region url
const url = suite('RestEndpoint.url');

url('fills :params from the first argument and URL-encodes them', () => {
  const ep = new RestEndpoint({ path: '/:group/posts/:id' });
  assert.is(ep.url({ group: 'a b/c', id: 'é?&' }), '/a%20b%2Fc/posts/%C3%A9%3F%26');
  assert.is(ep.url({ group: 'g', id: 7 }), '/g/posts/7');
});

url('prepends urlPrefix (default empty)', () => {
  assert.is(new RestEndpoint({ path: '/users' }).urlPrefix, '');
  assert.is(
    new RestEndpoint({ urlPrefix: 'https://api.test', path: '/users/:id' }).url({ id: 1 }),
    'https://api.test/users/1',
  );
});

url('other arguments form the query string with sorted keys and undefined dropped', () => {
  const ep = new RestEndpoint({
    path: '/:group/posts',
    searchParams: {} as { orderBy?: string; author?: string; page?: number },
  });
  assert.is(
    ep.url({ group: 'react', orderBy: 'title', author: 'a b', page: undefined }),
    '/react/posts?author=a+b&orderBy=title',
  );
  assert.is(ep.url({ orderBy: 'x', group: 'react' }), ep.url({ group: 'react', orderBy: 'x' }));
  assert.is(ep.url({ group: 'react' }), '/react/posts');
});

url('array search values repeat their key', () => {
  const ep = new RestEndpoint({ path: '/items', searchParams: {} as { tag?: string[] } });
  assert.is(ep.url({ tag: ['a', 'b'] }), '/items?tag=a&tag=b');
});

url('an optional :param? drops its segment when absent', () => {
  const ep = new RestEndpoint({ path: '/files/:name?' });
  assert.is(ep.url({}), '/files');
  assert.is(ep.url({ name: 'a.txt' }), '/files/a.txt');
  assert.is(ep.url(), '/files');
});

url('a missing required parameter throws an Error naming the endpoint and the parameter', () => {
  const getPost = new RestEndpoint({ path: '/posts/:id', name: 'getPost' });
  assert.throws(() => getPost.url({} as any), /getPost: missing path parameter "id" for path \/posts\/:id/);
  assert.throws(() => getPost.url({ id: '' }), /missing path parameter "id"/);
  assert.throws(() => getPost.url({ id: null } as any), /missing path parameter "id"/);
});
//#endregion

//#region key
const key = suite('RestEndpoint.key');

key('is method and URL, equal for equal arguments in any key order', () => {
  const ep = new RestEndpoint({
    urlPrefix: 'http://x',
    path: '/:group/posts',
    searchParams: {} as { a?: string; b?: string },
  });
  assert.is(ep.key({ group: 'g', a: '1', b: '2' }), 'GET http://x/g/posts?a=1&b=2');
  assert.is(ep.key({ b: '2', group: 'g', a: '1' }), ep.key({ group: 'g', a: '1', b: '2' }));
  assert.is(ep.key({ group: 'g', a: undefined }), ep.key({ group: 'g' }));
  assert.is.not(ep.key({ group: 'g', a: '1' }), ep.key({ group: 'g', a: '2' }));
});

key('leaves the body out', () => {
  const update = new RestEndpoint({ path: '/items/:id', method: 'PUT' });
  assert.is(update.key({ id: '1' }, { a: 1 }), 'PUT /items/1');
  assert.is(update.key({ id: '1' }, { a: 1 }), update.key({ id: '1' }, { a: 2 }));
  const create = new RestEndpoint({ path: '/items', method: 'POST' });
  assert.is(create.key({ title: 'x' }), 'POST /items');
});

key('throws for a missing parameter too', () => {
  const ep = new RestEndpoint({ path: '/posts/:id', name: 'getPost' });
  assert.throws(() => (ep.key as any)({}), /getPost: missing path parameter "id"/);
});
//#endregion

//#region fetch
const fetching = suite('RestEndpoint.fetch');
fetching.before(setup);
fetching.after(teardown);

fetching('GET resolves with the parsed JSON', async () => {
  const getUser = new RestEndpoint({ urlPrefix: server.url, path: '/users/:id' });
  assert.equal(await getUser.fetch({ id: 'u 1' }), { id: 'u 1', name: 'Ann' });
  assert.is(server.requests.at(-1)!.path, '/users/u%201');
});

fetching('an endpoint is callable without a controller', async () => {
  const getUser = new RestEndpoint({ urlPrefix: server.url, path: '/users/:id' });
  assert.type(getUser, 'function');
  assert.ok(getUser instanceof RestEndpoint);
  assert.ok(getUser instanceof Endpoint);
  assert.equal(await getUser({ id: '1' }), { id: '1', name: 'Ann' });
  assert.equal(await getUser.call(null, { id: '2' }), { id: '2', name: 'Ann' });
});

fetching('search parameters reach the server sorted', async () => {
  const echo = new RestEndpoint({
    urlPrefix: server.url,
    path: '/echo',
    searchParams: {} as { z?: string; a?: string },
  });
  const before = server.requests.length;
  assert.equal(await echo({ z: '1', a: '2' }), { query: { a: '2', z: '1' } });
  assert.is(server.requests.length, before + 1);
});

fetching('a missing parameter rejects before any request is sent', async () => {
  const getUser = new RestEndpoint({ urlPrefix: server.url, path: '/users/:id', name: 'getUser' });
  const before = server.requests.length;
  let promise!: Promise<unknown>;
  assert.not.throws(() => (promise = getUser({} as any)), 'the call itself does not throw synchronously');
  const error = await promise.then(
    () => undefined,
    (e: Error) => e,
  );
  assert.instance(error, Error);
  assert.is((error as Error).message, 'getUser: missing path parameter "id" for path /users/:id');
  // A request sent would have left before this one: once this one is answered, the
  // server has seen every request the endpoint sent.
  await getUser({ id: 'after' });
  assert.equal(
    server.requests.slice(before).map((r) => r.path),
    ['/users/after'],
    'only the request with its parameter reached the server',
  );
});

fetching('POST (body) sends the body as JSON with content-type application/json', async () => {
  const create = new RestEndpoint({ urlPrefix: server.url, path: '/items', method: 'POST' });
  const result = await create({ title: 'New', tags: ['a'] });
  assert.equal(result, { method: 'POST', body: '{"title":"New","tags":["a"]}', type: 'application/json' });
});

fetching('PUT and PATCH take (params, body)', async () => {
  const update = new RestEndpoint({ urlPrefix: server.url, path: '/items/:id', method: 'PUT' });
  const patch = new RestEndpoint({ urlPrefix: server.url, path: '/items/:id', method: 'PATCH' });
  assert.equal(await update({ id: '5' }, { a: 1 }), {
    method: 'PUT',
    id: '5',
    body: '{"a":1}',
    type: 'application/json',
  });
  assert.equal(await patch({ id: '6' }, [1, 2]), { method: 'PATCH', id: '6', body: '[1,2]', type: 'application/json' });
});

fetching('a body method with path params called with one argument treats it as the body', async () => {
  const update = new RestEndpoint({ urlPrefix: server.url, path: '/items/:id', method: 'PUT', name: 'update' });
  const before = server.requests.length;
  const error = await (update as any)({ id: '5' }).catch((e: Error) => e);
  assert.match(error.message, 'update: missing path parameter "id"');
  assert.is(server.requests.length, before);
});

fetching('DELETE takes only params and sends no body', async () => {
  const del = new RestEndpoint({ urlPrefix: server.url, path: '/items/:id', method: 'DELETE' });
  assert.equal(await del({ id: '3' }), { method: 'DELETE', id: '3', body: '', type: null });
});

fetching('body: undefined declares a body method without a body', async () => {
  const touch = new RestEndpoint({ urlPrefix: server.url, path: '/items/:id', method: 'POST', body: undefined });
  assert.equal(await touch({ id: '4' }), { method: 'POST', id: '4', body: '', type: null });
  assert.is(touch.key({ id: '4' }), `POST ${server.url}/items/4`);
});

fetching('string, URLSearchParams and FormData bodies pass through', async () => {
  const create = new RestEndpoint({ urlPrefix: server.url, path: '/items', method: 'POST' });
  assert.equal(await create('raw text'), { method: 'POST', body: 'raw text', type: 'text/plain;charset=UTF-8' });
  const form = (await create(new URLSearchParams({ a: '1', b: '2' }))) as { body: string; type: string };
  assert.is(form.body, 'a=1&b=2');
  assert.match(form.type, 'application/x-www-form-urlencoded');
  const data = new FormData();
  data.append('field', 'value');
  const multipart = (await create(data)) as { body: string; type: string };
  assert.match(multipart.type, 'multipart/form-data');
  assert.match(multipart.body, 'value');
});

fetching('a network failure rejects with an Error naming the endpoint', async () => {
  const dead = new RestEndpoint({ urlPrefix: 'http://127.0.0.1:1', path: '/x', name: 'dead' });
  const error = (await dead().catch((e: unknown) => e)) as Error;
  assert.instance(error, Error);
  assert.match(error.message, /^dead: GET http:\/\/127\.0\.0\.1:1\/x could not be sent/);
  assert.ok(error.cause);
});
//#endregion

//#region sideEffect, method, name
const members = suite('RestEndpoint members');

members('method defaults to GET; sideEffect is undefined for GET/HEAD/OPTIONS and true otherwise', () => {
  assert.is(new RestEndpoint({ path: '/a' }).method, 'GET');
  for (const method of ['GET', 'HEAD', 'OPTIONS', 'get']) {
    assert.is(new RestEndpoint({ path: '/a', method }).sideEffect, undefined, method);
  }
  for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
    assert.is(new RestEndpoint({ path: '/a', method }).sideEffect, true, method);
  }
});

members('an explicit sideEffect option wins', () => {
  assert.is(new RestEndpoint({ path: '/search', method: 'POST', sideEffect: false }).sideEffect, false);
});

members('name defaults to urlPrefix and path (as in data-client); an explicit name wins', () => {
  assert.is(new RestEndpoint({ path: '/users/:id' }).name, '/users/:id');
  assert.is(new RestEndpoint({ urlPrefix: 'http://api', path: '/users', method: 'POST' }).name, 'http://api/users');
  assert.is(new RestEndpoint({ path: '/users/:id', name: 'getUser' }).name, 'getUser');
});

members('schema, pollFrequency, dataExpiryLength and errorExpiryLength are kept as given', () => {
  const ep = new RestEndpoint({
    path: '/t',
    schema: [],
    pollFrequency: 2000,
    dataExpiryLength: 0,
    errorExpiryLength: 50,
  });
  assert.equal(ep.schema, []);
  assert.is(ep.pollFrequency, 2000);
  assert.is(ep.dataExpiryLength, 0);
  assert.is(ep.errorExpiryLength, 50);
  const bare = new RestEndpoint({ path: '/t' });
  assert.is(bare.schema, undefined);
  assert.is(bare.pollFrequency, undefined);
  assert.is(bare.dataExpiryLength, undefined);
});

members('options are own properties; hooks stay on the prototype', () => {
  const ep = new RestEndpoint({ path: '/t', process: (v: unknown) => v });
  assert.ok(Object.hasOwn(ep, 'path'));
  assert.ok(Object.hasOwn(ep, 'process'));
  for (const hook of ['fetch', 'parseResponse', 'getRequestInit', 'fetchResponse', 'getHeaders', 'key', 'url']) {
    assert.not.ok(Object.hasOwn(ep, hook), hook);
  }
});
//#endregion

//#region getRequestInit / getHeaders
const requestInit = suite('RestEndpoint.getRequestInit');
requestInit.before(setup);
requestInit.after(teardown);

requestInit('builds method, JSON headers and body', async () => {
  const ep = new RestEndpoint({ path: '/items', method: 'POST' });
  assert.equal(await ep.getRequestInit({ a: 1 }), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"a":1}',
  });
  assert.equal(await ep.getRequestInit(), { method: 'POST', headers: {} });
});

requestInit('merges requestInit and keeps an explicit content-type', async () => {
  const ep = new RestEndpoint({
    path: '/items',
    method: 'POST',
    requestInit: { credentials: 'include', headers: { 'Content-Type': 'application/vnd.api+json', 'X-A': '1' } },
  });
  assert.equal(await ep.getRequestInit({ a: 1 }), {
    credentials: 'include',
    method: 'POST',
    headers: { 'content-type': 'application/vnd.api+json', 'x-a': '1' },
    body: '{"a":1}',
  });
});

const headers = suite('RestEndpoint.getHeaders');
headers.before(setup);
headers.after(teardown);

headers('an override (async allowed) adds headers to every request', async () => {
  class AuthEndpoint<P extends string> extends RestEndpoint<P> {
    override async getHeaders(headers: Record<string, string>) {
      await Promise.resolve();
      return { ...headers, authorization: 'Bearer t0k' };
    }
  }
  const getUser = new AuthEndpoint({ urlPrefix: server.url, path: '/users/:id' });
  await getUser({ id: '1' });
  assert.is(server.requests.at(-1)!.headers.authorization, 'Bearer t0k');
});

headers('a getHeaders option works per instance', async () => {
  const getUser = new RestEndpoint({
    urlPrefix: server.url,
    path: '/users/:id',
    getHeaders: (h) => ({ ...h, 'x-trace': 'abc' }),
  });
  await getUser({ id: '1' });
  assert.is(server.requests.at(-1)!.headers['x-trace'], 'abc');
});
//#endregion

//#region parseResponse
const parse = suite('RestEndpoint.parseResponse');
parse.before(async () => {
  await setup();
  server.route('GET', '/json', (_req, res) => json(res, 200, { ok: true }));
  server.route('GET', '/problem', (_req, res) =>
    send(res, 200, '{"p":1}', { 'content-type': 'application/problem+json' }),
  );
  server.route('GET', '/text', (_req, res) => send(res, 200, 'hello', { 'content-type': 'text/plain' }));
  server.route('GET', '/none', (_req, res) => send(res, 204, ''));
  server.route('GET', '/empty', (_req, res) => send(res, 200, '', { 'content-type': 'application/json' }));
  server.route('GET', '/bad', (_req, res) => send(res, 200, truncated, { 'content-type': 'application/json' }));
  // The headers and half the body, then the socket closes.
  server.route('GET', '/cut', (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
    res.write('{"id": "1", ');
    setTimeout(() => res.socket?.destroy(), 10);
  });
  // The headers and half the body, then nothing: the caller aborts while the body is read.
  server.route('GET', '/slow', (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
    res.write('{"id": "1", ');
    slow.push(res);
  });
});
parse.after(() => {
  for (const res of slow.splice(0)) res.destroy();
  return teardown();
});
const slow: import('node:http').ServerResponse[] = [];

const truncated = '{"id": "1", "name": "a value cut short by a proxy that goes on and on and on and on and on and on';
const at = (path: string, name?: string) =>
  new RestEndpoint({ urlPrefix: server.url, path, ...(name ? { name } : {}) });

parse('JSON content types parse as JSON', async () => {
  assert.equal(await at('/json')(), { ok: true });
  assert.equal(await at('/problem')(), { p: 1 });
});

parse('other content types resolve with the text', async () => {
  assert.is(await at('/text')(), 'hello');
});

parse('204 and an empty body resolve with null', async () => {
  assert.is(await at('/none')(), null);
  assert.is(await at('/empty')(), null);
});

parse(
  'invalid JSON rejects with a NetworkError (status 400) naming the endpoint and the start of the body',
  async () => {
    const error = (await at('/bad', 'getBad')().catch((e: unknown) => e)) as NetworkError;
    assert.instance(error, NetworkError);
    assert.is(error.status, 400);
    assert.match(error.message, `getBad: GET ${server.url}/bad answered a body that is not valid JSON`);
    // The body is data: quoted in development only.
    if (process.env.NODE_ENV === 'production') assert.not.match(error.message, 'Body starts with');
    else assert.ok(error.message.endsWith(`Body starts with: ${truncated.slice(0, 80)}…`), error.message);
    assert.not.match(error.message, truncated);
  },
);
parse('a body cut short names the endpoint and what failed; the original error is its cause', async () => {
  const error = (await at('/cut', 'getCut')().catch((e: unknown) => e)) as Error;
  assert.instance(error, Error);
  assert.is(error.message, 'getCut: reading the response body failed: terminated');
  assert.instance(error.cause, TypeError);
  assert.is((error.cause as Error).message, 'terminated');
});

parse('an abort while the body is read is an AbortError naming the endpoint', async () => {
  const ac = new AbortController();
  const pending = at('/slow', 'getSlow').extend({ signal: ac.signal })();
  while (slow.length === 0) await new Promise((r) => setTimeout(r, 2));
  await new Promise((r) => setTimeout(r, 10));
  ac.abort();
  const error = (await pending.catch((e: unknown) => e)) as DOMException;
  assert.instance(error, DOMException);
  assert.is(error.name, 'AbortError');
  assert.match(error.message, /^getSlow: reading the response body failed: /);
  assert.is((error.cause as Error).name, 'AbortError');
});
//#endregion

//#region process
const processing = suite('RestEndpoint.process');
processing.before(setup);
processing.after(teardown);

processing('defaults to the value unchanged', () => {
  const ep = new RestEndpoint({ path: '/x' });
  const value = { a: 1 };
  assert.is(ep.process(value, {}), value);
});

processing('receives every argument of the call, body included', async () => {
  const seen: unknown[][] = [];
  const update = new RestEndpoint({
    urlPrefix: server.url,
    path: '/items/:id',
    method: 'PUT',
    process(value: { id: string }, ...args) {
      seen.push(args);
      return { ...value, processed: true };
    },
  });
  const result = await update({ id: '9' }, { a: 1 });
  assert.equal(result, { method: 'PUT', id: '9', body: '{"a":1}', type: 'application/json', processed: true });
  assert.equal(seen, [[{ id: '9' }, { a: 1 }]]);
});

processing('a subclass override applies, and an option overrides it per instance', async () => {
  class Upper<P extends string> extends RestEndpoint<P> {
    override process(value: { name: string }) {
      return { ...value, name: value.name.toUpperCase() };
    }
  }
  const getUser = new Upper({ urlPrefix: server.url, path: '/users/:id' });
  assert.equal(await getUser({ id: '1' }), { id: '1', name: 'ANN' });
  const plain = new Upper({ urlPrefix: server.url, path: '/users/:id', process: (v: unknown) => v });
  assert.equal(await plain({ id: '1' }), { id: '1', name: 'Ann' });
});
//#endregion

url.run();
key.run();
fetching.run();
members.run();
requestInit.run();
headers.run();
parse.run();
processing.run();
