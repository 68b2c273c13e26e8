// dehydrate / hydrate: a Controller's server data as JSON, restored into another one
// without a request (DESIGN rule 14). Endpoints run against the real HTTP fixture.
import Decimal from 'decimal.js';
import { Temporal } from 'temporal-polyfill';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { All, Collection, Controller, Entity, RestEndpoint, Values, effect, onCommit } from '../../src/index.js';
import { HydrationError, dehydrate, hydrate, type DehydratedState } from '../../src/ssr/index.js';
import { Customer } from '../_fixtures/invoices.js';
import { json, startServer, type TestServer } from '../_fixtures/server.js';
import { dev } from '../_fixtures/env.js';
import { plain } from '../_fixtures/plain.js';
import { rowsByPk, withRows } from '../_fixtures/state.js';

class Invoice extends Entity {
  id = '';
  amount = new Decimal(0);
  issuedAt = new Date(0);
  paidAt: Temporal.Instant | undefined = undefined;
  customer: Customer | undefined = undefined;
  override pk() {
    return this.id;
  }
  static override key = 'Invoice';
  static override schema = {
    amount: Decimal,
    issuedAt: (iso: string) => new Date(iso),
    paidAt: Temporal.Instant.from,
    customer: Customer,
  };
}

const invoices = [
  {
    id: 'i1',
    amount: '10.10',
    issuedAt: '2026-01-01T00:00:00.000Z',
    paidAt: '2026-01-02T00:00:00Z',
    customer: { id: 'c1', name: 'Ada' },
  },
  { id: 'i2', amount: '0.30', issuedAt: '2026-02-01T00:00:00.000Z', customer: { id: 'c1', name: 'Ada' } },
];

interface Ctx {
  server: TestServer;
  now: number;
  clock: () => number;
  getInvoices: RestEndpoint<'/invoices', {}, 'GET', unknown, any, (typeof Invoice)[]>;
  getInvoice: RestEndpoint<'/invoices/:id', {}, 'GET', unknown, any, typeof Invoice>;
  getByCustomer: RestEndpoint<'/customers/:customer/invoices', {}, 'GET', unknown, any, Collection<typeof Invoice>>;
  getCustomers: RestEndpoint<'/customers', {}, 'GET', unknown, any, (typeof Customer)[]>;
}

async function setup(ctx: Ctx) {
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
  ctx.server.route('GET', '/customers/:customer/invoices', (_req, res) => json(res, 200, invoices));
  ctx.server.route('GET', '/customers', (_req, res) =>
    json(res, 200, [
      { id: 'c1', name: 'Ada' },
      { id: 'c2', name: 'Grace' },
    ]),
  );
  const urlPrefix = ctx.server.url;
  ctx.getInvoices = new RestEndpoint({ urlPrefix, path: '/invoices', schema: [Invoice], dataExpiryLength: 10_000 });
  ctx.getInvoice = new RestEndpoint({ urlPrefix, path: '/invoices/:id', schema: Invoice, dataExpiryLength: 10_000 });
  ctx.getByCustomer = new RestEndpoint({
    urlPrefix,
    path: '/customers/:customer/invoices',
    schema: new Collection([Invoice]),
    dataExpiryLength: 10_000,
  });
  ctx.getCustomers = new RestEndpoint({ urlPrefix, path: '/customers', schema: [Customer], dataExpiryLength: 10_000 });
}

/** A server-side Controller filled over HTTP, and its state as it would travel (through JSON). */
async function serverState(ctx: Ctx): Promise<DehydratedState> {
  const ctrl = new Controller({ clock: ctx.clock });
  await ctrl.fetch(ctx.getInvoices);
  await ctrl.fetch(ctx.getByCustomer, { customer: 'c1' });
  const state = dehydrate(ctrl);
  const text = JSON.stringify(state);
  assert.equal(JSON.parse(text), plain(state), 'the state is JSON as it is');
  return JSON.parse(text);
}

//#region dehydrate
const dry = suite<Ctx>('dehydrate');
dry.before.each(setup);
dry.after.each((ctx) => ctx.server.close());

