/**
 * What W25 (bench/browser-scenarios.mjs) needs besides its scenarios: production builds of
 * the pages (esbuild), a static server on 127.0.0.1, headless Chromium through the
 * project's browser fixture, and the statistics of data-client's browser benchmark
 * (median, 95% confidence interval from the median absolute deviation, outliers trimmed).
 */
import { build } from 'esbuild';
import { solidPlugin } from 'esbuild-plugin-solid';
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { browserLaunchOptions } from '../../tests/_fixtures/browser-options.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const pages = join(root, 'bench', '_browser');

/** The compiler options of the pages (the repository's tsconfig.json is Preact's, for src/). */
function tsconfig(jsxImportSource) {
  return { compilerOptions: { jsx: 'react-jsx', jsxImportSource, useDefineForClassFields: true, target: 'ES2022' } };
}

/** How each framework's pages are compiled. */
const FRAMEWORKS = {
  solid: { tsconfigRaw: tsconfig('solid-js'), plugins: [solidPlugin({ solid: { generate: 'dom' } })] },
  preact: {
    tsconfigRaw: tsconfig('preact'),
    alias: { vdom: 'preact/compat', 'vdom-render': './bench/_browser/vdom/render.preact.ts' },
  },
  react: {
    tsconfigRaw: tsconfig('react'),
    alias: { vdom: 'react', 'vdom-render': './bench/_browser/vdom/render.react.ts' },
  },
};

/** `signal-cache` and its entries resolve to the built dist, as an app installing the package gets. */
const distPlugin = {
  name: 'signal-cache-dist',
  setup(b) {
    b.onResolve({ filter: /^signal-cache(\/.*)?$/ }, (args) => ({
      path: join(root, 'dist', args.path.slice('signal-cache'.length) || '/', 'index.js'),
    }));
  },
};

/**
 * Builds the server worker and one bundle per library (minified unless told, NODE_ENV=production).
 * @param {{ id: string, entry: string, framework: keyof typeof FRAMEWORKS }[]} libraries
 * @param {{ minify?: boolean }} [options]
 * @returns {Promise<{ files: Map<string, string>, sizes: Record<string, { min: number, gzip: number }> }>}
 */
export async function buildPages(libraries, { minify = true } = {}) {
  const common = {
    absWorkingDir: root,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify,
    write: false,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'error',
    legalComments: 'none',
  };
  const files = new Map();
  const sizes = {};
  const worker = await build({ ...common, entryPoints: [join(pages, 'server.worker.ts')] });
  files.set('/worker.js', worker.outputFiles[0].text);
  await Promise.all(
    libraries.map(async ({ id, entry, framework }) => {
      const { plugins = [], ...options } = FRAMEWORKS[framework];
      const out = await build({
        ...common,
        ...options,
        entryPoints: [join(pages, entry)],
        plugins: [distPlugin, ...plugins],
      });
      const text = out.outputFiles[0].text;
      files.set(`/${id}.js`, text);
      files.set(
        `/${id}/`,
        `<!doctype html><html><head><meta charset="utf-8"><title>${id}</title></head><body><script type="module" src="/${id}.js"></script></body></html>`,
      );
      sizes[id] = { min: Buffer.byteLength(text), gzip: gzipSync(text).length };
    }),
  );
  return { files, sizes };
}

/** Serves `files` on 127.0.0.1 (random port). @returns {Promise<{ url: string, close(): Promise<void> }>} */
export async function serve(files) {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const body = files.get(path);
    if (body === undefined) return void res.writeHead(404).end();
    const type = path.endsWith('.js') ? 'text/javascript' : 'text/html';
    res.writeHead(200, { 'content-type': `${type}; charset=utf-8`, 'cache-control': 'no-store' }).end(body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * Headless Chromium from the project's fixture, with the flags data-client's runner adds
 * so that timers and rendering of a page are never throttled.
 */
export async function launch() {
  const { source, args, ...options } = await browserLaunchOptions();
  const browser = await chromium.launch({
    ...options,
    args: [
      ...args,
      '--disable-background-timer-throttling',
      '--disable-renderer-backgrounding',
      '--disable-backgrounding-occluded-windows',
      '--disable-hang-monitor',
    ],
  });
  return { browser, source };
}

//#region statistics

/** Two-tailed t critical values at 95% by degrees of freedom; 1.96 beyond the table. */
const T95 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11,
  2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];

function medianOfSorted(sorted) {
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Samples inside the 1.5×IQR fences (all of them when fewer than 4 or no spread). */
function trim(sorted) {
  if (sorted.length < 4) return sorted;
  const q1 = sorted[Math.floor(sorted.length / 4)];
  const q3 = sorted[Math.floor((sorted.length * 3) / 4)];
  const fence = 1.5 * (q3 - q1);
  if (fence === 0) return sorted;
  const kept = sorted.filter((x) => x >= q1 - fence && x <= q3 + fence);
  return kept.length >= 2 ? kept : sorted;
}

/**
 * Median and 95% confidence margin of `samples` (outliers trimmed by IQR; the margin from
 * the scaled median absolute deviation, the standard deviation when that is 0).
 * @returns {{ median: number, margin: number, marginPct: number, n: number }}
 */
export function stats(samples) {
  const clean = trim([...samples].sort((a, b) => a - b));
  const median = medianOfSorted(clean);
  let margin = 0;
  if (clean.length >= 2) {
    const t = T95[clean.length - 2] ?? 1.96;
    const mad = 1.4826 * medianOfSorted(clean.map((x) => Math.abs(x - median)).sort((a, b) => a - b));
    let spread = mad;
    if (spread === 0) {
      const mean = clean.reduce((s, x) => s + x, 0) / clean.length;
      spread = Math.sqrt(clean.reduce((s, x) => s + (x - mean) ** 2, 0) / (clean.length - 1));
    }
    margin = (t * spread) / Math.sqrt(clean.length);
  }
  return { median, margin, marginPct: median === 0 ? 0 : (margin / Math.abs(median)) * 100, n: samples.length };
}

//#endregion
