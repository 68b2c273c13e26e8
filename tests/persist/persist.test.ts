// persist: a Controller's server data saved entry by entry into IndexedDB (fake-indexeddb
// here; tests/persist/browser.test.ts runs Chromium's), restored into the next Controller
// with its expiry. Endpoints run against the real HTTP fixture; requests are counted there.
import Decimal from 'decimal.js';
import { IDBFactory } from 'fake-indexeddb';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Collection, Controller, Invalidate, RestEndpoint, effect } from '../../src/index.js';
import { HydrationError } from '../../src/ssr/index.js';
import {
  PersistError,
  indexedDBStorage,
  memoryStorage,
  persist,
  type PersistEntry,
  type PersistOptions,
  type PersistStorage,
} from '../../src/persist/index.js';
import { holdRoute } from '../_fixtures/held.js';
import { Customer, Invoice } from '../_fixtures/invoices.js';
import { json, startServer, type TestServer } from '../_fixtures/server.js';

const invoice = (i: number) => ({
  id: `i${i}`,
  amount: `${i}.10`,
  issuedAt: `2026-01-${String((i % 28) + 1).padStart(2, '0')}T00:00:00.000Z`,
  customer: { id: `c${i % 3}`, name: `Customer ${i % 3}` },
});

/** A storage that records every call (and can be made to fail) over another one. */
function recording(inner: PersistStorage) {
  const calls = { writes: [] as { puts: string[]; deletes: string[] }[], clears: 0, fail: false, failLoad: false };
  const storage: PersistStorage = {
    load: () => (calls.failLoad ? Promise.reject(new Error('load refused')) : inner.load()),
    write(puts, deletes) {
      calls.writes.push({ puts: puts.map(([id]) => id), deletes: [...deletes] });
      return calls.fail ? Promise.reject(new Error('disk full')) : inner.write(puts, deletes);
    },
    clear() {
      calls.clears++;
      return inner.clear();
    },
  };
  return { storage, calls };
}

interface Ctx {
  server: TestServer;
  now: number;
  idb: IDBFactory;
  errors: unknown[];
  getInvoices: RestEndpoint<'/invoices', {}, 'GET', unknown, any, (typeof Invoice)[]>;
  getInvoice: RestEndpoint<'/invoices/:id', {}, 'GET', unknown, any, typeof Invoice>;
  getByCustomer: RestEndpoint<'/customers/:customer/invoices', {}, 'GET', unknown, any, Collection<typeof Invoice>>;
  deleteInvoice: RestEndpoint<'/invoices/:id', {}, 'DELETE', unknown, any, Invalidate<typeof Invoice>>;
  /** A Controller on the test clock, persisting into `storage` (default: the test's IndexedDB). */
  open(storage?: PersistStorage, options?: PersistOptions): { ctrl: Controller; persister: ReturnType<typeof persist> };
}

async function setup(ctx: Ctx) {
  const server = (ctx.server = await startServer());
  ctx.now = 1_000_000;
  ctx.idb = new IDBFactory();
  ctx.errors = [];
  const rows = Array.from({ length: 6 }, (_, i) => invoice(i));
  server.route('GET', '/invoices', (_req, res) => json(res, 200, rows));
  server.route('GET', '/invoices/:id', (req, res) =>
    json(
      res,
      200,
      rows.find((r) => r.id === req.params.id),
    ),
  );
  server.route('GET', '/customers/:customer/invoices', (req, res) =>
    json(
      res,
      200,
      rows.filter((r) => r.customer.id === req.params.customer),
    ),
  );
  server.route('DELETE', '/invoices/:id', (req, res) => json(res, 200, { id: req.params.id }));
  const urlPrefix = server.url;
  ctx.getInvoices = new RestEndpoint({ urlPrefix, path: '/invoices', schema: [Invoice], dataExpiryLength: 10_000 });
  ctx.getInvoice = new RestEndpoint({ urlPrefix, path: '/invoices/:id', schema: Invoice, dataExpiryLength: 10_000 });
  ctx.getByCustomer = new RestEndpoint({
    urlPrefix,
    path: '/customers/:customer/invoices',
    schema: new Collection([Invoice]),
    dataExpiryLength: 10_000,
  });
  ctx.deleteInvoice = new RestEndpoint({
    urlPrefix,
    path: '/invoices/:id',
    method: 'DELETE',
    schema: new Invalidate(Invoice),
  });
  ctx.open = (storage = indexedDBStorage('app', ctx.idb), options = {}) => {
    const ctrl = new Controller({ clock: () => ctx.now, gcInterval: 0 });
    const persister = persist(ctrl, storage, { schemas: [Invoice], onError: (e) => ctx.errors.push(e), ...options });
    return { ctrl, persister };
  };
}

