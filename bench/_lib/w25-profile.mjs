/**
 * Profiles one W25 mutation (bench/browser-scenarios.mjs) in the page, for work on its
 * figures: fresh pages, the pre-mount, then warm-up and measured iterations as the timed
 * scenario runs them. Prints per page the time from the action to the DOM (median), its
 * synchronous part (the action's call) and what follows it (a deferred render); with
 * `--cpu`, the functions the measured actions spent their time in (CDP Profiler, started
 * and stopped in the page around each action: self and inclusive time per action).
 * Served cross-origin isolated, so `performance.now()` resolves 5 µs (100 µs otherwise).
 *
 *   node bench/_lib/w25-profile.mjs [--pages=signal-cache-solid,signal-cache-preact] \
 *     [--pre=init,10000] [--action=updateUser,user0] [--warmup=2] [--n=10] [--repeat=3] \
 *     [--cpu] [--interval=100] [--top=30] [--no-minify] [--all] [--js-flags=...] \
 *     [--mount] [--limit=100|none]
 *
 * A navigation: `--pre=none --action=init,500 --mount --limit=none` (each action from an
 * empty store and page, every row rendered, as W25's getlist-500). `--all` prints every measured time; `--js-flags` launches Chromium with V8 flags (with
 * `DEBUG=pw:browser` the browser's output shows, e.g. `--js-flags=--trace-deopt`). The
 * timed scenario runs 2 warm-up iterations per fresh page, as here by default: its figures
 * are those of code still warming up, well above what the same action costs later.
 *
 * Run `npm run build` first (the pages import the built dist, as in W25).
 */
import { createServer } from 'node:http';
import { chromium } from 'playwright-core';
import { browserLaunchOptions } from '../../tests/_fixtures/browser-options.mjs';
import { buildPages, launch } from './browser.mjs';

const arg = (name, fallback) => {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? hit.slice(name.length + 3) : fallback;
};
const parse = (s) => s.split(',').map((x) => (/^\d+$/.test(x) ? Number(x) : x));
const ids = arg('pages', 'signal-cache-solid,signal-cache-preact').split(',');
const pre = parse(arg('pre', 'init,10000'));
const action = parse(arg('action', 'updateUser,user0'));
const warmup = Number(arg('warmup', '2'));
const n = Number(arg('n', '10'));
const repeat = Number(arg('repeat', '3'));
const cpu = process.argv.includes('--cpu');
const mount = process.argv.includes('--mount');
/** `--inc`: the action's last argument plus the iteration's index (W25's delete-item deletes issue 1, 2, 3…). */
const inc = process.argv.includes('--inc');
const limit = arg('limit', '100');
const interval = Number(arg('interval', '100'));
const top = Number(arg('top', '30'));

/** The pages this can profile (bench/browser-scenarios.mjs ALL). */
const ENTRIES = {
  'signal-cache-solid': { entry: 'signal-cache-solid.tsx', framework: 'solid' },
  'signal-cache-preact': { entry: 'signal-cache-preact.tsx', framework: 'preact' },
  'data-client': { entry: 'data-client.tsx', framework: 'react' },
  'tanstack-solid': { entry: 'tanstack-solid.tsx', framework: 'solid' },
  solid: { entry: 'solid.tsx', framework: 'solid' },
  'solid-core': { entry: 'solid-core.tsx', framework: 'solid' },
  preact: { entry: 'vdom/baseline.tsx', framework: 'preact' },
  react: { entry: 'vdom/baseline.tsx', framework: 'react' },
};

