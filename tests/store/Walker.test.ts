import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { All, Controller, Entity, Invalidate, Query, effect } from '../../src/index.js';
import { Post, User, allUsers } from '../_fixtures/models.js';
import { endpoint } from '../_fixtures/schema.js';

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
  ctrl.set(
    [User],
    [
      { id: 'u1', name: 'Ada' },
      { id: 'u2', name: 'Bob' },
    ],
  );
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
  ctrl.set(
    [Post],
    [
      { id: 'p1', title: 'One', author: { id: 'u1', name: 'Ada', posts: ['p1', 'p2'] } },
      { id: 'p2', title: 'Two', author: 'u1' },
    ],
  );
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

const chains = suite('denormalize: chains and cached children');

class Owner extends Entity {
  id = '';
  name = '';
  override pk() {
    return this.id;
  }
  static override key = 'Owner';
}
class Shelf extends Entity {
  id = '';
  owner: Owner | undefined = undefined;
  override pk() {
    return this.id;
  }
  static override key = 'Shelf';
  static override schema = { owner: Owner };
}
class Book extends Entity {
  id = '';
  shelf: Shelf | undefined = undefined;
  override pk() {
    return this.id;
  }
  static override key = 'Book';
  static override schema = { shelf: Shelf };
}

chains('a change two levels down reaches the top view; an untouched branch keeps its object', () => {
  const ctrl = new Controller();
  ctrl.set(
    [Book],
    [
      { id: 'b1', shelf: { id: 's1', owner: { id: 'o1', name: 'Ada' } } },
      { id: 'b2', shelf: { id: 's2', owner: { id: 'o2', name: 'Bob' } } },
    ],
  );
  const b1 = ctrl.query(Book, 'b1');
  let runs = 0;
  const stop = effect(() => {
    b1.value;
    runs++;
  });
  const shelf2 = ctrl.get(Shelf, 's2');
  ctrl.set(Owner, { id: 'o1', name: 'Grace' });
  assert.is(runs, 2, 'the book view re-ran for its owner two levels down');
  assert.is(b1.value!.shelf!.owner!.name, 'Grace');
  assert.is(b1.value!.shelf, ctrl.get(Shelf, 's1'));
  assert.is(ctrl.get(Shelf, 's2'), shelf2, 'the other shelf kept its object');
  ctrl.set(Owner, { id: 'o2', name: 'Bobby' });
  assert.is(runs, 2, 'a row the book does not reach');
  stop();
});

chains("a cached child read by a new parent subscribes the parent to the child's rows", () => {
  const ctrl = new Controller();
  ctrl.set(Shelf, { id: 's1', owner: { id: 'o1', name: 'Ada' } });
  const shelf = ctrl.get(Shelf, 's1')!;
  ctrl.set(Book, { id: 'b1', shelf: 's1' });
  const book = ctrl.query(Book, 'b1');
  assert.is(book.value!.shelf, shelf, 'the cached shelf object is reused');
  let runs = 0;
  const stop = effect(() => {
    book.value;
    runs++;
  });
  ctrl.set(Owner, { id: 'o1', name: 'Grace' });
  assert.is(runs, 2);
  assert.is(book.value!.shelf!.owner!.name, 'Grace');
  stop();
});

const lists = suite('denormalize: lists of entities');

