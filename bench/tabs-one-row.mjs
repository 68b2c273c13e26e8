/**
 * W24 — tabs share one cache: one row of FLAT-10k changes in tab A; tab B, a second cache
 * on a BroadcastChannel of the same name (in this process), shows it. Two cases: the list
 * refetched with one row changed (`setResponse` of the whole list) and one row written (a
 * mutation's answer: `set(Row, row)`; TanStack, not normalized, sets the list with the row
 * replaced). Measured per write: the bytes posted on the channel (the JSON text of each
 * message, as a spy instance of the channel receives it) and the time from the write in A
 * until B's reader sees the new row (one task hop of the channel included), each round
 * timed with `performance.now()`, the median reported.
 *
 * Peers: signal-cache `shareTabs` (`signal-cache/tabs`: the changed rows, plus the list's
 * response when the list was written); TanStack Query's `broadcastQueryClient`
 * (`@tanstack/query-broadcast-client-experimental`, BroadcastChannel `type: 'native'`: the
 * query's whole state per update). B has 1,000 readers of single rows and one of the list.
 */
import { QueryClient, QueryObserver, notifyManager } from '@tanstack/query-core';
import { broadcastQueryClient } from '@tanstack/query-broadcast-client-experimental';
import { QUICK, Scenario, collect, median } from './_lib/harness.mjs';
import { canon, flat } from './_lib/fixtures.mjs';
import * as sc from './_lib/signal-cache.mjs';
import { shareTabs } from '../dist/tabs/index.js';

const s = new Scenario({
  id: 'W24',
  title: 'tabs: one row of FLAT-10k changed in tab A, shown in tab B',
  file: 'tabs-one-row.mjs',
});
const N = 10_000;
const READERS = 1_000;
const ROUNDS = QUICK ? 5 : 25;
const rows = flat(N);
notifyManager.setScheduler((cb) => cb());

/** Posted messages on `name`, as JSON text lengths. */
function spy(name) {
  const bytes = [];
  const channel = new BroadcastChannel(name);
  channel.onmessage = (e) =>
    bytes.push(Buffer.byteLength(typeof e.data === 'string' ? e.data : JSON.stringify(e.data)));
  return { bytes, close: () => channel.close() };
}

/** Resolves once `test()` holds, checking after every task. */
async function until(test) {
  while (!test()) await new Promise((resolve) => setImmediate(resolve));
}

/** Row `i` renamed for round `round`. */
const renamed = (i, round) => ({ ...rows[i], name: `row ${i} v${round}` });
/** The row a round changes: spread over the list, within the first READERS rows read in B. */
const target = (round) => (round * 37) % READERS;

async function measure(peer, variant, side) {
  // The list as the server has it: each write changes one row of it.
  const current = [...rows];
  for (const kind of ['list refetched, one row changed', 'one row written']) {
    const spied = spy(side.channel);
    const ms = [];
    for (let round = -1; round < ROUNDS; round++) {
      const i = target(round + 1);
      const row = renamed(i, `${kind[0]}${round}`);
      current[i] = row;
      collect();
      spied.bytes.length = 0;
      const start = performance.now();
      if (kind === 'one row written') side.writeRow(row);
      else side.writeList([...current]);
      await until(() => side.readB(i) === row.name);
      if (round >= 0) ms.push(performance.now() - start);
      // The spy and B receive each message at the same hop; wait for the spy's too.
      await until(() => spied.bytes.length > 0);
    }
    const bytes = spied.bytes.reduce((a, b) => a + b, 0);
    spied.close();
    s.value({ case: `${kind}: bytes posted`, peer, variant, unit: 'B', value: bytes });
    s.value({
      case: `${kind}: write in A → shown in B`,
      peer,
      variant,
      unit: 'ops/s',
      value: 1000 / Math.min(...ms),
      median: 1000 / median(ms),
      rounds: ms.map((m) => 1000 / m),
    });
    s.note(`${kind}, ${peer}: ${bytes} B a write, ${median(ms).toFixed(2)} ms median`);
  }
}

//#region signal-cache

{
  const channel = 'bench-w24-sc';
  const a = new sc.Controller({ gcInterval: 0 });
  const b = new sc.Controller({ gcInterval: 0 });
  const stopA = shareTabs(a, { channel });
  const stopB = shareTabs(b, { channel });
  await stopB.ready;
  a.setResponse(sc.getRows, rows);
  await until(() => b.getResponse(sc.getRows) !== undefined);
  s.gate('signal-cache: B holds the list A set', canon(b.getResponse(sc.getRows)) === canon(rows));
  let runs = 0;
  const stops = [];
  for (let i = 0; i < READERS; i++) stops.push(sc.effect(() => void (b.get(sc.Row, { id: `r${i}` }), runs++)));
  let listRuns = 0;
  stops.push(sc.effect(() => void (b.getResponse(sc.getRows), listRuns++)));
  runs = listRuns = 0;
  await measure('signal-cache', 'shareTabs (row patch)', {
    channel,
    writeList: (list) => a.setResponse(sc.getRows, list),
    writeRow: (row) => a.set(sc.Row, row),
    readB: (i) => b.get(sc.Row, { id: `r${i}` })?.name,
  });
  const writes = 2 * (ROUNDS + 1);
  s.gate(
    'signal-cache: each write re-ran exactly one row reader of 1,000 in B',
    runs === writes,
    `${runs} runs for ${writes} writes`,
  );
  s.gate('signal-cache: and the list reader once', listRuns === writes, `${listRuns} runs for ${writes} writes`);
  s.gate(
    'signal-cache: A and B hold the same list',
    canon(a.getResponse(sc.getRows)) === canon(b.getResponse(sc.getRows)),
  );
  stops.forEach((stop) => stop());
  stopA();
  stopB();
}

//#endregion

//#region TanStack Query

{
  const channel = 'bench-w24-tq';
  const key = ['rows'];
  const newClient = () => new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, gcTime: Infinity } } });
  const a = newClient();
  const b = newClient();
  const stopA = broadcastQueryClient({ queryClient: a, broadcastChannel: channel, options: { type: 'native' } });
  const stopB = broadcastQueryClient({ queryClient: b, broadcastChannel: channel, options: { type: 'native' } });
  a.setQueryData(key, rows);
  await until(() => b.getQueryData(key) !== undefined);
  s.gate('tanstack: B holds the list A set', canon(b.getQueryData(key)) === canon(rows));
  let runs = 0;
  const stops = [];
  for (let i = 0; i < READERS; i++) {
    const observer = new QueryObserver(b, { queryKey: key, select: (list) => list[i], notifyOnChangeProps: ['data'] });
    stops.push(observer.subscribe(() => runs++));
  }
  await measure('tanstack', 'broadcastQueryClient (whole query)', {
    channel,
    writeList: (list) => a.setQueryData(key, list),
    writeRow: (row) => a.setQueryData(key, (list) => list.map((r) => (r.id === row.id ? row : r))),
    readB: (i) => b.getQueryData(key)?.[i].name,
  });
  s.gate(
    'tanstack: each write notified exactly one row reader of 1,000 in B',
    runs === 2 * (ROUNDS + 1),
    `${runs} for ${2 * (ROUNDS + 1)} writes`,
  );
  stops.forEach((stop) => stop());
  stopA();
  stopB();
}

//#endregion

s.report();