async function teardown(ctx: Ctx) {
  await ctx.server.close();
}

/** A Controller that fetched the invoices and one customer's Collection, all saved. */
async function filled(ctx: Ctx, storage?: PersistStorage) {
  const a = ctx.open(storage);
  await a.persister.restored;
  await a.ctrl.fetch(ctx.getInvoices);
  await a.ctrl.fetch(ctx.getByCustomer, { customer: 'c1' });
  await a.persister.flush();
  return a;
}

/** Controller B on the test's IndexedDB, whose load waits until `release()`. */
function gated(ctx: Ctx) {
  const inner = indexedDBStorage('app', ctx.idb);
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  return { inner, release, b: ctx.open({ ...inner, load: () => gate.then(() => inner.load()) }) };
}

/** A rename of a customer with an optimistic response. */
const renameCustomer = (ctx: Ctx) =>
  new RestEndpoint({
    urlPrefix: ctx.server.url,
    path: '/customers/:id',
    method: 'PATCH',
    schema: Customer,
    getOptimisticResponse: (_snap: unknown, params: { id: string }, body: { name: string }) => ({ ...params, ...body }),
  });

//#region restore
const restore = suite<Ctx>('persist: restore');
restore.before.each(setup);
restore.after.each(teardown);

restore(
  'a new Controller restores the same values, classes and shared identity; fresh data sends no request',
  async (ctx) => {
    const a = await filled(ctx);
    const b = ctx.open();
    await b.persister.restored;
    const before = ctx.server.requests.length;
    const list = await b.ctrl.fetchIfStale(ctx.getInvoices);
    const byCustomer = await b.ctrl.fetchIfStale(ctx.getByCustomer, { customer: 'c1' });
    assert.is(ctx.server.requests.length, before, 'no request');
    assert.equal(list, a.ctrl.getResponse(ctx.getInvoices));
    assert.equal(byCustomer, a.ctrl.getResponse(ctx.getByCustomer, { customer: 'c1' }));
    assert.ok(list[1] instanceof Invoice);
    assert.ok(list[1].amount instanceof Decimal && list[1].amount.equals('1.1'));
    assert.ok(list[1].issuedAt instanceof Date);
    assert.ok(list[1].customer instanceof Customer);
    assert.is(byCustomer[0], list[1], 'one object for one row in every view');
    assert.is(b.ctrl.get(Invoice, { id: 'i1' }), list[1]);
    assert.equal(ctx.errors, []);
  },
);

restore('an expired response refetches once; its rows keep their saved expiry', async (ctx) => {
  await filled(ctx);
  ctx.now += 10_000;
  const b = ctx.open();
  await b.persister.restored;
  assert.ok(b.ctrl.getResponse(ctx.getInvoices), 'the saved data shows meanwhile');
  assert.ok(b.ctrl.isStale(ctx.getInvoices));
  await b.ctrl.fetchIfStale(ctx.getInvoices);
  await b.ctrl.fetchIfStale(ctx.getInvoices);
  assert.is(ctx.server.count('GET', '/invoices'), 2, 'one fetch by A, one by B');
  assert.ok(b.ctrl.isStale(ctx.getInvoice, { id: 'i5' }) === false, 'the row was vouched for by the refetch');
});

restore('a restored invalidation is kept: the next read refetches', async (ctx) => {
  const a = await filled(ctx);
  a.ctrl.invalidate(ctx.getInvoices);
  await a.persister.flush();
  const b = ctx.open();
  await b.persister.restored;
  assert.ok(b.ctrl.getMeta(ctx.getInvoices).invalidated);
  await b.ctrl.fetchIfStale(ctx.getInvoices);
  assert.is(ctx.server.count('GET', '/invoices'), 2);
});

restore('expireAll and invalidateAll are saved: the next Controller refetches', async (ctx) => {
  const a = await filled(ctx);
  a.ctrl.expireAll((key) => key === ctx.getInvoices.key());
  await a.persister.flush();
  const saved = new Map(await indexedDBStorage('app', ctx.idb).load());
  assert.equal(saved.get(`m\0${ctx.getInvoices.key()}`), [ctx.now, 0, false]);
  a.ctrl.invalidateAll((key) => key.includes('/customers/'));
  await a.persister.flush();
  const b = ctx.open();
  await b.persister.restored;
  assert.is(b.ctrl.getMeta(ctx.getInvoices).expiresAt, 0);
  assert.ok(b.ctrl.getMeta(ctx.getByCustomer, { customer: 'c1' }).invalidated);
  await b.ctrl.fetchIfStale(ctx.getInvoices);
  await b.ctrl.fetchIfStale(ctx.getByCustomer, { customer: 'c1' });
  assert.is(ctx.server.count('GET', '/invoices'), 2);
  assert.is(ctx.server.count('GET', '/customers/c1/invoices'), 2);
});