dry('stores converted fields in their JSON form and names them per entity key', async (ctx) => {
  const state = await serverState(ctx);
  assert.is(state.version, 4);
  assert.equal(state.converted, { Invoice: ['amount', 'issuedAt', 'paidAt'] });
  assert.equal(rowsByPk(state).Invoice.i1, [
    { id: 'i1', amount: '10.1', issuedAt: '2026-01-01T00:00:00.000Z', paidAt: '2026-01-02T00:00:00Z', customer: 'c1' },
    ctx.now + 10_000,
  ]);
  assert.equal(plain(rowsByPk(state).Customer), { c1: [{ id: 'c1', name: 'Ada' }, ctx.now + 10_000] });
  assert.equal(
    Object.keys(state.responses).sort(),
    [ctx.getByCustomer.key({ customer: 'c1' }), ctx.getInvoices.key()].sort(),
  );
  // Every Invoice row in stored order: the response names the rows' key, its pks travel once.
  assert.equal(state.responses[ctx.getInvoices.key()], [null, ctx.now, ctx.now + 10_000, false, 'Invoice']);
  assert.equal(Object.values(state.lists['[Invoice]']), [[[{ customer: 'c1' }], ['i1', 'i2']]]);
});

dry('leaves pending optimistic changes out: a row under a layer travels with its server value', async (ctx) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  ctx.server.route('PATCH', '/customers/:id', async (req, res) => {
    await held;
    json(res, 200, { id: req.params.id, ...JSON.parse(req.body) });
  });
  const rename = new RestEndpoint({
    urlPrefix: ctx.server.url,
    path: '/customers/:id',
    method: 'PATCH',
    schema: Customer,
    getOptimisticResponse: (_snap: unknown, params: { id: string }, body: { name: string }) => ({ ...params, ...body }),
  });
  const ctrl = new Controller({ clock: ctx.clock });
  await ctrl.fetch(ctx.getCustomers);
  const done = ctrl.fetch(rename, { id: 'c1' }, { name: 'optimistic' });
  assert.is(ctrl.get(Customer, { id: 'c1' })?.name, 'optimistic', 'the layer shows');
  assert.equal(plain(rowsByPk(dehydrate(ctrl)).Customer.c1[0]), { id: 'c1', name: 'Ada' });
  release();
  await done;
  assert.equal(rowsByPk(dehydrate(ctrl)).Customer.c1[0], { id: 'c1', name: 'optimistic' });
});

dry('a value with no JSON form is refused by name', async (ctx) => {
  const ctrl = new Controller();
  ctrl.set(Customer, { id: 'c9' }, { id: 'c9', name: 'x', tags: new Map() });
  const error = (() => {
    try {
      dehydrate(ctrl);
    } catch (e) {
      return e as Error;
    }
  })();
  assert.instance(error, HydrationError);
  assert.is(error!.message, 'dehydrate: Customer.tags of c9 has no toJSON');
});
//#endregion

//#region format 4
const lean = suite<Ctx>('format 4: rows as columns under one field list; a list of them all by their key');
lean.before.each(setup);
lean.after.each((ctx) => ctx.server.close());

class Item extends Entity {
  id = '';
  name = '';
  size = 0;
  static override key = 'Item';
}

class Pair extends Entity {
  a = '';
  b = '';
  override pk() {
    return `${this.a}-${this.b}`;
  }
  static override key = 'Pair';
}

lean('writes the rows as one column per field of one field list, its pk field named once, expiry by runs', (ctx) => {
  const ctrl = new Controller({ clock: ctx.clock });
  ctrl.set(Item, { id: '2' }, { id: '2', name: 'two', size: 2 });
  ctrl.set(Item, { id: '1' }, { id: '1', name: 'one', size: 1 });
  // A row of other fields (partial) travels as its object; `undefined` fields are left out, as JSON does.
  ctrl.set(Item, { id: '3' }, { id: '3', name: undefined });
  ctrl.set(Pair, { a: 'x', b: 'y' }, { a: 'x', b: 'y' });
  const state = JSON.parse(JSON.stringify(dehydrate(ctrl)));
  assert.equal(state.rows.Item, {
    fields: ['id', 'name', 'size'],
    pk: 'id',
    // Stored order, numeric pks too (an object by pk would list "1" before "2"); the
    // partial row's place in the columns holds null.
    columns: [
      ['2', '1', null],
      ['two', 'one', null],
      [2, 1, null],
    ],
    objects: [[2, { id: '3' }]],
    expires: [ctx.now + 60_000, 3],
  });
  assert.equal(state.rows.Pair, {
    fields: ['a', 'b'],
    pks: ['x-y'],
    columns: [['x'], ['y']],
    expires: [ctx.now + 60_000, 1],
  });
  const client = hydrate(new Controller({ clock: ctx.clock }), state);
  assert.equal(
    client.get(new All(Item))?.map((i) => [i.id, i.name, i.size]),
    [
      ['2', 'two', 2],
      ['1', 'one', 1],
      ['3', '', 0],
    ],
  );
  assert.is(client.get(Pair, { a: 'x', b: 'y' })?.b, 'y');
  assert.equal(JSON.parse(JSON.stringify(dehydrate(client))), state, 'the same state again');
});

