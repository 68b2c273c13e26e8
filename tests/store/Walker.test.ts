import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller, effect } from '../../src/index.js';
import { Post, User, allUsers } from '../_fixtures/models.js';

const identity = suite('denormalize: identity');

identity('the same row read by two views is the same object', () => {
  const ctrl = new Controller();
  ctrl.set([User], [{ id: 'u1', name: 'Ada' }]);
  const a = ctrl.get(User, { id: 'u1' });
  const b = ctrl.get(allUsers)![0];
  assert.ok(a instanceof User);
  assert.is(a, b);
  assert.is(a!.name, 'Ada');
  assert.is(a!.isAdmin, false, 'class-field default fills a missing field');
});

identity('untouched rows keep identity when another row changes', () => {
  const ctrl = new Controller();
  ctrl.set([User], [{ id: 'u1', name: 'Ada' }, { id: 'u2', name: 'Bob' }]);
  const before = ctrl.get(allUsers)!;
  ctrl.set(User, { id: 'u2', name: 'Bobby' });
  const after = ctrl.get(allUsers)!;
  assert.is.not(after, before);
  assert.is(after[0], before[0]);
  assert.is.not(after[1], before[1]);
  assert.is(after[1].name, 'Bobby');
});

const cycles = suite('denormalize: cycles');

cycles('author.posts[0].author === author, and identity holds across views', () => {
  const ctrl = new Controller();
  ctrl.set([Post], [
    { id: 'p1', title: 'One', author: { id: 'u1', name: 'Ada', posts: ['p1', 'p2'] } },
    { id: 'p2', title: 'Two', author: 'u1' },
  ]);
  const author = ctrl.get(User, { id: 'u1' })!;
  assert.is(author.posts.length, 2);
  assert.is(author.posts[0].author, author);
  assert.is(author.posts[1].author, author);
  assert.is(ctrl.get(Post, { id: 'p1' }), author.posts[0]);
});

cycles('a cycle updates when a row inside it changes', () => {
  const ctrl = new Controller();
  ctrl.set([Post], [{ id: 'p1', title: 'One', author: { id: 'u1', name: 'Ada', posts: ['p1'] } }]);
  const view = ctrl.query(User, { id: 'u1' });
  let runs = 0;
  const stop = effect(() => {
    view.value;
    runs++;
  });
  const before = view.value!;
  ctrl.set(Post, { id: 'p1', title: 'Uno' });
  const after = view.value!;
  assert.is(runs, 2);
  assert.is.not(after, before);
  assert.is(after.posts[0].title, 'Uno');
  assert.is(after.posts[0].author, after);
  assert.is(ctrl.get(Post, { id: 'p1' }), after.posts[0]);
  stop();
});

const missing = suite('denormalize: missing rows');

missing('a view of a missing row is undefined and updates when the row arrives', () => {
  const ctrl = new Controller();
  const view = ctrl.query(User, { id: 'u9' });
  const seen: (string | undefined)[] = [];
  const stop = effect(() => {
    seen.push(view.value?.name);
  });
  ctrl.set(User, { id: 'u9', name: 'Late' });
  assert.equal(seen, [undefined, 'Late']);
  stop();
});

missing('All is undefined before any row of its type is stored', () => {
  const ctrl = new Controller();
  assert.is(ctrl.get(allUsers), undefined);
  ctrl.set(User, { id: 'u1' });
  assert.is(ctrl.get(allUsers)!.length, 1);
});

identity.run();
cycles.run();
missing.run();

const lazy = suite('denormalize: Lazy fields');

lazy('a Lazy field keeps pks; its .query resolves them; the user view ignores post changes', async () => {
  const { Entity, Lazy } = await import('../../src/index.js');
  class Comment extends Entity {
    id = '';
    text = '';
    pk() {
      return this.id;
    }
    static override key = 'Comment';
  }
  class Thread extends Entity {
    id = '';
    comments: string[] = [];
    pk() {
      return this.id;
    }
    static override key = 'Thread';
    static override schema = { comments: new Lazy([Comment]) };
  }
  const ctrl = new Controller();
  ctrl.set(Thread, { id: 't1', comments: [{ id: 'c1', text: 'hi' }, { id: 'c2', text: 'yo' }] });
  const thread = ctrl.get(Thread, { id: 't1' })!;
  assert.equal(thread.comments, ['c1', 'c2']);
  const comments = ctrl.get(Thread.schema.comments.query, thread.comments) as Comment[];
  assert.equal(comments.map((c) => c.text), ['hi', 'yo']);
  assert.is(comments[0], ctrl.get(Comment, { id: 'c1' }));
  let runs = 0;
  const stop = effect(() => {
    ctrl.get(Thread, { id: 't1' });
    runs++;
  });
  ctrl.set(Comment, { id: 'c1', text: 'edited' });
  assert.is(runs, 1);
  stop();
});

lazy.run();
