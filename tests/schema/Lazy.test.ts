import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller, Lazy } from '../../src/index.js';
import { endpoint } from '../_fixtures/schema.js';
import { Post } from '../_fixtures/models.js';

const lazy = suite('Lazy');

lazy('normalizes like its schema and denormalizes to the stored pks; .query reads them', () => {
  const ctrl = new Controller();
  const posts = new Lazy([Post]);
  const getPosts = endpoint('getPosts', posts);
  ctrl.setResponse(getPosts, [{ id: 'p1', title: 'One' }]);
  assert.equal(ctrl.response(getPosts).value, ['p1']);
  assert.is(posts.query, posts.query, 'one query per Lazy');
  assert.is((ctrl.get(posts.query, ['p1']) as Post[])[0], ctrl.get(Post, 'p1'));
  assert.is(ctrl.get(posts.query), undefined, 'no stored value, nothing read');
});

lazy('its query used as a response schema normalizes like the inner schema', () => {
  const ctrl = new Controller();
  const posts = new Lazy([Post]);
  const getPosts = endpoint('getPosts', posts.query);
  ctrl.setResponse(getPosts, [{ id: 'p2', title: 'Two' }]);
  assert.is((ctrl.response(getPosts).value as Post[])[0].title, 'Two');
});

lazy.run();