lean(
  'rows restored without classes are made when first read: one object per row, shared by every view',
  async (ctx) => {
    const server = new Controller({ clock: ctx.clock });
    await server.fetch(ctx.getCustomers);
    const state = JSON.parse(JSON.stringify(dehydrate(server)));
    const client = new Controller({ clock: ctx.clock });
    // A reader of the empty table, before the state: told when the rows arrive.
    const seen: (string[] | undefined)[] = [];
    const stop = effect(() => void seen.push(client.get(new All(Customer))?.map((c) => c.name)));
    hydrate(client, state);
    assert.equal(seen, [undefined, ['Ada', 'Grace']]);
    const list = client.getResponse(ctx.getCustomers)!;
    assert.instance(list[0], Customer);
    assert.is(list[0], client.get(new All(Customer))![0], 'the list and All share the objects');
    // A row read alone is the same object as in the list.
    assert.is(client.get(Customer, { id: 'c2' }), list[1]);
    assert.is(client.getResponse(ctx.getCustomers), list, 'the list is unchanged');
    // A write reaches one row: the list keeps the other object, the reader runs once.
    client.set(Customer, { id: 'c1' }, { id: 'c1', name: 'Ada L.' });
    const after = client.getResponse(ctx.getCustomers)!;
    assert.is(after[0]!.name, 'Ada L.');
    assert.is(after[1], list[1], 'the other row keeps its object');
    assert.equal(seen.at(-1), ['Ada L.', 'Grace']);
    assert.is(seen.length, 3);
    stop();
    assert.is(ctx.server.count('GET', '/customers'), 1, 'no request');
  },
);

lean('after a read of the whole list, a writer or a row read alone keeps the objects the list holds', (ctx) => {
  const server = new Controller({ clock: ctx.clock });
  server.setResponse(ctx.getCustomers, [
    { id: 'c1', name: 'Ada' },
    { id: 'c2', name: 'Grace' },
  ]);
  const state = JSON.parse(JSON.stringify(dehydrate(server)));
  for (const first of ['write', 'read one'] as const) {
    const client = hydrate(new Controller({ clock: ctx.clock }), state);
    const list = client.getResponse(ctx.getCustomers)!;
    const runs: string[] = [];
    const stop = effect(() => void runs.push(client.get(Customer, { id: 'c2' })!.name));
    if (first === 'write') client.set(Customer, { id: 'c1' }, { id: 'c1', name: 'Ada L.' });
    assert.is(client.get(Customer, { id: 'c2' }), list[1], first);
    assert.equal(runs, ['Grace'], `${first}: the reader of c2 ran once`);
    assert.is(client.getResponse(ctx.getCustomers)![0]!.name, first === 'write' ? 'Ada L.' : 'Ada', first);
    stop();
  }
});

lean('refuses by name a field list holding __proto__, columns of another length and runs that do not add up', (ctx) => {
  const good = { fields: ['id', 'name'], pk: 'id', columns: [['c1'], ['Ada']], expires: [0, 1] };
  const state = (Customer: unknown) =>
    ({ version: 4, rows: { Customer }, converted: {}, lists: {}, responses: {} }) as unknown as DehydratedState;
  for (const schemas of [[], [Customer]]) {
    const refused = (rows: unknown, message: string) => assert.is(rejected(ctx, state(rows), schemas), message);
    refused({ ...good, fields: ['__proto__', 'id'] }, 'hydrate: malformed state at rows.Customer');
    refused({ ...good, pk: 'nope' }, 'hydrate: malformed state at rows.Customer');
    refused({ ...good, pks: [] }, 'hydrate: malformed state at rows.Customer');
    refused({ ...good, columns: [['c1']] }, 'hydrate: malformed state at rows.Customer');
    refused({ ...good, columns: [['c1'], ['Ada', 'x']] }, 'hydrate: malformed state at rows.Customer');
    refused({ ...good, columns: [['c1'], 'Ada'] }, 'hydrate: malformed state at rows.Customer');
    refused({ ...good, objects: [[1, { id: 'c2' }]] }, 'hydrate: malformed state at rows.Customer');
    refused({ ...good, objects: [['0', { id: 'c1' }]] }, 'hydrate: malformed state at rows.Customer');
    refused({ ...good, objects: { 0: { id: 'c1' } } }, 'hydrate: malformed state at rows.Customer');
    refused({ ...good, objects: [[0, 'c1']] }, 'hydrate: malformed state at rows.Customer.undefined');
    refused({ ...good, columns: [[''], ['x']] }, 'hydrate: malformed state at rows.Customer.');
    refused({ ...good, columns: [[{}], ['x']] }, 'hydrate: malformed state at rows.Customer.undefined');
    refused({ ...good, expires: [0, 2] }, 'hydrate: malformed state at rows.Customer: expires');
    refused({ ...good, expires: [] }, 'hydrate: malformed state at rows.Customer.c1');
    refused({ ...good, expires: ['soon', 1] }, 'hydrate: malformed state at rows.Customer.c1');
    let deep: unknown = 1;
    for (let i = 0; i < 600; i++) deep = [deep];
    refused({ ...good, columns: [['c1'], [deep]] }, 'hydrate: Customer c1 nests over 500 levels');
    refused({ ...good, objects: [[0, { id: 'c1', name: deep }]] }, 'hydrate: Customer c1 nests over 500 levels');
  }
});

