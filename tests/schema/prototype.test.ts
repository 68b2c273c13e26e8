// No prototype games: a payload never sets the prototype of what the cache builds, and
// lookups by a name from a payload or from arguments read own members only.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { dev } from '../_fixtures/env.js';
import { Controller, Entity, RestEndpoint, Union, Values } from '../../src/index.js';
import { User } from '../_fixtures/models.js';
import { json, send, startServer, type TestServer } from '../_fixtures/server.js';

class Post extends Entity {
  id = '';
  type = 'post';
  override pk() {
    return this.id;
  }
  static override key = 'UPost';
}
class Link extends Entity {
  id = '';
  type = 'link';
  override pk() {
    return this.id;
  }
  static override key = 'ULink';
}
const feedItem = new Union({ post: Post, link: Link }, 'type');

const HOSTILE =
  '{"id":"9","name":"Eve","__proto__":{"isAdmin":true,"polluted":true},"constructor":"x","prototype":{"a":1}}';

let server: TestServer;
const proto = suite('prototype injection');
proto.before.each(async () => {
  server = await startServer();
});
proto.after.each(() => server.close());

proto('__proto__ in an entity payload is dropped: the row stays an instance of its class', async () => {
  server.route('GET', '/users/9', (_req, res) => send(res, 200, HOSTILE, { 'content-type': 'application/json' }));
  const getUser = new RestEndpoint({ urlPrefix: server.url, path: '/users/:id', schema: User, name: 'getUser' });
  const ctrl = new Controller();
  const user = await ctrl.fetch(getUser, { id: '9' });
  assert.instance(user, User);
  assert.is(user.isAdmin, false);
  assert.is((user as any).polluted, undefined);
  assert.is(Object.getPrototypeOf(user), User.prototype);
  // constructor and prototype are ordinary data keys.
  assert.is((user as any).constructor, 'x');
  assert.equal((user as any).prototype, { a: 1 });
  assert.is(({} as any).polluted, undefined, 'Object.prototype untouched');
});

proto('__proto__ in a Values map and in an object schema is kept as an own key, never a prototype', async () => {
  server.route('GET', '/map', (_req, res) =>
    send(res, 200, '{"u1":{"id":"u1"},"__proto__":{"id":"u2","isAdmin":true}}', { 'content-type': 'application/json' }),
  );
  server.route('GET', '/pair', (_req, res) =>
    send(res, 200, '{"user":{"id":"u3"},"__proto__":{"user":{"id":"u4"}}}', { 'content-type': 'application/json' }),
  );
  const getMap = new RestEndpoint({ urlPrefix: server.url, path: '/map', schema: new Values(User), name: 'getMap' });
  const getPair = new RestEndpoint({ urlPrefix: server.url, path: '/pair', schema: { user: User }, name: 'getPair' });
  const ctrl = new Controller();
  const map = await ctrl.fetch(getMap);
  assert.equal(Object.keys(map), ['u1', '__proto__'], 'the entry is kept, not dropped');
  assert.is(Object.getPrototypeOf(map), Object.prototype);
  assert.is((map as any).isAdmin, undefined);
  const u2 = ctrl.get(User, { id: 'u2' });
  assert.instance(u2, User);
  assert.is(u2!.isAdmin, true, 'a row like any other');
  assert.is(Object.getOwnPropertyDescriptor(map, '__proto__')?.value, u2);
  const pair = (await ctrl.fetch(getPair)) as any;
  assert.is(Object.getPrototypeOf(pair), Object.prototype);
  assert.is(pair.user.id, 'u3');
  assert.equal(Object.getOwnPropertyDescriptor(pair, '__proto__')?.value, { user: { id: 'u4' } }, 'kept as data');
  assert.is(ctrl.get(User, { id: 'u4' }), undefined, 'not a schema member: not normalized');
  assert.is(({} as any).isAdmin, undefined, 'Object.prototype untouched');
});

proto(
  'a Union discriminator naming an inherited member ("toString") takes no member: the value is kept as it is',
  async () => {
    server.route('GET', '/feed', (_req, res) =>
      json(res, 200, [
        { id: '1', type: 'post' },
        { id: '2', type: 'toString' },
      ]),
    );
    const getFeed = new RestEndpoint({ urlPrefix: server.url, path: '/feed', schema: [feedItem], name: 'getFeed' });
    const ctrl = new Controller();
    const warn = console.warn;
    const warnings: unknown[] = [];
    console.warn = (message: unknown) => void warnings.push(message);
    let feed: unknown[];
    try {
      feed = (await ctrl.fetch(getFeed)) as unknown[];
    } finally {
      console.warn = warn;
    }
    assert.instance(feed[0], Post);
    assert.equal(feed[1], { id: '2', type: 'toString' });
    assert.is(Object.getPrototypeOf(feed[1]), Object.prototype);
    if (dev) assert.match(String(warnings[0]), /^getFeed: no schema member "toString" at response\[1\]/);
    assert.is(
      ctrl.get(feedItem, { id: '1', type: 'constructor' }),
      ctrl.get(Post, '1'),
      'found by pk, as no member is named',
    );
  },
);

proto('a missing path parameter named like an Object.prototype member is missing, not inherited', async () => {
  const getItem = new RestEndpoint({ urlPrefix: server.url, path: '/items/:constructor', name: 'getItem' });
  assert.throws(() => getItem.url({} as any), /getItem: missing path parameter "constructor"/);
  const ctrl = new Controller();
  const error = await ctrl.fetch(getItem, {} as any).then(
    () => undefined,
    (e) => e,
  );
  assert.match(error.message, /missing path parameter "constructor"/);
  assert.is(server.requests.length, 0);
});

proto.run();
