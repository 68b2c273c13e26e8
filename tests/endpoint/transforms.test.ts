/**
 * The spec's transform rules, as endpoint subclasses that override the hooks and call
 * super. Only what the endpoint does is asserted here; caching is the Controller's.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { RestEndpoint } from '../../src/endpoint/RestEndpoint.js';
import { Entity } from '../../src/schema/Entity.js';
import { json, send, startServer, type TestServer } from '../_fixtures/server.js';

let server: TestServer;
async function setup() {
  server = await startServer();
  server.route('POST', '/echo', (req, res) => json(res, 200, JSON.parse(req.body || 'null')));
  server.route('GET', '/profile', (_req, res) =>
    json(res, 200, {
      user_id: 'u1',
      display_name: 'Ann',
      recent_posts: [{ post_id: 1, tag_list: ['a_b'] }],
      last_seen: null,
    }),
  );
  server.route('GET', '/streams/:username', (_req, res) =>
    json(res, 200, { title: 'Live!', game: 'chess', current_viewers: 12, live: true }),
  );
  server.route('GET', '/products/:productId/ticker', (_req, res) =>
    json(res, 200, {
      trade_id: 7,
      price: 101.5,
      size: '1',
      time: '2024-01-01T00:00:00Z',
      bid: '1',
      ask: '2',
      volume: '3',
    }),
  );
  server.route('GET', '/users', (_req, res) => json(res, 200, [{ id: '1' }, { id: '2' }]));
  server.route('GET', '/users-linked', (_req, res) =>
    json(res, 200, [{ id: '3' }], { link: '<http://x/users?cursor=2>; rel="next"' }),
  );
  server.route('GET', '/me', (_req, res) => json(res, 200, { id: 'me' }));
  server.route('GET', '/me-linked', (_req, res) =>
    json(res, 200, { id: 'me' }, { link: '<http://x/me?v=2>; rel="alternate"' }),
  );
  server.route('GET', '/files/:id/download', (req, res) => {
    const headers: Record<string, string> = { 'content-type': 'application/octet-stream' };
    if (req.params.id === 'named') headers['content-disposition'] = 'attachment; filename="report 2024.pdf"';
    if (req.params.id === 'bare') headers['content-disposition'] = 'attachment; filename=plain.txt';
    send(res, 200, new Uint8Array([1, 2, 3, 255]), headers);
  });
  server.route('POST', '/accounts', (req, res) => json(res, 201, { ...JSON.parse(req.body), account_ref: 'r-1' }));
}

//#region rule 1: key-case conversion
const toCamel = (key: string) => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const toSnake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
function deepKeys(value: unknown, rename: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => deepKeys(item, rename));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [rename(k), deepKeys(v, rename)]));
}

const received: unknown[] = [];
class CamelEndpoint<
  P extends string = string,
  SP = {},
  M extends string = 'GET',
  B = unknown,
  R = any,
> extends RestEndpoint<P, SP, M, B, R> {
  override getRequestInit(body?: unknown) {
    if (body) return super.getRequestInit(deepKeys(body, toSnake));
    received.push(body);
    return super.getRequestInit(body);
  }
  override process(value: unknown, ..._args: unknown[]): R {
    return deepKeys(value, toCamel) as R;
  }
}

const caseConversion = suite('transform rule 1: key-case conversion');
caseConversion.before(setup);
caseConversion.after(() => server.close());

caseConversion('process camelCases response keys deeply, arrays and nested objects included', async () => {
  const getProfile = new CamelEndpoint({ urlPrefix: server.url, path: '/profile' });
  assert.equal(await getProfile(), {
    userId: 'u1',
    displayName: 'Ann',
    recentPosts: [{ postId: 1, tagList: ['a_b'] }],
    lastSeen: null,
  });
});

caseConversion('getRequestInit snake_cases the body deeply; the server sees snake_case', async () => {
  const echo = new CamelEndpoint({ urlPrefix: server.url, path: '/echo', method: 'POST' });
  const body = {
    firstName: 'Ann',
    homeAddress: { zipCode: '1' },
    petNames: [{ nickName: 'Rex' }, 'plainString', null, 3],
  };
  const result = await echo(body);
  assert.equal(JSON.parse(server.requests.at(-1)!.body), {
    first_name: 'Ann',
    home_address: { zip_code: '1' },
    pet_names: [{ nick_name: 'Rex' }, 'plainString', null, 3],
  });
  assert.equal(result, body, 'round trip through process restores the client keys');
  assert.equal(body.homeAddress, { zipCode: '1' }, 'the caller body is not mutated');
});

caseConversion('null and non-object values are left as they are', () => {
  assert.is(deepKeys(null, toSnake), null);
  assert.is(deepKeys('some_text', toCamel), 'some_text');
  assert.is(deepKeys(5, toCamel), 5);
  const ep = new CamelEndpoint({ path: '/x' });
  assert.is(ep.process(null), null);
  assert.is(ep.process('raw_text'), 'raw_text');
});

caseConversion('an empty body goes to the parent unchanged', async () => {
  const ep = new CamelEndpoint({ urlPrefix: server.url, path: '/echo', method: 'POST' });
  received.length = 0;
  const init = await ep.getRequestInit(undefined);
  assert.equal(received, [undefined]);
  assert.equal(init, await RestEndpoint.prototype.getRequestInit.call(ep, undefined));
  assert.is(init.body, undefined);
  assert.is(await ep(), null, 'no body sent, server echoes null');
});
//#endregion

//#region rule 3: missing identifier
class Stream extends Entity {
  username = '';
  title = '';
  game = '';
  currentViewers = 0;
  live = false;
  override pk() {
    return this.username;
  }
  static override key = 'Stream';
}

const missingPk = suite('transform rule 3: missing identifier from path arguments');
missingPk.before(setup);
missingPk.after(() => server.close());

missingPk('process fills username from the path argument (and camelCases the rest)', async () => {
  class StreamEndpoint<P extends string> extends CamelEndpoint<P> {
    override process(value: unknown, params: { username: string }) {
      const camel = super.process(value) as Record<string, unknown>;
      camel.username = params.username;
      return camel;
    }
  }
  const getStream = new StreamEndpoint({ urlPrefix: server.url, path: '/streams/:username', schema: Stream });
  const value = await getStream({ username: 'magnus' });
  assert.equal(value, { title: 'Live!', game: 'chess', currentViewers: 12, live: true, username: 'magnus' });
  assert.is(Stream.pk(value as object), 'magnus');
});

missingPk('process fills product_id from productId', async () => {
  const getTicker = new RestEndpoint({
    urlPrefix: server.url,
    path: '/products/:productId/ticker',
    pollFrequency: 2000,
    process(value: Record<string, unknown>, { productId }) {
      return { ...value, product_id: String(productId) };
    },
  });
  const value = await getTicker({ productId: 'BTC-USD' });
  assert.is(value.product_id, 'BTC-USD');
  assert.is(value.trade_id, 7);
  assert.is(getTicker.pollFrequency, 2000);
  assert.is(server.requests.at(-1)!.path, '/products/BTC-USD/ticker');
});
//#endregion

//#region rule 5: headers and pagination
class LinkEndpoint<
  P extends string = string,
  SP = {},
  M extends string = 'GET',
  B = unknown,
  R = any,
> extends RestEndpoint<P, SP, M, B, R> {
  override async parseResponse(response: Response) {
    const results = await super.parseResponse(response);
    const link = response.headers.get('link');
    if (link || Array.isArray(results)) return { link, results };
    return results;
  }
}

const links = suite('transform rule 5: Link header and pagination');
links.before(setup);
links.after(() => server.close());

links('an array result becomes { link, results } even without a link header', async () => {
  const getUsers = new LinkEndpoint({ urlPrefix: server.url, path: '/users' });
  assert.equal(await getUsers(), { link: null, results: [{ id: '1' }, { id: '2' }] });
});

links('a link header is returned beside the results', async () => {
  const getUsers = new LinkEndpoint({ urlPrefix: server.url, path: '/users-linked' });
  assert.equal(await getUsers(), { link: '<http://x/users?cursor=2>; rel="next"', results: [{ id: '3' }] });
  const getMe = new LinkEndpoint({ urlPrefix: server.url, path: '/me-linked' });
  assert.equal(await getMe(), { link: '<http://x/me?v=2>; rel="alternate"', results: { id: 'me' } });
});

links('an object without a link header is returned as parsed', async () => {
  const getMe = new LinkEndpoint({ urlPrefix: server.url, path: '/me' });
  assert.equal(await getMe(), { id: 'me' });
});
//#endregion

//#region rule 6: file download
function filenameOf(response: Response): string {
  const disposition = response.headers.get('content-disposition') ?? '';
  const match = /filename\*?=(?:"([^"]*)"|([^;\s]+))/i.exec(disposition);
  return match?.[1] ?? match?.[2] ?? 'download';
}

class DownloadEndpoint<
  P extends string = string,
  SP = {},
  M extends string = 'GET',
  B = unknown,
  R = any,
> extends RestEndpoint<P, SP, M, B, R> {
  override async parseResponse(response: Response) {
    return { blob: await response.blob(), filename: filenameOf(response) };
  }
}
class BufferEndpoint<
  P extends string = string,
  SP = {},
  M extends string = 'GET',
  B = unknown,
  R = any,
> extends RestEndpoint<P, SP, M, B, R> {
  override async parseResponse(response: Response) {
    return { buffer: await response.arrayBuffer(), filename: filenameOf(response) };
  }
}

const download = suite('transform rule 6: file download');
download.before(setup);
download.after(() => server.close());

download('parseResponse returns the blob and the filename from Content-Disposition', async () => {
  const downloadFile = new DownloadEndpoint({
    urlPrefix: server.url,
    path: '/files/:id/download',
    schema: undefined,
    dataExpiryLength: 0,
  });
  assert.is(downloadFile.schema, undefined);
  assert.is(downloadFile.dataExpiryLength, 0);
  const { blob, filename } = await downloadFile({ id: 'named' });
  assert.is(filename, 'report 2024.pdf');
  assert.instance(blob, Blob);
  assert.equal([...new Uint8Array(await blob.arrayBuffer())], [1, 2, 3, 255]);
  assert.is((await downloadFile({ id: 'bare' })).filename, 'plain.txt');
});

download('the filename falls back to "download"', async () => {
  const downloadFile = new DownloadEndpoint({
    urlPrefix: server.url,
    path: '/files/:id/download',
    dataExpiryLength: 0,
  });
  const { blob, filename } = await downloadFile({ id: 'anonymous' });
  assert.is(filename, 'download');
  assert.is(blob.size, 4);
});

download('process returns the value unchanged', async () => {
  const downloadFile = new DownloadEndpoint({ urlPrefix: server.url, path: '/files/:id/download' });
  const value = { blob: new Blob([]), filename: 'x' };
  assert.is(downloadFile.process(value, { id: '1' }), value);
});

download('the arrayBuffer variant reads an in-memory buffer the same way', async () => {
  const downloadFile = new BufferEndpoint({ urlPrefix: server.url, path: '/files/:id/download', dataExpiryLength: 0 });
  const { buffer, filename } = await downloadFile({ id: 'named' });
  assert.instance(buffer, ArrayBuffer);
  assert.equal([...new Uint8Array(buffer)], [1, 2, 3, 255]);
  assert.is(filename, 'report 2024.pdf');
});
//#endregion

//#region rule 7: key renaming
class AccountEndpoint<
  P extends string = string,
  SP = {},
  M extends string = 'GET',
  B = unknown,
  R = any,
> extends RestEndpoint<P, SP, M, B, R> {
  override getRequestInit(body?: unknown) {
    if (body && typeof body === 'object' && 'accountId' in body) {
      const copy: Record<string, unknown> = { ...body };
      copy.account_ref = copy.accountId;
      delete copy.accountId;
      return super.getRequestInit(copy);
    }
    return super.getRequestInit(body);
  }
  override process(value: Record<string, unknown>): R {
    if (value && 'account_ref' in value) {
      value.accountId = value.account_ref;
      delete value.account_ref;
    }
    return value as R;
  }
}

const renaming = suite('transform rule 7: key renaming');
renaming.before(setup);
renaming.after(() => server.close());

renaming('the request carries the server key, the response the client key', async () => {
  const createAccount = new AccountEndpoint({ urlPrefix: server.url, path: '/accounts', method: 'POST' });
  const body = { accountId: 'a-9', name: 'Main' };
  const result = await createAccount(body);
  assert.equal(JSON.parse(server.requests.at(-1)!.body), { account_ref: 'a-9', name: 'Main' });
  assert.equal(body, { accountId: 'a-9', name: 'Main' }, 'the body is copied, not mutated');
  assert.equal(result, { name: 'Main', accountId: 'r-1' });
});

renaming('process leaves values without the server key alone', () => {
  const ep = new AccountEndpoint({ path: '/accounts' });
  assert.equal(ep.process({ name: 'x' }), { name: 'x' });
});
//#endregion

caseConversion.run();
missingPk.run();
links.run();
download.run();
renaming.run();