lean('a row object holding __proto__ restored without its class reads as an instance of its class', (ctx) => {
  const text =
    '{"version":4,"rows":{"Customer":{"fields":["id","name"],"pk":"id","columns":[[null],[null]],"objects":[[0,{"id":"c1","name":"Ada","__proto__":{"isAdmin":true}}]],"expires":[0,1]}},"converted":{},"lists":{},"responses":{}}';
  const client = hydrate(new Controller({ clock: ctx.clock }), JSON.parse(text));
  const ada = client.get(Customer, { id: 'c1' })!;
  assert.is(Object.getPrototypeOf(ada), Customer.prototype);
  assert.is((ada as unknown as { isAdmin?: boolean }).isAdmin, undefined);
  assert.is(ada.name, 'Ada');
  assert.is(({} as { isAdmin?: boolean }).isAdmin, undefined);
});

lean('a response listing every row of a key in stored order names the key; any other list is written out', (ctx) => {
  const getItems = new RestEndpoint({ urlPrefix: ctx.server.url, path: '/items', schema: [Item] });
  const getSome = new RestEndpoint({ urlPrefix: ctx.server.url, path: '/items/some', schema: [Item] });
  const getPairs = new RestEndpoint({ urlPrefix: ctx.server.url, path: '/pairs', schema: [Pair] });
  const ctrl = new Controller({ clock: ctx.clock });
  ctrl.setResponse(getItems, [
    { id: 2, name: 'two', size: 2 },
    { id: 1, name: 'one' },
  ]);
  ctrl.setResponse(getSome, [{ id: '1' }, { id: '2' }]);
  ctrl.setResponse(getPairs, [{ a: 'x', b: 'y' }]);
  const text = JSON.stringify(dehydrate(ctrl));
  const state = JSON.parse(text);
  // Numeric pks in the pk column, a partial row among objects: the list is still the key's rows.
  assert.equal(state.responses[getItems.key()], [null, ctx.now, ctx.now + 60_000, false, 'Item']);
  assert.equal(state.responses[getSome.key()], [['1', '2'], ctx.now, ctx.now + 60_000, false], 'another order');
  assert.equal(state.responses[getPairs.key()], [null, ctx.now, ctx.now + 60_000, false, 'Pair']);
  for (const schemas of [[], [Item, Pair]]) {
    const client = hydrate(new Controller({ clock: ctx.clock }), JSON.parse(text), schemas);
    assert.equal(
      client.getResponse(getItems)?.map((i) => [i.id, i.name, i.size]),
      [
        ['2', 'two', 2],
        ['1', 'one', 0],
      ],
    );
    assert.is(client.getResponse(getSome)?.[0], client.getResponse(getItems)?.[1], 'one object per row');
    assert.is(client.getResponse(getPairs)?.[0]?.b, 'y');
    assert.is(JSON.stringify(dehydrate(client)), text, 'the same state again');
  }
  assert.is(ctx.server.requests.length, 0);
});

lean('refuses by name a response that names no rows of the state; reads a state of version 3', (ctx) => {
  const rows = { Customer: { fields: ['id', 'name'], pk: 'id', columns: [['c1'], ['Ada']], expires: [0, 1] } };
  const state = (response: unknown, version = 4) =>
    ({ version, rows, converted: {}, lists: {}, responses: { r: response } }) as unknown as DehydratedState;
  for (const schemas of [[], [Customer]]) {
    for (const response of [
      [null, 0, 0, false, 'Nope'],
      [null, 0, 0, false, 7],
      [['c1'], 0, 0, false, 'Customer'],
      [null, 0, 0, false, '__proto__'],
    ]) {
      assert.is(
        rejected(ctx, state(response), schemas),
        'hydrate: malformed state at responses.r: names no rows of the state',
        JSON.stringify(response),
      );
    }
  }
  // The response of key `r`, as an endpoint of that key reads it.
  const first = (ctrl: Controller) =>
    (
      ctrl.getResponse({ key: () => 'r', schema: [Customer] } as never, undefined as never) as Customer[] | undefined
    )?.[0]?.name;
  assert.is(first(hydrate(new Controller({ clock: ctx.clock }), state([['c1'], 0, ctx.now + 1, false], 3))), 'Ada');
  assert.is(
    first(hydrate(new Controller({ clock: ctx.clock }), state([null, 0, ctx.now + 1, false, 'Customer']))),
    'Ada',
  );
});
//#endregion

