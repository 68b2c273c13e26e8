// A response is atomic under every failure (DESIGN rule 9): whatever throws while a
// response is normalized, compared, merged, committed or first read, the error names the
// endpoint, lands in the meta, and the cache is as it was before.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { All, Controller, Endpoint, Entity, RestEndpoint, SchemaError, effect } from '../../src/index.js';
import { dev } from '../_fixtures/env.js';
import { Task } from '../_fixtures/models.js';
import { json, startServer, type TestServer } from '../_fixtures/server.js';

/** What a read that fails says: a deserializer member that refuses the server's value. */
const UNREADABLE = `could not deserialize ${dev ? '"bad"' : 'string'}: bad date`;
/** A deserializer (run when read) that fails on `'bad'`. */
const when = (v: string) => {
  if (v === 'bad') throw new Error('bad date');
  return v;
};

class Node extends Entity {
  id = '';
  label = '';
  next: Node | undefined = undefined;
  override pk() {
    return this.id;
  }
  static override key = 'Node';
}
Node.schema = { next: Node };

class Doc extends Entity {
  id = '';
  body: unknown = undefined;
  override pk() {
    return this.id;
  }
  static override key = 'Doc';
}

/** `{ id: n0, next: { id: n1, next: … } }`, `length` rows. */
/** A row whose merge hook refuses every write over a stored row: it fails a response after its first writes. */
class Strict extends Entity {
  id = '';
  override pk() {
    return this.id;
  }
  static override key = 'Strict';
  static override mergeWithStore(): never {
    throw new Error('merge refused');
  }
}

function chain(length: number, prefix = 'n'): Record<string, unknown> {
  let node: Record<string, unknown> | undefined;
  for (let i = length - 1; i >= 0; i--) node = { id: `${prefix}${i}`, label: `#${i}`, next: node };
  return node!;
}

/** An object nested `depth` levels: `{ a: { a: … { leaf: true } } }`, built as JSON text. */
function deepJson(depth: number): string {
  return '{"a":'.repeat(depth) + '{"leaf":true}' + '}'.repeat(depth);
}

/** The depth of the `next` chain of a denormalized node, walking without recursion. */
function chainLength(node: Node | undefined): number {
  let n = 0;
  for (; node !== undefined; node = node.next) n++;
  return n;
}

interface Ctx {
  server: TestServer;
  ctrl: Controller;
  reported: unknown[];
}

function setup(ctx: Ctx) {
  return async () => {
    ctx.server = await startServer();
    ctx.reported = [];
    ctx.ctrl = new Controller({ onError: (error) => ctx.reported.push(error) });
  };
}

const depth = suite<Ctx>('atomic: payload depth');
depth.before.each(async (ctx) => setup(ctx)());
depth.after.each((ctx) => ctx.server.close());

depth(
  'a plain field nested to the shared limit (500 levels) writes and reads twice; deeper is a SchemaError, writing nothing',
  async ({ server, ctrl }) => {
    // A row is one level, so its field nests 499: `deepJson(498)` is 499 levels.
    let levels = 498;
    server.route('GET', '/docs/:id', (req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(`{"id":"${req.params.id}","body":${deepJson(levels)}}`);
    });
    const getDoc = new RestEndpoint({ urlPrefix: server.url, path: '/docs/:id', schema: Doc, name: 'getDoc' });
    const first = await ctrl.fetch(getDoc, { id: 'd1' });
    const again = await ctrl.fetch(getDoc, { id: 'd1' });
    assert.ok(again instanceof Doc);
    assert.is(ctrl.get(Doc, { id: 'd1' }), again);
    assert.ok(first.body !== undefined);
    assert.is(ctrl.meta(getDoc, { id: 'd1' }).value.error, undefined);
    for (levels of [499, 10_000]) {
      const error = await ctrl.fetch(getDoc, { id: 'd1' }).then(
        () => undefined,
        (e) => e,
      );
      assert.instance(error, SchemaError);
      assert.is(error.message, 'getDoc: Doc d1 nests over 500 levels');
      assert.is(ctrl.get(Doc, { id: 'd1' }), again, 'the cached row stays');
    }
  },
);

