// shareTabs: two Controllers on two BroadcastChannel instances of one name stand for two
// tabs; endpoints run against the real HTTP fixture, whose request counts show which tab
// fetched. A third instance of the channel (the spy) sees every message.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Collection, Controller, Entity, Invalidate, RestEndpoint, effect, type Schema } from '../../src/index.js';
import { dehydrate, hydrate } from '../../src/ssr/index.js';
import { TabsError, shareTabs, type TabShare } from '../../src/tabs/index.js';
import { holdRoute } from '../_fixtures/held.js';
import { json, startServer, type TestServer } from '../_fixtures/server.js';
import { sleep, waitFor } from '../_fixtures/time.js';

class Member extends Entity {
  id = '';
  name = '';
  team = '';
  joined = new Date(0);
  override pk() {
    return this.id;
  }
  static override key = 'Member';
  static override schema = { joined: (iso: string) => new Date(iso) };
}

type Row = { id: string; name: string; team: string; joined: string };

interface Tab {
  ctrl: Controller;
  stop: TabShare;
  errors: Error[];
}

interface Ctx {
  server: TestServer;
  db: Map<string, Row>;
  channel: string;
  /** Every message posted on the channel, parsed, in arrival order. */
  seen: any[];
  spy: BroadcastChannel;
  a: Tab;
  b: Tab;
  getMembers: RestEndpoint<'/members', {}, 'GET', unknown, any, (typeof Member)[]>;
  getMember: RestEndpoint<'/members/:id', {}, 'GET', unknown, any, typeof Member>;
  getTeam: RestEndpoint<'/teams/:team/members', {}, 'GET', unknown, any, Collection<typeof Member>>;
  addMember: any;
  renameMember: any;
  deleteMember: any;
  tabs: TabShare[];
}

let channels = 0;

/**
 * A tab: a Controller sharing on the test's channel. Its `ready` waits for an answer as
 * long as a loaded machine may need: every tab but the first has one.
 */
function tab(ctx: Ctx, options: { clock?: () => number; version?: string; schemas?: readonly Schema[] } = {}): Tab {
  const errors: Error[] = [];
  const ctrl = new Controller({ clock: options.clock, gcInterval: 0 });
  const stop = shareTabs(ctrl, {
    channel: ctx.channel,
    schemas: options.schemas ?? [Member],
    onError: (e) => errors.push(e),
    clock: options.clock,
    version: options.version,
    wait: 10_000,
  });
  ctx.tabs.push(stop);
  return { ctrl, stop, errors };
}

async function setup(ctx: Ctx) {
  ctx.server = await startServer();
  ctx.db = new Map(
    ['m1', 'm2', 'm3'].map((id, i) => [
      id,
      { id, name: `Member ${i + 1}`, team: i < 2 ? 't1' : 't2', joined: `2026-0${i + 1}-01T00:00:00.000Z` },
    ]),
  );
  ctx.server.route('GET', '/members', (_req, res) => json(res, 200, [...ctx.db.values()]));
  ctx.server.route('GET', '/members/:id', (req, res) => json(res, 200, ctx.db.get(req.params.id)));
  ctx.server.route('GET', '/teams/:team/members', (req, res) =>
    json(
      res,
      200,
      [...ctx.db.values()].filter((m) => m.team === req.params.team),
    ),
  );
  ctx.server.route('POST', '/teams/:team/members', (req, res) => {
    const row = { ...JSON.parse(req.body), team: req.params.team };
    ctx.db.set(row.id, row);
    json(res, 201, row);
  });
  ctx.server.route('DELETE', '/members/:id', (req, res) => {
    ctx.db.delete(req.params.id);
    json(res, 200, { id: req.params.id });
  });
  const urlPrefix = ctx.server.url;
  ctx.getMembers = new RestEndpoint({ urlPrefix, path: '/members', schema: [Member] });
  ctx.getMember = new RestEndpoint({ urlPrefix, path: '/members/:id', schema: Member });
  ctx.getTeam = new RestEndpoint({ urlPrefix, path: '/teams/:team/members', schema: new Collection([Member]) });
  ctx.addMember = ctx.getTeam.push;
  ctx.renameMember = new RestEndpoint({ urlPrefix, path: '/members/:id', method: 'PATCH', schema: Member });
  ctx.deleteMember = new RestEndpoint({
    urlPrefix,
    path: '/members/:id',
    method: 'DELETE',
    schema: new Invalidate(Member),
  });
  ctx.channel = `tabs-test-${process.pid}-${++channels}`;
  ctx.seen = [];
  ctx.spy = new BroadcastChannel(ctx.channel);
  ctx.spy.onmessage = (e: MessageEvent) => ctx.seen.push(JSON.parse(e.data));
  ctx.tabs = [];
  ctx.a = tab(ctx);
  ctx.b = tab(ctx);
  // B said hello, and A answered with its (empty) state.
  assert.is(await ctx.b.stop.ready, true);
  ctx.seen.length = 0;
}

