import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Collection, Controller, effect } from '../../src/index.js';
import { endpoint, schemaError } from '../_fixtures/schema.js';
import { Post } from '../_fixtures/models.js';

const ids = (value: unknown) => (value as Post[] | undefined)?.map((p) => p.id);

//#region lists
const lists = suite('Collection lists');

lists('one list per argument set; the body (a second argument) does not name the list', () => {
  const posts = new Collection([Post]);
  const ctrl = new Controller();
  const getPosts = endpoint('getPosts', posts);
  ctrl.setResponse(getPosts, { group: 'a' }, [{ id: 'p1' }]);
  ctrl.setResponse(getPosts, { group: 'b' }, [{ id: 'p2' }]);
  assert.equal(ids(ctrl.get(posts, { group: 'a' })), ['p1']);
  assert.equal(ids(ctrl.get(posts, { group: 'b' })), ['p2']);
  assert.is(ctrl.get(posts, { group: 'c' }), undefined, 'a list never fetched reads nothing');
  const create = endpoint('create', posts);
  ctrl.setResponse(create, { group: 'a' }, { title: 'body' }, [{ id: 'p3' }]);
  assert.equal(ids(ctrl.get(posts, { group: 'a' })), ['p3'], 'listed under { group: a } only');
});

lists('an identical list notifies no one; a reordered one does', () => {
  const posts = new Collection([Post]);
  const ctrl = new Controller();
  const getPosts = endpoint('getPosts', posts);
  ctrl.setResponse(getPosts, [{ id: 'p1' }, { id: 'p2' }]);
  let runs = 0;
  const stop = effect(() => {
    ctrl.get(posts);
    runs++;
  });
  ctrl.setResponse(getPosts, [{ id: 'p1' }, { id: 'p2' }]);
  assert.is(runs, 1);
  ctrl.setResponse(getPosts, [{ id: 'p2' }, { id: 'p1' }]);
  assert.is(runs, 2);
  assert.equal(ids(ctrl.get(posts)), ['p2', 'p1']);
  stop();
});

lists('the store name is [<key>] ({<key>} for Values, [A;B] for several types) unless given', () => {
  assert.is(new Collection([Post]).key, '[Post]');
  assert.is(new Collection([Post], { key: 'feed' }).key, 'feed');
});

lists('a value that is not an array is a SchemaError naming the endpoint and the entity', () => {
  const posts = new Collection([Post]);
  const ctrl = new Controller();
  const error = schemaError(() => ctrl.setResponse(endpoint('getPosts', posts), 'p1'));
  assert.match(error.message, 'getPosts');
  assert.match(error.message, 'Post');
});
//#endregion

//#region additions
const additions = suite('Collection push / unshift');

function setup(posts: Collection<typeof Post>) {
  const ctrl = new Controller();
  const getPosts = endpoint('getPosts', posts);
  ctrl.setResponse(getPosts, { group: 'a' }, [{ id: 'p1', group: 'a' }]);
  ctrl.setResponse(getPosts, { group: 'a', orderBy: 'title' }, [{ id: 'p1', group: 'a' }]);
  ctrl.setResponse(getPosts, { group: 'b' }, [{ id: 'p2', group: 'b' }]);
  ctrl.setResponse(getPosts, [{ id: 'p1' }, { id: 'p2' }]);
  return ctrl;
}

additions('push appends to every list whose filter arguments match, from the args or the body', () => {
  const posts = new Collection([Post], { nonFilterArgumentKeys: /orderBy/ });
  const ctrl = setup(posts);
  ctrl.setResponse(endpoint('create', posts.push), { group: 'a' }, { id: 'p3', group: 'a' });
  ctrl.setResponse(endpoint('createB', posts.push), {}, { group: 'b' }, { id: 'p4', group: 'b' });
  assert.equal(ids(ctrl.get(posts, { group: 'a' })), ['p1', 'p3']);
  assert.equal(ids(ctrl.get(posts, { group: 'a', orderBy: 'title' })), ['p1', 'p3'], 'orderBy does not filter');
  assert.equal(ids(ctrl.get(posts, { group: 'b' })), ['p2', 'p4'], 'matched through the body');
  assert.equal(ids(ctrl.get(posts)), ['p1', 'p2', 'p3', 'p4'], 'the unfiltered list takes everything');
});

