// Founding spec, "Transform rules" 1–10: every case goes through ctrl.fetch against a real
// HTTP server and checks both what the server received and what the cache holds.
import Decimal from 'decimal.js';
import { Temporal } from 'temporal-polyfill';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { All, Collection, Controller, Entity, Query, RestEndpoint, effect, schema } from '../../src/index.js';
import {
  BlobDownloadEndpoint,
  BufferDownloadEndpoint,
  CamelCaseEndpoint,
  ExchangePrice,
  LegacyPrice,
  PaginatedEndpoint,
  RenameEndpoint,
  Stats,
  Stream,
  Ticker,
  Todo,
  User,
  deepCamelCase,
  deepSnakeCase,
} from '../_fixtures/spec-models.js';
import { json, send, sleep, startServer, type TestServer } from '../_fixtures/server.js';

type Ctx = { server: TestServer };
const lastBody = (server: TestServer) => JSON.parse(server.requests.at(-1)!.body);

//#region 1. key-case conversion
class Member extends Entity {
  id = '';
  firstName = '';
  lastName = '';
  middleName: string | null = '';
  tags: string[] = [];
  homeAddress: { streetName: string; postCode: string } | null = null;
  pastAddresses: { streetName: string; movedOutAt: string }[] = [];
  teamLead: Member | undefined = undefined;
  override pk() {
    return this.id;
  }
  static override key = 'Member';
}
Member.schema = { teamLead: Member };

const keyCase = suite<Ctx>('transform 1: key-case conversion');
keyCase.before.each(async (ctx) => {
  CamelCaseEndpoint.parentBodies.length = 0;
  ctx.server = await startServer();
  ctx.server.route('POST', '/members', (req, res) => json(res, 201, { id: 'm1', ...JSON.parse(req.body) }));
  ctx.server.route('GET', '/members/:id', (req, res) =>
    json(res, 200, {
      id: req.params.id,
      first_name: 'Grace',
      last_name: 'Hopper',
      middle_name: null,
      tags: ['rear_admiral', 'cobol'],
      home_address: { street_name: 'Main St', post_code: '10001' },
      past_addresses: [
        { street_name: 'Elm St', moved_out_at: '1950-01-01' },
        { street_name: 'Oak Ave', moved_out_at: '1960-06-30' },
      ],
      team_lead: { id: 'lead', first_name: 'Howard', last_name: 'Aiken', middle_name: null },
    }),
  );
  ctx.server.route('DELETE', '/members/:id', (_req, res) => send(res, 204, ''));
});
keyCase.after.each((ctx) => ctx.server.close());

keyCase('the deep transform recurses into arrays and objects and leaves null and non-objects alone', () => {
  const wire = {
    first_name: 'Ada',
    middle_name: null,
    visit_count: 3,
    is_admin: false,
    tags: ['snake_value', 7, null],
    past_addresses: [{ street_name: 'Elm', geo_point: { lat_deg: 1, lng_deg: 2 } }, [{ post_code: 'x_y' }]],
  };
  const client = {
    firstName: 'Ada',
    middleName: null,
    visitCount: 3,
    isAdmin: false,
    tags: ['snake_value', 7, null],
    pastAddresses: [{ streetName: 'Elm', geoPoint: { latDeg: 1, lngDeg: 2 } }, [{ postCode: 'x_y' }]],
  };
  assert.equal(deepCamelCase(wire), client);
  assert.equal(deepSnakeCase(client), wire);
  assert.is(deepCamelCase(null), null);
  assert.is(deepCamelCase('a_b'), 'a_b');
  assert.is(deepCamelCase(5), 5);
});

keyCase(
  'a non-empty body is deep snake_cased on the wire; the response lands camelCased in the rows',
  async ({ server }) => {
    const ctrl = new Controller();
    const createMember = new CamelCaseEndpoint({
      urlPrefix: server.url,
      path: '/members',
      method: 'POST',
      schema: Member,
    });
    const body = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      middleName: null,
      tags: ['analytical_engine'],
      homeAddress: { streetName: 'St James Sq', postCode: 'SW1' },
      pastAddresses: [{ streetName: 'Marylebone', movedOutAt: '1835-07-08' }],
    };
    const created = await ctrl.fetch(createMember, body);

    const received = server.requests.at(-1)!;
    assert.is(received.method, 'POST');
    assert.match(String(received.headers['content-type']), /application\/json/);
    assert.equal(JSON.parse(received.body), {
      first_name: 'Ada',
      last_name: 'Lovelace',
      middle_name: null,
      tags: ['analytical_engine'],
      home_address: { street_name: 'St James Sq', post_code: 'SW1' },
      past_addresses: [{ street_name: 'Marylebone', moved_out_at: '1835-07-08' }],
    });
    assert.equal(
      body.pastAddresses[0],
      { streetName: 'Marylebone', movedOutAt: '1835-07-08' },
      'caller body untouched',
    );

    const row = ctrl.get(Member, { id: 'm1' })!;
    assert.instance(row, Member);
    assert.is(created, row);
    assert.is(row.firstName, 'Ada');
    assert.is(row.lastName, 'Lovelace');
    assert.is(row.middleName, null);
    assert.equal(row.tags, ['analytical_engine']);
    assert.equal(row.homeAddress, { streetName: 'St James Sq', postCode: 'SW1' });
    assert.equal(row.pastAddresses, [{ streetName: 'Marylebone', movedOutAt: '1835-07-08' }]);
    assert.not.ok(
      Object.keys(row).some((k) => k.includes('_')),
      `no snake_case key in ${Object.keys(row)}`,
    );
  },
);