depth(
  'a response without schema nested to the limit is stored and read twice; deeper is refused',
  async ({ server, ctrl }) => {
    let levels = 499;
    server.route('GET', '/raw', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(deepJson(levels));
    });
    const getRaw = new RestEndpoint({ urlPrefix: server.url, path: '/raw', name: 'getRaw' });
    await ctrl.fetch(getRaw);
    const value = (await ctrl.fetch(getRaw)) as { a: unknown };
    assert.ok(typeof value.a === 'object');
    assert.is(ctrl.response(getRaw).value, value);
    for (levels of [500, 10_000]) {
      const error = await ctrl.fetch(getRaw).then(
        () => undefined,
        (e) => e,
      );
      assert.instance(error, SchemaError);
      assert.is(error.message, 'getRaw: the response nests over 500 levels');
      assert.is(ctrl.response(getRaw).value, value, 'the cached response stays');
    }
  },
);

depth(
  'a chain of 200 self-referencing entities is stored and read whole; a reader of its head sees its tail change',
  async ({ server, ctrl }) => {
    server.route('GET', '/nodes/n0', (_req, res) => json(res, 200, chain(200)));
    const getNode = new RestEndpoint({ urlPrefix: server.url, path: '/nodes/:id', schema: Node, name: 'getNode' });
    const root = await ctrl.fetch(getNode, { id: 'n0' });
    assert.is(chainLength(root), 200);
    assert.is(ctrl.get(Node, { id: 'n0' }), root);
    let last: Node | undefined;
    const stop = effect(() => void (last = ctrl.get(Node, { id: 'n0' })));
    ctrl.set(Node, { id: 'n199', label: 'changed' });
    let tail = last;
    while (tail?.next !== undefined) tail = tail.next;
    assert.is(tail!.label, 'changed');
    stop();
  },
);

depth(
  'a chain of 1,000 self-referencing entities is stored whole; a read resolves 256 rows deep, deeper ones keep their pks',
  async ({ server, ctrl }) => {
    server.route('GET', '/nodes/n0', (_req, res) => json(res, 200, chain(1000)));
    const getNode = new RestEndpoint({ urlPrefix: server.url, path: '/nodes/:id', schema: Node, name: 'getNode' });
    const errors: unknown[] = [];
    const error = console.error;
    console.error = (...args: unknown[]) => void errors.push(args[0]);
    try {
      const root = await ctrl.fetch(getNode, { id: 'n0' });
      let node: Node = root;
      for (let i = 0; i < 256; i++) node = node.next!;
      assert.instance(node, Node);
      assert.is(node.id, 'n256');
      assert.is(node.next as unknown, 'n257', 'beyond the limit, the stored pk');
      assert.is(ctrl.get(Node, { id: 'n999' })!.label, '#999', 'every row was stored');
      assert.is(chainLength(ctrl.get(Node, { id: 'n800' })), 200, 'a read of a deeper head resolves its whole tail');
    } finally {
      console.error = error;
    }
    // Reported once per read, in development.
    assert.is(errors.length > 0, dev);
    if (dev) assert.match(String(errors[0]), 'Entity depth limit of 256 reached for "Node"');
  },
);

depth('rows chained deeper than 256 by many writes read without a RangeError, cut at the limit', ({ ctrl }) => {
  for (let i = 0; i < 700; i++) ctrl.set(Node, { id: `m${i}`, next: i + 1 < 700 ? `m${i + 1}` : undefined });
  const error = console.error;
  console.error = () => {};
  try {
    let node = ctrl.get(Node, { id: 'm0' })!;
    for (let i = 0; i < 256; i++) node = node.next!;
    assert.is(node.id, 'm256');
    assert.is(node.next as unknown, 'm257');
    assert.is(chainLength(ctrl.get(Node, { id: 'm500' })), 200);
  } finally {
    console.error = error;
  }
});

depth(
  'a payload nested deeper than 1,000 schema levels is a SchemaError naming the endpoint; nothing written',
  async ({ server, ctrl }) => {
    server.route('GET', '/nodes/deep', (_req, res) => json(res, 200, chain(3000, 'd')));
    server.route('GET', '/nodes/ok', (_req, res) => json(res, 200, chain(3, 'ok')));
    const getNode = new RestEndpoint({ urlPrefix: server.url, path: '/nodes/:id', schema: Node, name: 'getNode' });
    await ctrl.fetch(getNode, { id: 'ok' });
    const error = await ctrl.fetch(getNode, { id: 'deep' }).then(
      () => undefined,
      (e) => e,
    );
    assert.instance(error, SchemaError);
    assert.match(error.message, /^getNode: nested over 1000 levels/);
    assert.is(error.path.slice(0, 10), '.next.next');
    assert.is(ctrl.getError(getNode, { id: 'deep' }), error);
    assert.is(ctrl.get(Node, { id: 'd0' }), undefined);
    assert.is(chainLength(ctrl.get(Node, { id: 'ok0' })), 3);
  },
);

