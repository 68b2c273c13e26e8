// Model-based schedules: optimistic edits, deletes and creates, plain GETs, failures and answers in
// any order, checked after every step against a reference model. The requests are
// Endpoints whose fetch functions the schedule settles (the HTTP path is covered by
// optimistic.test.ts); what is checked is the Controller's ordering of layers and
// responses.
//
// Mixed in: GETs aborted while pending, GETs that time out (every GET has a 5 s timeout;
// the fake clock moves), invalidations during a GET (its key must still be stale after the
// answer), garbage-collection sweeps (rows a and b are watched by an effect and must never
// disappear; row c is not, and may be dropped once nothing fresh references it and its
// last write expired; it is then missing until a later answer) and store resets.
//
//   SCHEDULES=20000 node tests/run.mjs optimistic.model     more schedules
//   SEED=1234 node tests/run.mjs optimistic.model           one schedule, by its seed
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { All, Collection, Controller, Endpoint, Entity, Invalidate, effect } from '../../src/index.js';
import { FakeTimers } from '../_fixtures/fakeTimers.js';

class Item extends Entity {
  id = '';
  v = '';
  override pk() {
    return this.id;
  }
  static override key = 'Item';
}
const allItems = new All(Item);
const IDS = ['a', 'b', 'c'];

/** mulberry32: a small seeded PRNG. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One request of the schedule, in start order. */
interface Request {
  kind: 'edit' | 'delete' | 'get';
  id: string;
  /** The value an edit writes. */
  v: string;
  /** Undefined while pending; the row it answered (`null`: removed) or 'failed'. */
  outcome: { v: string } | null | 'failed' | undefined;
  settle: (ok: boolean) => void;
  done: Promise<unknown>;
  /** Index in the answer order (its row exists from then on); -1 while pending. */
  answered: number;
  /** Clock time of its start (GETs time out 5 s later). */
  started: number;
  /** A GET: aborts it. */
  abort?: () => void;
  /** A GET invalidated while pending. */
  invalidated?: boolean;
}

/** What the store went through, besides requests. */
interface Lifetime {
  /** Requests started before the last reset are no source; -1 before any reset. */
  resetAt: number;
  /** Per row, the answer index at which a sweep dropped it (only later answers count). */
  dropped: Map<string, number>;
}

/**
 * The reference: a row shows the newest source by start order among answered requests
 * (a GET or an edit: its row; a delete: nothing) and pending optimistic requests (an
 * edit: its value; a delete: nothing). Failed requests are no source; neither are
 * requests started before a reset, nor answers older than a sweep that dropped the row.
 */
function expected(requests: Request[], id: string, life: Lifetime): string | undefined {
  const dropped = life.dropped.get(id) ?? -1;
  for (let i = requests.length - 1; i >= Math.max(life.resetAt, 0); i--) {
    const r = requests[i];
    if (r.id !== id || r.outcome === 'failed') continue;
    if (r.outcome === undefined) {
      if (r.kind === 'get') continue;
      return r.kind === 'edit' ? r.v : undefined;
    }
    if (r.answered < dropped) continue;
    return r.outcome === null ? undefined : r.outcome.v;
  }
  return life.resetAt >= 0 || dropped >= 0 ? undefined : 'v0';
}

/** How often each lifetime event happened over all schedules (each must happen). */
const events = { abort: 0, timeout: 0, invalidate: 0, sweep: 0, 'drop c': 0, reset: 0 };

