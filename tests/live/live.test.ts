import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { All, Controller, Invalidate, Query, RestEndpoint, effect } from '../../src/index.js';
import { live, type LiveQuery } from '../../src/live/index.js';
import { holdRoute, optimisticPatch } from '../_fixtures/held.js';
import { json, startServer } from '../_fixtures/server.js';
import { Person as Member, Task as Ticket, people as members, tasks as tickets } from '../_fixtures/tasks.js';

const gc = (globalThis as { gc?: () => void }).gc!;
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

const lq = suite('live');

lq('undefined until a row of the type is stored, then counts; deletes count down to 0', () => {
  const ctrl = new Controller();
  const count = live(Member)
    .where((m) => m.isAdmin)
    .count();
  assert.is(ctrl.get(count), undefined);
  ctrl.set([Member], [{ id: 'a', isAdmin: false }]);
  assert.is(ctrl.get(count), 0, 'rows stored, none passing: 0, not undefined');
  ctrl.set(Member, { id: 'b', isAdmin: true });
  assert.is(ctrl.get(count), 1);
  ctrl.set(new Invalidate(Member), 'b');
  assert.is(ctrl.get(count), 0);
  assert.is(
    ctrl.get(
      live(Member)
        .where((m) => m.isAdmin)
        .avg((m) => m.score),
    ),
    undefined,
    'the mean of no rows',
  );
});

lq('a garbage-collection sweep keeps every row of a table a live query follows', () => {
  let now = 0;
  const ctrl = new Controller({ gcInterval: 0, clock: () => now });
  ctrl.set(
    [Member],
    [
      { id: 'a', isAdmin: true },
      { id: 'b', isAdmin: false },
    ],
  );
  ctrl.set([Ticket], tickets(3, 2));
  const admins = live(Member)
    .where((m) => m.isAdmin)
    .count();
  let seen: unknown;
  const stop = effect(() => void (seen = ctrl.get(admins)));
  assert.is(seen, 1);
  // Written after mounting: folded in by the change feed, not read by any view's computation.
  ctrl.set(Member, { id: 'c', isAdmin: true });
  assert.is(seen, 2);
  now = 10 * 60_000; // every row written by set() has expired
  ctrl.gc();
  assert.is(ctrl.get(Member, { id: 'c' })?.isAdmin, true, 'a row the live count includes is kept');
  ctrl.set(Member, { id: 'd', isAdmin: true });
  assert.is(seen, 3);
  assert.is(ctrl.get(Ticket, { id: 'k0' }), undefined, 'rows of tables no live query follows are collected');
  stop();
});

lq('a one-row write calls the predicate for that row only (incremental, not a rescan)', () => {
  const ctrl = new Controller();
  ctrl.set([Member], members(1000));
  let calls = 0;
  const admins = live(Member)
    .where((m) => (calls++, m.isAdmin))
    .count();
  assert.is(ctrl.get(admins), 100);
  assert.is(calls, 1000, 'mounting reads every row once');
  calls = 0;
  ctrl.set(Member, { id: 'm5', isAdmin: true });
  assert.is(ctrl.get(admins), 101);
  assert.is(calls, 2, 'the row before and after');
});

lq('a predicate reading a nested row follows it; only the rows reaching it are evaluated again', () => {
  const ctrl = new Controller();
  ctrl.set([Member], members(10));
  ctrl.set([Ticket], tickets(100, 10));
  let calls = 0;
  const byAdmins = live(Ticket).where((t) => (calls++, t.author?.isAdmin === true));
  const count = byAdmins.count();
  assert.is(ctrl.get(count), 10);
  calls = 0;
  let runs = 0;
  const stop = effect(() => void (ctrl.get(count), runs++));
  ctrl.set(Member, { id: 'm3', isAdmin: true });
  assert.is(ctrl.get(count), 20);
  assert.is(runs, 2, 'one response, one notification');
  assert.is(calls, 20, 'the 10 tickets of m3, before and after');
  ctrl.set(Member, { id: 'm3', name: 'renamed' });
  assert.is(runs, 2, 'the count did not change: no notification');
  ctrl.set(new Invalidate(Member), 'm0');
  assert.is(ctrl.get(count), 10, 'a removed author no longer passes');
  ctrl.set(Ticket, { id: 'k1', author: 'm0' });
  ctrl.set(Member, { id: 'm0', isAdmin: true });
  assert.is(ctrl.get(count), 21, 'the author returns, with its 10 tickets and k1 moved to it');
  stop();
});

