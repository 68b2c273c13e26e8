// A root list whose view follows the tables of its rows is read again in part: the places
// that reached a row written since are re-read, the others keep their objects. What a
// reader sees must be what a whole read gives, whatever the writes were.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { batch, Collection, Controller, Endpoint, Entity, effect, Invalidate } from '../../src/index.js';
import { endpoint } from '../_fixtures/schema.js';

class Person extends Entity {
  id = '';
  name = '';
  override pk() {
    return this.id;
  }
  static override key = 'Person';
}
class Tag extends Entity {
  id = '';
  label = '';
  override pk() {
    return this.id;
  }
  static override key = 'Tag';
}
class Ticket extends Entity {
  id = '';
  title = '';
  user: Person | undefined = undefined;
  tags: Tag[] = [];
  override pk() {
    return this.id;
  }
  static override key = 'Ticket';
  static override schema = { user: Person, tags: [Tag] };
}
/** A ticket whose person is required (a truthy default): it reads as removed with its person. */
class Owned extends Entity {
  id = '';
  owner = Person.fromJS();
  override pk() {
    return this.id;
  }
  static override key = 'Owned';
  static override schema = { owner: Person };
}

const PEOPLE = 10;
/** `count` tickets t0…, ticket i by person p(i % 10) with tags g(i % 3) and g(i % 5). */
function tickets(count = 100) {
  return Array.from({ length: count }, (_, i) => ({
    id: `t${i}`,
    title: `ticket ${i}`,
    user: { id: `p${i % PEOPLE}`, name: `person ${i % PEOPLE}` },
    tags: [...new Set([`g${i % 3}`, `g${i % 5}`])].map((id) => ({ id, label: id })),
  }));
}

/**
 * A response of `list` read by an effect; `shown()` is what it saw last, `runs()` how often
 * it ran. `touch` writes a row the list reaches, then writes it back.
 */
function mount(
  ctrl: Controller,
  list: unknown[],
  schema: unknown = [Ticket],
  touch = (back: boolean) => ctrl.set(Person, { id: 'p0', name: back ? 'person 0' : 'renamed' }),
) {
  const getList = endpoint('getList', schema as never);
  ctrl.setResponse(getList, list);
  const view = ctrl.response(getList);
  let runs = 0;
  let shown: Ticket[] = [];
  const stop = effect(() => {
    runs++;
    shown = view.value as Ticket[];
  });
  // The first read goes row by row and finds the view large; the next follows the tables of
  // its rows and reads every row, peeked; the reads after that go in part.
  touch(false);
  touch(true);
  return { getList, shown: () => shown, runs: () => runs, stop };
}

/** The places of `after` whose object is not the one `before` had. */
function changed(before: readonly object[], after: readonly object[]): number[] {
  return after.flatMap((item, i) => (item === before[i] ? [] : [i]));
}

/** What the tickets show, as plain data. */
function plain(list: readonly Ticket[]) {
  return list.map((t) => [t.id, t.title, t.user?.name, t.tags.map((g) => g.label).join()]);
}

const reread = suite('denormalize: a list read again in part');

reread('a nested row written: the places that reached it get new objects, the others keep theirs', () => {
  const ctrl = new Controller();
  const list = mount(ctrl, tickets());
  for (const name of ['Ada', 'Bo', 'Cy']) {
    const before = list.shown();
    const runs = list.runs();
    ctrl.set(Person, { id: 'p3', name });
    const after = list.shown();
    assert.is(list.runs(), runs + 1, 'one run per write');
    assert.equal(
      changed(before, after),
      Array.from({ length: 10 }, (_, k) => 3 + 10 * k),
    );
    assert.ok(after.filter((t) => t.user!.id === 'p3').every((t) => t.user!.name === name));
    assert.is(after[3]!.user, after[13]!.user, 'one object per row');
  }
  // Rows of the followed tables that no ticket reaches: the reader does not run.
  const before = list.shown();
  const runs = list.runs();
  ctrl.set(Person, { id: 'nobody', name: 'renamed' });
  ctrl.set(Tag, { id: 'unused', label: 'x' });
  assert.is(list.runs(), runs);
  assert.is(list.shown(), before);
  list.stop();
});