lists(
  'a response list re-read after a nested write: one element changes, its reader runs once, identical writes notify nothing',
  () => {
    const ctrl = new Controller();
    const getBooks = endpoint('getBooks', [Book]);
    ctrl.setResponse(getBooks, [
      { id: 'b1', shelf: { id: 's1', owner: { id: 'o1', name: 'Ada' } } },
      { id: 'b2', shelf: { id: 's2', owner: { id: 'o2', name: 'Bob' } } },
      { id: 'b3', shelf: 's1' },
    ]);
    const books = ctrl.response(getBooks);
    let runs = 0;
    const stop = effect(() => {
      books.value;
      runs++;
    });
    const before = books.value as Book[];
    ctrl.set(Owner, { id: 'o2', name: 'Bobby' });
    const after = books.value as Book[];
    assert.is(runs, 2);
    assert.is.not(after, before);
    assert.is(after[0], before[0]);
    assert.is.not(after[1], before[1]);
    assert.is(after[1].shelf!.owner!.name, 'Bobby');
    assert.is(after[2], before[2]);
    ctrl.set(Owner, { id: 'o2', name: 'Bobby' });
    ctrl.setResponse(getBooks, [{ id: 'b1' }, { id: 'b2' }, { id: 'b3' }]);
    assert.is(runs, 2, 'identical data notifies no one');
    assert.is(books.value, after);
    ctrl.setResponse(getBooks, [{ id: 'b3' }, { id: 'b4', shelf: 's2' }, { id: 'b1' }]);
    assert.is(runs, 3);
    const third = books.value as Book[];
    assert.equal(
      third.map((b) => b.id),
      ['b3', 'b4', 'b1'],
      'a new list is read anew, in its order',
    );
    assert.is(third[0], after[2]);
    assert.is(third[1].shelf, after[1].shelf);
    stop();
  },
);

lists(
  'a view of All follows each of its rows and what they reach; writes elsewhere and identical writes do not re-run it',
  () => {
    const ctrl = new Controller();
    ctrl.set(
      [Book],
      [
        { id: 'b1', shelf: { id: 's1', owner: { id: 'o1', name: 'Ada' } } },
        { id: 'b2', shelf: { id: 's2', owner: { id: 'o2', name: 'Bob' } } },
      ],
    );
    ctrl.set(Owner, { id: 'o3', name: 'Cy' });
    const allBooks = new All(Book);
    let computed = 0;
    const view = ctrl.query(new Query(allBooks, (books) => (computed++, books)));
    let runs = 0;
    const stop = effect(() => {
      view.value;
      runs++;
    });
    const first = view.value as Book[];
    assert.is(computed, 1);
    // A book itself (its own row), then a row it reaches (an owner), change the view.
    ctrl.set(Book, { id: 'b2', title: 'Two' });
    assert.is(runs, 2);
    const second = view.value as Book[];
    assert.is(second[0], first[0], 'the untouched book keeps its object');
    assert.is((second[1] as Book & { title: string }).title, 'Two');
    ctrl.set(Owner, { id: 'o1', name: 'Ada L.' });
    assert.is(runs, 3);
    assert.is((view.value as Book[])[0].shelf!.owner!.name, 'Ada L.');
    assert.is((view.value as Book[])[1], second[1]);
    // An owner no book reaches, and identical writes: nothing re-runs, nothing recomputes.
    const before = computed;
    ctrl.set(Owner, { id: 'o3', name: 'Cyd' });
    ctrl.set(Book, { id: 'b2', title: 'Two' });
    ctrl.set(Owner, { id: 'o1', name: 'Ada L.' });
    assert.is(runs, 3);
    assert.is(computed, before, 'the view did not even recompute');
    // A book joins, then one leaves: the membership.
    ctrl.set(Book, { id: 'b3', shelf: 's2' });
    assert.equal(
      (view.value as Book[]).map((b) => b.id),
      ['b1', 'b2', 'b3'],
    );
    ctrl.set(new Invalidate(Book), { id: 'b1' });
    assert.equal(
      (view.value as Book[]).map((b) => b.id),
      ['b2', 'b3'],
    );
    assert.is(runs, 5);
    stop();
  },
);

class Pile extends Entity {
  id = '';
  owners: Owner[] = [];
  override pk() {
    return this.id;
  }
  static override key = 'Pile';
  static override schema = { owners: [Owner] };
}