async function teardown(ctx: Ctx) {
  for (const stop of ctx.tabs) stop();
  ctx.spy.close();
  await ctx.server.close();
}

/** Patches seen by the spy (hello and state messages left out). */
const patches = (ctx: Ctx) => ctx.seen.filter((m) => m.kind === 'patch');

/** Messages in flight are delivered within a few ticks: what a test expects not to happen has had its chance. */
const quiet = () => sleep(30);

/** Waits until the spy received `n` patches (it may get a message after the tabs do). */
const spied = (ctx: Ctx, n: number) => waitFor(() => patches(ctx).length >= n, `${n} patches at the spy`);

const names = (ctrl: Controller, ids = ['m1', 'm2', 'm3']) => ids.map((id) => ctrl.get(Member, { id })?.name);

//#region one tab fetches

const fetches = suite<Ctx>('shareTabs: one tab fetches');
fetches.before.each(setup);
fetches.after.each(teardown);

fetches('A fetches; B shows the rows and sends no request for the same fresh key', async (ctx) => {
  const { a, b } = ctx;
  const shown: (string | undefined)[][] = [];
  const stop = effect(() => void shown.push(names(b.ctrl)));
  await a.ctrl.fetch(ctx.getMembers);
  await waitFor(() => b.ctrl.get(Member, { id: 'm3' }) !== undefined, 'the rows in B');
  assert.equal(
    shown,
    [
      [undefined, undefined, undefined],
      ['Member 1', 'Member 2', 'Member 3'],
    ],
    'one batch in B',
  );
  const member = b.ctrl.get(Member, { id: 'm2' })!;
  assert.instance(member, Member);
  assert.instance(member.joined, Date, 'deserialized again through the static schema');
  assert.is(member.joined.toISOString(), '2026-02-01T00:00:00.000Z');
  assert.is(b.ctrl.isStale(ctx.getMembers), false);
  assert.equal(b.ctrl.getMeta(ctx.getMembers), a.ctrl.getMeta(ctx.getMembers), 'fetch time and expiry travel');
  const list = await b.ctrl.fetchIfStale(ctx.getMembers);
  assert.equal(
    list.map((m) => m.name),
    ['Member 1', 'Member 2', 'Member 3'],
  );
  // A row keeps the expiry of the response that wrote it: a detail endpoint reads it fresh.
  assert.is((await b.ctrl.fetchIfStale(ctx.getMember, { id: 'm2' })).name, 'Member 2');
  assert.is(ctx.server.count('GET', '/members/m2'), 0);
  // A mounted key (a binding) fetches only when stale.
  const unmount = b.ctrl._mount(ctx.getMembers);
  await spied(ctx, 1);
  await quiet();
  unmount();
  assert.is(ctx.server.count('GET', '/members'), 1, 'only A sent a request');
  assert.is(patches(ctx).length, 1, 'one patch, from A');
  assert.equal(a.errors.concat(b.errors), []);
  stop();
});

fetches('a one-row update in A re-runs exactly the readers of that row in B, and sends only that row', async (ctx) => {
  const { a, b } = ctx;
  await a.ctrl.fetch(ctx.getMembers);
  await waitFor(() => b.ctrl.get(Member, { id: 'm3' }) !== undefined, 'the rows in B');
  const runs = { m1: 0, m2: 0, m3: 0 };
  const stops = (['m1', 'm2', 'm3'] as const).map((id) =>
    effect(() => {
      b.ctrl.get(Member, { id });
      runs[id]++;
    }),
  );
  let lists = 0;
  const stopList = effect(() => void (b.ctrl.getResponse(ctx.getMembers), lists++));
  await spied(ctx, 1);
  ctx.seen.length = 0;
  ctx.db.get('m2')!.name = 'Renamed';
  await a.ctrl.fetch(ctx.getMembers);
  await waitFor(() => b.ctrl.get(Member, { id: 'm2' })?.name === 'Renamed', 'the new name in B');
  await spied(ctx, 1);
  await quiet();
  assert.equal(runs, { m1: 1, m2: 2, m3: 1 }, 'only the reader of m2 ran again');
  assert.is(lists, 2, 'the list view holds the changed row: it ran once more');
  assert.is(patches(ctx).length, 1);
  const [patch] = patches(ctx);
  assert.equal(Object.keys(patch.rows.Member), ['m2'], 'the patch carries the changed row only');
  assert.equal(patch.rows.Member.m2[0], { id: 'm2', name: 'Renamed', team: 't1', joined: '2026-02-01T00:00:00.000Z' });
  assert.equal(patch.converted, { Member: ['joined'] });
  assert.equal(Object.keys(patch.responses), [ctx.getMembers.key()], 'and the response with its new fetch time');
  stops.forEach((s) => s());
  stopList();
});

