/**
 * W20 — memory over a long session: 100,000 vanilla views (an `effect` each) and 100,000
 * Solid and 100,000 Preact components mount and unmount, each reading a random id over a
 * store of 10k rows (ids drawn from 30k, so two reads in three leave a placeholder). The
 * heap after `ctrl.gc()` and a full collection must come back within 5% of the heap
 * measured after one warm-up pass over every id (what a shown row costs while it lives,
 * reported per kind); the heap before the sweep shows what the sweep frees.
 *
 * Solid needs its browser build (the `browser` export condition) and a DOM: this file
 * re-runs itself in a child process with `--conditions=browser` and a happy-dom window,
 * and reports what the child measured. signal-cache only (a memory bound, not a race).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { QUICK, Scenario } from './_lib/harness.mjs';

const N = 10_000;
const MOUNTS = QUICK ? 20_000 : 100_000;
/** Components mounted at once, then unmounted together. */
const BATCH = 1000;

if (process.env.W20_CHILD === '1') {
  console.log(JSON.stringify(await measure()));
} else {
  const s = new Scenario({ id: 'W20', title: 'memory: mount and unmount for hours', file: 'mount-unmount-memory.mjs' });
  const out = await new Promise((resolve, reject) => {
    let text = '';
    const child = spawn(
      process.execPath,
      ['--conditions=browser', '--expose-gc', fileURLToPath(import.meta.url), ...process.argv.slice(2)],
      {
        env: { ...process.env, W20_CHILD: '1' },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    child.stdout.on('data', (chunk) => (text += chunk));
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(text.trim().split('\n').pop()))
        : reject(new Error(`W20 child exited with ${code}`)),
    );
  });
  const variant = `${out.mounts.toLocaleString('en')} mounts each of views, Solid and Preact components`;
  s.value({
    case: 'heap growth before ctrl.gc()',
    peer: 'signal-cache',
    variant,
    unit: '%',
    value: out.beforeSweep * 100,
  });
  s.value({
    case: 'heap growth after ctrl.gc()',
    peer: 'signal-cache',
    variant,
    unit: '%',
    value: out.afterSweep * 100,
  });
  s.value({ case: 'cells dropped by the sweep', peer: 'signal-cache', variant, unit: 'cells', value: out.dropped });
  for (const [kind, bytes] of Object.entries(out.firstPass)) {
    s.value({
      case: `first ${kind} mount of every id, per row`,
      peer: 'signal-cache',
      variant: 'kept while the row lives',
      unit: 'B/row',
      value: bytes,
    });
  }
  s.gate('every mounted reader saw its row (or undefined for a missing id)', out.ok);
  s.gate(
    'heap after ctrl.gc() within 5% of the start',
    out.afterSweep <= 0.05,
    `${(out.afterSweep * 100).toFixed(2)}%`,
  );
  s.note(`start heap ${(out.start / 1e6).toFixed(1)} MB with ${N} rows; live views after unmount: ${out.views}.`);
  s.report();
}

/** Bytes of live objects, leaving out compiled code. */
async function heap() {
  const { getHeapSpaceStatistics } = await import('node:v8');
  for (let i = 0; i < 4; i++) {
    await new Promise((resolve) => setImmediate(resolve));
    globalThis.gc();
  }
  let used = 0;
  for (const space of getHeapSpaceStatistics()) {
    if (space.space_name !== 'code_space' && space.space_name !== 'code_large_object_space')
      used += space.space_used_size;
  }
  return used;
}