additions('nonFilterArgumentKeys as a list of names or a predicate; by default keys starting with order', () => {
  for (const nonFilter of [['orderBy'], (key: string) => key === 'orderBy']) {
    const posts = new Collection([Post], { nonFilterArgumentKeys: nonFilter });
    const ctrl = setup(posts);
    ctrl.setResponse(endpoint('create', posts.push), { group: 'a' }, { id: 'p3' });
    assert.equal(ids(ctrl.get(posts, { group: 'a', orderBy: 'title' })), ['p1', 'p3']);
  }
  const byDefault = new Collection([Post]);
  let ctrl = setup(byDefault);
  ctrl.setResponse(endpoint('create', byDefault.push), { group: 'a' }, { id: 'p3' });
  assert.equal(ids(ctrl.get(byDefault, { group: 'a', orderBy: 'title' })), ['p1', 'p3'], 'orderBy does not filter');
  const strict = new Collection([Post], { nonFilterArgumentKeys: [] });
  ctrl = setup(strict);
  ctrl.setResponse(endpoint('create', strict.push), { group: 'a' }, { id: 'p3' });
  assert.equal(ids(ctrl.get(strict, { group: 'a', orderBy: 'title' })), ['p1'], 'orderBy filters here');
  assert.equal(ids(ctrl.get(strict, { group: 'a' })), ['p1', 'p3']);
});

additions('unshift prepends; an array adds every member; a member already listed is not added twice', () => {
  const posts = new Collection([Post]);
  const ctrl = setup(posts);
  const created = endpoint('create', posts.unshift);
  ctrl.setResponse(created, { group: 'a' }, [{ id: 'p5' }, { id: 'p1' }, { id: 'p6' }]);
  assert.equal(ids(ctrl.get(posts, { group: 'a' })), ['p5', 'p6', 'p1']);
  assert.equal(
    ids(ctrl.response(created, { group: 'a' }).value),
    ['p5', 'p1', 'p6'],
    'the response is the added array',
  );
  let runs = 0;
  const stop = effect(() => {
    ctrl.get(posts, { group: 'a' });
    runs++;
  });
  ctrl.setResponse(endpoint('again', posts.push), { group: 'a' }, { id: 'p5' });
  assert.is(runs, 1, 'nothing new, nothing written');
  stop();
});

additions('an addition before any list is fetched lists nothing; a numeric filter matches its string form', () => {
  const posts = new Collection([Post]);
  const ctrl = new Controller();
  ctrl.setResponse(endpoint('create', posts.push), { group: 'a' }, { id: 'p1' });
  assert.is(ctrl.get(posts, { group: 'a' }), undefined);
  ctrl.setResponse(endpoint('getPosts', posts), { page: 1 }, []);
  ctrl.setResponse(endpoint('create', posts.push), { page: '1' }, { id: 'p2' });
  ctrl.setResponse(endpoint('create', posts.push), { page: null }, { id: 'p3' });
  assert.equal(ids(ctrl.get(posts, { page: 1 })), ['p2']);
});

additions('a list fetched with a non-object argument takes every addition', () => {
  const posts = new Collection([Post]);
  const ctrl = new Controller();
  ctrl.setResponse(endpoint('getPosts', posts), 'all', [{ id: 'p1' }]);
  ctrl.setResponse(endpoint('create', posts.push), { group: 'x' }, { id: 'p2' });
  assert.equal(ids(ctrl.get(posts, 'all')), ['p1', 'p2']);
});
//#endregion

lists.run();
additions.run();