keyCase(
  'a snake_case GET response is camelCased through nested objects, arrays of objects and nested entities',
  async ({ server }) => {
    const ctrl = new Controller();
    const getMember = new CamelCaseEndpoint({ urlPrefix: server.url, path: '/members/:id', schema: Member });
    await ctrl.fetch(getMember, { id: 'm2' });
    const row = ctrl.get(Member, { id: 'm2' })!;
    assert.is(row.firstName, 'Grace');
    assert.is(row.middleName, null);
    assert.equal(row.tags, ['rear_admiral', 'cobol'], 'string values are not renamed');
    assert.equal(row.homeAddress, { streetName: 'Main St', postCode: '10001' });
    assert.equal(row.pastAddresses, [
      { streetName: 'Elm St', movedOutAt: '1950-01-01' },
      { streetName: 'Oak Ave', movedOutAt: '1960-06-30' },
    ]);
    const lead = ctrl.get(Member, { id: 'lead' })!;
    assert.instance(lead, Member);
    assert.is(lead.firstName, 'Howard');
    assert.is(lead.middleName, null);
    assert.is(row.teamLead, lead);
    assert.not.ok(Object.keys(lead).some((k) => k.includes('_')));
  },
);

keyCase('an empty body is passed to the parent unchanged', async ({ server }) => {
  const ctrl = new Controller();
  const deleteMember = new CamelCaseEndpoint({ urlPrefix: server.url, path: '/members/:id', method: 'DELETE' });
  await ctrl.fetch(deleteMember, { id: 'm1' });
  assert.equal(CamelCaseEndpoint.parentBodies, [undefined]);
  const received = server.requests.at(-1)!;
  assert.is(received.method, 'DELETE');
  assert.is(received.path, '/members/m1');
  assert.is(received.body, '');
  assert.is(received.headers['content-type'], undefined);
});
//#endregion

//#region 2. deserializing fields
const PRICE = '68123.123456789012345678901234567891';
const deserializing = suite<
  Ctx & { prices: Record<string, { exchangePair: string; price: string; updatedAt: string }> }
>('transform 2: deserializing fields');
deserializing.before.each(async (ctx) => {
  ctx.prices = { 'BTC-USD': { exchangePair: 'BTC-USD', price: PRICE, updatedAt: '2024-05-01T12:34:56.789123456Z' } };
  ctx.server = await startServer();
  ctx.server.route('GET', '/price/:exchangePair', (req, res) => json(res, 200, ctx.prices[req.params.exchangePair]));
  ctx.server.route('GET', '/legacy/price/:exchangePair', (req, res) => {
    const p = ctx.prices[req.params.exchangePair];
    json(res, 200, { ...p, price: '42.5' });
  });
});
deserializing.after.each((ctx) => ctx.server.close());

deserializing(
  'Temporal.Instant.from and the decimal type convert the fields; no precision is lost',
  async ({ server }) => {
    const ctrl = new Controller();
    const getPrice = new RestEndpoint({ urlPrefix: server.url, path: '/price/:exchangePair', schema: ExchangePrice });
    const fetched = await ctrl.fetch(getPrice, { exchangePair: 'BTC-USD' });
    assert.is(server.requests.at(-1)!.path, '/price/BTC-USD');
    const row = ctrl.get(ExchangePrice, { exchangePair: 'BTC-USD' })!;
    assert.is(fetched, row);
    assert.instance(row.updatedAt, Temporal.Instant);
    assert.ok(row.updatedAt.equals(Temporal.Instant.from('2024-05-01T12:34:56.789123456Z')));
    assert.is(row.updatedAt.epochNanoseconds, 1714566896789123456n);
    assert.instance(row.price, Decimal);
    assert.is(row.price.toFixed(), PRICE);
    assert.ok(row.price.equals(new Decimal(PRICE)));
    assert.throws(() => +(row.updatedAt as unknown as number), 'Temporal valueOf throws');
  },
);