fetches('identical data fetched again notifies no reader in B; only the response meta travels', async (ctx) => {
  const { a, b } = ctx;
  await a.ctrl.fetch(ctx.getTeam, { team: 't1' });
  await a.ctrl.fetch(ctx.getMembers);
  await waitFor(() => b.ctrl.get(Member, { id: 'm3' }) !== undefined, 'the rows in B');
  let runs = 0;
  const stop = effect(() => {
    b.ctrl.getResponse(ctx.getMembers);
    names(b.ctrl);
    runs++;
  });
  await spied(ctx, 2);
  ctx.seen.length = 0;
  const before = b.ctrl.getMeta(ctx.getMembers);
  await sleep(2);
  await Promise.all([a.ctrl.fetch(ctx.getMembers), a.ctrl.fetch(ctx.getTeam, { team: 't1' })]);
  await waitFor(() => b.ctrl.getMeta(ctx.getMembers) !== before, 'the new meta in B');
  await spied(ctx, 1);
  assert.is(runs, 1, 'no reader of the rows or the response ran again');
  assert.ok(patches(ctx).length > 0);
  for (const p of patches(ctx))
    assert.equal([p.rows, p.lists, Object.keys(p.responses).length], [{}, {}, 1], 'no row, no list: a response');
  assert.ok(b.ctrl.getMeta(ctx.getMembers).fetchedAt > before.fetchedAt);
  stop();
});

fetches('a delete (Invalidate) in A removes the row in B; a list edit travels as the new list', async (ctx) => {
  const { a, b } = ctx;
  await a.ctrl.fetch(ctx.getTeam, { team: 't2' });
  await a.ctrl.fetch(ctx.getTeam, { team: 't1' });
  await waitFor(() => b.ctrl.getResponse(ctx.getTeam, { team: 't1' }) !== undefined, 'the team in B');
  await spied(ctx, 2);
  ctx.seen.length = 0;
  assert.equal(
    b.ctrl.getResponse(ctx.getTeam, { team: 't1' })!.map((m) => m.id),
    ['m1', 'm2'],
  );
  await a.ctrl.fetch(ctx.addMember, { team: 't1' }, { id: 'm4', name: 'New', joined: '2026-04-01T00:00:00.000Z' });
  await waitFor(() => b.ctrl.getResponse(ctx.getTeam, { team: 't1' })!.length === 3, 'the pushed member in B');
  await spied(ctx, 1);
  assert.equal(
    Object.values(patches(ctx)[0].lists).flatMap((byArgs: any) => Object.values(byArgs)).length,
    1,
    'the one list it changed',
  );
  assert.equal(
    b.ctrl.getResponse(ctx.getTeam, { team: 't1' })!.map((m) => m.name),
    ['Member 1', 'Member 2', 'New'],
  );
  let seen: (string | undefined)[] = [];
  const stop = effect(() => void seen.push(b.ctrl.get(Member, { id: 'm1' })?.name));
  await a.ctrl.fetch(ctx.deleteMember, { id: 'm1' });
  await waitFor(() => b.ctrl.get(Member, { id: 'm1' }) === undefined, 'the removal in B');
  await spied(ctx, 2);
  assert.equal(seen, ['Member 1', undefined]);
  assert.equal(
    b.ctrl.getResponse(ctx.getTeam, { team: 't1' })!.map((m) => m.id),
    ['m2', 'm4'],
    'the list no longer shows it',
  );
  assert.equal(patches(ctx).at(-1).rows.Member.m1[0], null, 'a removal travels as null');
  assert.is(ctx.server.requests.length, 4, 'every request was A’s');
  seen = [];
  stop();
});

//#endregion

//#region echo, optimistic, closing

const loops = suite<Ctx>('shareTabs: no echo, server truth only, closing');
loops.before.each(setup);
loops.after.each(teardown);