async function measure() {
  const { Window } = await import('happy-dom');
  const window = new Window({ url: 'http://localhost/' });
  for (const name of [
    'document',
    'Node',
    'Text',
    'Element',
    'HTMLElement',
    'DocumentFragment',
    'Event',
    'MutationObserver',
  ]) {
    globalThis[name] = window[name];
  }
  globalThis.window = window;
  const sc = await import('./_lib/signal-cache.mjs');
  const { flat } = await import('./_lib/fixtures.mjs');
  const { CacheProvider: SolidProvider, createQuery } = await import('../dist/solid/index.js');
  const { createComponent, createRenderEffect } = await import('solid-js');
  const { render: solidRender } = await import('solid-js/web');
  const { CacheProvider: PreactProvider, useQuery } = await import('../dist/preact/index.js');
  const { h, render: preactRender } = await import('preact');

  // A clock that stands still: the store's rows stay fresh however long the run takes, so the
  // sweep drops only what the mounts left behind.
  const ctrl = new sc.Controller({ gcInterval: 0, clock: () => 0 });
  ctrl.setResponse(sc.getRows, flat(N));
  let seed = 7;
  const randomId = () => `r${(seed = (seed * 16807) % 2147483647) % (3 * N)}`;
  const expected = (id) => (Number(id.slice(1)) < N ? id : undefined);
  let ok = true;

  function SolidRow(props) {
    const row = createQuery(sc.Row, () => ({ id: props.id }));
    const el = document.createElement('i');
    createRenderEffect(() => {
      const value = row();
      if (value?.id !== expected(props.id)) ok = false;
      el.textContent = value?.name ?? '';
    });
    return el;
  }
  function PreactRow({ id }) {
    const value = useQuery(sc.Row, { id });
    if (value?.id !== expected(id)) ok = false;
    return h('i', null, value?.name ?? '');
  }

  /** Mounts and unmounts `ids` as vanilla views (an effect each). */
  function vanilla(ids) {
    for (const id of ids) {
      const view = ctrl.query(sc.Row, { id });
      sc.effect(() => {
        if (view.value?.id !== expected(id)) ok = false;
      })();
    }
  }
  /** Mounts and unmounts `ids` as Solid components, `BATCH` at a time. */
  function solid(ids) {
    for (let i = 0; i < ids.length; i += BATCH) {
      const some = ids.slice(i, i + BATCH);
      const root = document.createElement('div');
      const dispose = solidRender(
        () =>
          createComponent(SolidProvider, {
            controller: ctrl,
            get children() {
              return some.map((id) => createComponent(SolidRow, { id }));
            },
          }),
        root,
      );
      dispose();
    }
  }
  /** Mounts and unmounts `ids` as Preact components, `BATCH` at a time. */
  function preact(ids) {
    for (let i = 0; i < ids.length; i += BATCH) {
      const root = document.createElement('div');
      preactRender(
        h(
          PreactProvider,
          { controller: ctrl },
          ids.slice(i, i + BATCH).map((id) => h(PreactRow, { id })),
        ),
        root,
      );
      preactRender(null, root);
    }
  }
  const random = (count) => Array.from({ length: count }, randomId);

  // Warm-up: the JIT and module caches, then one pass over every id per kind, measured:
  // what a row costs once it has been shown (the bindings may keep per-row state for as
  // long as the row lives, e.g. Solid's stable objects).
  for (const kind of [vanilla, solid, preact]) kind(random(1000));
  ctrl.gc();
  const every = Array.from({ length: 3 * N }, (_, i) => `r${i}`);
  const firstPass = {};
  let last = await heap();
  for (const kind of [vanilla, solid, preact]) {
    kind(every);
    ctrl.gc();
    const now = await heap();
    firstPass[kind.name] = (now - last) / N;
    last = now;
  }
  const start = last;
  for (let done = 0; done < MOUNTS; done += 10 * BATCH) {
    const ids = random(10 * BATCH);
    vanilla(ids);
    solid(ids);
    preact(ids);
  }
  const before = await heap();
  const dropped = ctrl.gc();
  const after = await heap();
  return {
    mounts: MOUNTS,
    firstPass,
    start,
    beforeSweep: before / start - 1,
    afterSweep: after / start - 1,
    dropped,
    views: ctrl._viewCount,
    ok,
  };
}