//#region hydrate
const wet = suite<Ctx>('hydrate');
wet.before.each(setup);
wet.after.each((ctx) => ctx.server.close());

wet('restores instances, deserialized fields and shared identity, sending no request for fresh data', async (ctx) => {
  const state = await serverState(ctx);
  const sent = ctx.server.requests.length;
  const client = hydrate(new Controller({ clock: ctx.clock }), state, [Invoice]);
  const list = await client.fetchIfStale(ctx.getInvoices);
  const one = await client.fetchIfStale(ctx.getInvoice, { id: 'i1' });
  const mine = await client.fetchIfStale(ctx.getByCustomer, { customer: 'c1' });
  assert.is(ctx.server.requests.length, sent, 'no request: responses and rows are fresh');
  const [i1, i2] = list;
  assert.instance(i1, Invoice);
  assert.instance(i1.amount, Decimal);
  assert.ok(i1.amount.equals(new Decimal('10.1')));
  assert.instance(i1.issuedAt, Date);
  assert.is(i1.issuedAt.toISOString(), '2026-01-01T00:00:00.000Z');
  assert.instance(i1.paidAt, Temporal.Instant);
  assert.ok(i1.paidAt!.equals(Temporal.Instant.from('2026-01-02T00:00:00Z')));
  assert.is(i2.paidAt, undefined, 'a field the row lacks keeps its class default');
  assert.instance(i1.customer, Customer);
  assert.is(i1.customer, i2.customer, 'one Customer object for one row');
  assert.is(one, i1, 'the entity endpoint reads the same object as the list');
  assert.is(mine[0], i1);
  assert.is(client.get(Invoice, { id: 'i2' }), i2);
  assert.equal(
    client.get(new All(Customer))?.map((c) => c.name),
    ['Ada'],
  );
  assert.equal(client.meta(ctx.getInvoices).value.fetchedAt, ctx.now);
  assert.equal(plain(dehydrate(client)), state, 'dehydrating the hydrated Controller gives the same state');
});

wet('expired data is stale after hydration: fetchIfStale sends one request', async (ctx) => {
  const state = await serverState(ctx);
  const client = new Controller({ clock: ctx.clock });
  hydrate(client, state, [Invoice]);
  ctx.now += 10_000;
  const before = ctx.server.count('GET', '/invoices');
  assert.ok(client.isStale(ctx.getInvoices));
  await client.fetchIfStale(ctx.getInvoices);
  await client.fetchIfStale(ctx.getInvoices);
  assert.is(ctx.server.count('GET', '/invoices'), before + 1);
});

wet('an invalidated response travels invalidated and refetches; an error stays behind', async (ctx) => {
  const ctrl = new Controller({ clock: ctx.clock });
  await ctrl.fetch(ctx.getInvoices);
  await ctrl.fetch(ctx.getCustomers);
  ctrl.invalidate(ctx.getCustomers);
  ctrl.setError(ctx.getInvoice, { id: 'i9' }, new Error('gone'));
  const state: DehydratedState = JSON.parse(JSON.stringify(dehydrate(ctrl)));
  assert.is(state.responses[ctx.getCustomers.key()][3], true);
  assert.is(state.responses[ctx.getInvoice.key({ id: 'i9' })], undefined, 'errors do not travel');
  const client = new Controller({ clock: ctx.clock });
  hydrate(client, state, [Invoice]);
  const before = ctx.server.count('GET', '/customers');
  assert.ok(client.meta(ctx.getCustomers).value.invalidated);
  await client.fetchIfStale(ctx.getCustomers);
  await client.fetchIfStale(ctx.getInvoices);
  assert.is(ctx.server.count('GET', '/customers'), before + 1);
  assert.not.ok(client.meta(ctx.getCustomers).value.invalidated);
});

wet('writes in one batch: a reader of several rows runs once', async (ctx) => {
  const state = await serverState(ctx);
  const client = new Controller({ clock: ctx.clock });
  const runs: unknown[] = [];
  const stop = effect(() => {
    runs.push(client.get(new All(Invoice))?.length);
    client.response(ctx.getInvoices).value;
    client.get(Customer, { id: 'c1' });
  });
  hydrate(client, state, [Invoice]);
  stop();
  assert.equal(runs, [undefined, 2]);
});

