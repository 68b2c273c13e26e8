/**
 * The commit journal: one record per settled transaction (rows, lists, responses, meta;
 * origin and stamp), delivered once after it settles, never for undone writes, written
 * only while someone listens. Read through `onCommit`, as an app's own code does.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { type Commit, Controller, Entity, Invalidate, RestEndpoint, effect, onCommit } from '../../src/index.js';
import { hydrate } from '../../src/ssr/index.js';
import { FakeTimers } from '../_fixtures/fakeTimers.js';
import { User, postCollection } from '../_fixtures/models.js';
import { json, startServer, type TestServer } from '../_fixtures/server.js';
import { withRows } from '../_fixtures/state.js';

let server: TestServer;
let users: { id: string; name: string }[] = [];
let timers: FakeTimers;
const getUsers = () =>
  new RestEndpoint({ urlPrefix: server.url, path: '/users', schema: [User], dataExpiryLength: 100 });
const getUser = () => new RestEndpoint({ urlPrefix: server.url, path: '/users/:id', schema: User });

/** A Controller on fake timers, and every record it delivers. */
function listening() {
  const ctrl = new Controller({ timers, gcInterval: 0, managers: [] });
  const commits: Commit[] = [];
  const stop = onCommit(ctrl, (commit) => commits.push(commit));
  return { ctrl, commits, stop };
}
/** A record's rows as `key pk: before → after` (names). */
const rows = (commit: Commit) =>
  commit.rows.map((r) => `${r.key} ${r.pk}: ${r.before?.name ?? '-'} → ${r.after?.name ?? '-'}`);

const journal = suite('the commit journal');
journal.before(async () => {
  server = await startServer();
  server.route('GET', '/users', (_req, res) => json(res, 200, users));
  server.route('GET', '/users/:id', (req, res) => {
    const user = users.find((u) => u.id === req.params.id);
    if (user) json(res, 200, user);
    else json(res, 404, { error: 'not found' });
  });
});
journal.before.each(() => {
  users = [
    { id: 'u1', name: 'Ada' },
    { id: 'u2', name: 'Alan' },
  ];
  timers = new FakeTimers();
  timers.time = 1000;
});
journal.after(() => server.close());

journal('a response is one record: its rows, its response and meta, its origin and fetch stamp', async () => {
  const { ctrl, commits } = listening();
  const endpoint = getUsers();
  await ctrl.fetch(endpoint);
  assert.is(commits.length, 1);
  const [commit] = commits;
  assert.is(commit.origin, 'fetch');
  assert.ok(commit.stamp > 0);
  assert.equal(rows(commit), ['User u1: - → Ada', 'User u2: - → Alan']);
  assert.equal(commit.responses, [endpoint.key()]);
  assert.equal(commit.meta, [endpoint.key()]);
  assert.equal(commit.lists, []);
  assert.is(commit.rows[0].expiresAt, 1100, "the response's expiry vouches for its rows");
  users[0] = { id: 'u1', name: 'Grace' };
  timers.advance(10);
  await ctrl.fetch(endpoint);
  assert.equal(rows(commits[1]), ['User u1: Ada → Grace', 'User u2: Alan → Alan'], 'u2 vouched for longer');
  assert.ok(commits[1].stamp > commit.stamp, 'stamps follow fetch starts');
});

