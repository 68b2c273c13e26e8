import Decimal from 'decimal.js';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller, Entity, effect } from '../../src/index.js';
import { endpoint, schemaError } from '../_fixtures/schema.js';
import { dev } from '../_fixtures/env.js';
import { Post, User } from '../_fixtures/models.js';

//#region normalize
const normalize = suite('Entity.normalize');

normalize('a nested entity is stored as its pk; a bare pk (string or number) references a row', () => {
  const ctrl = new Controller();
  ctrl.set(Post, { id: 'p1', title: 'One', author: { id: 'u1', name: 'Ada' } });
  ctrl.set(Post, { id: 'p2', title: 'Two', author: 'u1' });
  class Box extends Entity {
    id = 0;
    owner: User | undefined = undefined;
    override pk() {
      return this.id;
    }
    static override key = 'Box';
    static override schema = { owner: User };
  }
  ctrl.set(User, { id: '7', name: 'Seven' });
  ctrl.set(Box, { id: 1, owner: 7 });
  assert.is(ctrl.get(Post, { id: 'p2' })!.author, ctrl.get(User, { id: 'u1' }));
  assert.is(ctrl.get(Box, { id: 1 })!.owner!.name, 'Seven', 'a numeric pk references the row');
  assert.is(ctrl.get(Box, 1)!.id, 1, 'an entity is read by a bare pk too');
});

normalize('null and undefined nested values stay as they are', () => {
  const ctrl = new Controller();
  ctrl.set(Post, { id: 'p1', author: null });
  assert.is(ctrl.get(Post, { id: 'p1' })!.author, null);
  ctrl.set([Post], [null, { id: 'p2' }]);
  assert.is(ctrl.get(Post, { id: 'p2' })!.author, undefined, 'a missing field takes the class default');
});

normalize('static process runs before the pk is read', () => {
  class Tag extends Entity {
    name = '';
    override pk() {
      return this.name;
    }
    static override key = 'Tag';
    static override process(input: any) {
      return { ...input, name: String(input.label).toLowerCase() };
    }
  }
  const ctrl = new Controller();
  ctrl.set(Tag, { label: 'News' });
  assert.is(ctrl.get(Tag, { name: 'news' })!.name, 'news');
});

normalize('the store key is static key, else the class name', () => {
  class Nameless extends Entity {
    id = '';
    override pk() {
      return this.id;
    }
  }
  assert.is(Nameless.key, 'Nameless');
  assert.is(User.key, 'User');
});

normalize('rows with the same pk in one response merge, later fields winning', () => {
  const ctrl = new Controller();
  ctrl.set(
    [User],
    [
      { id: 'u1', name: 'Ada' },
      { id: 'u1', isAdmin: true },
    ],
  );
  const user = ctrl.get(User, { id: 'u1' })!;
  assert.is(user.name, 'Ada');
  assert.is(user.isAdmin, true);
});

normalize('rows with the same pk in one response go through the class merge, even when equal', () => {
  class Tally extends Entity {
    id = '';
    n = 0;
    static override key = 'Tally';
    static override merge(existing: any, incoming: any) {
      return { ...existing, ...incoming, n: existing.n + incoming.n };
    }
  }
  const ctrl = new Controller();
  ctrl.set(
    [Tally],
    [
      { id: 't', n: 1 },
      { id: 't', n: 1 },
      { id: 't', n: 1 },
    ],
  );
  assert.is(ctrl.get(Tally, { id: 't' })!.n, 3);
});

normalize("the values written are the caller's: never changed, never kept (the rows are copies)", () => {
  class Count extends Entity {
    id = '';
    n = 0;
    static override key = 'Count';
    // A merge that changes what it is given: it gets a copy.
    static override merge(existing: any, incoming: any) {
      incoming.n += existing.n;
      return incoming;
    }
  }
  const ctrl = new Controller();
  const ada = { id: 'u1', name: 'Ada' };
  const again = { id: 'u1', name: 'Ada' };
  const bob = { id: 'u2', name: 'Bob' };
  const post = { id: 'p1', title: 'One', author: ada };
  const counts = [
    { id: 'c', n: 1 },
    { id: 'c', n: 2 },
  ];
  ctrl.set([User], [ada, again, bob]);
  ctrl.set(Post, post);
  ctrl.set([Count], counts);
  assert.equal(counts, [
    { id: 'c', n: 1 },
    { id: 'c', n: 2 },
  ]);
  assert.is(post.author, ada, 'the nested value is left in place');
  ada.name = again.name = bob.name = 'changed';
  assert.is(ctrl.get(User, { id: 'u1' })!.name, 'Ada');
  assert.is(ctrl.get(User, { id: 'u2' })!.name, 'Bob', 'a row met once is a copy too');
  assert.is(ctrl.get(Post, { id: 'p1' })!.author!.name, 'Ada');
  assert.is(ctrl.get(Count, { id: 'c' })!.n, 3);
});
//#endregion

