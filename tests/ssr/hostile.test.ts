// Hostile state end to end: entity keys and pks named like Object.prototype members travel
// through fetch, dehydrate, JSON, hydrate, tabs and persist as ordinary keys; no global
// prototype is ever written; what one way in stores, the others restore, and what they
// cannot restore they refuse by name. Endpoints run against the real HTTP fixture; tabs
// are two Controllers on one BroadcastChannel.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Collection, Controller, Entity, RestEndpoint, Values } from '../../src/index.js';
import { memoryStorage, persist, PersistError } from '../../src/persist/index.js';
import { dehydrate, hydrate, HydrationError, type DehydratedState } from '../../src/ssr/index.js';
import { shareTabs, TabsError } from '../../src/tabs/index.js';
import { plain } from '../_fixtures/plain.js';
import { rowsByPk, withRows } from '../_fixtures/state.js';
import { assertUntouched, snapshot, type Snapshot } from '../_fixtures/prototypes.js';
import { json, send, startServer, type TestServer } from '../_fixtures/server.js';
import { waitFor } from '../_fixtures/time.js';

/** Keys that name members of Object.prototype (or set it). */
const NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty'] as const;

/** An entity class stored under `key`. */
function entityNamed(key: string) {
  return class extends Entity {
    id = '';
    name = '';
    override pk() {
      return this.id;
    }
    static override key = key;
  };
}

const classes = NAMES.map(entityNamed);

class User extends Entity {
  id = '';
  name = '';
  isAdmin = false;
  override pk() {
    return this.id;
  }
  static override key = 'User';
}

/** The rows every `/things/:i` answers: pks named like prototype members, and one more. */
const things = [...NAMES, '1'].map((id) => ({ id, name: `thing ${id}` }));

interface Ctx {
  server: TestServer;
  before: Snapshot;
  endpoints: RestEndpoint<'/things/:i', {}, 'GET', unknown, any, any>[];
  getUsers: RestEndpoint<'/users', {}, 'GET', unknown, any, (typeof User)[]>;
}

async function setup(ctx: Ctx) {
  ctx.before = snapshot();
  ctx.server = await startServer();
  ctx.server.route('GET', '/things/:i', (_req, res) => json(res, 200, things));
  ctx.server.route('GET', '/users', (_req, res) => json(res, 200, [{ id: 'u1', name: 'Ada', isAdmin: false }]));
  const urlPrefix = ctx.server.url;
  ctx.endpoints = classes.map(
    (cls, i) => new RestEndpoint({ urlPrefix, path: '/things/:i', schema: [cls], name: `getThings(${NAMES[i]})` }),
  );
  ctx.getUsers = new RestEndpoint({ urlPrefix, path: '/users', schema: [User], dataExpiryLength: 60_000 });
}

async function teardown(ctx: Ctx) {
  await ctx.server.close();
  assertUntouched(ctx.before);
}

/** A Controller that fetched every hostile key and pk. */
async function fetched(ctx: Ctx): Promise<Controller> {
  const ctrl = new Controller({ gcInterval: 0 });
  for (const [i, endpoint] of ctx.endpoints.entries()) await ctrl.fetch(endpoint, { i: String(i) });
  return ctrl;
}

/** Asserts `ctrl` holds every hostile row as an instance of its class, and takes a write of each. */
function holdsEveryRow(ctrl: Controller, what: string) {
  for (const cls of classes) {
    for (const { id, name } of things) {
      const row = ctrl.get(cls, { id });
      assert.instance(row, cls, `${what}: ${cls.key} ${id}`);
      assert.is(Object.getPrototypeOf(row), cls.prototype);
      assert.is(row!.name, name);
    }
    ctrl.set(cls, { id: '__proto__' }, { id: '__proto__', name: 'written' });
    assert.is(ctrl.get(cls, { id: '__proto__' })!.name, 'written', `${what}: set works after`);
  }
}

//#region keys
const keys = suite<Ctx>('hostile keys end to end');
keys.before.each(setup);
keys.after.each(teardown);