lq('identical writes notify nothing; one response updates each result once', () => {
  const ctrl = new Controller();
  ctrl.set([Member], members(50));
  const q: LiveQuery<unknown>[] = [
    live(Member).count(),
    live(Member).sum((m) => m.score),
    live(Member)
      .orderBy((m) => m.score, 'desc')
      .limit(5),
    live(Member).groupBy(
      (m) => m.team,
      (g) => ({ n: g.count(), best: g.max((m) => m.score) }),
    ),
    live(Member).distinct((m) => m.team),
  ];
  const runs = q.map(() => 0);
  const stops = q.map((query, i) => effect(() => void (ctrl.get(query), runs[i]++)));
  ctrl.set([Member], members(50));
  assert.equal(runs, [1, 1, 1, 1, 1], 'identical data');
  ctrl.set(
    [Member],
    [
      { id: 'm60', score: 100, team: 't9' },
      { id: 'm61', score: 101, team: 't9' },
      { id: 'm1', score: 2 },
    ],
  );
  assert.equal(runs, [2, 2, 2, 2, 2], 'three rows in one response');
  stops.forEach((stop) => stop());
});

lq('results keep their identity when unchanged', () => {
  const ctrl = new Controller();
  ctrl.set([Member], members(30));
  const top = live(Member)
    .orderBy((m) => m.score, 'desc')
    .limit(3);
  const groups = live(Member).groupBy(
    (m) => m.team,
    (g) => ({ n: g.count(), total: g.sum((m) => m.score) }),
  );
  const window = ctrl.get(top)!;
  const map = ctrl.get(groups)!;
  assert.equal(
    window.map((m) => m.id),
    ['m29', 'm28', 'm27'],
  );
  assert.equal(map.get('t0'), { key: 't0', n: 10, total: 135 });
  ctrl.set(Member, { id: 'm4', name: 'outside the window, in t1' });
  assert.is(ctrl.get(top), window, 'a row outside the window changed');
  assert.is(ctrl.get(groups), map, 'no aggregate changed');
  ctrl.set(Member, { id: 'm4', score: 5 });
  const next = ctrl.get(groups)!;
  assert.is.not(next, map);
  assert.is(next.get('t0'), map.get('t0'), 'an untouched group keeps its object');
  assert.equal(next.get('t1'), { key: 't1', n: 10, total: 146 });
  ctrl.set(Member, { id: 'm4', score: 50 });
  assert.equal(
    ctrl.get(top)!.map((m) => m.id),
    ['m4', 'm29', 'm28'],
    'into the window',
  );
  ctrl.set(Member, { id: 'm4', team: 't0' });
  assert.equal(ctrl.get(groups)!.get('t0'), { key: 't0', n: 11, total: 185 }, 'moved between groups');
  ctrl.set(new Invalidate(Member), 'm29');
  assert.equal(
    ctrl.get(top)!.map((m) => m.id),
    ['m4', 'm28', 'm27'],
    'out of the window',
  );
});

lq('a live query is a Query: process is the same definition from scratch, and Query composes on it', () => {
  const ctrl = new Controller();
  ctrl.set([Member], members(40));
  const admins = live(Member).where((m) => m.isAdmin);
  const names = admins.select((m) => m.name);
  assert.ok(admins.count() instanceof Query);
  assert.equal(
    ctrl.get(
      live(new All(Member))
        .where((m) => m.isAdmin)
        .count(),
    ),
    4,
    'live(new All(Entity)) reads the same rows',
  );
  const all = ctrl.get(new All(Member))!;
  assert.equal(ctrl.get(names), names.process(all));
  assert.equal(ctrl.get(names), ['m 0', 'm 10', 'm 20', 'm 30']);
  const twice = new Query(admins.count(), (n) => n * 2);
  assert.is(ctrl.get(twice), 8);
  ctrl.set(Member, { id: 'm1', isAdmin: true });
  assert.is(ctrl.get(twice), 10);
});

lq('arguments reach every function; equal arguments share one live state', () => {
  const ctrl = new Controller();
  ctrl.set([Member], members(30));
  const inTeam = live(Member)
    .where((m, { team }: { team: string }) => m.team === team)
    .sum((m) => m.score);
  assert.is(ctrl.query(inTeam, { team: 't1' }), ctrl.query(inTeam, { team: 't1' }));
  assert.is(ctrl.get(inTeam, { team: 't1' }), 145);
  assert.is(ctrl.get(inTeam, { team: 't2' }), 155);
  // @ts-expect-error the arguments are typed by the predicate
  ctrl.get(inTeam, { team: 1 });
});