reread('a tag two places share and a row of the list itself: each place re-read, in place', () => {
  const ctrl = new Controller();
  const list = mount(ctrl, tickets());
  const before = list.shown();
  ctrl.set(Tag, { id: 'g4', label: 'four' });
  const after = list.shown();
  assert.equal(
    changed(before, after),
    before.flatMap((t, i) => (t.tags.some((g) => g.id === 'g4') ? [i] : [])),
  );
  assert.ok(after.every((t) => t.tags.every((g) => g.id !== 'g4' || g.label === 'four')));
  ctrl.set(Ticket, { id: 't42', title: 'edited' });
  assert.equal(changed(after, list.shown()), [42]);
  assert.is(list.shown()[42]!.title, 'edited');
  list.stop();
});

reread('a ticket given another person follows that person from then on, and no longer the first', () => {
  const ctrl = new Controller();
  const list = mount(ctrl, tickets());
  // A write of another person first: the places are indexed by what they reached.
  ctrl.set(Person, { id: 'p1', name: 'One' });
  ctrl.set(Ticket, { id: 't5', user: 'p6' });
  assert.is(list.shown()[5]!.user!.name, 'person 6');
  ctrl.set(Person, { id: 'p6', name: 'Six' });
  assert.is(list.shown()[5]!.user!.name, 'Six', 'the new person');
  assert.is(list.shown()[5]!.user, list.shown()[6]!.user);
  const before = list.shown();
  ctrl.set(Person, { id: 'p5', name: 'Five' });
  assert.is(list.shown()[5], before[5], 'the person it left does not reach it');
  assert.is(list.shown()[15]!.user!.name, 'Five');
  list.stop();
});

reread('the same row twice in a list: both places change', () => {
  const ctrl = new Controller();
  const rows = tickets();
  const list = mount(ctrl, [...rows, rows[7]!]);
  ctrl.set(Ticket, { id: 't7', title: 'seven' });
  assert.equal(changed(list.shown().slice(0, 100), list.shown().slice(0, 100)), []);
  assert.is(list.shown()[7]!.title, 'seven');
  assert.is(list.shown()[100], list.shown()[7]);
  ctrl.set(Person, { id: 'p7', name: 'Seven' });
  assert.is(list.shown()[100]!.user!.name, 'Seven');
  list.stop();
});

reread('a required nested row removed: its places read as removed and leave the list', () => {
  const ctrl = new Controller();
  const rows = Array.from({ length: 100 }, (_, i) => ({ id: `o${i}`, owner: { id: `p${i % PEOPLE}`, name: 'x' } }));
  const list = mount(ctrl, rows, [Owned], (back) => ctrl.set(Person, { id: 'p0', name: back ? 'x' : 'renamed' }));
  ctrl.set(Person, { id: 'p2', name: 'Two' });
  assert.is((list.shown()[2] as unknown as Owned).owner.name, 'Two');
  ctrl.set(new Invalidate(Person), { id: 'p2' });
  assert.is(list.shown().length, 90);
  assert.not.ok((list.shown() as unknown as Owned[]).some((o) => o.owner.id === 'p2'));
  ctrl.set(Person, { id: 'p3', name: 'Three' });
  assert.is((list.shown()[2] as unknown as Owned).owner.name, 'Three', 'the list goes on from there');
  list.stop();
});

reread('more writes between two reads than the tables log: the list is read whole, the same', () => {
  const ctrl = new Controller();
  const list = mount(ctrl, tickets());
  batch(() => {
    for (let i = 0; i < 1500; i++) ctrl.set(Person, { id: `p${i % PEOPLE}`, name: `n${i}` });
  });
  assert.equal(
    list.shown().map((t) => t.user!.name),
    tickets().map((_, i) => `n${1490 + (i % PEOPLE)}`),
  );
  ctrl.set(Person, { id: 'p0', name: 'zero' });
  assert.is(list.shown()[10]!.user!.name, 'zero');
  list.stop();
});

reread('many rows of the list itself written at once: read whole, the same', () => {
  const ctrl = new Controller();
  const list = mount(ctrl, tickets());
  const before = list.shown();
  batch(() => {
    for (let i = 0; i < 60; i++) ctrl.set(Ticket, { id: `t${i}`, title: `title ${i}` });
  });
  assert.equal(
    changed(before, list.shown()),
    Array.from({ length: 60 }, (_, i) => i),
  );
  assert.ok(list.shown().every((t, i) => t.title === (i < 60 ? `title ${i}` : `ticket ${i}`)));
  ctrl.set(Ticket, { id: 't99', title: 'last' });
  assert.equal(changed(before, list.shown()).slice(-1), [99]);
  list.stop();
});