deserializing(
  'an identical refetch re-runs no effect; a changed one re-runs once (equality never uses valueOf)',
  async (ctx) => {
    const ctrl = new Controller();
    const getPrice = new RestEndpoint({
      urlPrefix: ctx.server.url,
      path: '/price/:exchangePair',
      schema: ExchangePrice,
    });
    const args = { exchangePair: 'BTC-USD' };
    await ctrl.fetch(getPrice, args);
    let rowRuns = 0;
    let responseRuns = 0;
    const stopRow = effect(() => {
      ctrl.get(ExchangePrice, args);
      rowRuns++;
    });
    const stopResponse = effect(() => {
      ctrl.response(getPrice, args).value;
      responseRuns++;
    });
    const before = ctrl.get(ExchangePrice, args);
    await ctrl.fetch(getPrice, args);
    await ctrl.fetch(getPrice, args);
    assert.is(ctx.server.count('GET', '/price/BTC-USD'), 3);
    assert.is(rowRuns, 1, 'identical data re-runs nothing');
    assert.is(responseRuns, 1);
    assert.is(ctrl.get(ExchangePrice, args), before);

    // One nanosecond later: the same millisecond, a different instant.
    ctx.prices['BTC-USD'] = { ...ctx.prices['BTC-USD'], updatedAt: '2024-05-01T12:34:56.789123457Z' };
    await ctrl.fetch(getPrice, args);
    assert.is(rowRuns, 2);
    assert.is(responseRuns, 2);
    assert.is(ctrl.get(ExchangePrice, args)!.updatedAt.epochNanoseconds, 1714566896789123457n);

    // A decimal digit past double precision.
    ctx.prices['BTC-USD'] = { ...ctx.prices['BTC-USD'], price: '68123.123456789012345678901234567892' };
    await ctrl.fetch(getPrice, args);
    assert.is(rowRuns, 3);
    assert.is(ctrl.get(ExchangePrice, args)!.price.toFixed(), '68123.123456789012345678901234567892');
    stopRow();
    stopResponse();
  },
);

deserializing(
  'the legacy Date field uses a function schema iso => new Date(iso); identical refetch re-runs nothing',
  async (ctx) => {
    const ctrl = new Controller();
    const getLegacy = new RestEndpoint({
      urlPrefix: ctx.server.url,
      path: '/legacy/price/:exchangePair',
      schema: LegacyPrice,
    });
    const args = { exchangePair: 'BTC-USD' };
    await ctrl.fetch(getLegacy, args);
    const row = ctrl.get(LegacyPrice, args)!;
    assert.instance(row.updatedAt, Date);
    assert.is(row.updatedAt.toISOString(), '2024-05-01T12:34:56.789Z');
    assert.is(row.price, 42.5, 'Number converts the string');
    let runs = 0;
    const stop = effect(() => {
      ctrl.get(LegacyPrice, args);
      runs++;
    });
    await ctrl.fetch(getLegacy, args);
    assert.is(runs, 1);
    assert.is(ctrl.get(LegacyPrice, args), row);
    ctx.prices['BTC-USD'] = { ...ctx.prices['BTC-USD'], updatedAt: '2024-05-01T12:34:57.000Z' };
    await ctrl.fetch(getLegacy, args);
    assert.is(runs, 2);
    assert.is(ctrl.get(LegacyPrice, args)!.updatedAt.getTime(), Date.parse('2024-05-01T12:34:57.000Z'));
    stop();
  },
);
//#endregion

//#region 3. missing identifier
const TICKER_WIRE = {
  trade_id: 86326522,
  price: 6268.48,
  size: '0.00698254',
  time: '2020-03-20T00:22:57.833Z',
  bid: '6265.15',
  ask: '6267.71',
  volume: '53602.03940154',
};

const missingId = suite<Ctx>('transform 3: missing identifier');
missingId.before.each(async (ctx) => {
  ctx.server = await startServer();
  ctx.server.route('GET', '/helix/streams/:username', (req, res) =>
    json(res, 200, { title: `${req.params.username} live`, game: 'Fortnite', current_viewers: 1234, live: true }),
  );
  ctx.server.route('GET', '/products/:productId/ticker', (_req, res) => json(res, 200, TICKER_WIRE));
});
missingId.after.each((ctx) => ctx.server.close());

missingId(
  'Stream: process sets username from the path argument; ctrl.get(Stream, { username }) finds it',
  async ({ server }) => {
    const ctrl = new Controller();
    const getStream = new RestEndpoint({
      urlPrefix: `${server.url}/helix/streams`,
      path: '/:username',
      schema: Stream,
      process(value: any, { username }) {
        const stream = deepCamelCase(value) as Record<string, unknown>;
        stream.username = username;
        return stream;
      },
    });
    const ninja = await ctrl.fetch(getStream, { username: 'ninja' });
    await ctrl.fetch(getStream, { username: 'shroud' });
    assert.equal(
      server.requests.map((r) => r.path),
      ['/helix/streams/ninja', '/helix/streams/shroud'],
    );
    const row = ctrl.get(Stream, { username: 'ninja' })!;
    assert.instance(row, Stream);
    assert.is(row, ninja);
    assert.is(row.username, 'ninja');
    assert.is(row.title, 'ninja live');
    assert.is(row.game, 'Fortnite');
    assert.is(row.currentViewers, 1234);
    assert.is(row.live, true);
    assert.is(ctrl.get(Stream, { username: 'shroud' })!.title, 'shroud live');
    assert.is(ctrl.get(new All(Stream))!.length, 2);
  },
);

