// Membership of a table: first-stored order, O(1) removal, and undone writes that put
// every row back in its place.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { dev } from '../_fixtures/env.js';
import { All, Controller, Entity, Invalidate, RestEndpoint } from '../../src/index.js';
import { json, startServer } from '../_fixtures/server.js';

class Item extends Entity {
  id = '';
  next: Item | undefined = undefined;
  override pk() {
    return this.id;
  }
  static override key = 'Item';
}
Item.schema = { next: Item };
const allItems = new All(Item);
const ids = (ctrl: Controller) => ctrl.get(allItems)!.map((item) => item.id);

const members = suite('Store: membership');

members('removals keep the first-stored order of the others; a row stored again goes last', () => {
  const ctrl = new Controller();
  ctrl.set(
    [Item],
    ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id })),
  );
  ctrl.set(new Invalidate(Item), 'b');
  ctrl.set(new Invalidate(Item), 'e');
  ctrl.set(new Invalidate(Item), 'a');
  assert.equal(ids(ctrl), ['c', 'd']);
  ctrl.set(Item, { id: 'a' });
  ctrl.set(Item, { id: 'f' });
  assert.equal(ids(ctrl), ['c', 'd', 'a', 'f']);
});

members('removing 50,000 of 100,000 rows in one response leaves the other half in order', () => {
  const ctrl = new Controller();
  const n = 100_000;
  ctrl.set(
    [Item],
    Array.from({ length: n }, (_, i) => ({ id: `i${i}` })),
  );
  const gone = Array.from({ length: n / 2 }, (_, i) => `i${i * 2 + 1}`);
  ctrl.set([new Invalidate(Item)], gone);
  const left = ids(ctrl);
  assert.is(left.length, n / 2);
  assert.is(left[0], 'i0');
  assert.is(left[1], 'i2');
  assert.is(left[left.length - 1], `i${n - 2}`);
});

members('a response that removes rows and then fails is undone: every row back in its place', async () => {
  const server = await startServer();
  // A response that removes b and d, stores more rows and a member its first read fails on.
  let chain: Record<string, unknown> | undefined;
  for (let i = 2; i >= 0; i--) chain = { id: `n${i}`, next: chain };
  server.route('GET', '/close', (_req, res) =>
    json(res, 200, { gone: ['b', 'd'], last: { id: 'e', next: chain }, at: 'bad' }),
  );
  const close = new RestEndpoint({
    urlPrefix: server.url,
    path: '/close',
    name: 'close',
    schema: {
      gone: [new Invalidate(Item)],
      last: Item,
      at: (v: string) => {
        if (v === 'bad') throw new Error('bad date');
        return v;
      },
    },
  });
  const ctrl = new Controller();
  ctrl.set([Item], [{ id: 'a' }, { id: 'b' }, { id: 'c' }, { id: 'd' }, { id: 'e' }]);
  const before = ids(ctrl);
  const error = await ctrl.fetch(close).then(
    () => undefined,
    (e) => e,
  );
  await server.close();
  assert.is(error?.message, `close: could not deserialize ${dev ? '"bad"' : 'string'}: bad date`);
  assert.equal(ids(ctrl), before);
  assert.equal(before, ['a', 'b', 'c', 'd', 'e']);
  assert.is(ctrl.get(Item, { id: 'e' })!.next, undefined);
  assert.is(ctrl.get(Item, { id: 'n0' }), undefined);
});

members.run();