keys(
  'entity keys and pks named __proto__, constructor, toString, hasOwnProperty: fetch, dehydrate, JSON, hydrate',
  async (ctx) => {
    const server = await fetched(ctx);
    const state = dehydrate(server);
    for (const name of NAMES) {
      assert.ok(Object.hasOwn(state.rows, name), `rows.${name} is an own key`);
      assert.equal(Object.keys(rowsByPk(state)[name]).sort(), things.map((t) => t.id).sort());
    }
    const text = JSON.stringify(state);
    holdsEveryRow(server, 'fetched');
    const client = hydrate(new Controller({ gcInterval: 0 }), JSON.parse(text), classes);
    const sent = ctx.server.requests.length;
    for (const [i, endpoint] of ctx.endpoints.entries()) {
      const list = await client.fetchIfStale(endpoint, { i: String(i) });
      assert.is(list.length, things.length);
    }
    assert.is(ctx.server.requests.length, sent, 'fresh: no request');
    assert.is(JSON.stringify(dehydrate(client)), text, 'the state round-trips unchanged');
    holdsEveryRow(client, 'hydrated');
  },
);

keys('through tabs: a fetch in one tab shows every hostile key in the other', async (ctx) => {
  const channel = `hostile-${process.pid}-${Math.random()}`;
  const a = new Controller({ gcInterval: 0 });
  const b = new Controller({ gcInterval: 0 });
  const errors: Error[] = [];
  const stopA = shareTabs(a, { channel, schemas: classes, onError: (e) => errors.push(e), wait: 10_000 });
  const stopB = shareTabs(b, { channel, schemas: classes, onError: (e) => errors.push(e), wait: 10_000 });
  try {
    assert.is(await stopB.ready, true);
    for (const [i, endpoint] of ctx.endpoints.entries()) await a.fetch(endpoint, { i: String(i) });
    await waitFor(
      () => classes.every((cls) => things.every(({ id }) => b.get(cls, { id }) !== undefined)),
      'every row in B',
    );
    holdsEveryRow(b, 'received');
    // A tab that opens gets the state of the others, hostile keys and all.
    const c = new Controller({ gcInterval: 0 });
    const stopC = shareTabs(c, { channel, schemas: classes, onError: (e) => errors.push(e), wait: 10_000 });
    assert.is(await stopC.ready, true);
    stopC();
    for (const cls of classes) assert.instance(c.get(cls, { id: 'constructor' }), cls);
    assert.equal(errors, []);
  } finally {
    stopA();
    stopB();
  }
});

keys(
  'through persist: every hostile key is saved and restored; an id like r\\0__proto__\\0polluted is a row id',
  async (ctx) => {
    const storage = memoryStorage();
    const server = await fetched(ctx);
    const errors: unknown[] = [];
    const saver = persist(server, storage, { schemas: classes, onError: (e) => errors.push(e) });
    await saver.restored;
    await saver.flush();
    // An entry written by someone else: its key and pk name prototype members.
    storage.data.set('r\0__proto__\0polluted', JSON.stringify([{ id: 'polluted', name: 'p' }, 0]));
    storage.data.set('r\0constructor\0prototype', JSON.stringify([{ id: 'prototype', name: 'q' }, 0]));
    const client = new Controller({ gcInterval: 0 });
    await persist(client, storage, { schemas: classes, onError: (e) => errors.push(e) }).restored;
    assert.equal(errors, []);
    holdsEveryRow(client, 'restored');
    assert.is(client.get(classes[0], { id: 'polluted' })!.name, 'p');
    assert.is(client.get(classes[1], { id: 'prototype' })!.name, 'q');
    assert.is(({} as Record<string, unknown>).polluted, undefined);
  },
);
//#endregion

//#region one set of limits
const limits = suite<Ctx>('one set of limits');
limits.before.each(setup);
limits.after.each(teardown);

/** `{ a: { a: … 1 } }`, `levels` objects deep. */
const nested = (levels: number) => JSON.parse('{"a":'.repeat(levels) + '1' + '}'.repeat(levels));

