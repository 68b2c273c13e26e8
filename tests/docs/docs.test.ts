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
  for (const page of pages) {
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

const readme = suite('README.md');

readme('is short, and names npm start and npm test at its top', () => {
  const lines = read('README.md').split('\n');
  assert.ok(lines.length <= 300, `${lines.length} lines: at most 300 (move the detail to a docs page)`);
  const top = lines.slice(0, 20).join('\n');
  assert.match(top, /npm start/);
  assert.match(top, /npm test/);
});

readme('shows each quick-start app whole, word for word (tests/examples builds and runs them)', () => {
  const shown = new Map(codeBlocks(read('README.md')).flatMap((b) => (b.example ? [[b.example, b.code]] : [])));
  for (const file of [
    'examples/quick-start/api.ts',
    'examples/quick-start/solid/main.tsx',
    'examples/quick-start/preact/main.tsx',
    'examples/quick-start/vanilla/main.ts',
  ]) {
    assert.ok(shown.has(file), `the README shows ${file} (a block after <!-- example: ${file} -->)`);
    assert.is(shown.get(file)!.trimEnd(), read(file).trimEnd(), `the README shows all of ${file}`);
  }
});

readme.run();

const options = suite('endpoint options');

/** The members of an exported interface of a source file (two-space indented `name?:` lines). */
function members(file: string, name: string): string[] {
  const text = read(file);
  const start = text.indexOf(`export interface ${name}`);
  const body = text.slice(start, text.indexOf('\n}\n', start));
  return [...body.matchAll(/^ {2}(\w+)\??:/gm)].map((m) => m[1]!);
}

/**
 * The rows of Markdown tables whose first cell is `` `name` ``, per page, outside sections
 * about the Controller's own options (`fetch`, `onError` … are also Controller options).
 */
function definitions(name: string): string[] {
  return pages.flatMap((page) => {
    let heading = '';
    return read(page)
      .split('\n')
      .filter((line) => {
        if (line.startsWith('#')) heading = line;
        return line.startsWith(`| \`${name}\` |`) && !/Controller options/.test(heading);
      })
      .map((line) => `${page}: ${line}`);
  });
}

options('each endpoint option is documented once, in one table row', () => {
  const names = new Set([
    ...members('src/endpoint/Endpoint.ts', 'EndpointOptions'),
    ...members('src/endpoint/RestEndpoint.ts', 'RestEndpointOptions'),
    ...members('src/endpoint/resource.ts', 'ResourceOptions'),
  ]);
  assert.ok(names.size >= 25, `${names.size} options read from src/endpoint`);
  const wrong = [...names].flatMap((name) => {
    const rows = definitions(name);
    return rows.length === 1 ? [] : [`${name}: ${rows.length} rows${rows.length ? `\n  ${rows.join('\n  ')}` : ''}`];
  });
  assert.equal(wrong, [], 'document each option in one row (docs/endpoints.md) and link to it elsewhere');
});

options('the defaults in the docs are those of the code', () => {
  // The Controller's constants, wherever in src/controller they live.
  const controller = readdirSync(join(root, 'src/controller'))
    .filter((file) => file.endsWith('.ts'))
    .map((file) => read(`src/controller/${file}`))
    .join('\n');
  const constant = (name: string) => {
    const found = new RegExp(`const ${name} = ([\\d_]+);`).exec(controller);
    assert.ok(found, `src/controller defines ${name}`);
    return Number(found[1]!.replace(/_/g, ''));
  };
  const row = (name: string) => definitions(name)[0] ?? '';
  assert.match(row('dataExpiryLength'), `\`${constant('DEFAULT_DATA_EXPIRY')}\` ms`);
  assert.match(row('errorExpiryLength'), `\`${constant('DEFAULT_ERROR_EXPIRY')}\` ms`);
  const gcRow = read('docs/vanilla.md')
    .split('\n')
    .find((line) => line.startsWith('| `gcInterval` |'));
  assert.match(gcRow ?? '', `\`${constant('DEFAULT_GC_INTERVAL')}\` ms`);
  const secret = /Default: `(\/token[^`]+\/i)`/.exec(read('src/endpoint/RestEndpoint.ts'))![1]!;
  assert.ok(row('secretParams').includes(`\`${secret.replace(/\|/g, '\\|')}\``), `secretParams: ${secret}`);
  assert.ok(row('retry').includes('| `0` |'), 'retry: 0');
  assert.match(read('src/endpoint/Endpoint.ts'), /min\(1000 \* 2 \*\* attempt, 30000\)/);
  assert.ok(row('retryDelay').includes('min(1000 * 2 ** attempt, 30000)'));
  assert.match(controller, /Math\.min\(1000 \* 2 \*\* attempt, 30_000\)/);
});

options.run();

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
