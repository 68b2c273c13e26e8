// Seeded fuzz: random JSON payloads (hostile keys, deep chains, wrong types, nulls, large
// lists) served by a real HTTP server to endpoints of every schema kind. Each fetch either
// succeeds, and then the rows it wrote hold what a reference normalization of the payload
// says, or it rejects with an error naming the endpoint, and then the cache equals its
// snapshot from before the fetch. No payload may touch Object.prototype.
//
//   FUZZ_SEED=123 FUZZ_RUNS=2000 node tests/run.mjs schema/fuzz
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  All,
  Collection,
  Controller,
  Entity,
  Invalidate,
  RestEndpoint,
  Union,
  Values,
  type Schema,
} from '../../src/index.js';
import { send, startServer, type TestServer } from '../_fixtures/server.js';

class Tag extends Entity {
  id = '';
  label = '';
  override pk() {
    return this.id;
  }
  static override key = 'FuzzTag';
}
class Item extends Entity {
  id = '';
  name = '';
  child: Item | undefined = undefined;
  tags: Tag[] = [];
  override pk() {
    return this.id;
  }
  static override key = 'FuzzItem';
}
Item.schema = { child: Item, tags: [Tag] };

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);

/** mulberry32: a small seeded generator. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HOSTILE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];

function generator(rand: () => number) {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  /** Defines a key as an own data property, so `__proto__` stays a key (as JSON.parse makes it). */
  const put = (obj: Record<string, unknown>, key: string, value: unknown) =>
    Object.defineProperty(obj, key, { value, enumerable: true, configurable: true, writable: true });
  const scalar = (): unknown =>
    pick([null, true, false, 0, -1, 1.5, 1e308, '', 'x', 'ada@example.com', '\ud800', '..', '<html>', 'i1']);
  const junk = (depth: number): unknown => {
    const r = rand();
    if (depth <= 0 || r < 0.4) return scalar();
    if (r < 0.6) return Array.from({ length: Math.floor(rand() * 4) }, () => junk(depth - 1));
    const obj: Record<string, unknown> = {};
    for (let i = Math.floor(rand() * 4); i > 0; i--)
      put(obj, pick([...HOSTILE_KEYS, 'id', 'name', 'a', 'kind']), junk(depth - 1));
    return obj;
  };
  const tag = (): unknown => {
    if (rand() < 0.15) return pick([null, 't1', 3, junk(2)]);
    const obj: Record<string, unknown> = { id: pick(['t1', 't2', 't3', '', 5]), label: scalar() };
    if (rand() < 0.2) put(obj, pick(HOSTILE_KEYS), { polluted: true });
    return obj;
  };
  const item = (depth: number): unknown => {
    if (rand() < 0.08) return pick([null, 'i1', 7, true, [], junk(2)]);
    const obj: Record<string, unknown> = {};
    if (rand() < 0.95) obj.id = pick(['i1', 'i2', 'i3', 'i4', 'i5', 9, '', null, {}]);
    if (rand() < 0.7) obj.name = scalar();
    if (rand() < 0.5) obj.kind = pick(['a', 'a', 'b', 'toString', 'constructor']);
    if (rand() < 0.3) obj.child = depth > 0 ? item(depth - 1) : pick(['i1', 'i2', null, 4]);
    if (rand() < 0.3) obj.tags = rand() < 0.9 ? Array.from({ length: Math.floor(rand() * 4) }, tag) : junk(1);
    if (rand() < 0.3) put(obj, pick(HOSTILE_KEYS), pick([{ polluted: true, isAdmin: true }, 'x', null, junk(2)]));
    if (rand() < 0.2) obj.extra = junk(3);
    return obj;
  };
  /** A chain of `length` items through `child`, some of them deeper than the limits. */
  const chain = (length: number): unknown => {
    let node: unknown;
    for (let i = length - 1; i >= 0; i--) node = { id: `c${i}`, name: `#${i}`, child: node };
    return node;
  };
  const list = (): unknown[] => Array.from({ length: rand() < 0.05 ? 1000 : Math.floor(rand() * 6) }, () => item(2));
  return { pick, junk, item, list, chain, rand };
}

/** Every fuzzed endpoint: its schema and a payload maker. */
function kinds(g: ReturnType<typeof generator>): { name: string; schema: Schema; payload: () => unknown }[] {
  const maybe = (make: () => unknown) => () => (g.rand() < 0.15 ? g.junk(3) : g.rand() < 0.05 ? null : make());
  return [
    {
      name: 'item',
      schema: Item,
      payload: maybe(() => (g.rand() < 0.1 ? g.chain(g.pick([50, 300, 1500])) : g.item(3))),
    },
    { name: 'items', schema: [Item], payload: maybe(g.list) },
    {
      name: 'pair',
      schema: { item: Item, list: [Item] },
      payload: maybe(() => ({ item: g.item(2), list: g.list(), note: g.junk(2) })),
    },
    { name: 'coll', schema: new Collection([Item]), payload: maybe(g.list) },
    { name: 'all', schema: new All(Item), payload: maybe(g.list) },
    { name: 'union', schema: [new Union({ a: Item, b: Tag }, 'kind')], payload: maybe(g.list) },
    {
      name: 'values',
      schema: new Values(Item),
      payload: maybe(() => Object.fromEntries(g.list().map((v, i) => [g.pick(['k1', 'k2', '__proto__', `k${i}`]), v]))),
    },
    {
      name: 'gone',
      schema: [new Invalidate(Item)],
      payload: maybe(() => [g.pick(['i1', 'i2', 9]), g.pick([{ id: 'i3' }, 'i4', null])]),
    },
  ];
}

