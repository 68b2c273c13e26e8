import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Endpoint } from '../../src/endpoint/Endpoint.js';

const construct = suite('Endpoint constructor');

construct('wraps a fetch function; the instance is callable and runs it with this = endpoint', async () => {
  const seen: unknown[] = [];
  const getTodo = new Endpoint(async function getTodo(this: unknown, { id }: { id: string }) {
    seen.push(this);
    return { id, title: 'T' };
  });
  assert.type(getTodo, 'function');
  assert.ok(getTodo instanceof Endpoint);
  assert.equal(await getTodo({ id: '1' }), { id: '1', title: 'T' });
  assert.equal(await getTodo.fetch({ id: '2' }), { id: '2', title: 'T' });
  assert.is(seen[0], getTodo);
  assert.is(seen[1], getTodo);
});

construct('Function.prototype members stay reachable', async () => {
  const ep = new Endpoint(async (a: number, b: number) => a + b);
  assert.is(await ep.call(null, 1, 2), 3);
  assert.is(await ep.apply(null, [2, 3]), 5);
  assert.is(await ep.bind(null, 4)(5), 9);
});

construct('options become own enumerable properties', () => {
  const ep = new Endpoint(async () => 1, {
    schema: [],
    pollFrequency: 2000,
    dataExpiryLength: 0,
    errorExpiryLength: 5,
  });
  assert.equal(ep.schema, []);
  assert.is(ep.pollFrequency, 2000);
  assert.is(ep.dataExpiryLength, 0);
  assert.is(ep.errorExpiryLength, 5);
  assert.ok(Object.keys(ep).includes('pollFrequency'));
});

construct('accepts options alone, with fetch among them', async () => {
  const ep = new Endpoint({ name: 'one', fetch: async () => 1 });
  assert.is(ep.name, 'one');
  assert.is(await ep(), 1);
});

construct('without a fetch function the call rejects naming the endpoint', async () => {
  const ep = new Endpoint({ name: 'nothing' });
  const error = (await ep().catch((e: unknown) => e)) as Error;
  assert.match(error.message, 'nothing: no fetch function');
});

const name = suite('Endpoint.name');

name('defaults to the fetch function name, else Endpoint#<n> unique per fetch function', () => {
  async function loadStats() {
    return 1;
  }
  assert.is(new Endpoint(loadStats).name, 'loadStats');
  assert.match(new Endpoint(async () => 1).name, /^Endpoint#\d+$/);
  const named = async () => 1;
  assert.is(new Endpoint(named).name, 'named');
});

name('an explicit name wins and can be assigned later', () => {
  const ep = new Endpoint(async function x() {}, { name: 'getX' });
  assert.is(ep.name, 'getX');
  ep.name = 'renamed';
  assert.is(ep.name, 'renamed');
});

const sideEffect = suite('Endpoint.sideEffect');

sideEffect('defaults to undefined (as in data-client); the option sets it', () => {
  assert.is(new Endpoint(async () => 1).sideEffect, undefined);
  assert.is(new Endpoint(async () => 1, { sideEffect: true }).sideEffect, true);
});

const key = suite('Endpoint.key');

key('is the name and the arguments, equal for equal arguments in any key order', () => {
  const ep = new Endpoint(async (_p: { a?: number; b?: number }) => 1, { name: 'ep' });
  assert.is(ep.key({ a: 1, b: 2 }), 'ep {"a":1,"b":2}');
  assert.is(ep.key({ b: 2, a: 1 }), ep.key({ a: 1, b: 2 }));
  assert.is(ep.key({ a: 1, b: undefined }), ep.key({ a: 1 }));
  assert.is.not(ep.key({ a: 1 }), ep.key({ a: 2 }));
});

key('a key option replaces it', () => {
  const ep = new Endpoint(async (id: string) => id, { key: (id: string) => `item:${id}` });
  assert.is(ep.key('7'), 'item:7');
});

const extend = suite('Endpoint.extend');

extend('returns a new endpoint of the same class with merged options', async () => {
  class Counting extends Endpoint<[number], number> {
    override key(n: number) {
      return `count ${n}`;
    }
  }
  const base = new Counting(async (n: number) => n * 2, { name: 'double', pollFrequency: 100 });
  const fast = base.extend({ pollFrequency: 10 });
  assert.ok(fast instanceof Counting);
  assert.is.not(fast, base);
  assert.is(fast.name, 'double');
  assert.is(fast.pollFrequency, 10);
  assert.is(base.pollFrequency, 100);
  assert.is(fast.key(3), 'count 3');
  assert.is(await fast(4), 8);
});

extend('a fetch option replaces the inherited fetch', async () => {
  const base = new Endpoint(async () => 'a', { name: 'x' });
  const other = base.extend({ fetch: async () => 'b' });
  assert.is(await other(), 'b');
  assert.is(await base(), 'a');
});

construct.run();
name.run();
sideEffect.run();
key.run();
extend.run();
