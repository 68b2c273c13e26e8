/**
 * Docs code check: every ```ts and ```tsx block of README.md, CONTRIBUTING.md and
 * docs/**.md type-checks against the package as an app receives it (`npm pack`, unpacked
 * into the scratch project `.docs-check/`; see tools/pack.mjs), strict, as a module.
 *
 * The convention (docs/README.md, "Writing a page"):
 * - A block is a module of its own: it imports what it uses and declares what it needs.
 * - A block whose first line is `// file: NAME.ts` (or `.tsx`) is (part of) the page's file
 *   NAME: blocks of one page with the same NAME are joined in order into one module, and
 *   other blocks of the page import from it (`import { Todo } from './models'`).
 * - A block right after the line `<!-- example: PATH -->` is a part (or the whole) of the
 *   repository file PATH, word for word; it is not compiled here: PATH is an app of
 *   examples/, type-checked against the packed package, built and run in Chromium by
 *   tests/examples/.
 * - A type error shown on purpose is a line under `// @ts-expect-error` (tsc fails when the
 *   line has no error). Nothing else opts out: code in another language is fenced as sh,
 *   json, html or text; ```js, ```jsx, ```typescript and the like are refused.
 *
 * Diagnostics point at the Markdown file and line. The count of blocks is printed.
 *
 *   node tools/docs-check.mjs                 every page (npm test runs this after the build)
 *   node tools/docs-check.mjs docs/tabs.md    some pages
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { codeBlocks, docPages } from './markdown.mjs';
import { APP_COMPILER_OPTIONS, installPacked, root, runTsc } from './pack.mjs';

/** Packages a block may import besides signal-cache (linked from this repository's node_modules). */
const LINKED = [
  '@preact/signals-core',
  '@preact/signals',
  'solid-js',
  'preact',
  'preact-render-to-string',
  'typescript',
  '@types/node',
  'decimal.js',
  'temporal-polyfill',
  'fake-indexeddb',
  '@tanstack/query-core',
  '@tanstack/solid-query',
  '@data-client/rest',
  '@data-client/endpoint',
  '@data-client/core',
];
const CHECKED = new Set(['ts', 'tsx']);
const REFUSED = new Set(['js', 'jsx', 'javascript', 'typescript', 'mjs', 'cjs', 'mts', 'cts', 'es6']);
const FILE_LINE = /^\/\/ file: (\S+)\s*$/;

//#region check

function check(pages) {
  const problems = [];
  /** Generated file → its parts: `{ start, lines, page, line }` (start: first line in the file, 1-based). */
  const files = new Map();
  let checked = 0;
  let examples = 0;
  for (const page of pages) {
    const slug = page.replace(/\.md$/, '').replace(/[^\w]+/g, '_');
    codeBlocks(readFileSync(join(root, page), 'utf8')).forEach((block, index) => {
      const where = `${page}:${block.line - 1}`;
      if (REFUSED.has(block.lang)) {
        problems.push(`${where}: a \`\`\`${block.lang} block; write it as ts or tsx (it is then type-checked)`);
        return;
      }
      if (!CHECKED.has(block.lang)) return;
      if (block.example) {
        const path = join(root, block.example);
        if (!existsSync(path)) problems.push(`${where}: ${block.example} does not exist`);
        else if (!readFileSync(path, 'utf8').includes(block.code.trimEnd()))
          problems.push(`${where}: the block is not ${block.example} word for word: copy the file's text again`);
        else examples++;
        return;
      }
      const named = FILE_LINE.exec(block.code.split('\n', 1)[0]);
      const name = named?.[1] ?? `block-${index + 1}.${block.lang}`;
      if (named && (!/^[\w.-]+\.tsx?$/.test(name) || !name.endsWith(`.${block.lang}`))) {
        problems.push(`${where}: "// file: ${name}" must name a .${block.lang} file (letters, digits, - . _)`);
        return;
      }
      const file = `pages/${slug}/${name}`;
      const parts = files.get(file) ?? [];
      const start = parts.reduce((n, p) => n + p.lines, 1);
      parts.push({ start, lines: block.code.split('\n').length, page, line: block.line, code: block.code });
      files.set(file, parts);
      checked++;
    });
  }

  const scratch = join(root, '.docs-check');
  const installed = installPacked(scratch, LINKED);
  for (const [file, parts] of files) {
    let text = parts.map((p) => p.code).join('\n');
    // A file is a module even when no block imports; Solid's JSX where the file uses Solid.
    text += '\nexport {};\n';
    if (
      file.endsWith('.tsx') &&
      !text.includes('@jsxImportSource') &&
      /['"](solid-js|signal-cache\/solid)/.test(text)
    ) {
      text = `/** @jsxImportSource solid-js */ ${text}`;
    }
    mkdirSync(join(scratch, file, '..'), { recursive: true });
    writeFileSync(join(scratch, file), text);
  }
  writeFileSync(
    join(scratch, 'tsconfig.json'),
    JSON.stringify(
      {
        // The published .d.ts are checked on their own by tools/consumer.mjs.
        compilerOptions: { ...APP_COMPILER_OPTIONS, skipLibCheck: true, types: ['node'] },
        files: [...files.keys()],
      },
      null,
      2,
    ),
  );
  if (files.size) {
    const run = runTsc(scratch, installed, 'tsconfig.json');
    if (run.wrongTypes) problems.push(run.wrongTypes);
    for (const d of run.diagnostics) {
      const part = files.get(d.file)?.findLast((p) => p.start <= d.line);
      problems.push(
        part
          ? `${part.page}:${part.line + d.line - part.start}:${d.column}: ${d.text}`
          : `${d.file}:${d.line}:${d.column}: ${d.text}`,
      );
    }
    if (run.status !== 0 && run.diagnostics.length === 0) problems.push(run.output || `tsc exited with ${run.status}`);
  }
  return { problems, checked, examples, files: files.size };
}

//#endregion

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const only = process.argv.slice(2).map((p) => relative(root, join(process.cwd(), p)));
  const pages = only.length ? only : docPages(root);
  const { problems, checked, examples, files } = check(pages);
  console.log(
    `docs code blocks: ${checked} ts/tsx blocks of ${pages.length} page${pages.length === 1 ? '' : 's'} type-checked against the packed package (${files} modules)` +
      (examples ? `; ${examples} blocks are examples/ files word for word (checked and run by tests/examples)` : ''),
  );
  if (problems.length) {
    console.log(problems.join('\n'));
    console.error(`docs code check failed: ${problems.length} problems (the generated modules are in .docs-check/)`);
    process.exitCode = 1;
  }
}
