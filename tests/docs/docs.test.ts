/**
 * The documentation as a reader finds it: every page under docs/ reachable from the README
 * or the docs index, every relative link and #anchor leading somewhere, no identifier a
 * reader cannot look up. (The code blocks are type-checked by tools/docs-check.mjs, which
 * `npm test` runs after the build.)
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { anchors, codeBlocks, docPages, links, prose, slug } from '../../tools/markdown.mjs';

const root = process.cwd();
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const pages = docPages(root);
/** Every Markdown file a reader may follow a link to (the docs pages, bench/ and examples/). */
const markdown = [
  ...pages,
  ...['bench', 'examples'].flatMap((dir) =>
    readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.md') && !f.includes('node_modules'))
      .map((f) => `${dir}/${f}`),
  ),
];

const index = suite('docs index');

index('every page under docs/ is linked from the README or the docs index', () => {
  const linked = new Set<string>();
  for (const from of ['README.md', 'docs/README.md'].filter((p) => existsSync(join(root, p)))) {
    for (const { target } of links(read(from))) {
      if (/^[a-z]+:/i.test(target)) continue;
      linked.add(normalize(join(dirname(from), target.split('#')[0]!)));
    }
  }
  const orphans = pages.filter((p) => p.startsWith('docs/') && !linked.has(p));
  assert.equal(orphans, [], 'pages no index links to: add them to docs/README.md');
});

index.run();

const linksSuite = suite('links');

linksSuite('every relative link and #anchor of the docs leads somewhere', () => {
  const broken: string[] = [];
  for (const from of markdown) {
    for (const { target, line } of links(read(from))) {
      if (/^[a-z][a-z+.-]*:/i.test(target)) continue; // https:, mailto: …
      const [path = '', anchor] = target.split('#');
      const file = path ? normalize(join(dirname(from), decodeURI(path))) : from;
      if (file.startsWith('..') || !existsSync(join(root, file))) {
        broken.push(`${from}:${line}: ${target} (no file ${file})`);
        continue;
      }
      if (anchor !== undefined && file.endsWith('.md') && !anchors(read(file)).has(anchor)) {
        broken.push(`${from}:${line}: ${target} (no heading of ${file} gives #${anchor})`);
      }
      if (anchor !== undefined && statSync(join(root, file)).isDirectory()) {
        broken.push(`${from}:${line}: ${target} (an anchor into a folder)`);
      }
    }
  }
  assert.equal(broken, []);
});

linksSuite('anchors are made as GitHub makes them', () => {
  assert.is(slug('Writing a page'), 'writing-a-page');
  assert.is(slug('`ctrl.fetch` and `fetchIfStale`'), 'ctrlfetch-and-fetchifstale');
  assert.is(slug('Errors, and Retry (per framework)'), 'errors-and-retry-per-framework');
  assert.equal([...anchors('# A\n```md\n# B\n```\n## A\n')], ['a', 'a-1']);
});

linksSuite.run();

const words = suite('words a reader can look up');

words('no benchmark id or design-rule number in the README or docs/', () => {
  const found: string[] = [];
  // README.md joins once it is rewritten as a short introduction (its benchmark tables move to bench/).
  for (const page of pages.filter((p) => p !== 'README.md')) {
    prose(read(page))
      .split('\n')
      .forEach((line, i) => {
        for (const m of line.matchAll(/\bW\d{1,2}\b|\brules? \d+\b|\bDESIGN\.md\b/g))
          found.push(`${page}:${i + 1}: ${m[0]}`);
      });
  }
  assert.equal(found, [], 'describe the workload in words and link bench/RESULTS.md; name a rule by what it says');
});

words('code is fenced as ts or tsx, never js or typescript (tools/docs-check.mjs checks ts and tsx)', () => {
  const refused = pages.flatMap((page) =>
    codeBlocks(read(page))
      .filter((b) => /^(js|jsx|javascript|typescript|mjs|cjs)$/.test(b.lang))
      .map((b) => `${page}:${b.line - 1}: ${b.lang}`),
  );
  assert.equal(refused, []);
});

words.run();

const contributing = suite('CONTRIBUTING.md');

contributing('lists every step of npm test, in the order package.json runs them', () => {
  const script: string = JSON.parse(read('package.json')).scripts.test;
  const steps = script.split('&&').map((s) => s.trim());
  const text = read('CONTRIBUTING.md');
  let at = text.indexOf('`npm test` runs');
  assert.ok(at > 0, 'CONTRIBUTING.md says what `npm test` runs');
  for (const step of steps) {
    // The step as CONTRIBUTING.md names it: `npm run x`, `node file`, else the tool's name.
    const words = step.split(/\s+/);
    const named = words.slice(0, words[0] === 'npm' ? 3 : words[0] === 'node' ? 2 : 1).join(' ');
    const found = text.indexOf(named, at);
    assert.ok(found >= 0, `CONTRIBUTING.md names "${named}" (npm test runs "${step}") after the previous step`);
    at = found;
  }
});

contributing.run();