restore('data that arrived before the restore finished is kept, and saved over the older copy', async (ctx) => {
  await filled(ctx);
  const { release, b } = gated(ctx);
  ctx.server.route('GET', '/invoices/:id', (req, res) =>
    json(res, 200, { ...invoice(1), id: req.params.id, amount: '99' }),
  );
  await b.ctrl.fetch(ctx.getInvoice, { id: 'i1' });
  release();
  await b.persister.restored;
  assert.ok(b.ctrl.get(Invoice, { id: 'i1' })!.amount.equals(99), 'the fetched row stands');
  assert.ok(b.ctrl.get(Invoice, { id: 'i2' })!.amount.equals('2.1'), 'the other rows are restored');
  await b.persister.flush();
  const c = ctx.open();
  await c.persister.restored;
  assert.ok(c.ctrl.get(Invoice, { id: 'i1' })!.amount.equals(99), 'the newer row was saved');
});

restore('a response of a request sent before the restore finished replaces the restored row', async (ctx) => {
  await filled(ctx);
  const held = holdRoute(ctx.server, 'GET', '/invoices/:id');
  const b = ctx.open();
  const fetching = b.ctrl.fetch(ctx.getInvoice, { id: 'i1' });
  await b.persister.restored;
  assert.ok(b.ctrl.get(Invoice, { id: 'i1' })!.amount.equals('1.1'), 'restored meanwhile');
  (await held.next()).reply(200, { ...invoice(1), amount: '42' });
  await fetching;
  assert.ok(b.ctrl.get(Invoice, { id: 'i1' })!.amount.equals(42), 'the later answer wins');
});

restore('a list request sent before the restore finished replaces the restored response and its meta', async (ctx) => {
  const a = await filled(ctx);
  a.ctrl.invalidate(ctx.getInvoices);
  await a.persister.flush();
  const held = holdRoute(ctx.server, 'GET', '/invoices');
  const b = ctx.open();
  ctx.now += 5;
  const fetching = b.ctrl.fetch(ctx.getInvoices);
  await b.persister.restored;
  assert.is(b.ctrl.getResponse(ctx.getInvoices)!.length, 6, 'restored meanwhile');
  (await held.next()).reply(200, [invoice(0), invoice(1)]);
  await fetching;
  assert.equal(
    b.ctrl.getResponse(ctx.getInvoices)!.map((i) => i.id),
    ['i0', 'i1'],
    'the later answer wins',
  );
  assert.is(b.ctrl.getMeta(ctx.getInvoices).fetchedAt, ctx.now);
  assert.not.ok(b.ctrl.getMeta(ctx.getInvoices).invalidated, 'the answer clears the restored invalidation');
});

restore('a row removed before the restore finished is not brought back, and its saved copy is removed', async (ctx) => {
  await filled(ctx);
  const { inner, release, b } = gated(ctx);
  await b.ctrl.fetch(ctx.deleteInvoice, { id: 'i2' });
  release();
  await b.persister.restored;
  assert.is(b.ctrl.get(Invoice, { id: 'i2' }), undefined);
  await b.persister.flush();
  const ids = [...(await inner.load())].map(([id]) => id);
  assert.not.ok(ids.includes('r\0Invoice\0i2'));
  assert.ok(ids.includes('r\0Invoice\0i3'));
});

restore('resetEntireStore during the restore: nothing is restored and the storage is cleared', async (ctx) => {
  await filled(ctx);
  const b = ctx.open();
  b.ctrl.resetEntireStore();
  await b.persister.restored;
  await b.persister.flush();
  assert.is(b.ctrl.getResponse(ctx.getInvoices), undefined);
  assert.equal([...(await indexedDBStorage('app', ctx.idb).load())], []);
});

restore('readers of missing rows see restored ones in one notification', async (ctx) => {
  await filled(ctx);
  const b = ctx.open();
  const seen: unknown[] = [];
  const stop = effect(() => void seen.push(b.ctrl.getResponse(ctx.getInvoices)?.length));
  await b.persister.restored;
  stop();
  assert.equal(seen, [undefined, 6]);
});
//#endregion

//#region saving
const save = suite<Ctx>('persist: saving');
save.before.each(setup);
save.after.each(teardown);

