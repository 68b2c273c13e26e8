import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller, Union } from '../../src/index.js';
import { Article, Link, feedItem } from '../_fixtures/models.js';
import { dev } from '../_fixtures/env.js';
import { endpoint, schemaError } from '../_fixtures/schema.js';

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

union('read by pk fields and the attribute; an unknown member or a missing pk reads nothing', () => {
  const ctrl = new Controller();
  ctrl.set(byField, { id: '1', type: 'link', url: 'https://a.test' });
  assert.is((ctrl.get(byField, { id: '1', type: 'link' }) as Link).url, 'https://a.test');
  assert.is(ctrl.get(byField, { id: '1', type: 'article' }), undefined);
  assert.is(ctrl.get(byField, { id: '1', type: 'video' }), undefined);
  assert.is(ctrl.get(byField, { type: 'link' }), undefined);
  assert.is(ctrl.get(byField, '1'), undefined, 'a bare pk does not say which member');
});

union('a value that is not an object, or names no member, is a SchemaError naming the endpoint and the members', () => {
  const ctrl = new Controller();
  const feed = endpoint('feed', [byField]);
  const notObject = schemaError(() => ctrl.setResponse(feed, [{ id: '1', type: 'link' }, 'x']));
  assert.match(notObject.message, 'feed');
  assert.is(notObject.path, '[1]');
  const unknown = schemaError(() => ctrl.setResponse(feed, [{ id: '2', type: 'video' }]));
  assert.match(unknown.message, 'feed');
  assert.match(unknown.message, 'video');
  if (dev) assert.match(unknown.message, 'article, link');
  assert.is(ctrl.get(Link, '1'), undefined, 'nothing was written');
});

union('a stored form that is not a member reference denormalizes to undefined', () => {
  const ctrl = new Controller();
  const item = endpoint('item', { item: byField });
  ctrl.setResponse(item, { item: { id: '1', type: 'article' } });
  assert.instance((ctrl.response(item).value as { item: Article }).item, Article);
  // A response stored before the schema said Union (or by hand, under the same key) may hold anything.
  const raw = endpoint('item', { item: undefined });
  raw.key = () => item.key();
  ctrl.setResponse(raw, { item: 'plain' });
  assert.is(ctrl.response(item).value, undefined);
});

union.run();
