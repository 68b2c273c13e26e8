// The worked examples of docs/mutations.md (its blocks of the file `todos.ts`), extracted
// and run against the real HTTP fixture: every `console.log(…); // → expected` line is checked.
import { build } from 'esbuild';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { codeBlocks } from '../../tools/markdown.mjs';
import { json, startServer, type TestServer } from '../_fixtures/server.js';

const root = process.cwd();
/** The snippet imports what the suite imports: src, or the built dist under TEST_DIST=1. */
const entry = join(root, process.env.TEST_DIST === '1' ? 'dist/index.js' : 'src/index.ts');

/** The blocks of a page's file `name` (see docs/README.md), joined, and the expected output of each `// →`. */
function pageFile(page: string, name: string) {
  const blocks = codeBlocks(readFileSync(join(root, page), 'utf8')).filter((b) =>
    b.code.startsWith(`// file: ${name}\n`),
  );
  const code = blocks.map((b) => b.code).join('\n');
  const expected = [...code.matchAll(/console\.log\(.*\); \/\/ → (.*)$/gm)].map((m) => m[1]);
  return { code, expected };
}

/** A todo API: lists by userId in pages of 3 (by id), create, patch (an empty title is refused), delete. */
function todoApi(server: TestServer) {
  const todos = [
    { id: '1', title: 'Buy milk', userId: 'a' },
    { id: '2', title: 'Walk dog', userId: 'a' },
    { id: '3', title: 'Pay rent', userId: 'b' },
    { id: '5', title: 'Water plants', userId: 'c' },
    { id: '6', title: 'Read book', userId: 'c' },
  ];
  let next = 4;
  server.route('GET', '/todos', (req, res) => {
    const userId = req.query.get('userId');
    const page = Number(req.query.get('page') ?? 1);
    const listed = todos
      .filter((t) => userId === null || t.userId === userId)
      .sort((x, y) => Number(x.id) - Number(y.id));
    json(res, 200, listed.slice((page - 1) * 3, page * 3));
  });
  server.route('POST', '/todos', (req, res) => {
    const body = JSON.parse(req.body);
    const todo = { ...body, id: String(next++), title: `${body.title} (saved)` };
    todos.push(todo);
    json(res, 201, todo);
  });
  server.route('PATCH', '/todos/:id', (req, res) => {
    const body = JSON.parse(req.body);
    if (body.title === '') return json(res, 400, { error: 'a title is required' });
    const todo = todos.find((t) => t.id === req.params.id)!;
    Object.assign(todo, body);
    json(res, 200, todo);
  });
  server.route('DELETE', '/todos/:id', (req, res) => {
    todos.splice(
      todos.findIndex((t) => t.id === req.params.id),
      1,
    );
    res.writeHead(204).end();
  });
}

const page = suite('docs/mutations.md');

page('every example runs and prints what its comment says', async () => {
  const { code, expected } = pageFile('docs/mutations.md', 'todos.ts');
  const server = await startServer();
  todoApi(server);
  assert.ok(expected.length >= 8, 'the page has checked lines');
  const source = code
    .replaceAll('https://api.example.com', server.url)
    .replaceAll('console.log(', 'globalThis.__docsLog(')
    .replace("from 'signal-cache'", `from ${JSON.stringify(entry)}`);
  const dir = join(root, '.test-build', `docs-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'mutations.mjs');
  await build({
    stdin: { contents: source, loader: 'ts', resolveDir: root },
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    outfile: file,
    logLevel: 'error',
  });
  const printed: string[] = [];
  (globalThis as any).__docsLog = (...values: unknown[]) => printed.push(values.join(' '));
  try {
    await import(pathToFileURL(file).href);
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await server.close();
  }
  assert.equal(printed, expected);
});

page.run();