save('a one-row write saves exactly that row, in one write', async (ctx) => {
  const { storage, calls } = recording(indexedDBStorage('app', ctx.idb));
  const a = await filled(ctx, storage);
  calls.writes.length = 0;
  a.ctrl.set(Invoice, { id: 'i3' }, { id: 'i3', amount: '7' });
  await a.persister.flush();
  assert.equal(calls.writes, [{ puts: ['r\0Invoice\0i3'], deletes: [] }]);
  const saved = new Map(await storage.load());
  assert.equal(saved.get('r\0Invoice\0i3'), [
    { ...invoice(3), amount: '7', customer: 'c0' },
    ctx.now + 60_000,
    ['amount', 'issuedAt'],
  ]);
});

save(
  'a refetch of equal data saves the new meta and one entry of the rows it vouched for longer; of one changed row, that row',
  async (ctx) => {
    const { storage, calls } = recording(indexedDBStorage('app', ctx.idb));
    const a = await filled(ctx, storage);
    calls.writes.length = 0;
    ctx.now += 1;
    await a.ctrl.fetch(ctx.getInvoices);
    await a.persister.flush();
    const meta = `m\0${ctx.getInvoices.key()}`;
    assert.equal(calls.writes, [{ puts: ['x\u00001', meta], deletes: [] }]);
    const rowIds = [0, 1, 2, 3, 4, 5].map((i) => `r\0Invoice\0i${i}`);
    const customerIds = ['c0', 'c1', 'c2'].map((c) => `r\0Customer\0${c}`);
    const saved = new Map(await storage.load());
    const [[expiresAt, ids], ...more] = saved.get('x\u00001') as [number, string[]][];
    assert.is(expiresAt, ctx.now + 10_000);
    assert.equal(more, []);
    assert.equal(new Set(ids), new Set([...rowIds, ...customerIds]));
    assert.equal(
      (saved.get('r\0Invoice\0i0') as unknown[])[1],
      ctx.now - 1 + 10_000,
      'the row entry itself is not rewritten',
    );
    calls.writes.length = 0;
    ctx.server.route('GET', '/invoices', (_req, res) =>
      json(
        res,
        200,
        [0, 1, 2, 3, 4, 5].map((i) => (i === 4 ? { ...invoice(4), amount: '0' } : invoice(i))),
      ),
    );
    ctx.now += 1;
    await a.ctrl.fetch(ctx.getInvoices);
    await a.persister.flush();
    // i4 is saved with its value; the other rows move to a new expiry entry, the old one is left empty and removed.
    assert.equal(calls.writes, [{ puts: ['r\0Invoice\0i4', 'x\u00002', meta], deletes: ['x\u00001'] }]);
  },
);

save('after a refetch of equal data, a new Controller restores the rows with the longer expiry', async (ctx) => {
  const a = await filled(ctx);
  ctx.now += 5_000;
  await a.ctrl.fetch(ctx.getInvoices);
  await a.persister.flush();
  ctx.now += 7_000; // past the rows' first expiry, before the refetch's
  const b = ctx.open();
  await b.persister.restored;
  assert.not.ok(b.ctrl.isStale(ctx.getInvoice, { id: 'i5' }), 'a row read by an Entity endpoint is fresh');
  // The expired Collection response and its list go; the fresh response keeps its rows.
  assert.is(b.ctrl.gc(), 2);
  assert.is((await b.ctrl.fetchIfStale(ctx.getInvoices)).length, 6, 'the rows of the fresh response are kept');
  assert.is(ctx.server.count('GET', '/invoices'), 2, 'no request from B');
  ctx.now += 3_001;
  assert.ok(b.ctrl.isStale(ctx.getInvoice, { id: 'i5' }), 'stale once that expiry passed');
});

save(
  'an expiry entry survives a restart while restored rows need it; a row rewritten since keeps its own, later expiry',
  async (ctx) => {
    const a = await filled(ctx);
    ctx.now += 1_000;
    await a.ctrl.fetch(ctx.getInvoices); // equal data: the rows are vouched for until +11,000
    ctx.now += 1_000;
    a.ctrl.set(Invoice, { id: 'i5' }, { id: 'i5', amount: '55' }); // i5 changes: saved with its value, until +62,000
    await a.persister.flush();
    const expiryEntries = async () =>
      [...(await indexedDBStorage('app', ctx.idb).load())].map(([id]) => id).filter((id) => id.startsWith('x\0'));
    const saved = await expiryEntries();
    assert.is(saved.length, 1, "the list refetch's, 8 rows left in it (it still lists i5)");
    ctx.now += 9_500; // +11,500
    const b = ctx.open();
    await b.persister.restored;
    await b.persister.flush();
    assert.not.ok(
      b.ctrl.isStale(ctx.getInvoice, { id: 'i5' }),
      'i5 keeps its own expiry, later than the expiry entry listing it',
    );
    assert.ok(b.ctrl.isStale(ctx.getInvoice, { id: 'i0' }), 'i0 was vouched for until +11,000');
    assert.equal(await expiryEntries(), saved, 'the expiry entries are still needed');
    ctx.now -= 1_000; // +10,500: a third Controller still finds i0 fresh through the entry
    const c = ctx.open();
    await c.persister.restored;
    assert.not.ok(c.ctrl.isStale(ctx.getInvoice, { id: 'i0' }));
  },
);