missingId('Ticker: process sets product_id from productId', async ({ server }) => {
  const ctrl = new Controller();
  const getTicker = new RestEndpoint({
    urlPrefix: server.url,
    path: '/products/:productId/ticker',
    schema: Ticker,
    process(value: any, { productId }) {
      value.product_id = productId;
      return value;
    },
  });
  await ctrl.fetch(getTicker, { productId: 'BTC-USD' });
  assert.is(server.requests.at(-1)!.path, '/products/BTC-USD/ticker');
  const row = ctrl.get(Ticker, { product_id: 'BTC-USD' })!;
  assert.instance(row, Ticker);
  assert.is(row.product_id, 'BTC-USD');
  assert.is(row.trade_id, 86326522);
  assert.is(row.price, 6268.48);
  assert.is(row.size, '0.00698254');
  assert.is(row.bid, '6265.15');
  assert.is(row.ask, '6267.71');
  assert.is(row.volume, '53602.03940154');
  assert.instance(row.time, Temporal.Instant);
  assert.is(row.time.toString(), '2020-03-20T00:22:57.833Z');
  assert.is(ctrl.response(getTicker, { productId: 'BTC-USD' }).value, row);
});
//#endregion

//#region 4. polling
const polling = suite<Ctx & { polls: number }>('transform 4: polling');
polling.before.each(async (ctx) => {
  ctx.polls = 0;
  ctx.server = await startServer();
  ctx.server.route('GET', '/products/:productId/ticker', (_req, res) => {
    ctx.polls++;
    json(res, 200, { ...TICKER_WIRE, trade_id: TICKER_WIRE.trade_id + ctx.polls, price: 6000 + ctx.polls });
  });
});
polling.after.each((ctx) => ctx.server.close());

polling('the ticker endpoint polls every 2000 ms while subscribed and stops on unsubscribe', async ({ server }) => {
  const ctrl = new Controller();
  const getTicker = new RestEndpoint({
    urlPrefix: server.url,
    path: '/products/:productId/ticker',
    schema: Ticker,
    pollFrequency: 2000,
    process(value: any, { productId }) {
      value.product_id = productId;
      return value;
    },
  });
  const args = { productId: 'BTC-USD' };
  const unsubscribe = ctrl.subscribe(getTicker, args);
  assert.is(ctrl.subscriptionCount(getTicker, args), 1);
  await sleep(2200);
  assert.is(server.count('GET', '/products/BTC-USD/ticker'), 2, 'the initial fetch and one poll');
  assert.is(ctrl.get(Ticker, { product_id: 'BTC-USD' })!.price, 6002, 'the polled value is cached');
  unsubscribe();
  assert.is(ctrl.subscriptionCount(getTicker, args), 0);
  await sleep(2100);
  assert.is(server.count('GET', '/products/BTC-USD/ticker'), 2, 'no request after unsubscribe');
});
//#endregion

//#region 5. headers and pagination
const headers = suite<Ctx>('transform 5: headers and pagination');
headers.before.each(async (ctx) => {
  ctx.server = await startServer();
  const pages: Record<string, { id: string; name: string; isAdmin?: boolean }[]> = {
    '': [
      { id: 'u1', name: 'Ada', isAdmin: true },
      { id: 'u2', name: 'Bob' },
    ],
    '2': [{ id: 'u3', name: 'Cy', isAdmin: false }],
  };
  ctx.server.route('GET', '/users', (req, res) => {
    const cursor = req.query.get('cursor') ?? '';
    const link: Record<string, string> =
      cursor === '' ? { link: `<${ctx.server.url}/users?cursor=2>; rel="next"` } : {};
    json(res, 200, pages[cursor], link);
  });
  ctx.server.route('GET', '/users/:id', (req, res) => json(res, 200, { id: req.params.id, name: 'Solo' }));
  ctx.server.route('GET', '/linked/users', (_req, res) =>
    json(res, 200, { items: 1 }, { link: '<https://example.com/next>; rel="next"' }),
  );
});
headers.after.each((ctx) => ctx.server.close());