wet('keeps a stored response fetched later than the state, and merges rows like a response', async (ctx) => {
  const state = await serverState(ctx);
  const client = new Controller({ clock: ctx.clock });
  ctx.now += 5;
  ctx.server.route('GET', '/customers', (_req, res) => json(res, 200, [{ id: 'c1', name: 'Ada Lovelace' }]));
  await client.fetch(ctx.getCustomers);
  const stateWithCustomers = {
    ...state,
    responses: { ...state.responses, [ctx.getCustomers.key()]: [['c1', 'c2'], 1, 2, false] },
  };
  hydrate(client, stateWithCustomers as DehydratedState, [Invoice]);
  assert.equal(client.meta(ctx.getCustomers).value.fetchedAt, ctx.now, 'the later response stays');
  assert.is(client.get(Customer, { id: 'c1' })?.name, 'Ada', 'hydrated rows merge over stored ones');
});

/** The error `hydrate` throws, asserting it is a HydrationError and the Controller stayed empty. */
function rejected(ctx: Ctx, state: unknown, schemas: unknown[] = [Invoice]): string {
  const client = new Controller({ clock: ctx.clock });
  let error: unknown;
  try {
    hydrate(client, state as DehydratedState, schemas as never);
  } catch (e) {
    error = e;
  }
  assert.instance(error, HydrationError);
  assert.is((error as Error).name, 'HydrationError');
  assert.equal(
    plain(dehydrate(client)),
    { version: 4, rows: {}, converted: {}, lists: {}, responses: {} },
    'nothing written',
  );
  assert.is(client.get(Customer, { id: 'c1' }), undefined);
  return (error as Error).message;
}

wet('rejects another version or a malformed state by name, writing nothing', async (ctx) => {
  const state = await serverState(ctx);
  assert.is(rejected(ctx, { ...state, version: 2 }), 'hydrate: not a dehydrate() state of version 3 or 4');
  assert.is(rejected(ctx, 'nope'), 'hydrate: not a dehydrate() state of version 3 or 4');
  assert.is(rejected(ctx, { ...state, lists: [] }), 'hydrate: malformed state at state');
  assert.is(rejected(ctx, { ...state, rows: { Zed: [] } }), 'hydrate: malformed state at rows.Zed');
  const badRow = withRows(state, { ...rowsByPk(state), Zed: { z1: [{ id: 'z1' }, 'soon'] } });
  assert.is(rejected(ctx, badRow), 'hydrate: malformed state at rows.Zed.z1');
  const badResponse = { ...state, responses: { ...state.responses, zz: ['x', 1] } };
  assert.is(
    rejected(ctx, badResponse),
    'hydrate: malformed state at responses.zz: fetchedAt and expiresAt must be times, invalidated a boolean',
  );
  const badList = { ...state, lists: { L: { '': [[], 'x'] } } };
  assert.is(rejected(ctx, badList), 'hydrate: malformed state at lists.L.: items are not pks');
  assert.is(rejected(ctx, { ...state, lists: { L: { a: 7 } } }), 'hydrate: malformed state at lists.L.a');
  assert.is(rejected(ctx, { ...state, lists: { L: 7 } }), 'hydrate: malformed state at lists.L');
});

wet('a running Controller keeps its data, meta and readers untouched when a state is rejected', async (ctx) => {
  const state = await serverState(ctx);
  const client = new Controller({ clock: ctx.clock });
  await client.fetch(ctx.getCustomers);
  const before = dehydrate(client);
  const runs: unknown[] = [];
  const stop = effect(
    () => void runs.push(client.get(Customer, { id: 'c1' })?.name, client.getResponse(ctx.getInvoices)),
  );
  const bad = { ...state, responses: { ...state.responses, zz: ['x', 1] } };
  assert.throws(
    () => hydrate(client, bad as unknown as DehydratedState, [Invoice]),
    (e: Error) => e instanceof HydrationError && e.message.startsWith('hydrate: malformed state at responses.zz: '),
  );
  stop();
  assert.equal(dehydrate(client), before, 'rows, lists and responses as they were');
  assert.equal(runs, ['Ada', undefined], 'no reader re-ran');
});

