// Entity hooks of Reactive Data Client: merge, mergeWithStore, shouldUpdate, shouldReorder,
// validate, indexes — on the real HTTP fixture.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller, Entity, RestEndpoint, SchemaError, effect } from '../../src/index.js';
import { holdRoute } from '../_fixtures/held.js';
import { json, startServer, type TestServer } from '../_fixtures/server.js';

const hooks = suite<{ server: TestServer; ctrl: Controller }>('Entity hooks');
hooks.before.each(async (ctx) => {
  ctx.server = await startServer();
  ctx.ctrl = new Controller();
});
hooks.after.each((ctx) => ctx.server.close());

hooks('static merge combines stored and incoming rows (a counter that adds up)', async ({ server, ctrl }) => {
  class Tally extends Entity {
    id = '';
    votes = 0;
    override pk() {
      return this.id;
    }
    static override key = 'Tally';
    static override merge(existing: any, incoming: any) {
      return { ...existing, ...incoming, votes: existing.votes + incoming.votes };
    }
  }
  server.route('POST', '/tallies/:id/vote', (req, res) => json(res, 200, { id: req.params.id, votes: 1 }));
  const vote = new RestEndpoint({
    urlPrefix: server.url,
    path: '/tallies/:id/vote',
    method: 'POST',
    body: undefined,
    schema: Tally,
  });
  await ctrl.fetch(vote, { id: 't' });
  await ctrl.fetch(vote, { id: 't' });
  await ctrl.fetch(vote, { id: 't' });
  assert.is(ctrl.get(Tally, { id: 't' })!.votes, 3);
});

hooks('shouldUpdate can keep the stored row; an equal merge result notifies no one', async ({ server, ctrl }) => {
  class Doc extends Entity {
    id = '';
    version = 0;
    text = '';
    override pk() {
      return this.id;
    }
    static override key = 'Doc';
    static override shouldUpdate(_em: unknown, _im: unknown, existing: any, incoming: any) {
      return incoming.version > existing.version;
    }
  }
  let doc = { id: 'd', version: 2, text: 'v2' };
  server.route('GET', '/docs/:id', (_req, res) => json(res, 200, doc));
  const getDoc = new RestEndpoint({ urlPrefix: server.url, path: '/docs/:id', schema: Doc });
  await ctrl.fetch(getDoc, { id: 'd' });
  const seen: string[] = [];
  const stop = effect(() => {
    seen.push(ctrl.get(Doc, { id: 'd' })!.text);
  });
  doc = { id: 'd', version: 1, text: 'v1 from a lagging replica' };
  await ctrl.fetch(getDoc, { id: 'd' });
  doc = { id: 'd', version: 3, text: 'v3' };
  await ctrl.fetch(getDoc, { id: 'd' });
  assert.equal(seen, ['v2', 'v3']);
  stop();
});

hooks(
  'shouldReorder decides which of two responses is newer (a server timestamp instead of fetch order)',
  async ({ server, ctrl }) => {
    class Quote extends Entity {
      id = '';
      price = 0;
      updatedAt = 0;
      override pk() {
        return this.id;
      }
      static override key = 'Quote';
      static override shouldReorder(_em: unknown, _im: unknown, existing: any, incoming: any) {
        return incoming.updatedAt < existing.updatedAt;
      }
    }
    const gets = holdRoute(server, 'GET', '/quotes/:id');
    const getQuote = new RestEndpoint({
      urlPrefix: server.url,
      path: '/quotes/:id',
      searchParams: {} as { v?: string },
      schema: Quote,
    });
    const first = ctrl.fetch(getQuote, { id: 'q' });
    const firstHeld = await gets.next();
    const second = ctrl.fetch(getQuote, { id: 'q', v: '2' });
    const secondHeld = await gets.next();
    // The later-started request answers with older data; by fetch order it would win.
    secondHeld.reply(200, { id: 'q', price: 1, updatedAt: 100 });
    await second;
    firstHeld.reply(200, { id: 'q', price: 2, updatedAt: 200 });
    await first;
    assert.is(ctrl.get(Quote, { id: 'q' })!.price, 2);
  },
);

hooks('mergeWithStore receives metas ordered by fetch start', async ({ server, ctrl }) => {
  const calls: [number, number][] = [];
  class Note extends Entity {
    id = '';
    text = '';
    override pk() {
      return this.id;
    }
    static override key = 'Note';
    static override mergeWithStore(em: { fetchedAt: number }, im: { fetchedAt: number }, existing: any, incoming: any) {
      calls.push([em.fetchedAt, im.fetchedAt]);
      return super.mergeWithStore(em, im, existing, incoming);
    }
  }
  server.route('GET', '/notes/:id', (_req, res) => json(res, 200, { id: 'n', text: 'x' }));
  const getNote = new RestEndpoint({ urlPrefix: server.url, path: '/notes/:id', schema: Note });
  await ctrl.fetch(getNote, { id: 'n' });
  await ctrl.fetch(getNote, { id: 'n' });
  assert.is(calls.length, 1);
  assert.ok(calls[0][0] < calls[0][1]);
});

hooks('validate rejects the whole response, named, writing nothing', async ({ server, ctrl }) => {
  class Person extends Entity {
    id = '';
    email = '';
    override pk() {
      return this.id;
    }
    static override key = 'Person';
    static override validate(value: any) {
      return typeof value.email === 'string' && value.email.includes('@') ? undefined : 'email must contain @';
    }
  }
  server.route('GET', '/people', (_req, res) =>
    json(res, 200, [
      { id: '1', email: 'a@x' },
      { id: '2', email: 'nope' },
    ]),
  );
  const getPeople = new RestEndpoint({ urlPrefix: server.url, path: '/people', schema: [Person], name: 'getPeople' });
  const error = await ctrl.fetch(getPeople).catch((e: Error) => e);
  assert.instance((error as Error).cause ?? error, SchemaError);
  assert.match((error as Error).message, 'getPeople: invalid Person at response[1]: email must contain @');
  assert.is(ctrl.get(Person, { id: '1' }), undefined, 'the valid row was not written either');
});

hooks(
  'indexes find a row by a unique field, follow renames, and wait for a row not cached yet',
  async ({ server, ctrl }) => {
    class Member extends Entity {
      id = '';
      username = '';
      override pk() {
        return this.id;
      }
      static override key = 'Member';
      static override indexes = ['username'];
    }
    const rows = [
      { id: '1', username: 'ada' },
      { id: '2', username: 'grace' },
    ];
    server.route('GET', '/members', (_req, res) => json(res, 200, rows));
    const getMembers = new RestEndpoint({ urlPrefix: server.url, path: '/members', schema: [Member] });
    const seen: (string | undefined)[] = [];
    const stop = effect(() => {
      seen.push(ctrl.get(Member, { username: 'ada' })?.id);
    });
    await ctrl.fetch(getMembers);
    assert.is(ctrl.get(Member, { username: 'grace' })!.id, '2');
    rows[0].username = 'lovelace';
    rows[1].username = 'ada';
    await ctrl.fetch(getMembers);
    assert.equal(seen, [undefined, '1', '2']);
    assert.is(ctrl.get(Member, { username: 'lovelace' })!.id, '1');
    assert.is(ctrl.get(Member, { username: 'nobody' }), undefined);
    stop();
  },
);

hooks.run();