headers(
  'a link header gives { link, results }; the users are cached; the cursor fetches the next page',
  async ({ server }) => {
    const ctrl = new Controller();
    const getUsers = new PaginatedEndpoint({
      urlPrefix: server.url,
      path: '/users',
      searchParams: {} as { cursor?: string },
      schema: { results: [User] },
    });
    const page1 = await ctrl.fetch(getUsers);
    assert.is(page1.link, `<${server.url}/users?cursor=2>; rel="next"`);
    assert.is(page1.results.length, 2);
    assert.instance(page1.results[0], User);
    assert.is(page1.results[0], ctrl.get(User, { id: 'u1' }));
    assert.is(ctrl.get(User, { id: 'u2' })!.name, 'Bob');
    assert.is(ctrl.response(getUsers).value!.link, page1.link);

    const cursor = new URL(/<([^>]+)>/.exec(page1.link)![1]).searchParams.get('cursor')!;
    const page2 = await ctrl.fetch(getUsers, { cursor });
    assert.is(server.requests.at(-1)!.query.get('cursor'), '2');
    assert.is(page2.link, null, 'an array without a link header still gives { link, results }');
    assert.equal(
      page2.results.map((u: User) => u.id),
      ['u3'],
    );
    assert.equal(
      ctrl.get(new All(User))!.map((u) => u.id),
      ['u1', 'u2', 'u3'],
    );
  },
);

headers(
  'a non-array body without a link header is returned as parsed; with a link header it is wrapped',
  async ({ server }) => {
    const ctrl = new Controller();
    const getUser = new PaginatedEndpoint({ urlPrefix: server.url, path: '/users/:id', schema: User });
    const user = await ctrl.fetch(getUser, { id: 'u9' });
    assert.instance(user, User);
    assert.is(ctrl.get(User, { id: 'u9' })!.name, 'Solo');
    const linked = new PaginatedEndpoint({ urlPrefix: server.url, path: '/linked/users' });
    assert.equal(await ctrl.fetch(linked), { link: '<https://example.com/next>; rel="next"', results: { items: 1 } });
  },
);
headers(
  'fetchResponse, overridden with a call to super, reaches the HTTP headers through the Response',
  async ({ server }) => {
    server.route('GET', '/limited/users', (_req, res) =>
      json(res, 200, [{ id: 'u7', name: 'Lim' }], { 'x-ratelimit-remaining': '41' }),
    );
    const remaining: (string | null)[] = [];
    class RateLimitedEndpoint<P extends string> extends RestEndpoint<P> {
      override async fetchResponse(input: string, init: RequestInit) {
        const response = await super.fetchResponse(input, init);
        remaining.push(response.headers.get('x-ratelimit-remaining'));
        return response;
      }
    }
    const ctrl = new Controller();
    const users = await ctrl.fetch(
      new RateLimitedEndpoint({ urlPrefix: server.url, path: '/limited/users', schema: [User] }),
    );
    assert.equal(remaining, ['41']);
    assert.is(users[0], ctrl.get(User, { id: 'u7' }));
  },
);
//#endregion

//#region 6. file download
const FILE_TEXT = 'quarterly numbers, all of them';
const BYTES = new Uint8Array([0, 255, 1, 254, 128, 127, 10, 13]);
const download = suite<Ctx>('transform 6: file download');
download.before.each(async (ctx) => {
  ctx.server = await startServer();
  ctx.server.route('GET', '/files/:id/download', (req, res) => {
    const id = req.params.id;
    if (id === 'named') {
      send(res, 200, FILE_TEXT, {
        'content-type': 'text/plain',
        'content-disposition': 'attachment; filename="report.txt"',
      });
    } else if (id === 'bare') {
      send(res, 200, 'a,b\n1,2\n', {
        'content-type': 'text/csv',
        'content-disposition': 'attachment; filename=data.csv',
      });
    } else if (id === 'binary') {
      send(res, 200, BYTES, {
        'content-type': 'application/octet-stream',
        'content-disposition': 'attachment; filename="raw.bin"',
      });
    } else {
      send(res, 200, FILE_TEXT, { 'content-type': 'application/octet-stream' });
    }
  });
});
download.after.each((ctx) => ctx.server.close());

download('a blob with the Content-Disposition filename; nothing is retained in the cache', async ({ server }) => {
  const ctrl = new Controller();
  const downloadFile = new BlobDownloadEndpoint({
    urlPrefix: server.url,
    path: '/files/:id/download',
    schema: undefined,
    dataExpiryLength: 0,
    process(value: { blob: Blob; filename: string }) {
      return value;
    },
  });
  const file = await ctrl.fetch(downloadFile, { id: 'named' });
  assert.is(server.requests.at(-1)!.path, '/files/named/download');
  assert.instance(file.blob, Blob);
  assert.is(file.blob.size, FILE_TEXT.length);
  assert.is(await file.blob.text(), FILE_TEXT);
  assert.is(file.filename, 'report.txt');
  assert.is(ctrl.response(downloadFile, { id: 'named' }).value, undefined, 'the body is not retained');

  const bare = await ctrl.fetch(downloadFile, { id: 'bare' });
  assert.is(bare.filename, 'data.csv', 'an unquoted filename parameter');
  assert.is(await bare.blob.text(), 'a,b\n1,2\n');

  const nameless = await ctrl.fetch(downloadFile, { id: 'plain' });
  assert.is(nameless.filename, 'download', 'no Content-Disposition header falls back to "download"');
  assert.is(await nameless.blob.text(), FILE_TEXT);
  assert.is(ctrl.response(downloadFile, { id: 'plain' }).value, undefined);

  // Nothing retained: asking again goes to the network again.
  await ctrl.fetchIfStale(downloadFile, { id: 'named' });
  assert.is(server.count('GET', '/files/named/download'), 2);
});

