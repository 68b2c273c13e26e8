/**
 * The floor of the typical import: what `{ Controller, Entity, RestEndpoint, Query, All,
 * Collection, effect }` would weigh (min+gzip, with @preact/signals-core, measured exactly
 * like tools/size.mjs) if each optional capability lived behind its own import.
 *
 * A measurement, not an API change: nothing in src changes. An esbuild plugin loads the
 * built dist/ modules and, per capability,
 *   - replaces the capability's own module by a stub exporting the same names, and
 *   - cuts out of the modules that stay (Controller, Store, Collection, RestEndpoint) the
 *     members, fields and branches that exist only for that capability
 * (every cut must match exactly once, or the script fails: it cannot silently measure
 * something else). The resulting bundle is not meant to run; it is the code an app would
 * still ship.
 *
 *   npm run build && node tools/size-floor.mjs [--why] [--out=FILE]
 *
 * The cuts name code as built: when the code they name changes, the script stops with the
 * cut it could not find (update the cut, never loosen the check).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const repo = resolve(process.argv.slice(2).find((a) => !a.startsWith('--')) ?? new URL('..', import.meta.url).pathname);
const { bundleSize, breakdown, TYPICAL_IMPORT } = await import(pathToFileURL(`${repo}/tools/size.mjs`).href);

/** Removes the class member or function starting with `head` (through its matching brace). */
function cut(src, head) {
  const at = src.indexOf(head);
  if (at < 0 || src.indexOf(head, at + 1) >= 0) throw new Error(`cut: "${head}" found ${at < 0 ? 'nowhere' : 'twice'}`);
  let i = src.indexOf('{', at + head.length - 1);
  let depth = 0;
  for (; i < src.length; i++) {
    const c = src[i];
    if (c === '"' || c === "'") {
      for (i++; src[i] !== c; i++) if (src[i] === '\\') i++;
    } else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) break;
  }
  return src.slice(0, at) + src.slice(i + 1);
}

/** Replaces `from` (exactly one occurrence) by `to`. */
function rep(src, from, to = '') {
  const n = src.split(from).length - 1;
  if (n !== 1) throw new Error(`rep: "${from}" found ${n} times`);
  return src.replace(from, () => to);
}

/** Removes every occurrence of `from` (at least one). */
function repAll(src, from, to = '') {
  if (!src.includes(from)) throw new Error(`repAll: "${from}" not found`);
  return src.split(from).join(to);
}

/**
 * Per capability: `stub` (dist path → module text) and `edit` (dist path → text → text).
 * Mangled names (tools/mangle.json): `_c` Store._layers, `_I` Layer._drop, `_W` / `_R`
 * Polling._set / _keys, `_ag` Store._ops, `_E` Store._putList.
 */
