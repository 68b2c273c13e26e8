import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { NetworkError } from '../../src/endpoint/NetworkError.js';
import { RestEndpoint } from '../../src/endpoint/RestEndpoint.js';
import { json, startServer, type TestServer } from '../_fixtures/server.js';

const construct = suite('NetworkError');

construct('is an Error with a stable name, status and response', () => {
  const response = new Response('{}', { status: 404, statusText: 'Not Found' });
  const error = new NetworkError(response, { endpoint: 'getUser', method: 'get', url: 'http://x/users/9' });
  assert.ok(error instanceof Error);
  assert.ok(error instanceof NetworkError);
  assert.is(error.name, 'NetworkError');
  assert.is(error.status, 404);
  assert.is(error.response, response);
  assert.is(error.message, 'getUser: GET http://x/users/9 failed with 404 Not Found');
  assert.ok(String(error.stack).startsWith('NetworkError: getUser'));
});

construct('message without a source falls back to GET and the response URL', () => {
  const error = new NetworkError(new Response(null, { status: 500 }));
  assert.is(error.message, 'GET  failed with 500');
  assert.not.ok(Object.keys(error).includes('name'));
});

const fromFetch = suite('NetworkError from RestEndpoint');
let server: TestServer;
fromFetch.before(async () => {
  server = await startServer();
  server.route('GET', '/boom', (_req, res) => json(res, 500, { error: 'exploded' }));
});
fromFetch.after(() => server.close());

fromFetch(
  'a 404 rejects with status, unread response and a message naming endpoint, method, URL and status',
  async () => {
    const getUser = new RestEndpoint({ urlPrefix: server.url, path: '/users/:id', name: 'getUser' });
    try {
      await getUser({ id: '9' });
      assert.unreachable('should reject');
    } catch (error) {
      assert.instance(error, NetworkError);
      const e = error as NetworkError;
      assert.is(e.status, 404);
      assert.is(e.message, `getUser: GET ${server.url}/users/9 failed with 404 Not Found`);
      assert.equal(await e.response.json(), { error: 'no route for GET /users/9' });
    }
  },
);

fromFetch('a 500 rejects with status 500 and keeps the error body readable', async () => {
  const boom = new RestEndpoint({ urlPrefix: server.url, path: '/boom', method: 'POST', name: 'boom' });
  server.route('POST', '/boom', (_req, res) => json(res, 500, { error: 'exploded' }));
  const error = (await boom({ a: 1 }).catch((e: unknown) => e)) as NetworkError;
  assert.instance(error, NetworkError);
  assert.is(error.status, 500);
  assert.match(error.message, `boom: POST ${server.url}/boom failed with 500 Internal Server Error`);
  assert.equal(await error.response.json(), { error: 'exploded' });
});

construct.run();
fromFetch.run();