download('the arrayBuffer variant reads an in-memory binary buffer the same way', async ({ server }) => {
  const ctrl = new Controller();
  const downloadBuffer = new BufferDownloadEndpoint({
    urlPrefix: server.url,
    path: '/files/:id/download',
    schema: undefined,
    dataExpiryLength: 0,
    process(value: { buffer: ArrayBuffer; filename: string }) {
      return value;
    },
  });
  const file = await ctrl.fetch(downloadBuffer, { id: 'binary' });
  assert.instance(file.buffer, ArrayBuffer);
  assert.equal([...new Uint8Array(file.buffer)], [...BYTES]);
  assert.is(file.filename, 'raw.bin');
  const nameless = await ctrl.fetch(downloadBuffer, { id: 'plain' });
  assert.is(nameless.filename, 'download');
  assert.is(new TextDecoder().decode(nameless.buffer), FILE_TEXT);
  assert.is(ctrl.response(downloadBuffer, { id: 'binary' }).value, undefined);
});
//#endregion

//#region 7. key renaming
class Account extends Entity {
  id = '';
  displayName = '';
  email = '';
  override pk() {
    return this.id;
  }
  static override key = 'Account';
}

const renaming = suite<Ctx>('transform 7: key renaming');
renaming.before.each(async (ctx) => {
  ctx.server = await startServer();
  ctx.server.route('POST', '/accounts', (req, res) => json(res, 201, { id: 'a1', ...JSON.parse(req.body) }));
  ctx.server.route('GET', '/accounts/:id', (req, res) =>
    req.params.id === 'a2'
      ? json(res, 200, { id: 'a2', email: 'no-name@example.com' })
      : json(res, 200, { id: req.params.id, screen_name: 'Grace', email: 'grace@example.com' }),
  );
});
renaming.after.each((ctx) => ctx.server.close());

renaming('getRequestInit sends the server key on a copy of the body; process renames it back', async ({ server }) => {
  const ctrl = new Controller();
  const createAccount = new RenameEndpoint({
    urlPrefix: server.url,
    path: '/accounts',
    method: 'POST',
    schema: Account,
  });
  const body = { displayName: 'Ada', email: 'ada@example.com' };
  const created = await ctrl.fetch(createAccount, body);
  assert.equal(lastBody(server), { screen_name: 'Ada', email: 'ada@example.com' });
  assert.equal(body, { displayName: 'Ada', email: 'ada@example.com' }, 'the caller body is not mutated');
  const row = ctrl.get(Account, { id: 'a1' })!;
  assert.is(created, row);
  assert.is(row.displayName, 'Ada');
  assert.is(row.email, 'ada@example.com');
  assert.not.ok('screen_name' in row);
});

renaming('a GET response with the server key is renamed; without it the value is unchanged', async ({ server }) => {
  const ctrl = new Controller();
  const getAccount = new RenameEndpoint({ urlPrefix: server.url, path: '/accounts/:id', schema: Account });
  await ctrl.fetch(getAccount, { id: 'a3' });
  const row = ctrl.get(Account, { id: 'a3' })!;
  assert.is(row.displayName, 'Grace');
  assert.not.ok('screen_name' in row);
  assert.equal(await getAccount({ id: 'a2' }), { id: 'a2', email: 'no-name@example.com' });
  await ctrl.fetch(getAccount, { id: 'a2' });
  assert.is(ctrl.get(Account, { id: 'a2' })!.email, 'no-name@example.com');
});

renaming('a body without the client key is sent as is', async ({ server }) => {
  const ctrl = new Controller();
  const createAccount = new RenameEndpoint({
    urlPrefix: server.url,
    path: '/accounts',
    method: 'POST',
    schema: Account,
  });
  await ctrl.fetch(createAccount, { email: 'x@example.com' });
  assert.equal(lastBody(server), { email: 'x@example.com' });
});
//#endregion

//#region 8. fallback join
const tickerPrice = new Query(
  new schema.Object({ ticker: Ticker, stats: Stats }),
  ({ ticker, stats }) => ticker?.price ?? stats?.last,
);

const join = suite<Ctx>('transform 8: fallback join');
join.before.each(async (ctx) => {
  ctx.server = await startServer();
  ctx.server.route('GET', '/tickers/:product_id', (req, res) =>
    json(res, 200, { product_id: req.params.product_id, price: 101.5 }),
  );
  ctx.server.route('GET', '/stats/:product_id', (req, res) =>
    json(res, 200, { product_id: req.params.product_id, last: 99.25 }),
  );
});
join.after.each((ctx) => ctx.server.close());