const CAPABILITIES = {
  optimistic: {
    stub: {
      'controller/optimistic.js': 'export function applyOptimistic() {}',
      'store/Layers.js': 'export class Overlay {} export class Layer {} export function addLayer() {}',
    },
    edit: {
      'controller/Controller.js': (s) => {
        s = rep(s, 'import { applyOptimistic } from "./optimistic.js";');
        s = cut(s, 'if (endpoint.getOptimisticResponse !== void 0 && endpoint.sideEffect) {');
        return repAll(s, 'this.#store._c.get(stamp)?._I();');
      },
      // The response that replaces its own layer, in `_commit`.
      'store/Store.js': (s) => rep(cut(s, 'if (layer !== void 0) {'), 'const layer = this._c.get(stamp);'),
    },
  },
  gc: {
    stub: { 'store/gc.js': 'export function sweep() { return 0; }' },
    edit: {
      'controller/Controller.js': (s) => {
        s = rep(s, 'import { sweep } from "../store/gc.js";');
        s = rep(s, 'const DEFAULT_GC_INTERVAL = 3e5;');
        s = rep(s, 'const sweeps = new FinalizationRegistry((stop) => stop());');
        s = cut(s, 'function sweepEvery(');
        s = rep(s, 'const every = options.gcInterval ?? DEFAULT_GC_INTERVAL;');
        s = rep(s, 'if (every > 0) sweepEvery(this, timers, every);');
        return cut(s, '  gc() {');
      },
      // The watched set exists for the sweep only: cells without signal options.
      'store/Store.js': (s) => {
        s = cut(s, 'const WATCH = {');
        s = rep(s, 'const watched = /* @__PURE__ */ new Set();');
        s = rep(s, 'super(row, WATCH);', 'super(row);');
        s = rep(s, '_ay = new Signal(0, WATCH);', '_ay = new Signal(0);');
        s = rep(s, '_a = new Signal(void 0, WATCH);\n  _b', '_a = new Signal(void 0);\n  _b');
        s = rep(
          s,
          '_a = new Signal(void 0, WATCH);\n  _d = new Signal(emptyMeta, WATCH);',
          '_a = new Signal(void 0);\n  _d = new Signal(emptyMeta);',
        );
        return rep(rep(s, '  WATCH,\n'), '  watched\n');
      },
    },
  },
  polling: {
    stub: { 'controller/Polling.js': 'export class Polling {}' },
    edit: {
      'controller/Controller.js': (s) => {
        s = rep(s, 'import { Polling } from "./Polling.js";');
        s = rep(s, '  #polling;\n');
        s = rep(s, 'this.#polling = new Polling(timers, () => this.#away.size > 0);');
        for (const m of ['  subscribe(', '  unsubscribe(', '  subscriptionCount(']) s = cut(s, m);
        return s;
      },
    },
  },
  triggers: {
    stub: { 'controller/triggers.js': 'export const focusTrigger = () => {}, onlineTrigger = () => {};' },
    edit: {
      'controller/Controller.js': (s) => {
        s = rep(s, 'import { focusTrigger, onlineTrigger } from "./triggers.js";');
        s = rep(s, 'this.#listen("focus", options.focus ?? focusTrigger());');
        s = rep(s, 'this.#listen("online", options.online ?? onlineTrigger());');
        s = rep(s, '  #away = /* @__PURE__ */ new Set();');
        s = rep(s, ' || this.#away.size > 0) return;', ') return;');
        // Polling still in: nothing pauses it.
        if (s.includes('() => this.#away.size > 0')) s = rep(s, '() => this.#away.size > 0', '() => false');
        return cut(s, '  #listen(name, trigger) {');
      },
    },
  },
  retry: {
    edit: {
      // The retry loop of `#request`: one attempt (an abort still drops the layer when layers are in).
      'controller/Controller.js': (s) =>
        rep(
          s,
          `        if (endpoint.sideEffect || attempt >= (endpoint.retry ?? 0) || !(error instanceof Error) || (endpoint.errorPolicy ?? errorPolicy)(error) === "hard") {
          throw this.#fail(endpoint, key, error, stamp);
        }
        await new Promise((resolve) => this.#timers.setTimeout(resolve, endpoint.retryDelay?.(attempt) ?? Math.min(1e3 * 2 ** attempt, 3e4)));`,
          '        throw this.#fail(endpoint, key, error, stamp);',
        ),
    },
  },
  reset: {
    stub: { 'store/reset.js': 'export function resetStore() {}' },
    edit: {
      'controller/Controller.js': (s) => {
        s = rep(s, 'import { resetStore } from "../store/reset.js";');
        s = cut(s, '  resetEntireStore() {');
        s = rep(s, '  #reset = 0;');
        s = rep(s, 'if (stamp <= this.#reset) throw new Error(`${endpoint.name}: dropped by resetEntireStore`);');
        return rep(s, ' && stamp > this.#reset)', ')');
      },
    },
  },
  share: {
    stub: { 'store/share.js': 'export function share(prev, next) { return next; }' },
  },
  lists: {
    // Pagination and list edits: Collection keeps `set` lists; the derived schemas, the
    // endpoint extenders and the store's list edits leave.
    edit: {
      'schema/Collection.js': (s) => {
        for (const m of [
          '  #derive(mode) {',
          '  get push() {',
          '  get unshift() {',
          '  get assign() {',
          '  get remove() {',
          '  get move() {',
          '  paginated(removeCursor) {',
          '  accepts(listArgs2, addArgs) {',
          'class CollectionAddition {',
          'function matches(',
        ])
          s = cut(s, m);
        s = rep(s, '  #isNonFilter;\n');
        s = rep(s, '  #derived = /* @__PURE__ */ new Map();');
        s = rep(s, '    const nf = options.nonFilterArgumentKeys;\n');
        s = rep(
          s,
          '    this.#isNonFilter = nf === void 0 ? () => false : typeof nf === "function" ? nf : nf instanceof RegExp ? (key) => nf.test(key) : (key) => nf.includes(key);',
        );
        // Still exported by schema/index.js (`schema.Collection…`): an empty class.
        return rep(s, 'function listArgs(', 'class CollectionAddition {}\nfunction listArgs(');
      },
      'endpoint/RestEndpoint.js': (s) => {
        for (const m of [
          '  get push() {',
          '  get unshift() {',
          '  get assign() {',
          '  get remove() {',
          '  get move() {',
          '  get getPage() {',
          '  paginated(removeCursor) {',
          '  #derive(mode, method, path) {',
          '  #collection(what, fn, alone = false) {',
          'function isCollection(',
          'function describeSchema(',
        ])
          s = cut(s, m);
        return rep(s, '  #derived = /* @__PURE__ */ new Map();');
      },
      'store/Store.js': (s) => {
        // Layers.js imports it (an empty stub when optimistic layers are out too).
        s = rep(
          cut(s, 'function edit('),
          'function mergeOver(',
          'function edit(prev) { return prev; }\nfunction mergeOver(',
        );
        s = rep(s, ' else if (prev !== void 0) this._E(list, edit(prev, write.items, mode));');
        return cut(s, '    const out = [];');
      },
    },
  },
};