const readers = suite<Ctx>('atomic: readers that throw');
readers.before.each(async (ctx) => setup(ctx)());
readers.after.each((ctx) => ctx.server.close());

readers(
  'a reader effect that throws does not fail the fetch; the error goes to onError',
  async ({ server, ctrl, reported }) => {
    server.route('GET', '/docs/:id', (req, res) => json(res, 200, { id: req.params.id, body: 'new' }));
    const getDoc = new RestEndpoint({ urlPrefix: server.url, path: '/docs/:id', schema: Doc, name: 'getDoc' });
    ctrl.set(Doc, { id: 'd1', body: 'old' });
    const boom = new Error('reader broke');
    let seen: unknown;
    const stop = effect(() => {
      seen = ctrl.get(Doc, { id: 'd1' })?.body;
      if (seen === 'new') throw boom;
    });
    const doc = await ctrl.fetch(getDoc, { id: 'd1' });
    assert.is(doc.body, 'new');
    assert.is(seen, 'new');
    assert.equal(reported, [boom]);
    assert.is(ctrl.getError(getDoc, { id: 'd1' }), undefined);
    assert.ok(ctrl.meta(getDoc, { id: 'd1' }).value.fetchedAt > 0);
    stop();
  },
);

readers('a reader of the meta that throws does not replace the endpoint error', async ({ server, ctrl, reported }) => {
  server.route('GET', '/docs/:id', (_req, res) => json(res, 500, { error: 'down' }));
  const getDoc = new RestEndpoint({ urlPrefix: server.url, path: '/docs/:id', schema: Doc, name: 'getDoc' });
  const stop = effect(() => {
    if (ctrl.getError(getDoc, { id: 'd1' }) !== undefined) throw new Error('meta reader broke');
  });
  const error = await ctrl.fetch(getDoc, { id: 'd1' }).then(
    () => undefined,
    (e) => e,
  );
  assert.match(error.message, /^getDoc: GET .* failed with 500/);
  assert.is(reported.length, 1);
  assert.is((reported[0] as Error).message, 'meta reader broke');
  stop();
});

readers('set, setResponse and invalidate report reader errors instead of throwing them', ({ ctrl, reported }) => {
  const stop = effect(() => {
    if (ctrl.get(Doc, { id: 'd1' }) !== undefined) throw new Error('reader broke');
  });
  ctrl.set(Doc, { id: 'd1', body: 1 });
  assert.is(reported.length, 1);
  stop();
});