async function runSchedule(seed: number): Promise<number> {
  const rnd = random(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)];
  const timers = new FakeTimers();
  const ctrl = new Controller({ timers, gcInterval: 0 });
  const life: Lifetime = { resetAt: -1, dropped: new Map() };
  let answers = 0;
  /** Per row, the clock time of its last write (it expires 60 s later). */
  const written = new Map(IDS.map((id) => [id, 0]));
  /** Rows a and b are watched for the whole schedule: a sweep must never take them. */
  const watched: Record<string, unknown> = {};
  const stopWatching = effect(() => {
    for (const id of ['a', 'b']) watched[id] = ctrl.get(Item, { id })?.v;
  });
  /** The server's rows; a request reads or changes them when it is answered. */
  const server = new Map(IDS.map((id) => [id, 'v0']));
  const requests: Request[] = [];
  const pending: Request[] = [];

  const endpoint = (kind: Request['kind']) =>
    new Endpoint(
      (params: { id: string; n: number }, body?: { v: string }) =>
        new Promise((resolve, reject) => {
          const request = requests[params.n];
          request.settle = (ok) => {
            request.answered = answers++;
            const row = server.get(request.id);
            if (!ok || (kind !== 'edit' && row === undefined)) {
              request.outcome = 'failed';
              reject(new Error('fails'));
            } else if (kind === 'edit') {
              server.set(request.id, body!.v);
              request.outcome = { v: body!.v };
              resolve({ id: request.id, v: body!.v });
            } else if (kind === 'delete') {
              server.delete(request.id);
              request.outcome = null;
              resolve({ id: request.id });
            } else {
              request.outcome = { v: row! };
              resolve({ id: request.id, v: row });
            }
          };
        }),
      {
        name: kind,
        schema: kind === 'delete' ? new Invalidate(Item) : Item,
        sideEffect: kind !== 'get',
        key: (params: { id: string; n: number }) => `${kind} ${params.n}`,
        getOptimisticResponse:
          kind === 'get'
            ? undefined
            : (_snap: unknown, params: { id: string }, body?: { v: string }) => ({ id: params.id, ...body }),
        timeout: kind === 'get' ? 5000 : undefined,
      },
    );
  const endpoints = { edit: endpoint('edit'), delete: endpoint('delete'), get: endpoint('get') };
  const seeded = new Endpoint(async () => IDS.map((id) => ({ id, v: 'v0' })), { schema: [Item] });
  await ctrl.fetch(seeded);

  const history: string[] = [];
  const check = (step: string) => {
    history.push(step);
    step = history.join(' → ');
    for (const id of IDS) {
      const want = expected(requests, id, life);
      assert.is(ctrl.get(Item, { id })?.v, want, `seed ${seed}, ${step}: row ${id}`);
    }
    for (const id of ['a', 'b'])
      assert.is(watched[id], expected(requests, id, life), `seed ${seed}, ${step}: watched ${id}`);
    const shown = (ctrl.get(allItems) ?? []).map((item) => item.id);
    const want = IDS.filter((id) => expected(requests, id, life) !== undefined);
    assert.equal([...shown].sort(), want, `seed ${seed}, ${step}: All`);
  };
  /** Marks a pending request failed (aborted, timed out) and waits for its rejection. */
  const fail = async (request: Request) => {
    pending.splice(pending.indexOf(request), 1);
    request.outcome = 'failed';
    await request.done;
  };

  const steps = 6 + Math.floor(rnd() * 10);
  for (let step = 0; step < steps || pending.length > 0; step++) {
    const roll = rnd();
    const gets = pending.filter((r) => r.kind === 'get');
    if (step < steps && roll < 0.08 && gets.length > 0) {
      const request = pick(gets);
      request.abort!();
      await fail(request);
      events.abort++;
      check(`abort get ${request.id} (${request.v})`);
    } else if (step < steps && roll < 0.14 && gets.length > 0) {
      const request = pick(gets);
      request.invalidated = true;
      events.invalidate++;
      ctrl.invalidate(endpoints.get, { id: request.id, n: requests.indexOf(request) });
      check(`invalidate get ${request.id} (${request.v})`);
    } else if (step < steps && roll < 0.24) {
      // Time passes (GETs older than 5 s time out), then a sweep.
      timers.advance(Math.floor(rnd() * 40_000));
      for (const request of gets) {
        if (timers.time - request.started < 5000) continue;
        await fail(request);
        events.timeout++;
      }
      ctrl.gc();
      events.sweep++;
      const c = ctrl.get(Item, { id: 'c' })?.v;
      const want = expected(requests, 'c', life);
      if (c === undefined && want !== undefined) {
        // Dropping c is allowed only when nothing fresh holds it: its last write expired
        // (the seed response too, written at 0) and no optimistic request of it is pending.
        assert.ok(
          timers.time >= written.get('c')! + 60_000 && timers.time >= 60_000,
          `seed ${seed}: c dropped while fresh`,
        );
        assert.not.ok(
          pending.some((r) => r.id === 'c' && r.kind !== 'get'),
          `seed ${seed}: c dropped under a layer`,
        );
        life.dropped.set('c', answers);
        events['drop c']++;
      }
      check(`sweep at ${timers.time}`);
    } else if (step < steps && roll < 0.27) {
      ctrl.resetEntireStore();
      life.resetAt = requests.length;
      life.dropped.clear();
      events.reset++;
      check('reset');
    } else if (step < steps && (pending.length === 0 || rnd() < 0.55)) {
      const kind: Request['kind'] = pick(['edit', 'edit', 'edit', 'delete', 'get']);
      const id = pick(IDS);
      const request: Request = {
        kind,
        id,
        v: `v${requests.length + 1}`,
        outcome: undefined,
        settle: () => {},
        done: Promise.resolve(),
        answered: -1,
        started: timers.time,
      };
      requests.push(request);
      pending.push(request);
      const params = { id, n: requests.length - 1 };
      const args = kind === 'edit' ? [params, { v: request.v }] : [params];
      let endpoint = endpoints[kind];
      if (kind === 'get') {
        const ac = new AbortController();
        request.abort = () => ac.abort();
        endpoint = endpoint.extend({ signal: ac.signal });
      }
      request.done = (ctrl.fetch as any)(endpoint, ...args).catch(() => undefined);
      check(`start ${kind} ${id} (${request.v})`);
    } else if (pending.length > 0) {
      const request = pending.splice(Math.floor(rnd() * pending.length), 1)[0];
      const before = requests.indexOf(request) < life.resetAt;
      request.settle(rnd() < 0.7);
      await request.done;
      if (before)
        request.outcome = 'failed'; // started before a reset: dropped
      else if (request.outcome !== 'failed' && request.outcome !== null) written.set(request.id, timers.time);
      if (request.invalidated && request.outcome !== 'failed') {
        assert.ok(
          ctrl.isStale(endpoints.get, { id: request.id, n: requests.indexOf(request) }),
          `seed ${seed}: invalidated during its fetch`,
        );
      }
      check(`answer ${request.kind} ${request.id} (${request.v}) ${request.outcome === 'failed' ? 'failed' : 'ok'}`);
    }
  }
  stopWatching();
  return history.length;
}