/** A fetched in both tabs, held PATCH answers, and a rename with an optimistic response. */
async function optimistic(ctx: Ctx) {
  await ctx.a.ctrl.fetch(ctx.getMembers);
  await waitFor(() => ctx.b.ctrl.get(Member, { id: 'm1' }) !== undefined, 'the rows in B');
  await spied(ctx, 1); // before a test counts afresh: the spy may get the patch after B did
  const held = holdRoute(ctx.server, 'PATCH', '/members/:id');
  const rename = ctx.renameMember.extend({
    getOptimisticResponse: (_snap: unknown, params: { id: string }, body: { name: string }) => ({
      id: params.id,
      ...body,
    }),
  });
  return { held, rename };
}

loops('a patch applied is not sent on: one write, one message', async (ctx) => {
  const { a, b } = ctx;
  await a.ctrl.fetch(ctx.getMembers);
  await waitFor(() => b.ctrl.get(Member, { id: 'm1' }) !== undefined, 'the rows in B');
  b.ctrl.set(Member, { id: 'm1', name: 'Set in B' });
  await waitFor(() => a.ctrl.get(Member, { id: 'm1' })?.name === 'Set in B', 'B’s write in A');
  await spied(ctx, 2);
  await quiet();
  assert.equal(
    ctx.seen.map((m) => [m.kind, m.from === ctx.seen[0].from ? 'A' : 'B']),
    [
      ['patch', 'A'],
      ['patch', 'B'],
    ],
  );
  assert.equal(Object.keys(ctx.seen[1].rows.Member), ['m1']);
});

loops(
  'the first rows of a table and a later row of it, written in one task, travel in one patch, each under its pk',
  async (ctx) => {
    const { a, b } = ctx;
    // The first write finds the table empty (its staged rows become the table's), the second adds to it.
    a.ctrl.set(
      [Member],
      [
        { id: 'n1', name: 'One', team: 't1', joined: '2026-05-01T00:00:00.000Z' },
        { id: 'n2', name: 'Two', team: 't1', joined: '2026-05-02T00:00:00.000Z' },
      ],
    );
    a.ctrl.set(Member, { id: 'n3', name: 'Three', team: 't2', joined: '2026-05-03T00:00:00.000Z' });
    await waitFor(() => b.ctrl.get(Member, { id: 'n3' }) !== undefined, 'the rows in B');
    await spied(ctx, 1);
    await quiet();
    assert.is(ctx.seen.length, 1, 'one patch');
    assert.equal(Object.keys(ctx.seen[0].rows.Member), ['n1', 'n2', 'n3']);
    assert.equal(
      ['n1', 'n2', 'n3'].map((id) => b.ctrl.get(Member, { id })!.name),
      ['One', 'Two', 'Three'],
    );
    assert.ok(b.ctrl.get(Member, { id: 'n2' })!.joined instanceof Date);
  },
);

loops('an optimistic edit stays in its tab until the server answers; then the answer travels', async (ctx) => {
  const { a, b } = ctx;
  const { held, rename } = await optimistic(ctx);
  ctx.seen.length = 0;
  const done = a.ctrl.fetch(rename, { id: 'm1' }, { name: 'Optimistic' });
  assert.is(a.ctrl.get(Member, { id: 'm1' })!.name, 'Optimistic');
  const request = await held.next();
  await quiet();
  assert.is(b.ctrl.get(Member, { id: 'm1' })!.name, 'Member 1', 'B still shows the server value');
  assert.equal(ctx.seen, [], 'nothing was sent');
  request.reply(200, { ...ctx.db.get('m1'), name: 'From server' });
  await done;
  await waitFor(() => b.ctrl.get(Member, { id: 'm1' })!.name === 'From server', 'the answer in B');
  await spied(ctx, 1);
  await quiet();
  assert.is(patches(ctx).length, 1);
});

loops('a failed optimistic edit sends nothing', async (ctx) => {
  const { a, b } = ctx;
  const { held, rename } = await optimistic(ctx);
  ctx.seen.length = 0;
  const done = a.ctrl.fetch(rename, { id: 'm1' }, { name: 'Optimistic' }).catch((e: Error) => e);
  (await held.next()).reply(500, { error: 'no' });
  assert.instance(await done, Error);
  await quiet();
  assert.is(a.ctrl.get(Member, { id: 'm1' })!.name, 'Member 1', 'rolled back in A');
  assert.is(b.ctrl.get(Member, { id: 'm1' })!.name, 'Member 1');
  assert.equal(ctx.seen, []);
});