journal('set, setResponse, setError, invalidate, invalidateAll, expireAll and reset: one record each', async () => {
  const { ctrl, commits } = listening();
  const endpoint = getUsers();
  const one = getUser();
  ctrl.set(User, { id: 'u1' }, { id: 'u1', name: 'Ada' });
  ctrl.setResponse(endpoint, [{ id: 'u2', name: 'Alan' }]);
  ctrl.setError(one, { id: 'u3' }, new Error('gone'));
  ctrl.invalidate(endpoint);
  ctrl.setResponse(one, { id: 'u1' }, { id: 'u1', name: 'Ada' });
  ctrl.invalidateAll();
  ctrl.expireAll();
  ctrl.resetEntireStore();
  assert.equal(
    commits.map((c) => c.origin),
    ['set', 'setResponse', 'error', 'invalidate', 'setResponse', 'invalidate', 'expire', 'reset'],
  );
  const [set, setResponse, error, invalidate, , invalidateAll, , reset] = commits;
  assert.equal(rows(set), ['User u1: - → Ada']);
  assert.equal(set.responses, []);
  assert.equal(rows(setResponse), ['User u2: - → Alan']);
  assert.equal(error.rows, []);
  assert.equal(error.meta, [one.key({ id: 'u3' })]);
  assert.equal(invalidate.meta, [endpoint.key()]);
  assert.equal(
    [...invalidateAll.meta].sort(),
    [endpoint.key(), one.key({ id: 'u1' })].sort(),
    'one record for every key',
  );
  assert.equal(rows(reset).sort(), ['User u1: Ada → -', 'User u2: Alan → -']);
  assert.equal([...reset.responses].sort(), [endpoint.key(), one.key({ id: 'u1' })].sort());
});

journal('lists of a Collection: the list changed, with its args key', () => {
  const { ctrl, commits } = listening();
  ctrl.set(postCollection, { group: 'a' }, [{ id: 'p1', title: 'x', group: 'a' }]);
  const [commit] = commits;
  assert.is(commit.lists.length, 1);
  const [list] = commit.lists;
  assert.is(list.key, postCollection.key);
  assert.is(list.before, undefined);
  assert.equal(list.after, ['p1']);
  assert.type(list.argsKey, 'string');
});

journal('an optimistic layer: a record of its own; the answer takes its place in the next', async () => {
  const { ctrl, commits } = listening();
  const endpoint = getUser();
  await ctrl.fetch(endpoint, { id: 'u1' });
  const rename = new RestEndpoint({
    urlPrefix: server.url,
    path: '/users/:id',
    method: 'PATCH',
    schema: User,
    getOptimisticResponse: (_snap: unknown, { id }: { id: string }, body: { name: string }) => ({ id, ...body }),
  });
  server.route('PATCH', '/users/:id', (req, res) => json(res, 200, { id: req.params.id, ...JSON.parse(req.body) }));
  commits.length = 0;
  const done = ctrl.fetch(rename, { id: 'u1' }, { name: 'Eve' });
  assert.equal(
    commits.map((c) => c.origin),
    ['optimistic'],
  );
  // Server values stay: the layer shows over them.
  assert.equal(rows(commits[0]), ['User u1: Ada → Ada']);
  await done;
  assert.equal(
    commits.map((c) => c.origin),
    ['optimistic', 'fetch'],
  );
  assert.equal(rows(commits[1]), ['User u1: Ada → Eve']);
  server.route('PATCH', '/users/:id', (_req, res) => json(res, 500, { error: 'down' }));
  await ctrl.fetch(rename, { id: 'u1' }, { name: 'Zed' }).catch(() => {});
  assert.equal(
    commits.map((c) => c.origin),
    ['optimistic', 'fetch', 'optimistic', 'error'],
    'a failed mutation: its rollback is in the record of its failure',
  );
  assert.is(ctrl.get(User, { id: 'u1' })!.name, 'Eve');
});

journal('an undone write is never delivered; its failure is', async () => {
  const { ctrl, commits } = listening();
  let merges = 0;
  class Picky extends Entity {
    id = '';
    name = '';
    override pk() {
      return this.id;
    }
    static override key = 'Picky';
    static override mergeWithStore(existingMeta: any, incomingMeta: any, existing: any, incoming: any) {
      if (++merges > 1) throw new Error('no merge today');
      return super.mergeWithStore(existingMeta, incomingMeta, existing, incoming);
    }
  }
  const endpoint = new RestEndpoint({ urlPrefix: server.url, path: '/users', schema: [Picky] });
  await ctrl.fetch(endpoint);
  await ctrl.fetch(endpoint).catch(() => {});
  assert.equal(
    commits.map((c) => c.origin),
    ['fetch', 'error'],
  );
  assert.equal(commits[1].rows, [], 'the failed write changed nothing');
  assert.equal(commits[1].meta, [endpoint.key()]);
});