/**
 * Beyond the issue's list, for scale: more of the Controller that an app may not use.
 * Measured on top of the floor, reported apart.
 */
const EXTRA = {
  // Abort signals and timeouts: `#send` runs the endpoint directly.
  abort: {
    'controller/Controller.js': (s) => {
      s = cut(s, '  #send(endpoint, args) {');
      s = rep(s, 'value = await this.#send(endpoint, args);', 'value = await this.#run(endpoint, args);');
      s = rep(
        s,
        'import { describeThrown, errorPolicy, isAbort, TimeoutError } from "./errors.js";',
        'import { describeThrown, errorPolicy, isAbort } from "./errors.js";',
      );
      return s;
    },
  },
  // The suspense helpers of the bindings.
  suspense: {
    'controller/Controller.js': (s) => {
      for (const m of ['  _Y(endpoint, args, throws) {', '  _ar(endpoint, args) {', '  _error(endpoint, args) {'])
        s = cut(s, m);
      return rep(s, '  #shown = /* @__PURE__ */ new WeakSet();');
    },
  },
  // invalidateAll / expireAll.
  markAll: {
    'controller/Controller.js': (s) => {
      for (const m of [
        '  invalidateAll(filter = all) {',
        '  expireAll(filter = all) {',
        '  #markAll(filter, change, invalidated) {',
        'function all() {',
      ])
        s = cut(s, m);
      return s;
    },
  },
};
for (const [name, edit] of Object.entries(EXTRA)) CAPABILITIES[`extra:${name}`] = { edit };

/** An esbuild plugin applying the stubs and edits of `names` to dist/. */
function without(names) {
  const stubs = new Map();
  const edits = new Map();
  for (const name of names) {
    const c = CAPABILITIES[name];
    for (const [file, text] of Object.entries(c.stub ?? {})) stubs.set(resolve(repo, 'dist', file), text);
    for (const [file, fn] of Object.entries(c.edit ?? {})) {
      const path = resolve(repo, 'dist', file);
      edits.set(path, [...(edits.get(path) ?? []), fn]);
    }
  }
  return {
    name: 'without',
    setup(b) {
      b.onLoad({ filter: /[\\/]dist[\\/].*\.js$/ }, (args) => {
        if (stubs.has(args.path)) return { contents: stubs.get(args.path), loader: 'js' };
        const fns = edits.get(args.path);
        if (fns === undefined) return undefined;
        let text = readFileSync(args.path, 'utf8');
        for (const fn of fns) text = fn(text);
        return { contents: text, loader: 'js' };
      });
    },
  };
}