limits('a field nested 300 deep that fetch stores is dehydrated, hydrated and persisted', async (ctx) => {
  ctx.server.route('GET', '/users', (_req, res) =>
    json(res, 200, [{ id: 'u1', name: 'Ada', isAdmin: false, deep: nested(300) }]),
  );
  const server = new Controller({ gcInterval: 0 });
  await server.fetch(ctx.getUsers);
  const client = hydrate(new Controller({ gcInterval: 0 }), JSON.parse(JSON.stringify(dehydrate(server))));
  assert.equal((client.get(User, { id: 'u1' }) as unknown as { deep: unknown }).deep, nested(300));
  const storage = memoryStorage();
  const errors: unknown[] = [];
  const saver = persist(server, storage, { onError: (e) => errors.push(e) });
  await saver.restored;
  await saver.flush();
  const restored = new Controller({ gcInterval: 0 });
  await persist(restored, storage, { onError: (e) => errors.push(e) }).restored;
  assert.equal(errors, []);
  assert.equal((restored.get(User, { id: 'u1' }) as unknown as { deep: unknown }).deep, nested(300));
  assert.ok(storage.data.size > 1, 'the saved cache is kept');
});

limits('deeper than fetch stores is refused by name by hydrate, tabs and persist, which write nothing', async () => {
  const deep = nested(600);
  const state = withRows(
    { version: 4, rows: {}, converted: {}, lists: {}, responses: {} },
    { User: { u1: [{ id: 'u1', deep }, 0] } },
  );
  const ctrl = new Controller({ gcInterval: 0 });
  assert.throws(
    () => hydrate(ctrl, state as unknown as DehydratedState),
    (e: Error) => e instanceof HydrationError && e.message === 'hydrate: User u1 nests over 500 levels',
  );
  assert.is(ctrl.get(User, { id: 'u1' }), undefined);
  const storage = memoryStorage();
  await storage.write(
    [
      ['v', [1, 0]],
      ['r\0User\0u1', [{ id: 'u1', deep }, 0]],
      ['r\0User\0u2', [{ id: 'u2', name: 'kept' }, 0]],
    ],
    [],
  );
  const errors: Error[] = [];
  await persist(ctrl, storage, { onError: (e) => errors.push(e) }).restored;
  assert.instance(errors[0], PersistError);
  assert.match(errors[0].message, 'User u1 nests over 500 levels');
  assert.is(ctrl.get(User, { id: 'u1' }), undefined);
  assert.is(ctrl.get(User, { id: 'u2' })!.name, 'kept', 'one bad entry, not the whole cache');
  const channel = `limits-${process.pid}-${Math.random()}`;
  const tabErrors: Error[] = [];
  const stop = shareTabs(ctrl, { channel, onError: (e) => tabErrors.push(e), wait: 0 });
  const other = new BroadcastChannel(channel);
  other.postMessage(
    JSON.stringify({
      'signal-cache': 1,
      kind: 'patch',
      app: '',
      from: 'z',
      time: Date.now(),
      rows: { User: { u3: [{ id: 'u3', deep }, 0] } },
    }),
  );
  await waitFor(() => tabErrors.length === 1, 'the refusal');
  other.close();
  stop();
  assert.instance(tabErrors[0], TabsError);
  assert.match(tabErrors[0].message, 'User u3 nests over 500 levels');
  assert.is(ctrl.get(User, { id: 'u3' }), undefined);
});
//#endregion

//#region restored state against its schema
const shapes = suite<Ctx>('restored state against its schema');
shapes.before.each(setup);
shapes.after.each(teardown);

/** A state holding one response for `key`. */
const stateWith = (key: string, data: unknown): DehydratedState =>
  withRows(
    {
      version: 3,
      rows: {},
      converted: {},
      lists: {},
      responses: { [key]: [data, Date.now(), Date.now() + 60_000, false] },
    },
    { User: { u1: [{ id: 'u1', name: 'Ada', isAdmin: false }, Date.now() + 60_000] } },
  );

shapes('a hydrated response of another shape than its endpoint schema reads as missing and is fetched', async (ctx) => {
  for (const data of ['x', 42, { a: 1 }, true]) {
    const ctrl = hydrate(new Controller({ gcInterval: 0 }), stateWith(ctx.getUsers.key(), data));
    assert.is(ctrl.getResponse(ctx.getUsers), undefined, JSON.stringify(data));
    assert.ok(ctrl.isStale(ctx.getUsers));
    const before = ctx.server.count('GET', '/users');
    const users = await ctrl.fetchIfStale(ctx.getUsers);
    assert.is(ctx.server.count('GET', '/users'), before + 1, 'fetched');
    assert.is(users[0].name, 'Ada');
  }
  // The right shape is served without a request.
  const ctrl = hydrate(new Controller({ gcInterval: 0 }), stateWith(ctx.getUsers.key(), ['u1']));
  const before = ctx.server.count('GET', '/users');
  assert.is((await ctrl.fetchIfStale(ctx.getUsers))[0].name, 'Ada');
  assert.is(ctx.server.count('GET', '/users'), before);
});

