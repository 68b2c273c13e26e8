// What signal-cache/devtools costs an app, measured on production bundles of the built
// dist/ (minified, `process.env.NODE_ENV` "production", as an app's bundler makes them),
// with esbuild (one file, and split) and with Vite (Rolldown): importing the entry
// without calling it ships exactly the modules, byte for byte, of not importing it, and so
// does a call behind a development check; a call loads the panel as a chunk of its own,
// and what the app loads at start gains only the small static part.
import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

interface Bundle {
  /** The files the app loads at start: the entry and the chunks it imports statically. */
  eager: string[];
  /** Every other file (loaded by `import()` only). */
  lazy: string[];
  /** The modules in the files loaded at start, with the bytes each put there. */
  modules: Record<string, number>;
}

const root = process.cwd();
/** A module path relative to the repository (bundlers name them in their own ways). */
const local = (path: string) =>
  path
    .replace(/^\0/, '')
    .replace(`${root}/`, '')
    .replace(/^(\.\.\/)+main\//, '');

/**
 * An app's production bundle made by esbuild, split into chunks or one file. With `names`,
 * local names are kept (whitespace and syntax still minified): the bytes of a module do
 * not then depend on the names the minifier picked for the modules around it.
 */
async function esbuild(contents: string, splitting: boolean, names = false): Promise<Bundle> {
  const result = await build({
    stdin: { contents, resolveDir: root, loader: 'js' },
    bundle: true,
    splitting,
    outdir: '/out',
    minifyWhitespace: true,
    minifySyntax: true,
    minifyIdentifiers: !names,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    metafile: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'none',
    logLevel: 'error',
  });
  const entry = Object.keys(result.metafile.outputs).find((name) => result.metafile.outputs[name]!.entryPoint)!;
  const eagerNames = [
    entry,
    ...result.metafile.outputs[entry]!.imports.filter((i) => i.kind === 'import-statement').map((i) => i.path),
  ];
  const text = (name: string) => result.outputFiles.find((f) => f.path.endsWith(name.replace(/^.*\//, '/')))!.text;
  const modules: Record<string, number> = {};
  for (const name of eagerNames)
    for (const [path, { bytesInOutput }] of Object.entries(result.metafile.outputs[name]!.inputs))
      if (bytesInOutput > 0) modules[local(path)] = bytesInOutput;
  const lazy = Object.keys(result.metafile.outputs).filter((name) => !eagerNames.includes(name));
  return { eager: eagerNames.map(text), lazy: lazy.map(text), modules };
}

/** The same app bundled by Vite (Rolldown), minified. */
async function vite(contents: string): Promise<Bundle> {
  const { build: viteBuild } = await import('vite');
  const out = await viteBuild({
    configFile: false,
    logLevel: 'silent',
    root,
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [
      {
        name: 'app',
        resolveId: (id: string) => (id === 'virtual:app' ? '\0app' : undefined),
        load: (id: string) => (id === '\0app' ? contents.replaceAll("'./dist/", `'${root}/dist/`) : undefined),
      },
    ],
    build: {
      write: false,
      minify: true,
      rollupOptions: { input: 'virtual:app', preserveEntrySignatures: 'exports-only' },
    },
  });
  type Chunk = {
    type: string;
    isEntry: boolean;
    code: string;
    imports: string[];
    fileName: string;
    modules: Record<string, { renderedLength: number }>;
  };
  const chunks = ((Array.isArray(out) ? out[0] : out) as { output: Chunk[] }).output.filter((o) => o.type === 'chunk');
  const entry = chunks.find((c) => c.isEntry)!;
  const eager = [entry, ...chunks.filter((c) => entry.imports.includes(c.fileName))];
  const modules: Record<string, number> = {};
  for (const chunk of eager)
    for (const [id, { renderedLength }] of Object.entries(chunk.modules))
      if (renderedLength > 0) modules[local(id)] = renderedLength;
  return {
    eager: eager.map((c) => c.code),
    lazy: chunks.filter((c) => !eager.includes(c)).map((c) => c.code),
    modules,
  };
}

const gz = (text: string) => gzipSync(text, { level: 9 }).length;
const size = (b: Bundle) => b.eager.reduce((n, t) => n + t.length, 0);
const gzSize = (b: Bundle) => gz(b.eager.join(''));

const APP = `import { Controller, RestEndpoint } from './dist/index.js';
const getUsers = new RestEndpoint({ path: '/users' });
export const ctrl = new Controller();
ctrl.fetch(getUsers);
`;
const UNUSED = `import { mountDevtools, DevToolsManager } from './dist/devtools/index.js';\n${APP}`;
const GUARDED = `import { mountDevtools } from './dist/devtools/index.js';\n${APP}if (process.env.NODE_ENV !== 'production') mountDevtools(ctrl);\n`;

/** Whether a file holds code of the panel or of mountDevtools. */
const devtoolsCode = (text: string) => text.includes('data-signal-cache-devtools') || text.includes('data-panel');

const shake = suite('signal-cache/devtools in a production bundle');

const bundlers = [
  ['esbuild, one file', (app: string, names?: boolean) => esbuild(app, false, names)],
  ['esbuild, split', (app: string, names?: boolean) => esbuild(app, true, names)],
  // (Rolldown's minified modules have sizes of their own already.)
  ['Vite', (app: string) => vite(app)],
] as const;

for (const [name, app] of [
  ['an app importing the entry without calling it', UNUSED],
  ['an app calling mountDevtools behind a development check', GUARDED],
] as const) {
  for (const [bundler, make] of bundlers) {
    shake(`${name} ships the same modules, byte for byte, as without the import (${bundler})`, async () => {
      assert.equal((await make(app, true)).modules, (await make(APP, true)).modules);
      const [without, imported] = [await make(APP), await make(app)];
      assert.ok(
        Object.keys(without.modules).some((m) => m.startsWith('dist/controller/')),
        'the checker sees modules',
      );
      assert.is(imported.eager.length, without.eager.length, 'no chunk shared with the panel');
      assert.equal(imported.eager.filter(devtoolsCode), []);
      // (The modules may come in another order, and get other short names: a few bytes either way.)
      assert.ok(Math.abs(size(imported) - size(without)) < 64, 'minified, the same size but for names');
      console.log(
        `  ${bundler}: ${size(imported)} B minified (${size(without)} B without), gzip ${gzSize(imported) - gzSize(without)} B apart`,
      );
    });
  }
}

shake('a DevToolsManager in production never connects and ships no state snapshot', async () => {
  const withManager = await esbuild(
    `import { DevToolsManager } from './dist/devtools/index.js';\nimport { getDefaultManagers } from './dist/index.js';\n${APP.replace('new Controller()', 'new Controller({ managers: [new DevToolsManager(), ...getDefaultManagers()] })')}`,
    false,
  );
  const code = withManager.eager.join('');
  // It never looks for the extension, and ships no state snapshot to send it.
  assert.not.ok(code.includes('__REDUX_DEVTOOLS_EXTENSION__'));
  assert.not.ok(Object.keys(withManager.modules).includes('dist/devtools/state.js'), 'no state snapshot');
});

shake('mounting loads the panel lazily: what loads at start gains only the small static part', async () => {
  const without = await esbuild(APP, true);
  const mounted = await esbuild(
    `import { mountDevtools } from './dist/devtools/index.js';\n${APP}mountDevtools(ctrl);\n`,
    true,
  );
  const panel = mounted.lazy.find((c) => c.includes('data-panel'));
  assert.ok(panel, 'a chunk loaded by import() holds the panel');
  assert.not.ok(
    mounted.eager.some((c) => c.includes('data-panel')),
    'what loads at start does not',
  );
  // The static part: the manager that queues actions, the host element, the import(), and
  // the commit journal's listener (handed to the panel: its chunk imports nothing of the core).
  const added = gzSize(mounted) - gzSize(without);
  console.log(`  static part: +${added} B gzip at start; the panel's chunk ${gz(panel!)} B gzip`);
  assert.ok(added < 900, `the static part is small: +${added} B`);
});

shake.run();