readers('onError defaults to console.error', ({ ctrl: _ }) => {
  const ctrl = new Controller();
  const logged: unknown[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => void logged.push(args[0]);
  const stop = effect(() => {
    if (ctrl.get(Doc, { id: 'd2' }) !== undefined) throw new Error('reader broke');
  });
  try {
    ctrl.set(Doc, { id: 'd2', body: 1 });
  } finally {
    console.error = original;
  }
  assert.is((logged[0] as Error).message, 'reader broke');
  stop();
});

readers(
  'new rows of a response whose merge hook throws are undone: no member, no index entry, no stamp, table never stored',
  async ({ server, ctrl }) => {
    class Account extends Entity {
      id = '';
      email = '';
      override pk() {
        return this.id;
      }
      static override key = 'Account';
      static override indexes = ['email'];
    }
    const signup = new RestEndpoint({
      urlPrefix: server.url,
      path: '/signup',
      name: 'signup',
      schema: { accounts: [Account], strict: Strict },
    });
    // A request started before the failing response answers after it.
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.route('GET', '/older', async (_req, res) => {
      await answered;
      json(res, 200, [{ id: 'a2', email: 'older@x' }]);
    });
    const older = ctrl.fetch(
      new RestEndpoint({ urlPrefix: server.url, path: '/older', name: 'older', schema: [Account] }),
    );
    ctrl.set(Strict, { id: 's' });
    // The index exists before the write, a reader waits for a new row, `All` was never stored.
    assert.is(ctrl.get(Account, { email: 'a@x' }), undefined);
    let runs = 0;
    const stop = effect(() => {
      ctrl.get(Account, { id: 'a1' });
      runs++;
    });
    const accounts = Array.from({ length: 50 }, (_, i) => ({ id: `a${i}`, email: i === 1 ? 'a@x' : `${i}@x` }));
    assert.throws(() => ctrl.setResponse(signup, { accounts, strict: { id: 's' } }), /merge refused/);
    assert.is(runs, 1, 'the reader of a new row never re-ran');
    assert.is(ctrl.get(Account, { id: 'a1' }), undefined);
    assert.is(ctrl.get(Account, { email: 'a@x' }), undefined, 'the index entry is gone');
    assert.is(ctrl.get(new All(Account)), undefined, 'the table was never stored');
    // The older request's row is written: the failed response left no newer stamp on it.
    answer();
    await older;
    assert.is(ctrl.get(Account, { id: 'a2' })!.email, 'older@x');
    // Written again, the rows are stored as if the failed response had never been.
    ctrl.set([Account], accounts);
    assert.is(runs, 2);
    assert.is(ctrl.get(Account, { email: 'a@x' })!.id, 'a1');
    const ids = accounts.map((a) => a.id).filter((id) => id !== 'a2');
    assert.equal(
      ctrl.get(new All(Account))!.map((a) => a.id),
      ['a2', ...ids],
      'in first-stored order',
    );
    stop();
  },
);

readers(
  'the first rows of an empty table, in a response whose merge hook throws, are undone; the table takes rows again',
  ({ ctrl }) => {
    ctrl.set(Strict, { id: 's' });
    // A reader of the whole table creates no row cell: the table stays empty until written.
    let runs = 0;
    let seen: readonly Task[] | undefined;
    const stop = effect(() => {
      seen = ctrl.get(new All(Task));
      runs++;
    });
    const items = Array.from({ length: 20 }, (_, i) => ({ id: `i${i}`, title: `t${i}` }));
    const both = new Endpoint(() => Promise.resolve(null), { name: 'both', schema: { items: [Task], strict: Strict } });
    assert.throws(() => ctrl.setResponse(both, { items, strict: { id: 's' } }), /merge refused/);
    assert.is(runs, 1, 'the reader of the table never re-ran');
    assert.is(seen, undefined);
    assert.is(ctrl.get(Task, { id: 'i3' }), undefined);
    // Written again, the rows are stored, in order, and read back.
    ctrl.set([Task], items);
    assert.is(runs, 2);
    assert.equal(
      seen!.map((t) => t.title),
      items.map((t) => t.title),
    );
    assert.is(ctrl.get(Task, { id: 'i3' })!.title, 't3');
    ctrl.set(Task, { id: 'i3', title: 't33' });
    assert.is(runs, 3);
    assert.is(seen![3].title, 't33');
    stop();
  },
);

depth.run();
readers.run();

const layers = suite<Ctx>('atomic: optimistic layers');
layers.before.each(async (ctx) => setup(ctx)());
layers.after.each((ctx) => ctx.server.close());

layers(
  'a mutation whose response fails on its first read is undone, its optimistic layer rolled back',
  async ({ server, ctrl }) => {
    // The server answers the rename with the row and a member its first read fails on.
    server.route('PATCH', '/nodes/:id', (req, res) =>
      json(res, 200, { node: { ...chain(3, 'x'), id: req.params.id, label: 'server' }, at: 'bad' }),
    );
    const rename = new RestEndpoint({
      urlPrefix: server.url,
      path: '/nodes/:id',
      method: 'PATCH',
      schema: { node: Node, at: when },
      name: 'rename',
      getOptimisticResponse: (_snap: unknown, params: { id: string }, body: { label: string }) => ({
        node: { id: params.id, ...body },
      }),
    } as any);
    ctrl.set(
      [Node],
      [
        { id: 'a', label: 'A' },
        { id: 'b', label: 'B' },
        { id: 'c', label: 'C' },
      ],
    );
    const all = new All(Node);
    const before = ctrl.get(all)!;
    const saving = ctrl.fetch(rename as any, { id: 'b' }, { label: 'optimistic' }) as Promise<unknown>;
    assert.is(ctrl.get(Node, { id: 'b' })!.label, 'optimistic', 'the layer shows at once');
    const error = await saving.then(
      () => undefined,
      (e) => e,
    );
    assert.instance(error, SchemaError);
    assert.is(error.message, `rename: ${UNREADABLE}`);
    assert.is(ctrl.get(Node, { id: 'b' })!.label, 'B', 'rolled back to the server data');
    assert.is(ctrl.get(Node, { id: 'x1' }), undefined, 'nothing of the response kept');
    assert.equal(
      ctrl.get(all)!.map((n) => n.id),
      ['a', 'b', 'c'],
    );
    assert.is(ctrl.get(all)![0], before[0]);
  },
);

layers.run();