/** Entities as `#pk` below the top level, so a snapshot is plain, finite JSON. */
const flatten = (value: unknown) =>
  JSON.stringify(value, (key, v) => (key !== '' && v instanceof Entity ? `#${v.pk()}` : v));

function snapshot(ctrl: Controller, endpoints: RestEndpoint<any, any, any, any, any, any>[]): string {
  const rows = (cls: typeof Item | typeof Tag) => (ctrl.get(new All(cls)) ?? []).map((row) => flatten(row));
  return JSON.stringify({
    items: rows(Item),
    tags: rows(Tag),
    responses: endpoints.map((ep) => flatten(ctrl.response(ep).value ?? null)),
  });
}

/**
 * Reference normalization of the Item fields a successful payload writes: rows merge in
 * the order Entity.normalize stages them (nested rows first, then the row; a later one of
 * the same pk wins field by field), `__proto__` keys dropped, nested entities left out.
 */
function referenceItems(value: unknown, out: Map<string, Record<string, unknown>>): void {
  if (Array.isArray(value)) {
    for (const member of value) referenceItems(member, out);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const input: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  delete input.__proto__;
  if (input.child !== null && typeof input.child === 'object') referenceItems(input.child, out);
  const pk = input.id;
  if ((typeof pk !== 'string' || pk === '') && !(typeof pk === 'number' && Number.isFinite(pk))) return;
  const { child: _child, tags: _tags, ...fields } = input;
  out.set(String(pk), { ...out.get(String(pk)), ...fields });
}

let server: TestServer;
let body = 'null';
const fuzz = suite('fuzz: hostile payloads against every schema kind');
fuzz.before(async () => {
  server = await startServer();
  server.route('GET', '/:kind', (_req, res) => send(res, 200, body, { 'content-type': 'application/json' }));
});
fuzz.after(() => server.close());

fuzz(
  `seed ${SEED}, ${RUNS} payloads: each one writes what the reference says, or rejects by name and writes nothing`,
  async () => {
    const g = generator(prng(SEED));
    const ctrl = new Controller({ onError: (error) => assert.unreachable(`a reader threw: ${error}`) });
    const all = kinds(g);
    const endpoints = all.map(
      ({ name, schema }) => new RestEndpoint({ urlPrefix: server.url, path: `/${name}`, schema, name: `fuzz.${name}` }),
    );
    let succeeded = 0;
    let rejected = 0;
    for (let run = 0; run < RUNS; run++) {
      const k = Math.floor(g.rand() * all.length);
      const kind = all[k]!;
      const endpoint = endpoints[k]!;
      const payload = kind.payload();
      body = JSON.stringify(payload) ?? 'null';
      const before = snapshot(ctrl, endpoints);
      const context = `seed ${SEED}, run ${run}, ${kind.name}: ${body.slice(0, 300)}`;
      ctrl.expireAll();
      let result: unknown;
      let error: unknown;
      try {
        result = await ctrl.fetch(endpoint);
      } catch (e) {
        error = e;
      }
      assert.is(({} as Record<string, unknown>).polluted, undefined, `Object.prototype polluted: ${context}`);
      if (error !== undefined) {
        rejected++;
        assert.instance(error, Error, context);
        assert.ok(
          (error as Error).message.startsWith('fuzz.'),
          `unnamed error "${(error as Error).message}": ${context}`,
        );
        assert.is(snapshot(ctrl, endpoints), before, `cache changed by a failed fetch: ${context}`);
        continue;
      }
      succeeded++;
      assert.is(ctrl.response(endpoint).value, result, `the resolved value is the cached one: ${context}`);
      if (kind.name === 'gone' || kind.name === 'union') continue;
      const expected = new Map<string, Record<string, unknown>>();
      referenceItems(
        kind.name === 'pair'
          ? [(payload as any).item, (payload as any).list]
          : kind.name === 'values'
            ? Object.entries(payload as object)
                .filter(([key]) => key !== '__proto__')
                .map(([, v]) => v)
            : payload,
        expected,
      );
      for (const [pk, fields] of expected) {
        const row = ctrl.get(Item, { id: pk }) as Record<string, unknown> | undefined;
        assert.ok(row instanceof Item, `row ${pk} is an Item: ${context}`);
        assert.is(Object.getPrototypeOf(row), Item.prototype, context);
        for (const [field, value] of Object.entries(fields)) {
          // JSON text compares values with hostile keys that uvu's diff cannot print.
          const [have, want] = [JSON.stringify(row[field]), JSON.stringify(value)];
          assert.ok(have === want, `${pk}.${field} is ${have}, the reference says ${want}: ${context}`);
        }
      }
    }
    // The generator must exercise both outcomes.
    assert.ok(succeeded > RUNS / 5, `only ${succeeded} of ${RUNS} payloads succeeded`);
    assert.ok(rejected > RUNS / 10, `only ${rejected} of ${RUNS} payloads were rejected`);
  },
);

fuzz.run();
