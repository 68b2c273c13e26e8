import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller, Union } from '../../src/index.js';
import { Article, Link, feedItem } from '../_fixtures/models.js';
import { dev } from '../_fixtures/env.js';
import { endpoint } from '../_fixtures/schema.js';

const byField = feedItem;
const byFunction = new Union({ article: Article, link: Link }, (value: { url?: string }) =>
  value.url ? 'link' : 'article',
);

const union = suite('Union');

union('each member is stored as its own entity type, chosen by a field or a function', () => {
  for (const schema of [byField, byFunction]) {
    const ctrl = new Controller();
    const feed = endpoint('feed', [schema]);
    ctrl.setResponse(feed, [
      { id: '1', type: 'article', title: 'Hello' },
      { id: '1', type: 'link', url: 'https://a.test' },
    ]);
    const items = ctrl.response(feed).value as (Article | Link)[];
    assert.instance(items[0], Article);
    assert.instance(items[1], Link);
    assert.is(items[0], ctrl.get(Article, '1'));
    assert.is(items[1], ctrl.get(Link, '1'));
  }
});

union('read by pk fields and the attribute; without it (or naming no member), the member holding that pk', () => {
  const ctrl = new Controller();
  ctrl.set(byField, { id: '1', type: 'link', url: 'https://a.test' });
  assert.is((ctrl.get(byField, { id: '1', type: 'link' }) as Link).url, 'https://a.test');
  assert.is(ctrl.get(byField, { id: '1', type: 'article' }), undefined);
  assert.is(ctrl.get(byField, { id: '1', type: 'video' }), ctrl.get(Link, '1'));
  assert.is(ctrl.get(byField, '1'), ctrl.get(Link, '1'));
  assert.is(ctrl.get(byField, { id: '2' }), undefined, 'no member holds it');
  assert.is(ctrl.get(byField, { type: 'link' }), undefined);
});

union('a value that is not an object, or names no member, is kept as it is (a warning in development)', () => {
  const ctrl = new Controller();
  const feed = endpoint('feed', [byField]);
  const warn = console.warn;
  const warnings: unknown[] = [];
  console.warn = (message: unknown) => void warnings.push(message);
  try {
    ctrl.setResponse(feed, [{ id: '1', type: 'link' }, 'x', { id: '2', type: 'video' }]);
  } finally {
    console.warn = warn;
  }
  assert.equal(ctrl.response(feed).value, [ctrl.get(Link, '1'), 'x', { id: '2', type: 'video' }]);
  assert.is(warnings.length, dev ? 1 : 0);
  if (dev) assert.match(String(warnings[0]), 'feed: no schema member "video" at response[2] (members: article, link)');
  assert.throws(() => new Union({ article: Article }, ''), /Union: a schemaAttribute/);
});

union(
  'a stored form that is not a member reference is read as it is, or through the member its attribute names',
  () => {
    const ctrl = new Controller();
    const item = endpoint('item', { item: byField });
    ctrl.setResponse(item, { item: { id: '1', type: 'article' } });
    assert.instance((ctrl.response(item).value as { item: Article }).item, Article);
    // A response stored before the schema said Union (or by hand, under the same key) may hold anything.
    const raw = endpoint('item', { item: undefined });
    raw.key = () => item.key();
    ctrl.setResponse(raw, { item: 'plain' });
    assert.equal(ctrl.response(item).value, { item: 'plain' });
    ctrl.setResponse(raw, { item: { id: '1', type: 'link', url: 'https://b.test' } });
    const inline = (ctrl.response(item).value as { item: Link }).item;
    assert.instance(inline, Link);
    assert.is(inline.url, 'https://b.test');
  },
);

union.run();