loops(
  'a patch reaching a row under a pending optimistic edit counts as a response to a request started after the edit',
  async (ctx) => {
    const { a, b } = ctx;
    const { held, rename } = await optimistic(ctx);
    const done = b.ctrl.fetch(rename, { id: 'm1' }, { name: 'Optimistic in B' }).catch((e: Error) => e);
    const request = await held.next();
    ctx.db.get('m1')!.team = 't7';
    await a.ctrl.fetch(ctx.getMembers);
    await waitFor(() => b.ctrl.get(Member, { id: 'm1' })!.team === 't7', 'A’s row in B');
    // As in one tab: a response to a request started after the edit shows over it.
    assert.is(b.ctrl.get(Member, { id: 'm1' })!.name, 'Member 1');
    assert.is(a.ctrl.get(Member, { id: 'm1' })!.name, 'Member 1', 'the edit never reached A');
    request.reply(500, { error: 'no' });
    assert.instance(await done, Error);
    assert.equal(
      [b.ctrl.get(Member, { id: 'm1' })!.name, b.ctrl.get(Member, { id: 'm1' })!.team],
      ['Member 1', 't7'],
      'rolled back onto A’s value',
    );
  },
);

loops('what hydrate writes stays in its tab', async (ctx) => {
  const { a, b } = ctx;
  const server = new Controller({ gcInterval: 0 });
  await server.fetch(ctx.getMembers);
  hydrate(a.ctrl, JSON.parse(JSON.stringify(dehydrate(server))), [Member]);
  assert.is(a.ctrl.get(Member, { id: 'm1' })!.name, 'Member 1');
  await quiet();
  assert.equal(ctx.seen, []);
  assert.is(b.ctrl.get(Member, { id: 'm1' }), undefined);
  // A later write of A's own travels alone: not the responses hydrate wrote.
  a.ctrl.set(Member, { id: 'm1', name: 'Local' });
  await spied(ctx, 1);
  assert.equal([Object.keys(patches(ctx)[0].rows.Member), patches(ctx)[0].responses], [['m1'], {}]);
  assert.is(b.ctrl.getResponse(ctx.getMembers), undefined);
});

loops('closing stops sharing both ways and closes the channel', async (ctx) => {
  const { a, b } = ctx;
  b.stop();
  b.stop();
  assert.is(await b.stop.ready, true, 'ready stays as it was settled');
  await a.ctrl.fetch(ctx.getMembers);
  b.ctrl.set(Member, { id: 'm9', name: 'Only in B' });
  await spied(ctx, 1);
  await quiet();
  assert.is(b.ctrl.get(Member, { id: 'm1' }), undefined, 'A’s rows did not reach B');
  assert.is(a.ctrl.get(Member, { id: 'm9' }), undefined, 'B’s write did not reach A');
  assert.equal(
    ctx.seen.map((m) => m.kind),
    ['patch'],
    'B sent nothing',
  );
});

loops('two shares of one Controller on two channels stop on their own, in either order', async (ctx) => {
  const other = `${ctx.channel}-other`;
  const listener = new BroadcastChannel(other);
  const heard: string[] = [];
  listener.onmessage = (e: MessageEvent) => heard.push(JSON.parse(e.data).kind);
  try {
    for (const firstStopsFirst of [true, false]) {
      const ctrl = new Controller({ gcInterval: 0 });
      heard.length = 0;
      ctx.seen.length = 0;
      const first = shareTabs(ctrl, { channel: ctx.channel, wait: 10 });
      const second = shareTabs(ctrl, { channel: other, wait: 10 });
      (firstStopsFirst ? first : second)();
      ctrl.set(Member, { id: 'm7', name: 'Seven' });
      if (firstStopsFirst) await waitFor(() => heard.includes('patch'), 'the patch on the other channel');
      else await spied(ctx, 1);
      await quiet();
      assert.equal(heard, firstStopsFirst ? ['hello', 'patch'] : ['hello'], 'the share still running sent it');
      assert.equal(patches(ctx).length, firstStopsFirst ? 0 : 1);
      (firstStopsFirst ? second : first)();
      ctrl.set(Member, { id: 'm7', name: 'Eight' });
      await quiet();
      assert.equal(
        [heard.length, patches(ctx).length],
        firstStopsFirst ? [2, 0] : [1, 1],
        'both stopped: nothing more',
      );
    }
  } finally {
    listener.close();
  }
});

//#endregion

//#region ordering

const order = suite<Ctx>('shareTabs: ordering');
order.before.each(setup);
order.after.each(teardown);

