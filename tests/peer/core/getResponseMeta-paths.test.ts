// data-client: packages/core/src/controller/__tests__/getResponseMeta-paths.ts
// Several readers of one endpoint must see the same expiry and the same data object. Here
// `getResponseMeta` is `ctrl.getMeta()` (its `expiresAt`) and `ctrl.getResponse()` (its data).
import * as assert from 'uvu/assert';
import { Controller, Endpoint, Entity } from '../../../src/index.js';
import { peer } from '../../_fixtures/peer.js';

const test = peer('packages/core/src/controller/__tests__/getResponseMeta-paths.ts');

test('Controller.getResponseMeta repeated calls > returns identical expiresAt across subscribers (journey is not consumed by reads)', () => {
  class Foo extends Entity {
    id = '';
    override pk() {
      return this.id;
    }
  }
  const ep = new Endpoint(() => Promise.resolve(), { key: () => 'listFoo', schema: [Foo], dataExpiryLength: 100 });
  const controller = new Controller({ clock: () => 0 });
  controller.setResponse(ep, [{ id: '1' }, { id: '2' }]);
  const reads = [1, 2, 3].map(() => ({
    expiresAt: controller.getMeta(ep).expiresAt,
    data: controller.getResponse(ep),
  }));
  assert.is(reads[0]!.expiresAt, 100);
  assert.is(reads[1]!.expiresAt, reads[0]!.expiresAt);
  assert.is(reads[2]!.expiresAt, reads[0]!.expiresAt);
  // Cached data must remain referentially equal across hits.
  assert.is(reads[1]!.data, reads[0]!.data);
  assert.is(reads[2]!.data, reads[0]!.data);
});

test.run();
