// data-client: packages/core/src/controller/__tests__/Controller.ts
// The peer builds a Controller over a hand-made state and a mocked `dispatch`; here the
// Controller holds the state itself (`setResponse`, a `clock` for its age) and the requests
// it sends reach the real test server, where they are counted.
//
// Not ported: 'warns when dispatching during middleware setup' (a Controller of
// data-client needs its provider's middleware before it can dispatch; a signal-cache
// Controller works as soon as it is constructed).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller } from '../../../src/index.js';
import { peer } from '../../_fixtures/peer.js';
import { coolerArticleResource, payload, reply } from '../../_fixtures/peerRest.js';
import { startServer } from '../../_fixtures/server.js';

const server = await startServer();
const test = peer('packages/core/src/controller/__tests__/Controller.ts');
const CoolerArticleResource = coolerArticleResource(server);
reply(server, 'GET', `/article-cooler/${payload.id}`, { status: 200, body: payload });

test('Controller > fetchIfStale > should NOT fetch if result is NOT stale', async () => {
  const now = 1_000_000;
  const controller = new Controller({ clock: () => now });
  controller.setResponse(CoolerArticleResource.get, { id: payload.id }, payload);
  const before = server.requests.length;
  const article = await controller.fetchIfStale(CoolerArticleResource.get, { id: payload.id });
  assert.is(server.requests.length, before, 'no request');
  assert.is(article.title, payload.title);
});

test('Controller > fetchIfStale > should fetch if result stale', async () => {
  let now = 0;
  const controller = new Controller({ clock: () => now });
  controller.setResponse(CoolerArticleResource.get, { id: payload.id }, payload);
  // The peer's meta says the response expired at 0.
  now = 1_000_000;
  const before = server.requests.length;
  await controller.fetchIfStale(CoolerArticleResource.get, { id: payload.id });
  assert.is(server.requests.length, before + 1);
});

test.run();

const close = suite('close the test server');
close.after(() => server.close());
close.run();