order('writes that cross: the later one wins in both tabs, the older patch merges under', async (ctx) => {
  for (const [clockA, clockB, winner] of [
    [1_000, 2_000, 'B'],
    [3_000, 2_500, 'A'],
  ] as const) {
    const a = tab(ctx, { clock: () => clockA });
    const b = tab(ctx, { clock: () => clockB });
    await Promise.all([a.stop.ready, b.stop.ready]);
    ctx.seen.length = 0;
    // Both write before either message is delivered.
    a.ctrl.setResponse(ctx.getMember, { id: 'm1' }, { id: 'm1', name: 'A', joined: '2026-01-01T00:00:00.000Z' });
    b.ctrl.setResponse(ctx.getMember, { id: 'm1' }, { id: 'm1', name: 'B', team: 'from B' });
    await waitFor(() => patches(ctx).length === 2, 'both patches');
    await quiet();
    for (const t of [a, b]) {
      const m = t.ctrl.get(Member, { id: 'm1' })!;
      assert.is(m.name, winner, `${winner} wins in ${t === a ? 'A' : 'B'}`);
      assert.is(m.team, 'from B', 'a field only the older value lacks is kept');
      assert.is(m.joined.toISOString(), '2026-01-01T00:00:00.000Z', 'the older value fills a missing field');
      assert.equal(t.ctrl.getResponse(ctx.getMember, { id: 'm1' })!.name, winner);
    }
    assert.equal(patches(ctx).length, 2, 'nothing more was sent');
    a.stop();
    b.stop();
  }
});

order('a removal crossing an older write: the row stays removed in both tabs', async (ctx) => {
  const a = tab(ctx, { clock: () => 3_000 });
  const b = tab(ctx, { clock: () => 2_500 });
  await Promise.all([a.stop.ready, b.stop.ready]);
  // (Written by B: a message moves the receiving tab's clock past its time.)
  b.ctrl.setResponse(ctx.getMember, { id: 'm1' }, { id: 'm1', name: 'first' });
  await waitFor(() => a.ctrl.get(Member, { id: 'm1' }) !== undefined, 'B’s row in A');
  await spied(ctx, 1);
  ctx.seen.length = 0;
  // Both write before either message is delivered: A removes m1 (3,000), B writes it (2,500).
  a.ctrl.setResponse(ctx.deleteMember, { id: 'm1' }, { id: 'm1' });
  b.ctrl.setResponse(ctx.getMember, { id: 'm1' }, { id: 'm1', name: 'B' });
  await waitFor(() => patches(ctx).length === 2, 'both patches');
  await quiet();
  // A remembered its removal (newer than B's write) though nothing reads the row.
  for (const t of [a, b]) assert.is(t.ctrl.get(Member, { id: 'm1' }), undefined, `removed in ${t === a ? 'A' : 'B'}`);
  a.stop();
  b.stop();
});

order('a list edited in one tab while another sets it: the later write wins in both tabs', async (ctx) => {
  const a = tab(ctx, { clock: () => 3_000 });
  const b = tab(ctx, { clock: () => 2_500 });
  await Promise.all([a.stop.ready, b.stop.ready]);
  const team = { team: 't1' };
  const ids = (t: Tab) => t.ctrl.getResponse(ctx.getTeam, team)?.map((m) => m.id);
  b.ctrl.setResponse(ctx.getTeam, team, [{ id: 'm1' }, { id: 'm2' }]);
  await waitFor(() => ids(a)?.length === 2, 'B’s list in A');
  await spied(ctx, 1); // the spy may get B's patch after A did: wait for it before counting afresh
  ctx.seen.length = 0;
  // At once: A pushes a member (its clock says 3,000), B sets the list again (2,501: after what it saw).
  a.ctrl.setResponse(ctx.addMember, team, { id: 'm4' }, { id: 'm4', name: 'New', team: 't1' });
  b.ctrl.setResponse(ctx.getTeam, team, [{ id: 'm2' }]);
  await waitFor(() => patches(ctx).length === 2, 'both patches');
  await quiet();
  assert.equal(ids(a), ['m1', 'm2', 'm4'], 'A keeps its edit');
  assert.equal(ids(b), ['m1', 'm2', 'm4'], 'B takes the later edit');
  a.stop();
  b.stop();
});