reread('a write undone by its transaction leaves the list and its reader as they were', () => {
  class Picky extends Person {
    static override key = 'Person';
    static override mergeWithStore(_a: unknown, _b: unknown, existing: any, incoming: any) {
      if (incoming.name === 'boom') throw new Error('refused');
      return { ...existing, ...incoming };
    }
  }
  const ctrl = new Controller();
  const list = mount(ctrl, tickets());
  const before = list.shown();
  const runs = list.runs();
  // The first row is written, the second throws: the commit is undone (and the error reported).
  const errors: unknown[] = [];
  const report = console.error;
  console.error = (error: unknown) => errors.push(error);
  try {
    ctrl.set(
      [Picky],
      [
        { id: 'p1', name: 'written, then undone' },
        { id: 'p2', name: 'boom' },
      ],
    );
  } finally {
    console.error = report;
  }
  assert.match(String(errors[0]), /refused/);
  assert.is(list.shown(), before);
  assert.is(list.runs(), runs);
  ctrl.set(Person, { id: 'p1', name: 'One' });
  assert.is(list.shown()[1]!.user!.name, 'One');
  list.stop();
});

reread('an optimistic write and its rollback: the list shows it, then the server value again', async () => {
  let fail: (error: Error) => void = () => {};
  const rename = new Endpoint(
    (_params: { id: string }, _body: { name: string }) =>
      new Promise((_, reject) => {
        fail = reject;
      }),
    {
      name: 'rename',
      schema: Person,
      sideEffect: true,
      getOptimisticResponse: (_snap: unknown, params: { id: string }, body: { name: string }) => ({
        ...params,
        ...body,
      }),
    },
  );
  const ctrl = new Controller();
  const list = mount(ctrl, tickets());
  const saving = ctrl.fetch(rename, { id: 'p4' }, { name: 'optimistic' }).catch(() => 'failed');
  assert.is(list.shown()[4]!.user!.name, 'optimistic');
  fail(new Error('refused'));
  assert.is(await saving, 'failed');
  assert.is(list.shown()[4]!.user!.name, 'person 4');
  assert.is(list.shown()[14]!.user, list.shown()[4]!.user);
  list.stop();
});

reread('two views of one list each follow every write', () => {
  const ctrl = new Controller();
  const list = mount(ctrl, tickets());
  const again = ctrl.response(list.getList);
  let second: Ticket[] = [];
  const other = endpoint('getOther', [Ticket]);
  ctrl.setResponse(other, tickets());
  const otherView = ctrl.response(other);
  const stop = effect(() => {
    second = otherView.value as Ticket[];
  });
  for (const name of ['A', 'B']) {
    ctrl.set(Person, { id: 'p9', name });
    assert.is(list.shown()[9]!.user!.name, name);
    assert.is(second[19]!.user!.name, name);
    assert.is(second[19], list.shown()[19], 'the same object in both');
  }
  assert.is(again.value, list.shown());
  assert.equal(plain(second), plain(list.shown()));
  stop();
  list.stop();
});

reread('a list held by a row (a nested Collection) changing re-reads that row', () => {
  class Card extends Entity {
    id = '';
    text = '';
    override pk() {
      return this.id;
    }
    static override key = 'Card';
  }
  const cards = new Collection([Card], { nestKey: (board: { id: string }) => ({ boardId: board.id }) });
  class Board extends Entity {
    id = '';
    cards: Card[] = [];
    override pk() {
      return this.id;
    }
    static override key = 'Board';
    static override schema = { cards };
  }
  const ctrl = new Controller();
  const rows = Array.from({ length: 100 }, (_, i) => ({ id: `b${i}`, cards: [{ id: `c${i}`, text: `card ${i}` }] }));
  const list = mount(ctrl, rows, [Board], (back) => ctrl.set(Card, { id: 'c0', text: back ? 'card 0' : 'renamed' }));
  ctrl.set(Card, { id: 'c1', text: 'one' });
  const boards = () => list.shown() as unknown as Board[];
  assert.is(boards()[1]!.cards[0]!.text, 'one');
  // The list of board 3 written as a list (no row of a table written).
  ctrl.set(cards, { boardId: 'b3' }, [
    { id: 'c3', text: 'card 3' },
    { id: 'extra', text: 'added' },
  ]);
  assert.equal(
    boards()[3]!.cards.map((c) => c.text),
    ['card 3', 'added'],
  );
  ctrl.set(Card, { id: 'extra', text: 'edited' });
  assert.is(boards()[3]!.cards[1]!.text, 'edited');
  list.stop();
});

reread.run();
