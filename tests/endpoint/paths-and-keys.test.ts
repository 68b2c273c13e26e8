// Paths that stay paths and keys that never collide: every argument either reaches the
// server as the request it names, or is rejected by a TypeError naming the endpoint
// before any request is sent.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller, Endpoint, RestEndpoint } from '../../src/index.js';
import { json, startServer, type TestServer } from '../_fixtures/server.js';
import { dev } from '../_fixtures/env.js';

let server: TestServer;
const withServer = (s: ReturnType<typeof suite>) => {
  s.before.each(async () => {
    server = await startServer();
    server.route('GET', '/users/:id/posts', (req, res) => json(res, 200, { user: req.params.id }));
    server.route('GET', '/posts', (_req, res) => json(res, 200, { user: 'NONE' }));
    server.route('GET', '/users/posts', (_req, res) => json(res, 200, { user: 'NONE' }));
    server.route('GET', '/search', (req, res) => json(res, 200, { q: req.query.getAll('q') }));
  });
  s.after.each(() => server.close());
};

const paths = suite('paths stay paths');
withServer(paths);

paths('".." and "." as a path parameter are rejected by name; nothing is requested', async () => {
  const getPosts = new RestEndpoint({ urlPrefix: server.url, path: '/users/:id/posts', name: 'getPosts' });
  const ctrl = new Controller();
  for (const id of ['..', '.']) {
    const error = await ctrl.fetch(getPosts, { id }).then(
      () => undefined,
      (e) => e,
    );
    assert.instance(error, TypeError);
    assert.is(error.message, 'getPosts: parameter "id" cannot go in a URL');
  }
  assert.is(server.requests.length, 0);
});

paths('"/", "?", "#", "%2e%2e" and "..." stay inside their segment', async () => {
  const getPosts = new RestEndpoint({ urlPrefix: server.url, path: '/users/:id/posts', name: 'getPosts' });
  for (const id of ['a/b', '../x', 'a?b=1', 'a#b', '%2e%2e', '...', ' ']) {
    const value = (await getPosts({ id })) as { user: string };
    assert.is(value.user, id, `sent ${id}`);
  }
});

paths('an empty path parameter is missing, never an empty segment', async () => {
  const getPosts = new RestEndpoint({ urlPrefix: server.url, path: '/users/:id/posts', name: 'getPosts' });
  assert.throws(() => getPosts.url({ id: '' }), /getPosts: missing path parameter "id"/);
});

paths('a lone surrogate in a path or search parameter is a named TypeError, never a bare URIError', async () => {
  const getPosts = new RestEndpoint({ urlPrefix: server.url, path: '/users/:id/posts', name: 'getPosts' });
  const search = new RestEndpoint({ urlPrefix: server.url, path: '/search', name: 'search' });
  assert.throws(
    () => getPosts.url({ id: 'a\uD800' }),
    (e: Error) => e instanceof TypeError && e.message === 'getPosts: parameter "id" cannot go in a URL',
  );
  assert.throws(() => search.key({ q: '\uDC00' } as any), /search: parameter "q" cannot go in a URL/);
  assert.throws(() => search.key({ q: ['ok', '\uD83D'] } as any), /search: parameter "q" cannot go in a URL/);
  // A surrogate pair is a character like any other.
  assert.equal(await search({ q: '\uD83D\uDE00' } as any), { q: ['\uD83D\uDE00'] });
  assert.is(server.requests.length, 1);
});

paths('functions, symbols and invalid Dates as parameters are rejected by name', () => {
  const search = new RestEndpoint({ urlPrefix: server.url, path: '/search', name: 'search' });
  assert.throws(() => search.url({ q: () => 1 } as any), /search: parameter "q" cannot go in a URL/);
  assert.throws(() => search.url({ q: Symbol('s') } as any), /search: parameter "q" cannot go in a URL/);
  assert.throws(() => search.url({ q: new Date(NaN) } as any), /search: parameter "q" cannot go in a URL/);
});

const keys = suite('keys never collide');
withServer(keys);