const joinEndpoints = (server: TestServer) => ({
  getTicker: new RestEndpoint({ urlPrefix: server.url, path: '/tickers/:product_id', schema: Ticker }),
  getStats: new RestEndpoint({ urlPrefix: server.url, path: '/stats/:product_id', schema: Stats }),
});

join('stats only gives last; ticker and stats give the ticker price; neither gives undefined', async ({ server }) => {
  const ctrl = new Controller();
  const { getTicker, getStats } = joinEndpoints(server);
  const btc = { product_id: 'BTC-USD' };
  assert.is(ctrl.get(tickerPrice, btc), undefined);
  await ctrl.fetch(getStats, btc);
  assert.is(server.requests.at(-1)!.path, '/stats/BTC-USD');
  assert.is(ctrl.get(tickerPrice, btc), 99.25);
  await ctrl.fetch(getTicker, btc);
  assert.is(server.requests.at(-1)!.path, '/tickers/BTC-USD');
  assert.is(ctrl.get(tickerPrice, btc), 101.5);
  assert.is(ctrl.get(tickerPrice, { product_id: 'ETH-USD' }), undefined);
});

join('a streaming ticker update (ctrl.set) re-runs a live effect with the new price', async ({ server }) => {
  const ctrl = new Controller();
  const { getStats } = joinEndpoints(server);
  const btc = { product_id: 'BTC-USD' };
  const seen: unknown[] = [];
  const stop = effect(() => {
    seen.push(ctrl.get(tickerPrice, btc));
  });
  await ctrl.fetch(getStats, btc);
  ctrl.set(Ticker, { product_id: 'BTC-USD', price: 102, bid: '101.9' });
  ctrl.set(Ticker, { product_id: 'BTC-USD', price: 103 });
  ctrl.set(Ticker, { product_id: 'BTC-USD', price: 103 });
  ctrl.set(Ticker, { product_id: 'ETH-USD', price: 3000 });
  assert.equal(seen, [undefined, 99.25, 102, 103]);
  assert.is(ctrl.get(Ticker, btc)!.price, 103);
  assert.is(ctrl.get(Ticker, btc)!.bid, '101.9', 'a partial feed update keeps the other fields');
  stop();
});
//#endregion

//#region 9. count aggregate
const userCount = new Query(new All(User), (entries: User[], { isAdmin }: { isAdmin?: boolean } = {}) => {
  if (isAdmin !== undefined) return entries.filter((user) => user.isAdmin === isAdmin).length;
  return entries.length;
});

const count = suite<Ctx & { users: { id: string; name: string; isAdmin?: boolean }[] }>('transform 9: count aggregate');
count.before.each(async (ctx) => {
  ctx.users = [
    { id: 'u1', name: 'Ada', isAdmin: true },
    { id: 'u2', name: 'Bob', isAdmin: false },
    { id: 'u3', name: 'Cy' },
  ];
  ctx.server = await startServer();
  ctx.server.route('GET', '/users', (_req, res) => json(res, 200, ctx.users));
  ctx.server.route('PATCH', '/users/:id', (req, res) => {
    const user = ctx.users.find((u) => u.id === req.params.id)!;
    Object.assign(user, JSON.parse(req.body));
    json(res, 200, user);
  });
});
count.after.each((ctx) => ctx.server.close());

const countEndpoints = (server: TestServer) => ({
  getUsers: new RestEndpoint({ urlPrefix: server.url, path: '/users', schema: [User] }),
  updateUser: new RestEndpoint({ urlPrefix: server.url, path: '/users/:id', method: 'PATCH', schema: User }),
});

count('counts every user when isAdmin is not given, else those with isAdmin equal to it', async ({ server }) => {
  const ctrl = new Controller();
  const { getUsers } = countEndpoints(server);
  await ctrl.fetch(getUsers);
  assert.is(ctrl.get(userCount), 3);
  assert.is(ctrl.get(userCount, {}), 3);
  assert.is(ctrl.get(userCount, { isAdmin: undefined }), 3);
  assert.is(ctrl.get(userCount, { isAdmin: true }), 1);
  assert.is(ctrl.get(userCount, { isAdmin: false }), 1, 'a user without isAdmin is neither');
});