shapes('list members that are no pks, rows filed under another pk and times that are no times are refused', () => {
  const refused = (state: unknown, message: string, schemas: readonly (typeof User)[] = [User]) => {
    const ctrl = new Controller({ gcInterval: 0 });
    assert.throws(
      () => hydrate(ctrl, state as DehydratedState, schemas),
      (e: Error) => e instanceof HydrationError && e.message === message,
    );
    assert.equal(plain(dehydrate(ctrl).rows), {}, 'nothing written');
  };
  const base = { version: 4, rows: {}, converted: {}, lists: {}, responses: {} };
  refused(
    { ...base, lists: { 'Collection(User)': { '': [[], [{ id: 'u1' }]] } } },
    'hydrate: malformed state at lists.Collection(User).: items are not pks',
  );
  refused(
    { ...base, lists: { 'Collection({User})': { '': [[], { a: 7 }] } } },
    'hydrate: malformed state at lists.Collection({User}).: items are not pks',
  );
  refused(withRows(base, { User: { 1: [{ id: '666' }, 0] } }), 'hydrate: User 1 holds the pk 666');
  refused(withRows(base, { User: { u1: [{ id: 'u1' }, null] } }), 'hydrate: malformed state at rows.User.u1');
  refused(withRows(base, { User: { '': [{ id: '' }, 0] } }), 'hydrate: malformed state at rows.User.');
  refused(
    { ...base, rows: { User: { fields: ['id'], pks: ['1'], columns: [['666']], expires: [0, 1] } } },
    'hydrate: User 1 holds the pk 666',
  );
  refused(
    { ...base, responses: { k: [1, 0, 1e400, false] } },
    'hydrate: malformed state at responses.k: fetchedAt and expiresAt must be times, invalidated a boolean',
  );
  // Unknown classes cannot tell a pk: the class of a key this Controller wrote can.
  const ctrl = new Controller({ gcInterval: 0 });
  ctrl.set(User, { id: 'u9' }, { id: 'u9', name: 'x' });
  assert.throws(
    () => hydrate(ctrl, withRows(base, { User: { u1: [{ id: 'u2' }, 0] } })),
    (e: Error) => e.message === 'hydrate: User u1 holds the pk u2',
  );
});

shapes('a Values response keyed __proto__ is kept through dehydrate and hydrate', async (ctx) => {
  ctx.server.route('GET', '/by-name', (_req, res) =>
    send(res, 200, '{"ada":{"id":"u1","name":"Ada"},"__proto__":{"id":"u2","name":"Proto","isAdmin":true}}', {
      'content-type': 'application/json',
    }),
  );
  const byName = new RestEndpoint({ urlPrefix: ctx.server.url, path: '/by-name', schema: new Values(User) });
  const keyed = new RestEndpoint({
    urlPrefix: ctx.server.url,
    path: '/by-name',
    schema: new Collection(new Values(User)),
    name: 'keyed',
  });
  const server = new Controller({ gcInterval: 0 });
  await server.fetch(byName);
  await server.fetch(keyed);
  const client = hydrate(new Controller({ gcInterval: 0 }), JSON.parse(JSON.stringify(dehydrate(server))));
  for (const ctrl of [server, client]) {
    for (const endpoint of [byName, keyed]) {
      const map = ctrl.getResponse(endpoint) as Record<string, User>;
      assert.equal(Object.keys(map), ['ada', '__proto__']);
      assert.is(Object.getPrototypeOf(map), Object.prototype);
      assert.is(Object.getOwnPropertyDescriptor(map, '__proto__')!.value.name, 'Proto');
      assert.is((map as unknown as { isAdmin?: boolean }).isAdmin, undefined);
    }
  }
});
//#endregion

keys.run();
limits.run();
shapes.run();