lq('a function that throws: the reader sees the error, the data stays, a later write recovers', () => {
  const ctrl = new Controller();
  ctrl.set([Member], members(5));
  const risky = live(Member)
    .where((m) => {
      if (m.name === 'boom') throw new Error('bad row');
      return true;
    })
    .count();
  assert.is(ctrl.get(risky), 5);
  ctrl.set(Member, { id: 'm1', name: 'boom' });
  assert.is(ctrl.get(Member, { id: 'm1' })!.name, 'boom', 'the write went through');
  assert.throws(() => ctrl.get(risky), /bad row/);
  ctrl.set(Member, { id: 'm1', name: 'fine' });
  assert.is(ctrl.get(risky), 5);
});

lq('a source that is not an entity is a SchemaError naming what it got', () => {
  assert.throws(
    () => live({} as never),
    (e: Error) => e.name === 'SchemaError' && /live\(\): expected an Entity class/.test(e.message),
  );
  // The value is quoted in development only (it may be data); production names its type.
  assert.throws(() => live('User' as never), process.env.NODE_ENV === 'production' ? /got string/ : /got "User"/);
});

lq('typed end to end', () => {
  const ctrl = new Controller();
  const groups = ctrl.get(
    live(Member).groupBy(
      (m) => m.team,
      (g) => ({ n: g.count(), low: g.min((m) => m.score) }),
    ),
  );
  const n: number | undefined = groups?.get('t0')?.n;
  const top: Member[] | undefined = ctrl.get(
    live(Member)
      .orderBy((m) => m.score)
      .limit(2),
  );
  const names: string[] | undefined = ctrl.get(live(Member).select((m) => m.name));
  // @ts-expect-error a count is a number
  const wrong: string | undefined = ctrl.get(live(Member).count());
  assert.is(n ?? top ?? names ?? wrong, undefined);
});

lq('an unread live query is reclaimed and stops watching the store', async () => {
  const ctrl = new Controller({ gcInterval: 0 });
  ctrl.set([Member], members(10));
  let calls = 0;
  let count: LiveQuery<number> | undefined = live(Member)
    .where(() => (calls++, true))
    .count();
  assert.is(ctrl.get(count), 10);
  ctrl.set(Member, { id: 'm1', score: 99 });
  assert.is(ctrl.get(count), 10);
  assert.ok(calls > 10, 'a mounted query follows writes');
  count = undefined;
  for (let i = 0; i < 4; i++) {
    gc();
    await tick();
  }
  // Its view and operators were reclaimed: a write reaches no predicate any more.
  await new Promise<void>((resolve) => {
    const until = Date.now() + 5000;
    const again = () => {
      gc();
      const before = calls;
      ctrl.set(Member, { id: 'm1', score: Math.random() });
      if (calls === before || Date.now() > until) resolve();
      else setTimeout(again, 5);
    };
    again();
  });
  const before = calls;
  ctrl.set(Member, { id: 'm1', score: 98 });
  assert.is(calls, before, 'nothing watches Person any more');
});

lq('optimistic layers and their rollback reach live results; so does a reset of the store', async () => {
  const server = await startServer();
  try {
    server.route('GET', '/members', (_req, res) => json(res, 200, members(20)));
    const patches = holdRoute(server, 'PATCH', '/members/:id');
    const getMembers = new RestEndpoint({ urlPrefix: server.url, path: '/members', schema: [Member] });
    const update = optimisticPatch(server.url, '/members/:id', Member);
    const ctrl = new Controller();
    const admins = live(Member)
      .where((m) => m.isAdmin)
      .count();
    const seen: unknown[] = [];
    const stop = effect(() => void seen.push(ctrl.get(admins)));
    await ctrl.fetch(getMembers);
    const failed = ctrl.fetch(update, { id: 'm1' }, { isAdmin: true }).catch((e: Error) => e);
    assert.equal(seen, [undefined, 2, 3], 'the layer shows at once');
    (await patches.next()).reply(500, { error: 'no' });
    assert.instance(await failed, Error);
    assert.equal(seen, [undefined, 2, 3, 2], 'the rollback');
    const done = ctrl.fetch(update, { id: 'm2' }, { isAdmin: true });
    (await patches.next()).reply(200, { ...members(3)[2], isAdmin: true });
    await done;
    assert.equal(seen, [undefined, 2, 3, 2, 3], 'the server value takes the place of the layer: no extra notification');
    ctrl.resetEntireStore();
    assert.equal(seen.at(-1), undefined, 'nothing cached any more');
    stop();
  } finally {
    server.close();
  }
});

lq.run();