order(
  'requests in flight in both tabs: the first answer wins everywhere, the later one merges under it',
  async (ctx) => {
    const { a, b } = ctx;
    const held = holdRoute(ctx.server, 'GET', '/members/:id');
    const fetchA = a.ctrl.fetch(ctx.getMember, { id: 'm1' });
    const requestA = await held.next();
    const fetchB = b.ctrl.fetch(ctx.getMember, { id: 'm1' });
    const requestB = await held.next();
    requestA.reply(200, { id: 'm1', name: 'first' });
    await fetchA;
    await waitFor(() => b.ctrl.get(Member, { id: 'm1' })?.name === 'first', 'A’s answer in B');
    requestB.reply(200, { id: 'm1', name: 'second', team: 't9' });
    await fetchB;
    await spied(ctx, 2);
    await quiet();
    for (const t of [a, b])
      assert.equal([t.ctrl.get(Member, { id: 'm1' })!.name, t.ctrl.get(Member, { id: 'm1' })!.team], ['first', 't9']);
    assert.equal(
      patches(ctx).map((p) => p.rows.Member?.m1),
      [
        [{ id: 'm1', name: 'first' }, patches(ctx)[0].rows.Member.m1[1]],
        // B's answer filled a missing field: sent with the version of the value it merged under.
        [
          { id: 'm1', name: 'first', team: 't9' },
          patches(ctx)[1].rows.Member.m1[1],
          patches(ctx)[0].time,
          patches(ctx)[0].from,
        ],
      ],
    );
  },
);

//#endregion

//#region bad messages

const bad = suite<Ctx>('shareTabs: messages dropped');
bad.before.each(setup);
bad.after.each(teardown);

const envelope = (over: object) => ({
  'signal-cache': 1,
  kind: 'patch',
  app: '',
  from: 'zzzz',
  time: Date.now(),
  ...over,
});
const row = { id: 'x1', name: 'X', joined: '2026-01-01T00:00:00.000Z' };

bad(
  'wrong shapes, wrong pks, times that are no times and other versions are dropped whole, each with a named TabsError',
  async (ctx) => {
    const { b } = ctx;
    const cases: [unknown, RegExp][] = [
      [42, /not JSON text/],
      ['{ not json', /not JSON text/],
      [JSON.stringify({ hello: 1 }), /not of protocol 1/],
      [JSON.stringify(envelope({ 'signal-cache': 2 })), /not of protocol 1/],
      [JSON.stringify(envelope({ app: 'v2' })), /from app version "v2", this tab runs ""/],
      [JSON.stringify(envelope({ kind: 'shout' })), /malformed at kind/],
      [JSON.stringify(envelope({ from: 5 })), /malformed at envelope/],
      [JSON.stringify(envelope({ rows: [] })), /malformed at rows/],
      // A row filed under one pk holding another.
      [
        JSON.stringify(envelope({ rows: { Member: { x1: [{ ...row, id: '666' }, 0] } } })),
        /Member x1 holds the pk 666/,
      ],
      // A time that is no time (1e400 parses to Infinity).
      ['{"signal-cache":1,"kind":"patch","app":"","from":"z","time":1e400}', /malformed at envelope/],
      // Valid rows first, then a malformed list: nothing of it is written.
      [
        JSON.stringify(
          envelope({
            rows: { Member: { x1: [row, 0] } },
            converted: { Member: ['joined'] },
            lists: { 'Collection(Member)': { k: ['not args', []] } },
          }),
        ),
        /malformed at lists\.Collection\(Member\)\.k/,
      ],
      [
        JSON.stringify(envelope({ rows: { Member: { x1: [row, 0], x2: [{ ...row, id: 'x2' }, 'soon'] } } })),
        /malformed at rows\.Member\.x2/,
      ],
      [
        JSON.stringify(
          envelope({
            rows: { Member: { x1: [row, 0] } },
            converted: { Member: ['joined'] },
            responses: { k: [['x1'], 'now', 0, false] },
          }),
        ),
        /malformed at responses\.k/,
      ],
      [
        JSON.stringify(
          envelope({
            rows: { Member: { x1: [{ ...row, joined: 'not a date' }, 0] } },
            converted: { Member: ['name'] },
          }),
        ),
        /Member\.name has no deserializer/,
      ],
      [JSON.stringify(envelope({ rows: { Member: { x1: [row, 0, 'late'] } } })), /rows\.Member\.x1 \(version\)/],
    ];
    for (const [data] of cases) ctx.spy.postMessage(data);
    await waitFor(() => b.errors.length === cases.length, 'every message reported');
    b.errors.forEach((error, i) => {
      assert.instance(error, TabsError);
      assert.is(error.name, 'TabsError');
      assert.match(error.message, /^shareTabs: message dropped: /);
      assert.match(error.message, cases[i][1]);
    });
    assert.is(b.ctrl.get(Member, { id: 'x1' }), undefined, 'nothing was written');
    assert.is(({} as any).polluted, undefined);
    await waitFor(() => ctx.a.errors.length === cases.length, 'A dropped them too');
  },
);