/** Like browser.mjs `serve`, cross-origin isolated. */
async function serve(files) {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const body = files.get(path);
    if (body === undefined) return void res.writeHead(404).end();
    res
      .writeHead(200, {
        'content-type': `${path.endsWith('.js') ? 'text/javascript' : 'text/html'}; charset=utf-8`,
        'cache-control': 'no-store',
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-embedder-policy': 'require-corp',
      })
      .end(body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((r) => server.close(r)) };
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

/** Self and inclusive time per function over `profiles` (inclusive: each function once per stack). */
function tally(profiles) {
  const self = new Map();
  const incl = new Map();
  for (const profile of profiles) {
    const nodes = new Map(profile.nodes.map((x) => [x.id, x]));
    const parent = new Map();
    for (const x of profile.nodes) for (const c of x.children ?? []) parent.set(c, x.id);
    const name = (node) => {
      const { functionName, url, lineNumber } = node.callFrame;
      return `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber + 1}`;
    };
    for (let i = 0; i < profile.samples.length; i++) {
      const node = nodes.get(profile.samples[i]);
      const dt = profile.timeDeltas[i + 1] ?? 0;
      if (node.callFrame.functionName === '(idle)') continue;
      self.set(name(node), (self.get(name(node)) ?? 0) + dt);
      const seen = new Set();
      for (let id = node.id; id !== undefined; id = parent.get(id)) {
        const k = name(nodes.get(id));
        if (seen.has(k)) continue;
        seen.add(k);
        incl.set(k, (incl.get(k) ?? 0) + dt);
      }
    }
  }
  return { self, incl };
}

const libs = ids.map((id) => {
  if (!ENTRIES[id]) throw new Error(`--pages: no page ${id} (${Object.keys(ENTRIES).join(', ')})`);
  return { id, ...ENTRIES[id] };
});
const { files } = await buildPages(libs, { minify: !process.argv.includes('--no-minify') });
const server = await serve(files);
const jsFlags = arg('js-flags', '');
const { browser } = jsFlags
  ? await (async () => {
      const { source: _source, args, ...options } = await browserLaunchOptions();
      return { browser: await chromium.launch({ ...options, args: [...args, `--js-flags=${jsFlags}`] }) };
    })()
  : await launch();
const results = new Map(libs.map((l) => [l.id, { times: [], syncs: [], firsts: [], profiles: [] }]));
try {
  for (let r = 0; r < repeat; r++) {
    for (const lib of libs) {
      const rec = results.get(lib.id);
      const context = await browser.newContext();
      const page = await context.newPage();
      page.on('pageerror', (e) => console.error(lib.id, String(e)));
      await page.goto(`${server.url}/${lib.id}/`);
      await page.waitForSelector('[data-app-ready]', { state: 'attached' });
      if (!(await page.evaluate(() => crossOriginIsolated))) console.error('not cross-origin isolated: 100 µs timer');
      const cdp = await context.newCDPSession(page);
      const call = (name, ...args) => page.evaluate(([k, a]) => window.__BENCH__[k](...a), [name, args]);
      await call('setNetworkSim', null);
      if (limit !== 'none') await call('setRenderLimit', Number(limit));
      if (pre[0] !== 'none') await call(...pre);
      await call('settle');
      await cdp.send('HeapProfiler.collectGarbage');
      if (cpu) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval });
        cdp.on('Profiler.consoleProfileFinished', (e) => rec.profiles.push(e.profile));
      }
      for (let i = 0; i < warmup + n; i++) {
        const measured = i >= warmup;
        // A navigation (`--mount`) starts from an empty store and page, as W25's does.
        if (mount) {
          await call('reset');
          await call('settle');
        }
        const [ms, sync] = await page.evaluate(
          async ([k, a, profile]) => {
            if (profile) console.profile('action');
            const t0 = performance.now();
            const done = window.__BENCH__[k](...a);
            const sync = performance.now() - t0;
            const ms = await done;
            if (profile) console.profileEnd('action');
            return [ms, sync];
          },
          [action[0], inc ? [...action.slice(1, -1), action.at(-1) + i] : action.slice(1), cpu && measured],
        );
        await call('settle');
        if (measured) {
          rec.times.push(ms);
          rec.syncs.push(sync);
        } else rec.firsts.push(ms);
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.close();
}
for (const lib of libs) {
  const { times, syncs, firsts, profiles } = results.get(lib.id);
  if (process.argv.includes('--all')) console.log(times.map((t) => t.toFixed(2)).join(' '));
  const after = times.map((t, i) => t - syncs[i]);
  console.log(
    `${lib.id.padEnd(20)} action→DOM median ${median(times).toFixed(2)} ms (${(1000 / median(times)).toFixed(0)} ops/s): ` +
      `synchronous ${median(syncs).toFixed(2)} ms, after it ${median(after).toFixed(2)} ms; warm-up iterations ${median(firsts).toFixed(2)} ms`,
  );
  if (!cpu) continue;
  const { self, incl } = tally(profiles);
  const k = profiles.length;
  const row = ([key, v]) => `  ${(v / 1000 / k).toFixed(3).padStart(7)} ms  ${key}`;
  console.log(`  self time per action (${k} actions profiled):`);
  for (const e of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(row(e));
  console.log('  inclusive time per action:');
  for (const e of [...incl].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(row(e));
}
