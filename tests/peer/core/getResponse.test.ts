// data-client: packages/core/src/controller/__tests__/getResponse.ts
// The peer hands `controller.getResponse()` a state object; here the same data is written
// into the Controller (`setResponse` for an endpoint's entry, `set` for rows). Its
// `{ data, expiryStatus }` is `ctrl.getResponse()` and `!ctrl.isStale()`.
//
// Not ported: 'Controller.getResponse() with Scalar' (no Scalar schema here), and the
// `expiresAt` of 'infers schema with extra members but not set' (data-client gives a
// response inferred from rows their expiry; here a response never fetched is stale, so a
// read fetches it).
import * as assert from 'uvu/assert';
import { Controller, Endpoint, Entity } from '../../../src/index.js';
import { peer } from '../../_fixtures/peer.js';

const test = peer('packages/core/src/controller/__tests__/getResponse.ts');

class Tacos extends Entity {
  type = '';
  id = '';
  override pk() {
    return this.id;
  }
}
const rows = [
  { id: '1', type: 'foo' },
  { id: '2', type: 'bar' },
];
const fieldsOf = (value: unknown) => ({ ...(value as object) });
const page = { first: null, second: undefined, third: 0, complex: { complex: true, next: false } };
const listEndpoint = () =>
  new Endpoint(() => Promise.resolve(), {
    key() {
      return 'mytest';
    },
    schema: { data: [Tacos], extra: '', page },
  });

test('Controller.getResponse() > denormalizes schema with extra members but not set', () => {
  const controller = new Controller();
  const ep = listEndpoint();
  controller.setResponse(ep, { data: rows });
  const data = controller.getResponse(ep) as any as { data: Tacos[] };
  assert.not.ok(controller.isStale(ep));
  assert.equal({ ...data, data: data.data.map(fieldsOf) }, { data: rows });
  assert.instance(data.data[0], Tacos);
});

test('Controller.getResponse() > denormalizes distinct schemas for null arg', () => {
  const controller = new Controller();
  const ep = listEndpoint();
  controller.setResponse(ep, { data: rows });
  const data = controller.getResponse(ep, null) as any;
  // null args means don't fill anything in
  assert.is(data.data, undefined);
  assert.equal(data, {
    data: undefined,
    extra: '',
    page: { complex: { complex: true, next: false }, first: null, second: undefined, third: 0 },
  });
  assert.equal(controller.getResponse(ep, null), data);
  const ep2 = ep.extend({ schema: { data: Tacos, nextPage: { five: '5' } } });
  const data2 = controller.getResponse(ep2, null) as any;
  assert.is(data2.data, undefined);
  assert.equal(data2, { data: undefined, nextPage: { five: '5' } });
});

test('Controller.getResponse() > does not over-denormalize a schema map containing string values', () => {
  const controller = new Controller();
  const ep = new Endpoint(() => Promise.resolve(), {
    key() {
      return 'string-only-schema';
    },
    schema: { label: 'hello', count: 0, nested: { value: 'world' } },
  });
  const cached = { label: 'hi', count: 5, nested: { value: 'there' } };
  controller.setResponse(ep, cached);
  assert.not.ok(controller.isStale(ep));
  const data = controller.getResponse(ep);
  assert.equal(data, cached);
  // The same object on every read (data-client: the cached object itself).
  assert.is(controller.getResponse(ep), data);
});

test('Controller.getResponse() > infers schema with extra members but not set', () => {
  const controller = new Controller();
  const ep = new Endpoint((_params: { id: string }) => Promise.resolve(), {
    key({ id }: { id: string }) {
      return `mytest ${id}`;
    },
    schema: { data: Tacos, extra: '', page: { ...page, second: '' } },
  });
  controller.set([Tacos], rows);
  const data = controller.getResponse(ep, { id: '1' }) as any;
  assert.instance(data.data, Tacos);
  assert.equal(
    { ...data, data: fieldsOf(data.data) },
    {
      data: { id: '1', type: 'foo' },
      extra: '',
      page: { complex: { complex: true, next: false }, first: null, second: '', third: 0 },
    },
  );
  // test caching
  const second = controller.getResponse(ep, { id: '1' }) as any;
  assert.is(second.data, data.data);
});

for (const [name, cachedValue] of [
  ['empty string', ''],
  ['zero', 0],
  ['false', false],
  ['null', null],
] as const) {
  test(`Controller.getResponse() with schema-less endpoints > treats cached ${name} as valid data`, () => {
    const controller = new Controller();
    const endpoint = new Endpoint(() => Promise.resolve(), { key: () => 'falsy-endpoint' });
    controller.setResponse(endpoint, cachedValue);
    assert.is(controller.getResponse(endpoint), cachedValue);
    assert.not.ok(controller.isStale(endpoint));
  });
}

test('Controller.getResponse() with schema-less endpoints > treats undefined cache entries as invalid', () => {
  const controller = new Controller();
  const endpoint = new Endpoint(() => Promise.resolve(), { key: () => 'missing-endpoint' });
  assert.is(controller.getResponse(endpoint), undefined);
  assert.ok(controller.isStale(endpoint));
});

// The peer reads through `controller.snapshot(state).getResponseMeta(ep)`: here `getResponse`.
test('Snapshot.getResponseMeta() > denormalizes schema with extra members but not set', () => {
  const controller = new Controller();
  const ep = listEndpoint();
  controller.setResponse(ep, { data: rows });
  const data = controller.getResponse(ep) as any as { data: Tacos[] };
  assert.not.ok(controller.isStale(ep));
  assert.equal({ ...data, data: data.data.map(fieldsOf) }, { data: rows });
});

test.run();
