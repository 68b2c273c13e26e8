/**
 * W19 — the tickets of TICKETS-10k whose author is an admin (200 authors, 50 tickets
 * each), after an author changes (each operation flips one author's isAdmin: 50 tickets
 * leave or join), reading the list. signal-cache's live `where((t) => t.author?.isAdmin)`
 * reads the nested row through normalization; TanStack DB, not normalized, joins a
 * tickets collection with a people collection (`innerJoin` on the author id).
 */
import { Scenario, collect } from './_lib/harness.mjs';
import { tickets } from './_lib/fixtures.mjs';
import * as sc from './_lib/signal-cache.mjs';
import * as tdb from './_lib/tanstack-db.mjs';

const s = new Scenario({
  id: 'W19',
  title: 'tickets whose author is an admin (TICKETS-10k)',
  file: 'query-nested.mjs',
});
const { authors, tickets: list } = tickets(10_000);
const target = authors.find((p) => !p.isAdmin);
const admins = new Set(authors.filter((p) => p.isAdmin).map((p) => p.id));
const expected = list.filter((t) => admins.has(t.author.id)).length;
const flips = [true, false];

// signal-cache
const ctrl = new sc.Controller();
ctrl.set([sc.Ticket], list);
const byAdmins = sc.live(sc.Ticket).where((t) => t.author?.isAdmin === true);
const view = ctrl.query(byAdmins);
let a = 0;
const scFlip = () => {
  ctrl.set(sc.Person, { id: target.id, isAdmin: flips[a++ & 1] });
  return view.value;
};
s.gate('signal-cache: admin tickets', view.value.length === expected, `${view.value.length} vs ${expected}`);
s.gate('signal-cache: after the author changes', scFlip().length === expected + 50 && scFlip().length === expected);

// TanStack DB: two collections, joined.
const ticketRows = list.map(({ author, ...t }) => ({ ...t, authorId: author.id }));
const ticketsC = tdb.serverCollection(ticketRows).collection;
const peopleC = tdb.serverCollection(authors);
const tdbAdmins = tdb.liveQuery((q) =>
  q
    .from({ t: ticketsC })
    .innerJoin({ p: peopleC.collection }, ({ t, p }) => tdb.eq(t.authorId, p.id))
    .where(({ p }) => tdb.eq(p.isAdmin, true))
    .select(({ t, p }) => ({ id: t.id, title: t.title, createdAt: t.createdAt, author: p.name })),
);
let b = 0;
const tdbFlip = () => {
  peopleC.write('update', { id: target.id, isAdmin: flips[b++ & 1] });
  return tdbAdmins.toArray;
};
s.gate('tanstack-db: admin tickets', tdbAdmins.size === expected, `${tdbAdmins.size}`);
s.gate('tanstack-db: after the author changes', tdbFlip().length === expected + 50 && tdbFlip().length === expected);
collect();

s.task({
  case: 'after the author changes',
  peer: 'signal-cache',
  variant: 'live where(nested): set + view.value',
  op: scFlip,
});
s.task({
  case: 'after the author changes',
  peer: 'tanstack-db',
  variant: 'sync write + innerJoin live query toArray',
  op: tdbFlip,
});
s.run();
s.gate('signal-cache: after the timed run', view.value.length === (a & 1 ? expected + 50 : expected));
s.report();