wet('drops an own __proto__ key of a row: the entity stays an instance of its class', async (ctx) => {
  const state = await serverState(ctx);
  // (A row with fields of its own travels as its object; its cells in the columns are null.)
  const tampered: DehydratedState = JSON.parse(JSON.stringify(state));
  const customers = tampered.rows.Customer as unknown as {
    fields: string[];
    columns: unknown[][];
    objects?: unknown[];
  };
  const at = customers.columns[customers.fields.indexOf('id')]!.indexOf('c1');
  for (const column of customers.columns) column[at] = null;
  customers.objects = [[at, JSON.parse('{"id":"c1","name":"Ada","__proto__":{"isAdmin":true}}')]];
  assert.ok(Object.hasOwn(rowsByPk(tampered).Customer.c1[0], '__proto__'), 'the state does carry the key');
  const client = hydrate(new Controller({ clock: ctx.clock }), tampered, [Invoice]);
  const ada = client.get(Customer, { id: 'c1' })!;
  assert.instance(ada, Customer);
  assert.is(Object.getPrototypeOf(ada), Customer.prototype);
  assert.is((ada as unknown as { isAdmin?: boolean }).isAdmin, undefined);
  assert.is(ada.name, 'Ada');
});

wet(
  'keeps own __proto__ keys of keyed list items and response data as own keys, as a response stores them',
  async (ctx) => {
    const byName = new Collection(new Values(Customer), { key: 'CustomersByName' });
    const getByName = new RestEndpoint({ urlPrefix: ctx.server.url, path: '/by-name', schema: byName });
    const getStats = new RestEndpoint({ urlPrefix: ctx.server.url, path: '/stats' });
    const server = new Controller({ clock: ctx.clock });
    server.setResponse(getByName, { ada: { id: 'c1', name: 'Ada' } });
    server.setResponse(getStats, { total: 2 });
    const text = JSON.stringify(dehydrate(server))
      .replace('{"ada":"c1"}', '{"ada":"c1","__proto__":"c1"}')
      .replace('{"total":2}', '{"total":2,"__proto__":{"polluted":true}}');
    const tampered: DehydratedState = JSON.parse(text);
    assert.is(text.split('__proto__').length, 3, 'the state does carry both keys');
    const client = hydrate(new Controller({ clock: ctx.clock }), tampered, [Customer]);
    const people = client.getResponse(getByName)!;
    assert.is(Object.getPrototypeOf(people), Object.prototype, 'the keyed items are a plain object');
    assert.equal(Object.keys(people), ['ada', '__proto__']);
    assert.instance(people.ada, Customer);
    assert.is(Object.getOwnPropertyDescriptor(people, '__proto__')?.value, people.ada, 'an own key, read as data');
    const stats = client.getResponse(getStats) as Record<string, unknown>;
    assert.is(Object.getPrototypeOf(stats), Object.prototype);
    assert.is(stats.polluted, undefined);
    assert.is(stats.total, 2);
    assert.is(({} as Record<string, unknown>).polluted, undefined);
  },
);

wet('rejects data nested deeper than the shared limit (500 levels) by name, writing nothing', (ctx) => {
  let deep: unknown = 1;
  for (let i = 0; i < 5000; i++) deep = { deep };
  const state = { version: 4, rows: {}, converted: {}, lists: {}, responses: { k: [deep, 1, 2, false] } };
  const client = new Controller({ clock: ctx.clock });
  assert.throws(
    () => hydrate(client, state as unknown as DehydratedState),
    (e: Error) =>
      e instanceof HydrationError && e.message === 'hydrate: malformed state at responses.k: nests over 500 levels',
  );
  assert.equal(plain(dehydrate(client).responses), {});
});

wet('rejects a field that fails to deserialize, after good rows, writing none of them', async (ctx) => {
  const state = await serverState(ctx);
  const rows = rowsByPk(state);
  const i2 = rows.Invoice!.i2!;
  const bad = withRows(state, { ...rows, Invoice: { ...rows.Invoice, i2: [{ ...i2[0], amount: 'lots' }, i2[1]] } });
  assert.match(
    rejected(ctx, bad),
    /^hydrate: Invoice i2: Invoice\.amount at the response could not be deserialized from (?:"lots"|string)/,
  );
});

