// Nothing leaked: messages name the endpoint, method, path and status but never a
// secret-looking query value nor (in production) a row; failed responses release their
// connection; the error kept in the cache holds a detached copy, not the live response.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller, Entity, NetworkError, RestEndpoint, SchemaError } from '../../src/index.js';
import { json, send, startServer, type TestServer } from '../_fixtures/server.js';

const production = process.env.NODE_ENV === 'production';
let server: TestServer;

const redact = suite('leaks: secrets in messages');
redact.before.each(async () => {
  server = await startServer();
  server.route('GET', '/items', (_req, res) => json(res, 401, { error: 'denied' }));
  server.route('GET', '/broken', (_req, res) =>
    send(res, 200, '{"id": "1", "email": "ada@example.com"', { 'content-type': 'application/json' }),
  );
});
redact.after.each(() => server.close());

redact('an access_token in the query string is redacted from NetworkError messages; other values stay', async () => {
  const getItems = new RestEndpoint({
    urlPrefix: server.url,
    path: '/items',
    name: 'getItems',
    searchParams: {} as Record<string, string>,
  });
  const ctrl = new Controller();
  const args = { access_token: 'SECRET1', api_key: 'SECRET2', sig: 'SECRET3', page: '2' };
  const error = await ctrl.fetch(getItems, args).then(
    () => undefined,
    (e) => e,
  );
  assert.instance(error, NetworkError);
  assert.is(error.status, 401);
  assert.is(
    error.message,
    `getItems: GET ${server.url}/items?access_token=***&api_key=***&page=2&sig=*** failed with 401 Unauthorized`,
  );
  assert.not.match(String(error.stack), 'SECRET');
  // The request itself carried the values.
  assert.is(server.requests[0].query.get('access_token'), 'SECRET1');
});

redact('secretParams replaces the pattern; /$^/ redacts nothing', async () => {
  const plain = new RestEndpoint({
    urlPrefix: server.url,
    path: '/items',
    name: 'plain',
    secretParams: /$^/,
    searchParams: {} as Record<string, string>,
  });
  const custom = plain.extend({ name: 'custom', secretParams: /^page$/ });
  const e1 = await plain({ token: 't' }).then(
    () => undefined,
    (e) => e,
  );
  assert.match(e1.message, '?token=t failed');
  const e2 = await custom({ token: 't', page: '3' }).then(
    () => undefined,
    (e) => e,
  );
  assert.match(e2.message, '?page=***&token=t failed');
});

redact('a request that cannot be sent names the endpoint and redacts the URL', async () => {
  const closed = await startServer();
  const url = closed.url;
  await closed.close();
  const getItems = new RestEndpoint({
    urlPrefix: url,
    path: '/items',
    name: 'getItems',
    searchParams: {} as Record<string, string>,
  });
  const error = await getItems({ password: 'hunter2' }).then(
    () => undefined,
    (e) => e,
  );
  assert.match(error.message, `getItems: GET ${url}/items?password=*** could not be sent`);
  assert.not.match(error.message, 'hunter2');
});

redact('an invalid JSON body: named, URL redacted, the body quoted in development only', async () => {
  const getBroken = new RestEndpoint({
    urlPrefix: server.url,
    path: '/broken',
    name: 'getBroken',
    searchParams: {} as Record<string, string>,
  });
  const error = await getBroken({ token: 'SECRET' }).then(
    () => undefined,
    (e) => e,
  );
  assert.match(error.message, `getBroken: GET ${server.url}/broken?token=*** answered a body that is not valid JSON`);
  assert.not.match(error.message, 'SECRET');
  assert.is(error.message.includes('ada@example.com'), !production);
});

redact('SchemaError messages quote the row in development only', () => {
  class Account extends Entity {
    id = '';
    override pk() {
      return this.id;
    }
    static override key = 'Account';
  }
  const ctrl = new Controller();
  const error = (() => {
    try {
      ctrl.set([Account], [{ email: 'ada@example.com' }]);
    } catch (e) {
      return e as Error;
    }
  })()!;
  assert.instance(error, SchemaError);
  assert.match(error.message, /^set: Account at response\[0\] has no usable pk/);
  assert.is(error.message.includes('ada@example.com'), !production);
});

const sockets = suite('leaks: connections of failed responses');
sockets.before.each(async () => {
  server = await startServer();
  server.route('GET', '/large', (_req, res) =>
    send(res, 500, JSON.stringify({ error: 'y'.repeat(32_000) }), { 'content-type': 'application/json' }),
  );
});
sockets.after.each(() => server.close());

sockets(
  '20 failed requests with 32 KB error bodies release their connections; the error keeps the first 16 KiB',
  async () => {
    const large = new RestEndpoint({
      urlPrefix: server.url,
      path: '/large',
      name: 'large',
      searchParams: {} as { n: number },
    });
    const ctrl = new Controller();
    const errors: NetworkError[] = [];
    for (let i = 0; i < 20; i++)
      errors.push(
        await ctrl.fetch(large, { n: i }).then(
          () => undefined as never,
          (e) => e,
        ),
      );
    // Unread bodies would hold each connection: 20 of them. Cancelled ones are released.
    assert.ok(server.sockets().opened <= 2, `opened ${server.sockets().opened}`);
    const kept = ctrl.getError(large, { n: 3 }) as NetworkError;
    assert.is(kept, errors[3]);
    assert.is(kept.status, 500);
    const text = await kept.response.text();
    assert.is(text.length, 16_384);
    assert.ok(text.startsWith('{"error":"yyy'));
    assert.is(kept.response.status, 500);
    assert.is(kept.response.headers.get('content-type'), 'application/json');
  },
);

redact.run();
sockets.run();