const model = suite('optimistic schedules against a reference model');

model('every step of every schedule equals the model', async () => {
  const only = process.env.SEED;
  const count = Number(process.env.SCHEDULES ?? 1000);
  const seeds = only !== undefined ? [Number(only)] : Array.from({ length: count }, (_, i) => i + 1);
  let steps = 0;
  for (const seed of seeds) {
    try {
      steps += await runSchedule(seed);
    } catch (error) {
      console.error(`schedule failed: SEED=${seed} node tests/run.mjs optimistic.model`);
      throw error;
    }
  }
  assert.ok(steps >= seeds.length * 6);
  if (only === undefined)
    for (const [event, n] of Object.entries(events)) assert.ok(n > 0, `no ${event} in ${count} schedules`);
});

/**
 * Creates with client ids, plain list GETs, failures and answers in any order. The list
 * must never hold an id twice, must show every pending create under its client id and no
 * client id whose create settled; once everything settled, a last GET shows the server's
 * list exactly.
 */
async function runListSchedule(seed: number): Promise<number> {
  const rnd = random(seed);
  const ctrl = new Controller();
  const list = new Collection([Item]);
  const serverList: { id: string; v: string }[] = [{ id: 'a', v: 'v0' }];
  type Pending = {
    kind: 'create' | 'get';
    n: number;
    settle: (ok: boolean) => void;
    done: Promise<unknown>;
    settled: boolean;
  };
  const requests: Pending[] = [];
  const open: Pending[] = [];
  // Lists are keyed by their first argument, `{}` in every call: one list. The second
  // argument numbers the request.
  const getList = new Endpoint(
    (_params: object, n: number) =>
      new Promise((resolve, reject) => {
        requests[n].settle = (ok) => (ok ? resolve(serverList.map((row) => ({ ...row }))) : reject(new Error('fails')));
      }),
    { name: 'getList', schema: list, key: (_params: object, n: number) => `get ${n}` },
  );
  const create = new Endpoint(
    (_params: object, body: { n: number; v: string }) =>
      new Promise((resolve, reject) => {
        requests[body.n].settle = (ok) => {
          if (!ok) return reject(new Error('fails'));
          const row = { id: `s${body.n}`, v: body.v };
          serverList.push(row);
          resolve({ ...row });
        };
      }),
    {
      name: 'create',
      schema: list.push,
      sideEffect: true,
      key: (_params: object, body: { n: number }) => `create ${body.n}`,
      getOptimisticResponse: (_snap: unknown, _params: object, body: { n: number; v: string }) => ({
        id: `t${body.n}`,
        v: body.v,
      }),
    },
  );
  const shown = () => ctrl.get(list, {})?.map((item) => item.id) ?? [];
  const start = (kind: Pending['kind']) => {
    const n = requests.length;
    const request: Pending = { kind, n, settle: () => {}, done: Promise.resolve(), settled: false };
    requests.push(request);
    open.push(request);
    request.done = (kind === 'get' ? ctrl.fetch(getList, {}, n) : ctrl.fetch(create, {}, { n, v: `v${n}` })).catch(
      () => undefined,
    );
    return request;
  };
  const history: string[] = [];
  const check = (step: string) => {
    history.push(step);
    const ids = shown();
    const where = `seed ${seed}, ${history.join(' → ')}: list ${ids.join(',')}`;
    assert.is(new Set(ids).size, ids.length, `${where}: an id twice`);
    for (const r of requests) {
      if (r.kind !== 'create') continue;
      assert.is(ids.includes(`t${r.n}`), !r.settled, `${where}: client id t${r.n}`);
    }
  };
  // The list is cached first: creates join cached lists only.
  const first = start('get');
  open.length = 0;
  first.settle(true);
  first.settled = true;
  await first.done;
  const steps = 4 + Math.floor(rnd() * 8);
  for (let step = 0; step < steps || open.length > 0; step++) {
    if (step < steps && (open.length === 0 || rnd() < 0.55)) {
      const request = start(rnd() < 0.7 ? 'create' : 'get');
      check(`start ${request.kind} ${request.n}`);
    } else {
      const request = open.splice(Math.floor(rnd() * open.length), 1)[0];
      const ok = rnd() < 0.7;
      request.settle(ok);
      await request.done;
      request.settled = true;
      check(`answer ${request.kind} ${request.n} ${ok ? 'ok' : 'failed'}`);
    }
  }
  const last = start('get');
  last.settle(true);
  await last.done;
  assert.equal(
    shown(),
    serverList.map((row) => row.id),
    `seed ${seed}: the last GET shows the server's list`,
  );
  return requests.length;
}

model('lists: creates with client ids never show an id twice and leave no client id behind', async () => {
  const only = process.env.SEED;
  const count = Number(process.env.SCHEDULES ?? 1000);
  const seeds = only !== undefined ? [Number(only)] : Array.from({ length: count }, (_, i) => i + 1);
  for (const seed of seeds) {
    try {
      await runListSchedule(seed);
    } catch (error) {
      console.error(`list schedule failed: SEED=${seed} node tests/run.mjs optimistic.model`);
      throw error;
    }
  }
});

model.run();