keys('two anonymous Endpoints are two cache entries: the second gets its own data', async () => {
  const ctrl = new Controller();
  const first = new Endpoint(async () => 'first');
  const second = new Endpoint(async () => 'second');
  assert.is.not(first.key(), second.key());
  assert.is(await ctrl.fetch(first), 'first');
  assert.is(await ctrl.fetch(second), 'second');
  assert.is(ctrl.response(first).value, 'first');
});

keys(
  'without arguments an endpoint keeps one key; extend() gives its own, and a missing parameter throws every time',
  () => {
    const list = new RestEndpoint({ urlPrefix: server.url, path: '/posts', name: 'list' });
    const byUser = list.extend({ path: '/users/:id/posts' });
    for (let i = 0; i < 2; i++) {
      assert.is(list.key(), `GET ${server.url}/posts`);
      assert.is(list.extend({ path: '/users/posts' }).key(), `GET ${server.url}/users/posts`);
      assert.throws(() => (byUser.key as () => string)(), /list: missing path parameter "id"/);
    }
    // Arguments that key to nothing and arguments that key to something, after the bare key.
    assert.is(list.key({} as never), list.key());
    assert.is(list.key({ page: 2 } as never), `GET ${server.url}/posts?page=2`);
    const plain = new Endpoint(async () => 1, { name: 'plain' });
    assert.is(plain.key(), 'plain ');
    assert.is(plain.key(), 'plain ');
    assert.is(plain.extend({ name: 'other' }).key(), 'other ');
    assert.is((plain.key as (...a: unknown[]) => string)({ id: 1 }), 'plain {"id":1}');
  },
);

keys('NaN, null, Infinity, -Infinity and functions as arguments get distinct keys', async () => {
  let calls = 0;
  const ep = new Endpoint(async (x: unknown) => `${++calls}:${String(x)}`, { name: 'ep' });
  const f = () => 1;
  const g = () => 1;
  const args = [NaN, null, Infinity, -Infinity, 0, 'null', f, g, 1n];
  const keysSeen = new Set(args.map((a) => ep.key(a)));
  assert.is(keysSeen.size, args.length);
  assert.is(ep.key(f), ep.key(f), 'the same function, the same key');
  assert.is(ep.key({ a: NaN }), 'ep {"a":NaN}');
  assert.is(ep.key(new Date(0)), 'ep "1970-01-01T00:00:00.000Z"', 'a valid Date keys by its toJSON');
  assert.is.not(ep.key(new Date(0)), (ep.key as () => string)(), 'a trailing Date is not an empty argument');
  const ctrl = new Controller();
  const answers = [];
  for (const a of [NaN, null, Infinity]) answers.push(await ctrl.fetch(ep, a));
  assert.equal(answers, ['1:NaN', '2:null', '3:Infinity']);
});

keys('symbols, invalid Dates and cyclic arguments are rejected by a TypeError naming the endpoint', async () => {
  const NO_KEY = dev
    ? /^ep: arguments with a symbol, an invalid Date or over 100 levels have no key/
    : /^ep: arguments have no key$/;
  const ep = new Endpoint(async (_x: unknown) => 1, { name: 'ep' });
  assert.throws(
    () => ep.key(Symbol('s')),
    (e: Error) => e instanceof TypeError && NO_KEY.test(e.message),
  );
  assert.throws(() => ep.key({ at: new Date('nope') }), NO_KEY);
  const cyclic: Record<string, unknown> = {};
  cyclic.self = cyclic;
  assert.throws(() => ep.key(cyclic), NO_KEY);
  const ctrl = new Controller();
  const error = await ctrl.fetch(ep, Symbol('s')).then(
    () => undefined,
    (e) => e,
  );
  assert.match(error.message, NO_KEY);
});

keys('a RestEndpoint keys NaN and null apart, and sends them as written', async () => {
  const search = new RestEndpoint({ urlPrefix: server.url, path: '/search', name: 'search' });
  assert.is.not(search.key({ q: NaN } as any), search.key({ q: null } as any));
  assert.equal(await search({ q: Infinity } as any), { q: ['Infinity'] });
});

paths.run();
keys.run();
