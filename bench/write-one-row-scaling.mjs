/**
 * W7 — write one row into a store of n rows (FLAT-n, n = 1k / 10k / 100k). The cost must
 * not grow with n. Each write flips one field of a row in the middle of the table, so
 * every write is a real change. No views are mounted. TanStack DB: one server change through
 * its sync collection's begin / write / commit, no live query mounted.
 */
import { Scenario, collect } from './_lib/harness.mjs';
import { canon, flat, typed } from './_lib/fixtures.mjs';
import * as sc from './_lib/signal-cache.mjs';
import * as dc from './_lib/data-client.mjs';
import * as ap from './_lib/apollo.mjs';
import * as tdb from './_lib/tanstack-db.mjs';

const s = new Scenario({ id: 'W7', title: 'write one row into a store of n rows', file: 'write-one-row-scaling.mjs' });
const SIZES = [1_000, 10_000, 100_000];
const label = (n) => `n=${n / 1000}k`;

for (const n of SIZES) {
  const rows = flat(n);
  const target = rows[n >> 1];
  const versions = [
    { ...target, score: target.score + 1 },
    { ...target, score: target.score },
  ];
  const apVersions = versions.map((v) => typed(v, 'Row'));

  const ctrl = new sc.Controller();
  ctrl.set(sc.allRows, rows);
  let a = 0;
  const scWrite = () => ctrl.set(sc.Row, versions[a++ & 1]);
  const scWriteResponse = () => ctrl.setResponse(sc.getRow, { id: target.id }, versions[a++ & 1]);

  const store = dc.createStore();
  store.controller.setResponse(dc.getRows, rows);
  let b = 0;
  const dcWrite = () => store.controller.setResponse(dc.getRow, { id: target.id }, versions[b++ & 1]);

  const cache = ap.createCache();
  cache.writeQuery({ query: ap.ROWS, data: { rows: typed(rows, 'Row') } });
  const apId = cache.identify({ __typename: 'Row', id: target.id });
  let c = 0;
  const apWrite = () => cache.writeFragment({ id: apId, fragment: ap.ROW, data: apVersions[c++ & 1] });

  const synced = tdb.serverCollection(rows);
  let d = 0;
  const tdbWrite = () => synced.write('update', versions[d++ & 1]);

  // Validate: after one write each peer reads the new row back, and the table size holds.
  scWrite();
  dcWrite();
  apWrite();
  tdbWrite();
  const want = canon(versions[0]);
  s.gate(`signal-cache ${label(n)}: row written`, canon(ctrl.get(sc.Row, { id: target.id })) === want);
  s.gate(`signal-cache ${label(n)}: ${n} rows`, ctrl.get(sc.allRows).length === n);
  s.gate(`data-client ${label(n)}: row written`, canon(store.read(dc.getRow, { id: target.id })) === want);
  s.gate(`data-client ${label(n)}: ${n} rows`, Object.keys(store.state.entities.Row).length === n);
  s.gate(`apollo ${label(n)}: row written`, canon(cache.readFragment({ id: apId, fragment: ap.ROW })) === want);
  // (readQuery of 100k rows takes seconds: count the normalized entries instead.)
  s.gate(
    `apollo ${label(n)}: ${n} rows`,
    Object.keys(cache.extract()).filter((k) => k.startsWith('Row:')).length === n,
  );
  // TanStack DB adds virtual `$…` properties to the rows it returns: compare the row's own fields.
  const tdbRow = Object.fromEntries(
    Object.entries(synced.collection.get(target.id)).filter(([k]) => !k.startsWith('$')),
  );
  s.gate(`tanstack-db ${label(n)}: row written`, canon(tdbRow) === want && synced.collection.size === n);
  collect();

  s.task({ case: label(n), peer: 'signal-cache', variant: 'setResponse(getRow)', op: scWriteResponse });
  s.task({ case: label(n), peer: 'signal-cache', variant: 'set(Row, row)', op: scWrite });
  s.task({
    case: label(n),
    peer: 'data-client',
    variant: 'setResponse(getRow)',
    op: dcWrite,
    minSamples: n >= 100_000 ? 3 : undefined,
    note: n >= 100_000 ? 'normalize copies the whole Row table on every write' : '',
  });
  s.task({ case: label(n), peer: 'apollo', variant: 'writeFragment', op: apWrite });
  s.task({ case: label(n), peer: 'tanstack-db', variant: 'sync begin/write/commit', op: tdbWrite });
  // Measured per size, so only one size's stores are alive at a time.
  s.run();
}

// Flatness: an advisory check on timing (timing never fails the run).
const sc1k = s.rows.find((r) => r.peer === 'signal-cache' && r.case === 'n=1k').value;
const sc100k = s.rows.find((r) => r.peer === 'signal-cache' && r.case === 'n=100k').value;
s.check(
  'signal-cache: write cost flat in n (100k within 2× of 1k)',
  sc100k * 2 >= sc1k,
  `1k ${Math.round(sc1k)}/s, 100k ${Math.round(sc100k)}/s`,
);
s.report();