count('the count is live: added and toggled users update it; unrelated changes re-run nothing', async (ctx) => {
  const ctrl = new Controller();
  const { getUsers, updateUser } = countEndpoints(ctx.server);
  await ctrl.fetch(getUsers);
  let runs = 0;
  let last: unknown;
  const stop = effect(() => {
    last = [ctrl.get(userCount), ctrl.get(userCount, { isAdmin: true }), ctrl.get(userCount, { isAdmin: false })];
    runs++;
  });
  assert.equal(last, [3, 1, 1]);

  ctx.users.push({ id: 'u4', name: 'Di', isAdmin: true });
  await ctrl.fetch(getUsers);
  assert.equal(last, [4, 2, 1]);
  assert.is(runs, 2);

  await ctrl.fetch(updateUser, { id: 'u2' }, { isAdmin: true });
  assert.equal(JSON.parse(ctx.server.requests.at(-1)!.body), { isAdmin: true });
  assert.equal(last, [4, 3, 0]);
  assert.is(runs, 3);

  await ctrl.fetch(updateUser, { id: 'u3' }, { isAdmin: false });
  assert.equal(last, [4, 3, 1]);
  assert.is(runs, 4);

  await ctrl.fetch(updateUser, { id: 'u1' }, { name: 'Ada L.' });
  assert.is(ctrl.get(User, { id: 'u1' })!.name, 'Ada L.');
  assert.is(runs, 4, 'a rename changes no count');
  stop();
});
//#endregion

//#region 10. group-by aggregate
type Groups = Record<string, Todo[]>;
const groupByUser = (todos: Todo[]): Groups => {
  const groups: Groups = {};
  for (const todo of todos) (groups[todo.userId] ??= []).push(todo);
  return groups;
};
const todosByUser = new Query(new All(Todo), groupByUser);

const groupBy = suite<Ctx & { todos: { id: string; userId: string; title: string }[] }>(
  'transform 10: group-by aggregate',
);
groupBy.before.each(async (ctx) => {
  ctx.todos = [
    { id: 't1', userId: '1', title: 'write spec' },
    { id: 't2', userId: '2', title: 'review spec' },
    { id: 't3', userId: '1', title: 'ship it' },
  ];
  ctx.server = await startServer();
  ctx.server.route('GET', '/todos', (_req, res) => json(res, 200, ctx.todos));
  ctx.server.route('PATCH', '/todos/:id', (req, res) => {
    const todo = ctx.todos.find((t) => t.id === req.params.id)!;
    Object.assign(todo, JSON.parse(req.body));
    json(res, 200, todo);
  });
});
groupBy.after.each((ctx) => ctx.server.close());

groupBy('entries grouped by userId as an object of arrays', async ({ server }) => {
  const ctrl = new Controller();
  await ctrl.fetch(new RestEndpoint({ urlPrefix: server.url, path: '/todos', schema: [Todo] }));
  const groups = ctrl.get(todosByUser)!;
  assert.equal(Object.keys(groups).sort(), ['1', '2']);
  assert.equal(
    groups['1'].map((t) => t.id),
    ['t1', 't3'],
  );
  assert.equal(
    groups['2'].map((t) => t.id),
    ['t2'],
  );
  assert.instance(groups['1'][0], Todo);
  assert.is(groups['1'][0], ctrl.get(Todo, { id: 't1' }));
});

groupBy('identity: nothing changed gives the same object; a change keeps untouched groups', async (ctx) => {
  const ctrl = new Controller();
  const getTodos = new RestEndpoint({ urlPrefix: ctx.server.url, path: '/todos', schema: [Todo] });
  const updateTodo = new RestEndpoint({ urlPrefix: ctx.server.url, path: '/todos/:id', method: 'PATCH', schema: Todo });
  await ctrl.fetch(getTodos);
  const first = ctrl.get(todosByUser)!;
  assert.is(ctrl.get(todosByUser), first, 're-reading returns the same object');
  let runs = 0;
  const stop = effect(() => {
    ctrl.get(todosByUser);
    runs++;
  });
  await ctrl.fetch(getTodos);
  assert.is(ctrl.get(todosByUser), first, 'an identical refetch keeps the object');
  assert.is(runs, 1);

  await ctrl.fetch(updateTodo, { id: 't2' }, { title: 'reviewed' });
  const second = ctrl.get(todosByUser)!;
  assert.is.not(second, first);
  assert.is(runs, 2);
  assert.is(second['2'][0].title, 'reviewed');
  assert.is(second['1'], first['1'], 'the untouched group keeps its identity');
  stop();
});

groupBy('a Query on a Collection groups the same way', async ({ server }) => {
  const ctrl = new Controller();
  const getTodos = new RestEndpoint({ urlPrefix: server.url, path: '/todos', schema: new Collection([Todo]) });
  const byUser = new Query(getTodos.schema, groupByUser);
  assert.is(ctrl.get(byUser), undefined);
  await ctrl.fetch(getTodos);
  const groups = ctrl.get(byUser)!;
  assert.equal(Object.fromEntries(Object.entries(groups).map(([k, v]) => [k, v.map((t) => t.id)])), {
    '1': ['t1', 't3'],
    '2': ['t2'],
  });
  assert.is(ctrl.get(byUser), groups);
});
//#endregion

keyCase.run();
deserializing.run();
missingId.run();
polling.run();
headers.run();
download.run();
renaming.run();
join.run();
count.run();
groupBy.run();