const typical = `export { ${TYPICAL_IMPORT.join(', ')} } from './dist/index.js';`;
const measure = (names, external = []) =>
  bundleSize({ contents: typical, resolveDir: repo, plugins: [without(names)], external });

const all = Object.keys(CAPABILITIES).filter((name) => !name.startsWith('extra:'));
const extras = Object.keys(CAPABILITIES).filter((name) => name.startsWith('extra:'));
const base = await measure([]);
/** [what, measured, compared with the built import] */
const rows = [['typical import as built', base, true]];
for (const name of all) rows.push([`  without ${name}`, await measure([name]), true]);
const floor = await measure(all);
rows.push(['floor: without all of them', floor, true]);
for (const name of extras) rows.push([`  floor, also without ${name.slice(6)}`, await measure([...all, name]), true]);
rows.push(['  floor, also without all the extras', await measure([...all, ...extras]), true]);
rows.push(['floor, signals-core external (own code)', await measure(all, ['@preact/signals-core'])]);
rows.push(['as built, signals-core external (own code)', await measure([], ['@preact/signals-core'])]);
rows.push([
  '@preact/signals-core alone (every export)',
  await bundleSize({ contents: `export * from '@preact/signals-core';`, resolveDir: repo }),
]);
const usedNames = 'Signal, Computed, batch, effect, untracked';
rows.push([
  `@preact/signals-core alone ({ ${usedNames} }: what the typical import uses)`,
  await bundleSize({ contents: `export { ${usedNames} } from '@preact/signals-core';`, resolveDir: repo }),
]);

console.log('min+gzip  saved vs built   minified  what');
for (const [what, m, compared] of rows) {
  console.log(
    `${String(m.gzip).padStart(6)} B  ${compared ? `${String(base.gzip - m.gzip).padStart(7)} B` : ' '.repeat(9)}  ${String(m.minified).padStart(9)} B  ${what}`,
  );
}
// What leaves each module (minified bytes, as built -> floor).
const before = new Map(breakdown(base.metafile).map((i) => [i.path, i.bytes]));
const after = new Map(breakdown(floor.metafile).map((i) => [i.path, i.bytes]));
console.log(
  'minified bytes per module that change at the floor (as built -> floor; a few bytes either way are renamed identifiers):',
);
for (const [path, bytes] of before) {
  const left = after.get(path) ?? 0;
  if (Math.abs(bytes - left) > 10)
    console.log(
      `${String(bytes).padStart(7)} -> ${String(left).padStart(5)} B  ${String(left - bytes).padStart(6)} B  ${path.replace(/^.*node_modules[\\/]/, '')}`,
    );
}
if (process.argv.includes('--why')) {
  console.log('floor, minified bytes per module:');
  for (const i of breakdown(floor.metafile)) console.log(`${String(i.bytes).padStart(7)} B  ${i.path}`);
}
// --out=FILE: the floor bundle itself (minified), to check what is left in it.
const out = process.argv.find((a) => a.startsWith('--out='));
if (out) {
  const { build } = await import(pathToFileURL(`${repo}/node_modules/esbuild/lib/main.js`).href);
  const r = await build({
    stdin: { contents: typical, resolveDir: repo, loader: 'js' },
    absWorkingDir: repo,
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2022',
    platform: 'browser',
    mainFields: ['module', 'main'],
    conditions: ['module', 'import', 'default'],
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [without(all)],
    write: false,
    legalComments: 'none',
    logLevel: 'error',
  });
  const { writeFileSync } = await import('node:fs');
  writeFileSync(out.slice(6), r.outputFiles[0].contents);
}
console.log(
  `goal 6,656 B: floor ${floor.gzip} B is ${floor.gzip - 6656 > 0 ? `${floor.gzip - 6656} B over` : `${6656 - floor.gzip} B under`}`,
);