lists('a row built again follows the rows it reaches now; a row reaching many rows, some twice, follows each', () => {
  const ctrl = new Controller();
  const getBooks = endpoint('getBooks', [Book]);
  ctrl.setResponse(getBooks, [{ id: 'b1', shelf: { id: 's1', owner: { id: 'o1', name: 'Ada' } } }]);
  ctrl.set(Owner, { id: 'o2', name: 'Bob' });
  const books = ctrl.response(getBooks);
  let runs = 0;
  const stop = effect(() => {
    books.value;
    runs++;
  });
  // Built again twice with the same rows reached, then with another owner.
  ctrl.set(Owner, { id: 'o1', name: 'Ada L.' });
  ctrl.set(Owner, { id: 'o1', name: 'Ada' });
  assert.is(runs, 3);
  ctrl.set(Shelf, { id: 's1', owner: 'o2' });
  assert.is(runs, 4);
  assert.is((books.value as Book[])[0].shelf!.owner!.name, 'Bob');
  ctrl.set(Owner, { id: 'o1', name: 'Ada L.' });
  assert.is(runs, 4, 'the owner it no longer reaches');
  ctrl.set(Owner, { id: 'o2', name: 'Bobby' });
  assert.is(runs, 5);
  stop();
  // 60 owners, 25 of them distinct: past the few rows a row's list is searched for.
  const ids = Array.from({ length: 60 }, (_, i) => `p${i % 25}`);
  ctrl.set(Pile, { id: 'pile', owners: ids.map((id) => ({ id, name: id })) });
  const pile = ctrl.query(Pile, { id: 'pile' });
  let pileRuns = 0;
  const stopPile = effect(() => {
    pile.value;
    pileRuns++;
  });
  for (let i = 0; i < 25; i++) ctrl.set(Owner, { id: `p${i}`, name: `owner ${i}` });
  assert.is(pileRuns, 26, 'each owner it reaches, once');
  ctrl.set(Owner, { id: 'o1', name: 'Ada' });
  assert.is(pileRuns, 26);
  const owners = pile.value!.owners;
  assert.is(owners.length, 60);
  assert.is(owners[30], owners[5], 'the same owner twice is the same object');
  assert.is(owners[59].name, 'owner 9');
  stopPile();
});

const aborts = suite('denormalize: a walk that throws');

aborts('the error reaches the reader; the view recovers when the row changes; identity holds after', () => {
  const fragile = {
    normalize: (value: unknown) => value,
    denormalize: (stored: unknown) => {
      if (stored === 'bad') throw new Error('cannot read "bad"');
      return stored;
    },
  };
  class Note extends Entity {
    id = '';
    body = '';
    part: unknown = undefined;
    author: Note | undefined = undefined;
    override pk() {
      return this.id;
    }
    static override key = 'Note';
    static override schema = { part: fragile, author: Note };
  }
  const ctrl = new Controller();
  ctrl.set(Note, { id: 'n1', author: { id: 'n2', author: 'n1', part: 'bad' } });
  assert.throws(() => ctrl.get(Note, 'n1'), /cannot read "bad"/);
  assert.throws(() => ctrl.get(Note, 'n2'), /cannot read "bad"/, 'the same error again: no stale cycle state');
  ctrl.set(Note, { id: 'n2', part: 'good' });
  const n1 = ctrl.get(Note, 'n1')!;
  assert.is(n1.author!.part, 'good');
  assert.is(n1.author!.author, n1, 'the cycle resolves after the failed walks');
  assert.is(ctrl.get(Note, 'n2'), n1.author);
});

identity.run();
cycles.run();
missing.run();
chains.run();
lists.run();
aborts.run();

const lazy = suite('denormalize: Lazy fields');

lazy('a Lazy field keeps pks; its .query resolves them; the user view ignores post changes', async () => {
  const { Entity, Lazy } = await import('../../src/index.js');
  class Comment extends Entity {
    id = '';
    text = '';
    override pk() {
      return this.id;
    }
    static override key = 'Comment';
  }
  class Thread extends Entity {
    id = '';
    comments: string[] = [];
    override pk() {
      return this.id;
    }
    static override key = 'Thread';
    static override schema = { comments: new Lazy([Comment]) };
  }
  const ctrl = new Controller();
  ctrl.set(Thread, {
    id: 't1',
    comments: [
      { id: 'c1', text: 'hi' },
      { id: 'c2', text: 'yo' },
    ],
  });
  const thread = ctrl.get(Thread, { id: 't1' })!;
  assert.equal(thread.comments, ['c1', 'c2']);
  const comments = ctrl.get(Thread.schema.comments.query, thread.comments) as Comment[];
  assert.equal(
    comments.map((c) => c.text),
    ['hi', 'yo'],
  );
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
