import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller, Invalidate, effect } from '../../src/index.js';
import { endpoint, schemaError } from '../_fixtures/schema.js';
import { Post, Todo, User, allUsers, postCollection } from '../_fixtures/models.js';

const invalidate = suite('Invalidate');

invalidate('removes the row named by the response (an object or its pk); views of it become undefined', () => {
  const ctrl = new Controller();
  ctrl.set(
    [User],
    [
      { id: 'u1', name: 'Ada' },
      { id: 'u2', name: 'Bob' },
      { id: 'u3', name: 'Cy' },
    ],
  );
  const deleteUser = endpoint('deleteUser', new Invalidate(User));
  const seen: (string | undefined)[] = [];
  const stop = effect(() => void seen.push(ctrl.get(User, { id: 'u1' })?.name));
  ctrl.setResponse(deleteUser, { id: 'u1' }, { id: 'u1' });
  ctrl.setResponse(deleteUser, { id: 'u2' }, 'u2');
  assert.equal(seen, ['Ada', undefined]);
  assert.is(ctrl.get(User, { id: 'u2' }), undefined);
  assert.equal(
    ctrl.get(allUsers)!.map((u) => u.id),
    ['u3'],
    'All drops removed rows',
  );
  assert.is(ctrl.response(deleteUser, { id: 'u2' }).value, undefined, 'the response reads the entity, which is gone');
  stop();
});

invalidate('lists and nested fields that held the row drop it', () => {
  const ctrl = new Controller();
  const getPosts = endpoint('getPosts', postCollection);
  ctrl.setResponse(getPosts, { group: 'g' }, [
    { id: 'p1', title: 'One' },
    { id: 'p2', title: 'Two' },
  ]);
  ctrl.set(User, { id: 'u1', posts: ['p1', 'p2'] });
  const deletePost = endpoint('deletePost', new Invalidate(Post));
  ctrl.setResponse(deletePost, { id: 'p1' }, { id: 'p1' });
  assert.equal(
    (ctrl.response(getPosts, { group: 'g' }).value as Post[]).map((p) => p.id),
    ['p2'],
  );
  assert.equal(
    ctrl.get(User, { id: 'u1' })!.posts.map((p) => p.id),
    ['p2'],
  );
});

invalidate('a removed row stored again comes back; removing a missing row notifies no one', () => {
  const ctrl = new Controller();
  const deleteTodo = endpoint('deleteTodo', new Invalidate(Todo));
  ctrl.set(Todo, { id: 1, title: 'a' });
  let runs = 0;
  const stop = effect(() => {
    ctrl.get(Todo, { id: 2 });
    runs++;
  });
  ctrl.setResponse(deleteTodo, 2);
  assert.is(runs, 1, 'nothing to remove, nothing written');
  ctrl.setResponse(deleteTodo, 1);
  ctrl.setResponse(deleteTodo, 1);
  assert.is(ctrl.get(Todo, { id: 1 }), undefined);
  ctrl.set(Todo, { id: 1, title: 'back' });
  assert.is(ctrl.get(Todo, { id: 1 })!.title, 'back');
  stop();
});

invalidate('a row written and removed by one response ends removed', () => {
  const ctrl = new Controller();
  const both = endpoint('both', { saved: User, removed: new Invalidate(User) });
  ctrl.setResponse(both, { saved: { id: 'u1', name: 'Ada' }, removed: 'u1' });
  assert.is(ctrl.get(User, { id: 'u1' }), undefined);
  assert.is(ctrl.get(allUsers), undefined, 'no row of the type was ever stored');
});

invalidate('a value naming no row is a SchemaError naming the endpoint and the type; nothing is removed', () => {
  const ctrl = new Controller();
  ctrl.set(User, { id: 'u1' });
  const deleteUser = endpoint('deleteUser', new Invalidate(User));
  for (const bad of [{ name: 'no pk' }, true]) {
    const error = schemaError(() => ctrl.setResponse(deleteUser, bad));
    assert.match(error.message, 'deleteUser');
    assert.match(error.message, 'User');
  }
  assert.ok(ctrl.get(User, { id: 'u1' }));
});

invalidate.run();