wet('restores rows without their classes: the class that first reads them deserializes their fields', async (ctx) => {
  const state = await serverState(ctx);
  const sent = ctx.server.requests.length;
  const client = hydrate(new Controller({ clock: ctx.clock }), state);
  // Before any reader, the state travels on as it came (the fields are still named as converted).
  assert.equal(plain(dehydrate(client)), state, 'dehydrating before the first read gives the same state');
  const [i1, i2] = await client.fetchIfStale(ctx.getInvoices);
  assert.is(ctx.server.requests.length, sent, 'no request: responses and rows are fresh');
  assert.instance(i1, Invoice);
  assert.instance(i1.amount, Decimal);
  assert.ok(i1.amount.equals(new Decimal('10.1')));
  assert.instance(i1.issuedAt, Date);
  assert.is(i1.issuedAt.toISOString(), '2026-01-01T00:00:00.000Z');
  assert.instance(i1.paidAt, Temporal.Instant);
  assert.instance(i2.amount, Decimal);
  assert.is(i2.paidAt, undefined, 'a field the row lacks keeps its class default');
  assert.is(client.get(Invoice, { id: 'i2' }), i2);
  assert.is(await client.fetchIfStale(ctx.getInvoice, { id: 'i1' }), i1);
  assert.is(ctx.server.requests.length, sent);
  assert.equal(plain(dehydrate(client)), state, 'dehydrating after the first read gives the same state');
  assert.is(typeof rowsByPk(state).Invoice!.i1![0].amount, 'string', 'the given state is left as it was');
  // Nested schemas are followed when they are given: an endpoint's schema reaches Invoice through an array.
  const given = hydrate(new Controller({ clock: ctx.clock }), state, [{ list: ctx.getInvoices.schema }]);
  assert.instance(given.get(Invoice, { id: 'i1' })?.amount, Decimal);
});

wet('a restored row is deserialized before a response merges into it', async (ctx) => {
  const state = await serverState(ctx);
  const client = hydrate(new Controller({ clock: ctx.clock }), state);
  // A refetch of equal data before any read changes no row's value (rule 2; their expiry
  // moves): the rows were deserialized before the response was compared with them.
  const changed: string[] = [];
  const stop = onCommit(client, (commit) => {
    for (const row of commit.rows) if (row.after !== row.before) changed.push(`${row.key} ${row.pk}`);
  });
  ctx.now += 1;
  await client.fetch(ctx.getInvoices);
  stop();
  assert.equal(changed, []);
  // A write of another Invoice reaches the table first: the restored rows are deserialized then.
  client.set(Invoice, { id: 'i3' }, { id: 'i3', amount: '1', issuedAt: '2026-03-01T00:00:00.000Z' });
  ctx.now += 1;
  await client.fetch(ctx.getInvoice, { id: 'i1' });
  const i1 = client.get(Invoice, { id: 'i1' })!;
  assert.instance(i1.amount, Decimal);
  assert.instance(i1.issuedAt, Date);
  assert.instance(client.get(Invoice, { id: 'i2' })!.issuedAt, Date);
});

wet(
  'without its class, a field that fails to deserialize is harmless: the row shows the class default there',
  async (ctx) => {
    const state = await serverState(ctx);
    const rows = rowsByPk(state);
    const i2 = rows.Invoice!.i2!;
    const bad = withRows(state, {
      ...rows,
      Invoice: { ...rows.Invoice, i2: [{ ...i2[0], amount: 'lots' }, i2[1]] },
    }) as DehydratedState;
    const logged: unknown[] = [];
    const error = console.error;
    console.error = (e: unknown) => logged.push(e);
    try {
      const client = hydrate(new Controller({ clock: ctx.clock }), bad);
      const [i1, two] = await client.fetchIfStale(ctx.getInvoices);
      assert.ok(i1!.amount.equals(new Decimal('10.1')), 'the good row restores');
      assert.ok(two!.amount.equals(new Decimal(0)), 'the class default');
      assert.instance(two!.issuedAt, Date);
    } finally {
      console.error = error;
    }
    assert.is(logged.length, dev ? 1 : 0);
    if (dev)
      assert.match(
        (logged[0] as Error).message,
        /^hydrate: Invoice i2: Invoice\.amount at .* could not be deserialized/,
      );
  },
);

wet('the core Controller starts from initialState, with no classes named', async (ctx) => {
  const state = await serverState(ctx);
  const sent = ctx.server.requests.length;
  const client = new Controller({ clock: ctx.clock, initialState: state });
  const [i1] = await client.fetchIfStale(ctx.getInvoices);
  assert.instance(i1!.issuedAt, Date);
  assert.instance(i1!.amount, Decimal);
  assert.is(ctx.server.requests.length, sent, 'no request while fresh');
  assert.not.ok(client.isStale(ctx.getInvoices));
  // A state it refuses goes to onError; the Controller starts empty.
  const errors: unknown[] = [];
  const empty = new Controller({ onError: (e) => errors.push(e), initialState: { version: 3 } as never });
  assert.is(errors.length, 1);
  assert.instance(errors[0], HydrationError);
  assert.equal(plain(dehydrate(empty).rows), {});
});
//#endregion

dry.run();
lean.run();
wet.run();