save('the writes of one task make one storage write', async (ctx) => {
  const { storage, calls } = recording(indexedDBStorage('app', ctx.idb));
  const a = await filled(ctx, storage);
  calls.writes.length = 0;
  a.ctrl.set(Invoice, { id: 'i1' }, { id: 'i1', amount: '1' });
  a.ctrl.set(Invoice, { id: 'i2' }, { id: 'i2', amount: '2' });
  a.ctrl.set(Invoice, { id: 'i1' }, { id: 'i1', amount: '3' });
  await a.persister.flush();
  assert.equal(calls.writes, [{ puts: ['r\0Invoice\0i1', 'r\0Invoice\0i2'], deletes: [] }]);
});

save('a push into a Collection saves the new row and the lists it joined', async (ctx) => {
  const { storage, calls } = recording(indexedDBStorage('app', ctx.idb));
  const a = await filled(ctx, storage);
  calls.writes.length = 0;
  ctx.server.route('POST', '/customers/:customer/invoices', (req, res) =>
    json(res, 201, { ...invoice(9), ...JSON.parse(req.body) }),
  );
  await a.ctrl.fetch(
    ctx.getByCustomer.push,
    { customer: 'c1' },
    { id: 'i9', customer: { id: 'c1', name: 'Customer 1' } },
  );
  await a.persister.flush();
  const listId = calls.writes[0].puts.find((id) => id.startsWith('l\0'))!;
  assert.equal(calls.writes, [{ puts: ['r\0Invoice\0i9', listId], deletes: [] }]);
  const b = ctx.open(storage);
  await b.persister.restored;
  const list = await b.ctrl.fetchIfStale(ctx.getByCustomer, { customer: 'c1' });
  assert.equal(
    list.map((i) => i.id),
    ['i1', 'i4', 'i9'],
  );
  assert.is(ctx.server.count('GET', '/customers/c1/invoices'), 1, 'restored fresh: no request');
});

save('a pending optimistic change is never saved; the server answer is', async (ctx) => {
  const { storage, calls } = recording(indexedDBStorage('app', ctx.idb));
  const a = await filled(ctx, storage);
  calls.writes.length = 0;
  const patches = holdRoute(ctx.server, 'PATCH', '/customers/:id');
  const rename = renameCustomer(ctx);
  const done = a.ctrl.fetch(rename, { id: 'c1' }, { name: 'optimistic' });
  assert.is(a.ctrl.get(Customer, { id: 'c1' })!.name, 'optimistic');
  await a.persister.flush();
  assert.equal(calls.writes, [], 'nothing saved while only the layer changed');
  (await patches.next()).reply(200, { id: 'c1', name: 'server' });
  await done;
  await a.persister.flush();
  assert.equal(calls.writes, [{ puts: ['r\0Customer\0c1'], deletes: [] }]);
  assert.equal(new Map(await storage.load()).get('r\0Customer\0c1'), [{ id: 'c1', name: 'server' }, ctx.now + 60_000]);
});

save('a failed optimistic change saves nothing', async (ctx) => {
  const { storage, calls } = recording(indexedDBStorage('app', ctx.idb));
  const a = await filled(ctx, storage);
  calls.writes.length = 0;
  ctx.server.route('PATCH', '/customers/:id', (_req, res) => json(res, 500, {}));
  const rename = renameCustomer(ctx);
  await a.ctrl.fetch(rename, { id: 'c1' }, { name: 'optimistic' }).catch(() => {});
  await a.persister.flush();
  assert.equal(calls.writes, []);
});

save('a removal through Invalidate is saved', async (ctx) => {
  const { storage, calls } = recording(indexedDBStorage('app', ctx.idb));
  const a = await filled(ctx, storage);
  calls.writes.length = 0;
  await a.ctrl.fetch(ctx.deleteInvoice, { id: 'i4' });
  await a.persister.flush();
  assert.equal(calls.writes, [{ puts: [], deletes: ['r\0Invoice\0i4'] }]);
  const b = ctx.open(storage);
  await b.persister.restored;
  assert.is(b.ctrl.get(Invoice, { id: 'i4' }), undefined);
  assert.is(b.ctrl.getResponse(ctx.getInvoices)!.length, 5);
});