//#region deserializers
class Price {
  readonly amount: number;
  constructor(raw: string) {
    this.amount = Number(raw);
  }
  equals(other: Price) {
    return other.amount === this.amount;
  }
}
class Order extends Entity {
  id = '';
  placedAt = new Date(0);
  total: Decimal = new Decimal(0);
  price: Price | undefined = undefined;
  count = 0;
  site: URL | undefined = undefined;
  override pk() {
    return this.id;
  }
  static override key = 'Order';
  static override schema = { placedAt: Date, total: Decimal, price: Price, count: Number, site: URL };
}

const deserializers = suite('Entity deserializers');

deserializers('classes are constructed with new (Date, URL, a user class, Decimal); functions are called', () => {
  const ctrl = new Controller();
  ctrl.set(Order, {
    id: 'o1',
    placedAt: '2024-05-01T00:00:00Z',
    total: '1.10',
    price: '3',
    count: '4',
    site: 'https://a.test/x',
  });
  const order = ctrl.get(Order, { id: 'o1' })!;
  assert.instance(order.placedAt, Date);
  assert.is(order.placedAt.getTime(), Date.parse('2024-05-01T00:00:00Z'));
  assert.instance(order.total, Decimal);
  assert.ok(order.total.equals('1.1'));
  assert.instance(order.price, Price);
  assert.is(order.price!.amount, 3);
  assert.is(order.count, 4);
  assert.instance(order.site, URL);
  assert.is(order.site!.pathname, '/x');
});

deserializers('a deserializer given by function is called, not constructed', () => {
  const calls: unknown[] = [];
  class Event extends Entity {
    id = '';
    at: Date | undefined = undefined;
    override pk() {
      return this.id;
    }
    static override key = 'Event';
    static override schema = {
      at: (iso: string) => {
        calls.push(iso);
        return new Date(iso);
      },
    };
  }
  const ctrl = new Controller();
  ctrl.set(Event, { id: 'e1', at: '2020-01-01T00:00:00Z' });
  assert.equal(calls, ['2020-01-01T00:00:00Z']);
  assert.is(ctrl.get(Event, { id: 'e1' })!.at!.getUTCFullYear(), 2020);
});

deserializers('an identical write of deserialized values (Date, Decimal, .equals) notifies no one', () => {
  const ctrl = new Controller();
  const raw = { id: 'o1', placedAt: '2024-05-01T00:00:00Z', total: '1.10', price: '3' };
  ctrl.set(Order, raw);
  let runs = 0;
  const stop = effect(() => {
    ctrl.get(Order, { id: 'o1' });
    runs++;
  });
  ctrl.set(Order, { ...raw, total: '1.1' });
  assert.is(runs, 1, 'equal values write nothing');
  ctrl.set(Order, { ...raw, placedAt: '2024-05-02T00:00:00Z' });
  assert.is(runs, 2, 'a different Date notifies');
  ctrl.set(Order, { ...raw, placedAt: '2024-05-02T00:00:00Z', price: '4' });
  assert.is(runs, 3, 'a different .equals value notifies');
  stop();
});

deserializers(
  'a deserializer that throws rejects the response with a SchemaError naming the field; nothing is written',
  () => {
    const ctrl = new Controller();
    ctrl.set(Order, { id: 'o1', total: '2' });
    const getOrders = endpoint('getOrders', [Order]);
    const error = schemaError(() =>
      ctrl.setResponse(getOrders, [
        { id: 'o1', total: '5' },
        { id: 'o2', total: 'not a number' },
      ]),
    );
    assert.match(error.message, 'getOrders');
    assert.match(error.message, 'Order.total');
    assert.match(error.message, '[1]');
    assert.is(error.path, '[1].total');
    assert.ok(ctrl.get(Order, { id: 'o1' })!.total.equals(2), 'the first row of the failed response was not written');
    assert.is(ctrl.get(Order, { id: 'o2' }), undefined);
    assert.is(ctrl.response(getOrders).value, undefined);
  },
);
//#endregion

//#region errors
const errors = suite('Entity errors');

