// Builds the playground as static files in playground/dist/: index.html, main.css and
// main.js (the page, the library from its sources, the editor, the in-page compiler and
// every demo of playground/demos/), chunks/ (the inspector's panel, signal-cache/devtools,
// which main.js loads after it ran), checker.js (the type checker's worker: TypeScript 5.9,
// loaded after the first paint) and checker-types.json (the declarations it checks against,
// the package's from dist/). `npm run build` runs it; `npm start` serves it.
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkerDeclarations } from './checker-types.mjs';

const here = import.meta.dirname;
export const distDir = join(here, 'dist');
const demosDir = join(here, 'demos');

/** `import sources from 'demos:all'`: every playground/demos/*.demo as { name, text }. */
const demosPlugin = {
  name: 'demos',
  setup(b) {
    b.onResolve({ filter: /^demos:all$/ }, () => ({ path: 'demos:all', namespace: 'demos' }));
    b.onLoad({ filter: /.*/, namespace: 'demos' }, () => {
      const files = readdirSync(demosDir).filter((f) => f.endsWith('.demo')).sort();
      const sources = files.map((f) => ({ name: f.replace(/\.demo$/, ''), text: readFileSync(join(demosDir, f), 'utf8') }));
      return { contents: `export default ${JSON.stringify(sources)};`, loader: 'js', watchFiles: files.map((f) => join(demosDir, f)) };
    });
  },
};

/** Builds playground/dist/. */
export async function buildPlayground({ minify = true } = {}) {
  rmSync(distDir, { recursive: true, force: true });
  mkdirSync(distDir, { recursive: true });
  await build({
    entryPoints: [join(here, 'src', 'main.ts')],
    outdir: distDir,
    // The inspector's panel (signal-cache/devtools) is a chunk of its own, loaded by its
    // dynamic import() after the page's script ran.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    minify,
    sourcemap: true,
    legalComments: 'none',
    logLevel: 'warning',
    // Babel runs in the page: node's `path` and `assert` are small shims, `process` a stub.
    alias: {
      path: join(here, 'src', 'compiler', 'shims', 'path.js'),
      assert: join(here, 'src', 'compiler', 'shims', 'assert.cjs'),
    },
    define: { 'process.env.NODE_ENV': '"development"' },
    banner: { js: 'globalThis.process ??= { env: {}, versions: {}, emitWarning() {} };' },
    plugins: [demosPlugin],
  });
  await build({
    entryPoints: [join(here, 'src', 'checker', 'worker.ts')],
    outfile: join(distDir, 'checker.js'),
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    minify,
    legalComments: 'none',
    logLevel: 'warning',
    // TypeScript's Node-only modules are reached on Node only.
    external: ['fs', 'path', 'os', 'crypto', 'inspector', 'perf_hooks', 'source-map-support', 'module', 'buffer'],
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  writeFileSync(join(distDir, 'checker-types.json'), JSON.stringify(checkerDeclarations()));
  copyFileSync(join(here, 'index.html'), join(distDir, 'index.html'));
  copyFileSync(join(here, 'main.css'), join(distDir, 'main.css'));
}

if (process.argv[1] === import.meta.filename) await buildPlayground();
