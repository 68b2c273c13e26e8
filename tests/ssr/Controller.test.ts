// signal-cache/ssr: the Controller that starts from a dehydrated state and has dehydrate()
// / hydrate() methods. A server Controller fills over the real HTTP fixture; its state
// travels through JSON into a "client" Controller, which must not refetch fresh data.
import Decimal from 'decimal.js';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller as CoreController, RestEndpoint } from '../../src/index.js';
import { Controller, HydrationError, type DehydratedState } from '../../src/ssr/index.js';
import { Customer, Invoice } from '../_fixtures/invoices.js';
import { json, startServer, type TestServer } from '../_fixtures/server.js';
import { plain } from '../_fixtures/plain.js';
import { withRows } from '../_fixtures/state.js';

const invoices = [
  { id: 'i1', amount: '10.10', issuedAt: '2026-01-01T00:00:00.000Z', customer: { id: 'c1', name: 'Ada' } },
  { id: 'i2', amount: '0.30', issuedAt: '2026-02-01T00:00:00.000Z', customer: { id: 'c1', name: 'Ada' } },
];

interface Ctx {
  server: TestServer;
  now: number;
  clock: () => number;
  getInvoices: RestEndpoint<'/invoices', {}, 'GET', unknown, any, (typeof Invoice)[]>;
  getInvoice: RestEndpoint<'/invoices/:id', {}, 'GET', unknown, any, typeof Invoice>;
}

const ssr = suite<Ctx>('signal-cache/ssr Controller');
ssr.before.each(async (ctx) => {
  ctx.server = await startServer();
  ctx.now = 1_000_000;
  ctx.clock = () => ctx.now;
  ctx.server.route('GET', '/invoices', (_req, res) => json(res, 200, invoices));
  ctx.server.route('GET', '/invoices/:id', (req, res) =>
    json(
      res,
      200,
      invoices.find((i) => i.id === req.params.id),
    ),
  );
  const urlPrefix = ctx.server.url;
  ctx.getInvoices = new RestEndpoint({ urlPrefix, path: '/invoices', schema: [Invoice], dataExpiryLength: 10_000 });
  ctx.getInvoice = new RestEndpoint({ urlPrefix, path: '/invoices/:id', schema: Invoice, dataExpiryLength: 10_000 });
});
ssr.after.each((ctx) => ctx.server.close());

/** A server Controller filled over HTTP, and `ctrl.dehydrate()` as it travels (through JSON). */
async function serverState(ctx: Ctx): Promise<DehydratedState> {
  const server = new Controller({ clock: ctx.clock, gcInterval: 0 });
  await server.fetch(ctx.getInvoices);
  return JSON.parse(JSON.stringify(server.dehydrate()));
}

function assertInvoices(list: readonly Invoice[] | undefined) {
  assert.ok(list);
  assert.is(list.length, 2);
  assert.ok(list[0] instanceof Invoice);
  assert.ok(list[0].amount instanceof Decimal);
  assert.is(list[0].amount.toString(), '10.1');
  assert.ok(list[0].issuedAt instanceof Date);
  assert.is(list[1].issuedAt.toISOString(), '2026-02-01T00:00:00.000Z');
  assert.ok(list[0].customer instanceof Customer);
  assert.is(list[0].customer, list[1].customer, 'one Customer instance shared by both invoices');
}

ssr('is the core Controller, with dehydrate and hydrate', () => {
  const ctrl = new Controller({ gcInterval: 0 });
  assert.ok(ctrl instanceof CoreController);
  assert.is(new Controller({ gcInterval: 0 }).dehydrate().version, 4);
});