errors('a value that is not an object, a string or a number is a SchemaError naming the endpoint and the key', () => {
  const ctrl = new Controller();
  const getUser = endpoint('getUser', User);
  for (const bad of [true, [{ id: 'u1' }]]) {
    const error = schemaError(() => ctrl.setResponse(getUser, bad));
    assert.match(error.message, 'getUser');
    assert.match(error.message, 'User');
  }
  const nested = schemaError(() => ctrl.set(Post, { id: 'p1', author: false }));
  assert.match(nested.message, 'set(Post)');
  assert.is(nested.path, '.author');
});

errors(
  'an anonymous entity class without a static key is refused, not stored under an empty key beside another',
  () => {
    const ctrl = new Controller();
    // Class expressions passed inline have no name: two of them would share one table.
    const [First, Second] = [0, 1].map(
      () =>
        class extends Entity {
          id = '';
          override pk() {
            return this.id;
          }
        },
    );
    assert.is(First.name, '');
    for (const Anonymous of [First, Second]) {
      assert.match(
        schemaError(() => ctrl.set(Anonymous, { id: '1' })).message,
        'an Entity class without a name needs a static key',
      );
      assert.match(schemaError(() => endpoint('getThing', Anonymous).key()).message, 'static key');
    }
    // With a static key it is an entity like any other.
    const [Keyed] = [0].map(
      () =>
        class extends Entity {
          id = '';
          override pk() {
            return this.id;
          }
          static override key = 'Keyed';
        },
    );
    assert.is(Keyed.name, '');
    ctrl.set(Keyed, { id: '1' });
    assert.is(ctrl.get(Keyed, { id: '1' })!.id, '1');
  },
);

errors('a row without a usable pk (missing, empty, NaN, an object) is a SchemaError', () => {
  const ctrl = new Controller();
  class Num extends Entity {
    n: unknown = 0;
    override pk() {
      return this.n as number;
    }
    static override key = 'Num';
  }
  for (const bad of [{}, { id: '' }]) assert.match(schemaError(() => ctrl.set(User, bad)).message, 'pk');
  for (const n of [NaN, Infinity, { x: 1 }]) assert.match(schemaError(() => ctrl.set(Num, { n })).message, 'Num');
  ctrl.set(Num, { n: 0 });
  assert.is(ctrl.get(Num, 0)!.n, 0, 'the number 0 is a usable pk');
});

errors('two classes sharing one key in a response is an error; a subclass may share its parent key', () => {
  class A extends Entity {
    id = '';
    override pk() {
      return this.id;
    }
    static override key = 'Same';
  }
  class B extends Entity {
    id = '';
    override pk() {
      return this.id;
    }
    static override key = 'Same';
  }
  class A2 extends A {
    extra = '';
  }
  const ctrl = new Controller();
  const error = schemaError(() => ctrl.set({ a: A, b: B }, { a: { id: '1' }, b: { id: '2' } }));
  assert.match(error.message, '"Same"');
  // The two classes are named in development.
  if (dev) assert.match(error.message, '(A, B)');
  assert.is(ctrl.get(A, '1'), undefined, 'nothing was written');
  ctrl.set({ a: A, b: A2 }, { a: { id: '1' }, b: { id: '2', extra: 'x' } });
  assert.is(ctrl.get(A, '2')!.id, '2');
});

errors('a class whose constructor throws still denormalizes, without defaults', () => {
  class Strict extends Entity {
    id = '';
    constructor() {
      super();
      throw new Error('no direct construction');
    }
    override pk() {
      return this.id;
    }
    static override key = 'Strict';
  }
  const ctrl = new Controller();
  ctrl.set(Strict, { id: 's1' });
  const row = ctrl.get(Strict, 's1')!;
  assert.instance(row, Strict);
  assert.is(row.id, 's1');
});
//#endregion

//#region denormalize
const denormalize = suite('Entity.denormalize');

denormalize('instances of the class with defaults under stored fields; frozen outside production', () => {
  const ctrl = new Controller();
  ctrl.set(User, { id: 'u1', name: 'Ada' });
  const user = ctrl.get(User, { id: 'u1' })!;
  assert.instance(user, User);
  assert.equal(user.posts, []);
  assert.is(Object.isFrozen(user), process.env.NODE_ENV !== 'production');
});

denormalize('reading by args: a missing first argument reads nothing', () => {
  const ctrl = new Controller();
  ctrl.set(User, { id: 'u1' });
  assert.is(ctrl.get(User), undefined);
  assert.is(ctrl.get(User, null), undefined);
  assert.is(ctrl.get(User, { id: '' }), undefined);
});
//#endregion

normalize.run();
deserializers.run();
errors.run();
denormalize.run();