save('what a garbage-collection sweep drops is removed from the storage', async (ctx) => {
  const { storage, calls } = recording(indexedDBStorage('app', ctx.idb));
  const a = await filled(ctx, storage);
  calls.writes.length = 0;
  ctx.now += 10_001;
  assert.ok(a.ctrl.gc() > 0);
  await a.persister.flush();
  assert.is(calls.writes.length, 1);
  assert.equal(calls.writes[0].puts, []);
  assert.equal(
    [...(await storage.load())].map(([id]) => id),
    ['v'],
    'only the version entry is left',
  );
});

save('resetEntireStore clears the storage; what is fetched afterwards is saved anew', async (ctx) => {
  const { storage, calls } = recording(indexedDBStorage('app', ctx.idb));
  const a = await filled(ctx, storage);
  a.ctrl.resetEntireStore();
  await a.persister.flush();
  assert.is(calls.clears, 1);
  assert.equal([...(await storage.load())], []);
  await a.ctrl.fetch(ctx.getInvoice, { id: 'i1' });
  await a.persister.flush();
  const b = ctx.open(storage);
  await b.persister.restored;
  assert.equal(ctx.errors, []);
  assert.ok(b.ctrl.get(Invoice, { id: 'i1' }));
  assert.is(b.ctrl.get(Invoice, { id: 'i2' }), undefined);
});

save('data held before persist() is saved once the restore finished (a server-rendered state)', async (ctx) => {
  const ctrl = new Controller({ clock: () => ctx.now, gcInterval: 0 });
  await ctrl.fetch(ctx.getInvoices);
  const storage = indexedDBStorage('app', ctx.idb);
  const persister = persist(ctrl, storage, { onError: (e) => ctx.errors.push(e) });
  await persister.restored;
  await persister.flush();
  const ids = [...(await storage.load())].map(([id]) => id);
  assert.is(ids.filter((id) => id.startsWith('r\0Invoice\0')).length, 6);
  assert.ok(ids.includes(`q\0${ctx.getInvoices.key()}`));
});

save('stop() saves what changed, then nothing more', async (ctx) => {
  const { storage, calls } = recording(memoryStorage());
  const a = await filled(ctx, storage);
  calls.writes.length = 0;
  a.ctrl.set(Invoice, { id: 'i1' }, { id: 'i1', amount: '5' });
  await a.persister.stop();
  a.ctrl.set(Invoice, { id: 'i2' }, { id: 'i2', amount: '5' });
  await a.persister.flush();
  assert.equal(calls.writes, [{ puts: ['r\0Invoice\0i1'], deletes: [] }]);
});
//#endregion

//#region failures
const fail = suite<Ctx>('persist: failures');
fail.before.each(setup);
fail.after.each(teardown);

fail('a saved state of another version is dropped with a PersistError; the app starts empty', async (ctx) => {
  await filled(ctx);
  const b = ctx.open(undefined, { version: 2 });
  await b.persister.restored;
  assert.is(ctx.errors.length, 1);
  assert.instance(ctx.errors[0], PersistError);
  assert.is((ctx.errors[0] as Error).name, 'PersistError');
  assert.match((ctx.errors[0] as Error).message, 'version 0, expected format 1, version 2');
  assert.is(b.ctrl.getResponse(ctx.getInvoices), undefined);
  await b.ctrl.fetchIfStale(ctx.getInvoices);
  assert.is(ctx.server.count('GET', '/invoices'), 2, 'fetched anew');
  await b.persister.flush();
  const c = ctx.open(undefined, { version: 2 });
  await c.persister.restored;
  assert.is(ctx.errors.length, 1, 'saved again under version 2');
  assert.is(c.ctrl.getResponse(ctx.getInvoices)!.length, 6);
});