journal('delivered once, after the transaction settled: the listener reads what it wrote', () => {
  const ctrl = new Controller({ gcInterval: 0, managers: [] });
  const seen: (string | undefined)[] = [];
  onCommit(ctrl, () => seen.push(ctrl.get(User, { id: 'u1' })?.name));
  ctrl.set(
    [User],
    [
      { id: 'u1', name: 'Ada' },
      { id: 'u1', name: 'Grace' },
    ],
  );
  assert.equal(seen, ['Grace']);
});

journal('readers re-run after the listeners, once per write', () => {
  const ctrl = new Controller({ gcInterval: 0, managers: [] });
  const order: string[] = [];
  onCommit(ctrl, () => order.push('listener'));
  const stop = effect(() => {
    order.push(`reader ${ctrl.get(User, { id: 'u1' })?.name}`);
  });
  ctrl.set(User, { id: 'u1' }, { id: 'u1', name: 'Ada' });
  assert.equal(order, ['reader undefined', 'listener', 'reader Ada']);
  stop();
});

journal('written only while someone listens', () => {
  const ctrl = new Controller({ gcInterval: 0, managers: [] });
  const store = ctrl._hydration()[0];
  ctrl.set(User, { id: 'u1' }, { id: 'u1', name: 'Ada' });
  assert.is(store._journal, undefined, 'no listener, no journal');
  const commits: Commit[] = [];
  const stop = onCommit(ctrl, (c) => commits.push(c));
  assert.ok(store._journal);
  ctrl.set(User, { id: 'u1' }, { id: 'u1', name: 'Grace' });
  stop();
  assert.is(store._journal, undefined, 'the last listener gone, the journal goes');
  ctrl.set(User, { id: 'u1' }, { id: 'u1', name: 'Alan' });
  assert.is(commits.length, 1);
});

journal('a sweep is a record of what it dropped; a hydrated state one of what it filled in', async () => {
  const { ctrl, commits } = listening();
  const endpoint = getUsers();
  await ctrl.fetch(endpoint);
  timers.advance(1000);
  commits.length = 0;
  ctrl.gc();
  assert.equal(
    commits.map((c) => c.origin),
    ['gc'],
  );
  assert.equal(rows(commits[0]).sort(), ['User u1: Ada → -', 'User u2: Alan → -']);
  assert.equal(commits[0].responses, [endpoint.key()]);
  const other = listening();
  hydrate(
    other.ctrl,
    withRows(
      { version: 4, rows: {}, converted: {}, lists: {}, responses: {} },
      { User: { u9: [{ id: 'u9', name: 'Nia' }, 5000] } },
    ),
  );
  assert.equal(
    other.commits.map((c) => [c.origin, rows(c)]),
    [['hydrate', ['User u9: - → Nia']]],
  );
});

journal('a removal by Invalidate, and an equal write, which changes nothing', () => {
  const { ctrl, commits } = listening();
  ctrl.set([User], [{ id: 'u1', name: 'Ada' }]);
  ctrl.set(User, { id: 'u1' }, { id: 'u1', name: 'Ada' });
  ctrl.set(new Invalidate(User), 'u1');
  assert.equal(
    commits.map((c) => [c.origin, rows(c)]),
    [
      ['set', ['User u1: - → Ada']],
      ['set', ['User u1: Ada → -']],
    ],
  );
});

journal("a listener's error goes to console.error; the write and the other listeners stand", () => {
  const ctrl = new Controller({ gcInterval: 0, managers: [] });
  const errors: unknown[] = [];
  const error = console.error;
  console.error = (e: unknown) => errors.push(e);
  try {
    let other = 0;
    onCommit(ctrl, () => {
      throw new Error('listener bug');
    });
    onCommit(ctrl, () => other++);
    ctrl.set(User, { id: 'u1' }, { id: 'u1', name: 'Ada' });
    assert.is(ctrl.get(User, { id: 'u1' })!.name, 'Ada');
    assert.is(other, 1);
    assert.is((errors[0] as Error).message, 'listener bug');
  } finally {
    console.error = error;
  }
});

journal.run();
