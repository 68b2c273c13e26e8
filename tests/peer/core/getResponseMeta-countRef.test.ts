// data-client: packages/core/src/controller/__tests__/getResponseMeta-countRef.ts
// The peer counts, per entity, the components that read it (GCPolicy's `countRef`) across
// three reads of one response. Here the readers are three effects over the response, and
// the count is what garbage collection sees: rows that a live reader reaches are kept
// after they expire, and go once the last reader stops.
import * as assert from 'uvu/assert';
import { Controller, Endpoint, Entity, effect } from '../../../src/index.js';
import { FakeTimers } from '../../_fixtures/fakeTimers.js';
import { peer } from '../../_fixtures/peer.js';

const test = peer('packages/core/src/controller/__tests__/getResponseMeta-countRef.ts');

test('Controller.getResponseMeta + GCPolicy.countRef integration > entityCount tracks all entities for each subscriber across repeated result-cache hits', () => {
  class Foo extends Entity {
    id = '';
    override pk() {
      return this.id;
    }
  }
  const ep = new Endpoint(() => Promise.resolve(), { key: () => 'listFoo', schema: [Foo], dataExpiryLength: 1000 });
  const timers = new FakeTimers();
  const controller = new Controller({ timers, gcInterval: 0 });
  controller.setResponse(ep, [{ id: '1' }, { id: '2' }]);

  // Three readers of the same endpoint (the peer's three mounts).
  const stops = [1, 2, 3].map(() => effect(() => void controller.getResponse(ep)));
  timers.advance(2000);
  assert.is(controller.gc(), 0, 'expired, but every row is read: nothing goes');
  assert.ok(controller.get(Foo, { id: '1' }));
  assert.ok(controller.get(Foo, { id: '2' }));

  // Two readers stop: the third still reads both rows.
  stops[0]!();
  stops[1]!();
  assert.is(controller.gc(), 0);
  assert.equal(
    (controller.getResponse(ep) as Foo[]).map((foo) => foo.id),
    ['1', '2'],
  );

  // The last one stops: the response and both rows go.
  stops[2]!();
  assert.ok(controller.gc() >= 2);
  assert.is(controller.get(Foo, { id: '1' }), undefined);
  assert.is(controller.get(Foo, { id: '2' }), undefined);
});

test.run();