fail(
  'a bad entry is left out by name and removed from the storage; the rest restores, its responses stale',
  async (ctx) => {
    const storage = memoryStorage();
    await filled(ctx, storage);
    storage.data.set('r\0Invoice\0i9', JSON.stringify([{ id: 'i9', amount: 'not a number' }, 0, ['amount']]));
    const b = ctx.open(storage);
    await b.persister.restored;
    assert.is(ctx.errors.length, 1);
    const error = ctx.errors[0] as PersistError;
    assert.instance(error, PersistError);
    assert.match(
      error.message,
      /^persist: 1 saved entries do not restore, left out: "r\\u0000Invoice\\u0000i9" \(hydrate: /,
    );
    assert.instance(error.cause, HydrationError);
    assert.is(b.ctrl.get(Invoice, { id: 'i9' }), undefined);
    assert.ok(b.ctrl.get(Invoice, { id: 'i1' })!.amount.equals(1.1), 'the good rows are restored');
    assert.is(b.ctrl.getResponse(ctx.getInvoices)!.length, 6, 'the response is shown');
    assert.ok(b.ctrl.isStale(ctx.getInvoices), 'and stale: it may reach a row left out');
    await b.persister.flush();
    assert.not.ok(storage.data.has('r\0Invoice\0i9'), 'the entry is removed from the storage');
    assert.ok(storage.data.has('r\0Invoice\0i1'));
  },
);

fail('an entry of an unknown shape, a response without its meta, a bad time or pk is left out by name', async (ctx) => {
  const good = ['r\0Customer\0c1', [{ id: 'c1', name: 'Ada' }, 5]] as const;
  for (const [id, value, why] of [
    ['x\0what', 1, 'malformed expiry entry'],
    ['z\0what', 1, 'unknown entry'],
    ['q\0GET /nowhere', [1], 'no meta for the response GET /nowhere'],
    ['r\0Customer\0c2', [{ id: 'c2' }, 1e400], 'malformed state at rows.Customer.c2'],
    ['r\0Customer\0c3', [{ id: '666' }, 0], 'Customer c3 holds the pk 666'],
    ['r\0Customer\0c4', [{ id: 'c4' }, 0, ['name']], 'a field of Customer c4 has no deserializer'],
  ] as const) {
    const storage = memoryStorage();
    await storage.write([['v', [1, 0]], good], []);
    storage.data.set(id, JSON.stringify(value));
    ctx.errors = [];
    const b = ctx.open(storage);
    await b.persister.restored;
    assert.is(ctx.errors.length, 1, id);
    assert.instance(ctx.errors[0], PersistError, id);
    assert.ok((ctx.errors[0] as Error).message.includes(`${JSON.stringify(id)} (`), id);
    assert.ok((ctx.errors[0] as Error).message.includes(why), `${id}: ${(ctx.errors[0] as Error).message}`);
    assert.is(b.ctrl.get(Customer, { id: 'c1' })!.name, 'Ada', `${id}: the good entry restores`);
    await b.persister.flush();
    assert.equal([...storage.data.keys()].sort(), ['r\0Customer\0c1', 'v'], id);
  }
});

fail(
  'rows of deserialized fields restore without their entity class: the class that first reads them deserializes them',
  async (ctx) => {
    await filled(ctx);
    const b = ctx.open(undefined, { schemas: [] });
    await b.persister.restored;
    assert.equal(ctx.errors, []);
    assert.instance(b.ctrl.get(Invoice, { id: 'i1' })?.amount, Decimal);
    assert.is(b.ctrl.get(Customer, { id: 'c1' })!.name, 'Customer 1', 'rows of plain JSON restore');
    assert.not.ok(b.ctrl.isStale(ctx.getInvoices), 'fresh: read without a request');
  },
);

fail('a failing write is reported; cached data stays, and the next write saves it again', async (ctx) => {
  const { storage, calls } = recording(indexedDBStorage('app', ctx.idb));
  const a = await filled(ctx, storage);
  calls.fail = true;
  a.ctrl.set(Invoice, { id: 'i1' }, { id: 'i1', amount: '5' });
  await a.ctrl.fetch(ctx.deleteInvoice, { id: 'i2' });
  await a.persister.flush();
  // The set, the removal, and the flush that tried them again.
  assert.is(ctx.errors.length, 3);
  for (const error of ctx.errors) {
    assert.instance(error, PersistError);
    assert.is(((error as PersistError).cause as Error).message, 'disk full');
  }
  assert.ok(a.ctrl.get(Invoice, { id: 'i1' })!.amount.equals(5), 'the cache is untouched');
  calls.fail = false;
  calls.writes.length = 0;
  a.ctrl.set(Invoice, { id: 'i3' }, { id: 'i3', amount: '5' });
  await a.persister.flush();
  assert.equal(calls.writes, [{ puts: ['r\0Invoice\0i1', 'r\0Invoice\0i3'], deletes: ['r\0Invoice\0i2'] }]);
  const b = ctx.open(storage);
  await b.persister.restored;
  assert.ok(b.ctrl.get(Invoice, { id: 'i1' })!.amount.equals(5));
  assert.is(b.ctrl.get(Invoice, { id: 'i2' }), undefined);
});

fail('an expiry entry whose write failed is written again by the next write', async (ctx) => {
  const { storage, calls } = recording(indexedDBStorage('app', ctx.idb));
  const a = await filled(ctx, storage);
  calls.fail = true;
  ctx.now += 1;
  await a.ctrl.fetch(ctx.getInvoices);
  await a.persister.flush();
  calls.fail = false;
  calls.writes.length = 0;
  await a.persister.flush();
  assert.is(calls.writes.length, 1);
  const [x, m] = calls.writes[0].puts;
  assert.ok(x.startsWith('x\0'));
  assert.is(m, `m\0${ctx.getInvoices.key()}`);
  const saved = new Map(await storage.load());
  assert.equal(
    [...saved.keys()].filter((id) => id.startsWith('x\0')),
    [x],
    'one expiry entry',
  );
  assert.is((saved.get(x) as [number, string[]][])[0][1].length, 9);
});

fail('a failing load is reported; the app starts empty and works', async (ctx) => {
  const { storage, calls } = recording(memoryStorage());
  calls.failLoad = true;
  const b = ctx.open(storage);
  await b.persister.restored;
  assert.instance(ctx.errors[0], PersistError);
  assert.match((ctx.errors[0] as Error).message, 'loading the saved state failed');
  await b.ctrl.fetch(ctx.getInvoices);
  assert.is(b.ctrl.getResponse(ctx.getInvoices)!.length, 6);
  await b.persister.flush();
  assert.is(calls.writes.length, 1);
});

fail('a row value with no JSON form is reported by name and left unsaved; the others are saved', async (ctx) => {
  const { storage, calls } = recording(memoryStorage());
  const a = ctx.open(storage);
  await a.persister.restored;
  a.ctrl.set(Customer, { id: 'c9' }, { id: 'c9', name: 'x', tags: new Map() } as never);
  a.ctrl.set(Customer, { id: 'c8' }, { id: 'c8', name: 'y' });
  await a.persister.flush();
  assert.match((ctx.errors[0] as Error).message, 'Customer c9 not saved');
  assert.equal(calls.writes[0].puts, ['r\0Customer\0c8', 'v']);
});
//#endregion

//#region memory storage
const mem = suite('memoryStorage');

mem('keeps JSON text: what is loaded shares nothing with what was written', async () => {
  const storage = memoryStorage();
  const value = { a: [1, 2] };
  await storage.write([['x', value]], []);
  const [[id, loaded]] = [...(await storage.load())] as PersistEntry[];
  assert.is(id, 'x');
  assert.equal(loaded, value);
  assert.is.not(loaded, value);
  await storage.write([['y', 1]], ['x']);
  assert.equal([...storage.data], [['y', '1']]);
  await storage.clear();
  assert.is(storage.data.size, 0);
});

mem('a value that does not serialize writes nothing', async () => {
  const storage = memoryStorage();
  const cyclic: Record<string, unknown> = {};
  cyclic.self = cyclic;
  await storage.write([['x', 1]], []);
  await storage
    .write(
      [
        ['y', 2],
        ['z', cyclic],
      ],
      ['x'],
    )
    .then(
      () => assert.unreachable(),
      (error) => assert.instance(error, TypeError),
    );
  assert.equal([...storage.data], [['x', '1']]);
});
//#endregion

//#region IndexedDB storage
const idb = suite('indexedDBStorage');

idb('saves, replaces, removes and clears entries in one database, seen by every storage opened on it', async () => {
  const factory = new IDBFactory();
  const one = indexedDBStorage('db', factory);
  const two = indexedDBStorage('db', factory);
  await one.write(
    [
      ['a', { n: 1 }],
      ['b', [1, 'x']],
    ],
    [],
  );
  await one.write([['a', { n: 2 }]], ['b', 'missing']);
  assert.equal([...(await two.load())], [['a', { n: 2 }]]);
  await two.clear();
  assert.equal([...(await one.load())], []);
  assert.equal([...(await indexedDBStorage('other', factory).load())], [], 'another name, another database');
});

idb('a write that fails writes nothing (one transaction)', async () => {
  const storage = indexedDBStorage('db', new IDBFactory());
  await storage.write([['a', 1]], []);
  // A function cannot be cloned: the put throws inside the transaction.
  await storage
    .write(
      [
        ['b', 2],
        ['c', () => 0],
      ],
      ['a'],
    )
    .then(
      () => assert.unreachable(),
      (error) => assert.is((error as Error).name, 'DataCloneError'),
    );
  assert.equal([...(await storage.load())], [['a', 1]]);
});
//#endregion

restore.run();
save.run();
fail.run();
mem.run();
idb.run();