bad(
  'a __proto__ key, however spelled in the text, is an own key of the parsed row: dropped as a response drops it',
  async (ctx) => {
    const { b } = ctx;
    // `\u005f_proto__` is `__proto__` once parsed: no test of the text can see it.
    ctx.spy.postMessage(
      '{"signal-cache":1,"kind":"patch","app":"","from":"z","time":1,"rows":{"Member":{"x1":[{"id":"x1","name":"X","\\u005f_proto__":{"isAdmin":true,"name":"Y"}},0]}}}',
    );
    await waitFor(() => b.ctrl.get(Member, { id: 'x1' }) !== undefined, 'the row in B');
    const x1 = b.ctrl.get(Member, { id: 'x1' })!;
    assert.instance(x1, Member);
    assert.is(Object.getPrototypeOf(x1), Member.prototype);
    assert.is((x1 as unknown as { isAdmin?: boolean }).isAdmin, undefined);
    assert.is(x1.name, 'X');
    assert.equal(b.errors, []);
    // A later fetch writes over it as over any row.
    ctx.db.set('x1', { id: 'x1', name: 'Fetched', team: 't1', joined: '2026-01-01T00:00:00.000Z' });
    await b.ctrl.fetch(ctx.getMember, { id: 'x1' });
    assert.is(b.ctrl.get(Member, { id: 'x1' })!.name, 'Fetched');
  },
);

bad(
  'rows of an entity class the tab was not given restore: the class that first reads them deserializes their fields',
  async (ctx) => {
    const c = tab(ctx, { schemas: [] });
    await c.stop.ready;
    await ctx.a.ctrl.fetch(ctx.getMembers);
    await waitFor(() => c.ctrl.getResponse(ctx.getMembers) !== undefined, 'the response in C');
    assert.equal(c.errors, []);
    const m1 = c.ctrl.get(Member, { id: 'm1' })!;
    assert.is(m1.name, 'Member 1');
    assert.instance(m1.joined, Date);
    assert.is(c.ctrl.getResponse(ctx.getMembers)![0], m1);
  },
);

//#endregion

//#region a tab that opens

const opens = suite<Ctx>('shareTabs: a tab that opens');
opens.before.each(setup);
opens.after.each(teardown);

opens('gets the state of the open tabs: it shows their rows and sends no request for a fresh key', async (ctx) => {
  await ctx.a.ctrl.fetch(ctx.getMembers);
  await ctx.a.ctrl.fetch(ctx.getTeam, { team: 't1' });
  const c = tab(ctx);
  assert.is(await c.stop.ready, true);
  assert.equal(names(c.ctrl), ['Member 1', 'Member 2', 'Member 3']);
  assert.instance(c.ctrl.get(Member, { id: 'm1' })!.joined, Date);
  await c.ctrl.fetchIfStale(ctx.getMembers);
  assert.equal(
    (await c.ctrl.fetchIfStale(ctx.getTeam, { team: 't1' })).map((m) => m.id),
    ['m1', 'm2'],
  );
  assert.is(ctx.server.requests.length, 2, 'the requests A sent, no more');
  assert.ok(
    ctx.seen.filter((m) => m.kind === 'state').every((m) => m.to === ctx.seen.find((h) => h.kind === 'hello').from),
  );
  // The state is older than anything a tab holds: a row C changes meanwhile keeps C's value.
  assert.equal(c.errors, []);
});

opens('the state fills what the tab lacks and never replaces what it holds', async (ctx) => {
  await ctx.a.ctrl.fetch(ctx.getMembers);
  const ctrl = new Controller({ gcInterval: 0 });
  ctrl.set(Member, { id: 'm1', name: 'Mine' });
  const stop = shareTabs(ctrl, { channel: ctx.channel, schemas: [Member], wait: 10_000 });
  ctx.tabs.push(stop);
  assert.is(await stop.ready, true);
  assert.equal(names(ctrl), ['Mine', 'Member 2', 'Member 3']);
  assert.is(ctrl.get(Member, { id: 'm1' })!.team, 't1', 'a field it lacked is filled');
});

opens('alone, ready resolves false after `wait`', async (ctx) => {
  const ctrl = new Controller({ gcInterval: 0 });
  const stop = shareTabs(ctrl, { channel: `${ctx.channel}-alone`, wait: 10 });
  assert.is(await stop.ready, false);
  stop();
});

//#endregion

fetches.run();
loops.run();
order.run();
bad.run();
opens.run();
