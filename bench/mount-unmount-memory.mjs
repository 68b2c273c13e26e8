/**
 * W20 — memory over a long session: 100,000 vanilla views (an `effect` each) and 100,000
 * Solid and 100,000 Preact components mount and unmount, each reading a random id over a
 * store of 10k rows (ids drawn from 30k, so two reads in three leave a placeholder). The
 * heap after `ctrl.gc()` and a full collection must come back within 5% of the heap
 * before the first mount; the heap before the sweep shows what the sweep frees.
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
    const child = spawn(process.execPath, ['--conditions=browser', '--expose-gc', fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
      env: { ...process.env, W20_CHILD: '1' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout.on('data', (chunk) => (text += chunk));
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(text.trim().split('\n').pop())) : reject(new Error(`W20 child exited with ${code}`))));
  });
  const variant = `${out.mounts.toLocaleString('en')} mounts each of views, Solid and Preact components`;
  s.value({ case: 'heap growth before ctrl.gc()', peer: 'signal-cache', variant, unit: '%', value: out.beforeSweep * 100 });
  s.value({ case: 'heap growth after ctrl.gc()', peer: 'signal-cache', variant, unit: '%', value: out.afterSweep * 100 });
  s.value({ case: 'cells dropped by the sweep', peer: 'signal-cache', variant, unit: 'cells', value: out.dropped });
  s.gate('every mounted reader saw its row (or undefined for a missing id)', out.ok);
  s.gate('heap after ctrl.gc() within 5% of the start', out.afterSweep <= 0.05, `${(out.afterSweep * 100).toFixed(2)}%`);
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
    if (space.space_name !== 'code_space' && space.space_name !== 'code_large_object_space') used += space.space_used_size;
  }
  return used;
}

async function measure() {
  const { Window } = await import('happy-dom');
  const window = new Window({ url: 'http://localhost/' });
  for (const name of ['document', 'Node', 'Text', 'Element', 'HTMLElement', 'DocumentFragment', 'Event', 'MutationObserver']) {
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

  const ctrl = new sc.Controller({ gcInterval: 0 });
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

  function round(count) {
    // Vanilla views: one effect each.
    for (let i = 0; i < count; i++) {
      const id = randomId();
      const view = ctrl.query(sc.Row, { id });
      sc.effect(() => {
        if (view.value?.id !== expected(id)) ok = false;
      })();
    }
    for (let done = 0; done < count; done += BATCH) {
      const ids = Array.from({ length: BATCH }, randomId);
      const root = document.createElement('div');
      const dispose = solidRender(
        () =>
          createComponent(SolidProvider, {
            controller: ctrl,
            get children() {
              return ids.map((id) => createComponent(SolidRow, { id }));
            },
          }),
        root,
      );
      dispose();
      const proot = document.createElement('div');
      preactRender(h(PreactProvider, { controller: ctrl }, ids.map((id) => h(PreactRow, { id }))), proot);
      preactRender(null, proot);
    }
  }

  round(2000); // warm every module-level cache and the JIT
  ctrl.gc();
  const start = await heap();
  round(MOUNTS);
  const before = await heap();
  const dropped = ctrl.gc();
  const after = await heap();
  return {
    mounts: MOUNTS,
    start,
    beforeSweep: before / start - 1,
    afterSweep: after / start - 1,
    dropped,
    views: ctrl._viewCount,
    ok,
  };
}