ssr('new Controller({ initialState, schemas }) restores values, classes and freshness: no request', async (ctx) => {
  const initialState = await serverState(ctx);
  assert.is(ctx.server.count('GET', '/invoices'), 1);
  ctx.now += 1_000;
  const errors: unknown[] = [];
  const client = new Controller({
    initialState,
    schemas: [Invoice],
    clock: ctx.clock,
    gcInterval: 0,
    onError: (e) => errors.push(e),
  });
  assert.equal(errors, []);
  assertInvoices(client.response(ctx.getInvoices).value);
  const fetched = await client.fetchIfStale(ctx.getInvoices);
  assertInvoices(fetched);
  assert.is(ctx.server.count('GET', '/invoices'), 1, 'fresh hydrated data sends no request');
  // The hydrated rows serve other endpoints' schemas too, and dehydrate again as they came.
  assert.is(client.get(Invoice, { id: 'i2' })?.amount.toString(), '0.3');
  assert.equal(JSON.parse(JSON.stringify(client.dehydrate())), initialState);
});

ssr('ctrl.hydrate(state) fills a running Controller, with the constructor schemas by default', async (ctx) => {
  const state = await serverState(ctx);
  const client = new Controller({ schemas: [Invoice], clock: ctx.clock, gcInterval: 0 });
  await client.fetch(ctx.getInvoice, { id: 'i1' });
  assert.is(ctx.server.count('GET', '/invoices/i1'), 1);
  const { hydrate } = client; // methods are bound, like the core's
  assert.is(hydrate(state), client);
  assertInvoices(client.response(ctx.getInvoices).value);
  await client.fetchIfStale(ctx.getInvoices);
  assert.is(ctx.server.count('GET', '/invoices'), 1, 'the server fetch only');
  const { dehydrate } = client;
  assert.equal(
    Object.keys(dehydrate().responses).sort(),
    [ctx.getInvoice.key({ id: 'i1' }), ctx.getInvoices.key()].sort(),
  );
  // Without the classes, the converted fields are deserialized by the class that first reads them.
  const bare = new Controller({ gcInterval: 0 }).hydrate(state);
  assertInvoices(bare.response(ctx.getInvoices).value);
  assert.ok(new Controller({ gcInterval: 0 }).hydrate(state, [Invoice]).response(ctx.getInvoices).value);
});

ssr('a rejected initialState reports one HydrationError to onError and starts empty; fetching works', async (ctx) => {
  const good = await serverState(ctx);
  const cases: [string, unknown][] = [
    ['not a state', { hello: 'world' }],
    ['another version', { ...good, version: 2 }],
    ['a malformed row', withRows(good, { Invoice: { i1: ['x', 0] } })],
    ['a malformed column', { ...good, rows: { ...good.rows, Invoice: { ...good.rows.Invoice, columns: ['x'] } } }],
  ];
  for (const [name, initialState] of cases) {
    const errors: unknown[] = [];
    const client = new Controller({
      initialState: initialState as DehydratedState,
      schemas: [Invoice],
      gcInterval: 0,
      onError: (e) => errors.push(e),
    });
    assert.is(errors.length, 1, name);
    assert.instance(errors[0], HydrationError, name);
    assert.equal(
      plain(client.dehydrate()),
      { version: 4, rows: {}, converted: {}, lists: {}, responses: {} },
      `${name}: empty`,
    );
    assert.is(client.response(ctx.getInvoices).value, undefined);
  }
  // Without `schemas` the state restores, its converted fields deserialized by their first reader.
  const errors: unknown[] = [];
  const client = new Controller({
    initialState: good,
    clock: ctx.clock,
    gcInterval: 0,
    onError: (e) => errors.push(e),
  });
  assert.equal(errors, []);
  assert.is(client.get(Customer, { id: 'c1' })?.name, 'Ada');
  assertInvoices(await client.fetchIfStale(ctx.getInvoices));
  assert.is(ctx.server.count('GET', '/invoices'), 1, 'the server fetch only: the restored data is fresh');
});

ssr('without onError, the rejection goes to console.error', () => {
  const original = console.error;
  const logged: unknown[][] = [];
  console.error = (...args: unknown[]) => void logged.push(args);
  try {
    new Controller({ initialState: { version: 0 } as unknown as DehydratedState, gcInterval: 0 });
  } finally {
    console.error = original;
  }
  assert.is(logged.length, 1);
  assert.instance(logged[0][0], HydrationError);
});

ssr.run();
