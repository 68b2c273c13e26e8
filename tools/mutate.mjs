// Mutation check: breaks one line at a time in src/store and src/controller — the lines
// that carry equality, ordering, batching, deduplication and removal — runs the tests that
// cover them, and reports which mutants survived (no test failed). Not part of `npm test`
// (it runs the tests once per mutant); its last score is kept in tools/mutation-score.json,
// which `npm test` prints.
//
//   node tools/mutate.mjs            every mutant, writes tools/mutation-score.json
//   node tools/mutate.mjs --list     the mutants only, nothing run
//   node tools/mutate.mjs Store.ts   only mutants of files whose path contains "Store.ts"
//
// The work happens in a copy of the repository (node_modules linked), so the tree stays
// untouched whatever happens to this process.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const listOnly = process.argv.includes('--list');
const only = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? '';

/** Files mutated, and the tests run against each mutant. */
const targets = [
  'src/store/Store.ts',
  'src/store/Staging.ts',
  'src/store/Walker.ts',
  'src/store/share.ts',
  'src/store/Views.ts',
  'src/controller/Controller.ts',
  'src/controller/Runner.ts',
  'src/controller/Entry.ts',
  'src/controller/Polling.ts',
];
const tests =
  'tests/store/,tests/controller/,tests/schema/,tests/spec/,tests/util/,tests/endpoint/RestEndpoint.collections';

/**
 * Mutants that cannot change behaviour, by file and mutated line, with the reason. They are
 * run and listed like the others; the score is given with and without them.
 */
const equivalent = [
  ['src/store/Store.ts', '_member = false;', ';', 'a field left undefined is as falsy as false'],
  [
    'src/store/Store.ts',
    'if (stamp < cell._stamp) continue;',
    'if (stamp <= cell._stamp) continue;',
    'a stamp is written by one fetch only: never equal',
  ],
  [
    'src/store/Store.ts',
    '} else next = stamp >= cell._stamp ? mergeOver(prev, row) : mergeUnder(prev, row);',
    '} else next = stamp > cell._stamp ? mergeOver(prev, row) : mergeUnder(prev, row);',
    'never equal stamps',
  ],
  [
    'src/store/Store.ts',
    'if (stamp > cell._stamp) cell._stamp = stamp;',
    'if (stamp >= cell._stamp) cell._stamp = stamp;',
    'never equal stamps',
  ],
  [
    'src/store/Store.ts',
    'if (stamp < list._stamp) continue;',
    'if (stamp <= list._stamp) continue;',
    'never equal stamps',
  ],
  ['src/store/Store.ts', 'if (equalFields(next, prev)) next = prev;', ';', '_putBase compares the rows before writing'],
  [
    'src/store/Store.ts',
    'if (next === prev || (prev !== undefined && next !== undefined && equalValue(prev, next))) return;',
    ';',
    'an equal list written again: views share structure, readers see the same result',
  ],
  [
    'src/controller/Controller.ts',
    'if (stamp < result._stamp) return;',
    'if (stamp <= result._stamp) return;',
    'never equal stamps',
  ],
  [
    'src/controller/Runner.ts',
    'if (stamp >= result._stamp) this._setError(endpoint, result, named);',
    'if (stamp > result._stamp) this._setError(endpoint, result, named);',
    'never equal stamps',
  ],
];
const isEquivalent = (m) =>
  equivalent.some(([file, before, after]) => m.file === file && m.before === before && m.after === after);

/** What a line is about, by what it mentions: only such lines are mutated. */
const categories = [
  ['equality', /equal(Value|Fields)|share\(|next !== prev|=== prev|!== prev|\bsame\b/],
  ['ordering', /stamp/i],
  ['batch', /\bbatch\(/],
  ['dedupe', /inflight|sideEffect/],
  ['removal', /_removals|\.remove\(|splice|\.delete\(|_members|_member\b/],
];

/** Ways to break a line; each gives the mutated line or undefined. */
const operators = [
  [
    'flip comparison',
    (line) =>
      swapFirst(line, [
        [' === ', ' !== '],
        [' !== ', ' === '],
        [' >= ', ' > '],
        [' > ', ' >= '],
        [' <= ', ' < '],
        [' < ', ' <= '],
      ]),
  ],
  [
    'negate condition',
    (line) =>
      /^\s*(if|while) \(/.test(line)
        ? line.replace(/^(\s*(?:if|while) )\((.*)\)(\s*(?:\{|return|continue|break|[\w.#]).*)$/, '$1(!($2))$3')
        : undefined,
  ],
  [
    'no batch',
    (line) => (line.includes('batch(() =>') ? line.replace('batch(() =>', '((f) => f())(() =>') : undefined),
  ],
  ['drop statement', (line) => (isPlainStatement(line) ? line.replace(/\S.*$/, ';') : undefined)],
];

function swapFirst(line, pairs) {
  let best;
  for (const [from, to] of pairs) {
    const i = line.indexOf(from);
    if (i >= 0 && (best === undefined || i < best.i)) best = { i, from, to };
  }
  return best && line.slice(0, best.i) + best.to + line.slice(best.i + best.from.length);
}

/** An expression statement on one line (an assignment or a call), not a declaration or a block. */
function isPlainStatement(line) {
  const t = line.trim();
  return (
    /;$/.test(t) &&
    !/^(const|let|var|return|throw|import|export|type|interface|\/\/|\*|readonly|static|#|[\w#]+\s*[:?(][^=]*;$)/.test(
      t,
    ) &&
    !/[{}]/.test(t)
  );
}

function mutants() {
  const out = [];
  for (const file of targets.filter((f) => f.includes(only))) {
    const lines = readFileSync(join(root, file), 'utf8').split('\n');
    let inComment = false;
    lines.forEach((line, i) => {
      const t = line.trim();
      if (t.startsWith('/*')) inComment = true;
      const comment = inComment || t.startsWith('//') || t.startsWith('*');
      if (t.includes('*/')) inComment = false;
      if (comment) return;
      const category = categories.find(([, re]) => re.test(line))?.[0];
      if (category === undefined) return;
      // At most two mutants a line: the first operator that applies, and dropping the line.
      let taken = 0;
      for (const [name, op] of operators) {
        const mutated = op(line);
        if (mutated === undefined || mutated === line) continue;
        if (name !== 'drop statement' && taken++ > 0) continue;
        out.push({ file, line: i + 1, category, name, before: t, after: mutated.trim() });
      }
    });
  }
  return out;
}

const all = mutants();
if (listOnly) {
  for (const m of all)
    console.log(`${m.file}:${m.line} [${m.category}] ${m.name}: ${m.after}${isEquivalent(m) ? '  (equivalent)' : ''}`);
  console.log(`${all.length} mutants`);
  process.exit(0);
}

const work = mkdtempSync(join(tmpdir(), 'signal-cache-mutants-'));
const cleanup = () => rmSync(work, { recursive: true, force: true });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    cleanup();
    process.exit(130);
  });
}
for (const entry of ['src', 'tests', 'package.json', 'tsconfig.json', 'README.md', 'docs', 'tools/markdown.mjs'])
  cpSync(join(root, entry), join(work, entry), { recursive: true });
symlinkSync(join(root, 'node_modules'), join(work, 'node_modules'));

function runTests() {
  const result = spawnSync(process.execPath, ['tests/run.mjs', tests], {
    cwd: work,
    env: { ...process.env, COVERAGE: '0', TEST_BAIL: '1', TEST_TIMEOUT_MS: '30000' },
    encoding: 'utf8',
  });
  return { ok: result.status === 0, out: result.stdout + result.stderr };
}

const started = Date.now();
const baseline = runTests();
if (!baseline.ok) {
  cleanup();
  console.error(`the tests fail before any mutation:\n${baseline.out.slice(-3000)}`);
  process.exit(1);
}

const survived = [];
const byCategory = {};
let done = 0;
let killedEquivalent = 0;

/** The score so far; written after every mutant, so a run cut short still leaves its part. */
function writeScore() {
  const killed = done - survived.length;
  const equivalentRun = survived.filter(isEquivalent).length + killedEquivalent;
  const score = {
    date: new Date().toISOString().slice(0, 10),
    command: 'node tools/mutate.mjs',
    files: targets,
    tests,
    mutants: all.length,
    run: done,
    killed,
    score: `${done === 0 ? 0 : ((100 * killed) / done).toFixed(1)}%`,
    equivalent: equivalentRun,
    scoreWithoutEquivalent: `${done - equivalentRun === 0 ? 0 : ((100 * (killed - killedEquivalent)) / (done - equivalentRun)).toFixed(1)}%`,
    byCategory,
    survived: survived.map(
      (m) =>
        `${m.file}:${m.line} [${m.category}] ${m.name}: ${m.after}${isEquivalent(m) ? ` — equivalent: ${equivalent.find(([f, b, a]) => f === m.file && b === m.before && a === m.after)[3]}` : ''}`,
    ),
    seconds: Math.round((Date.now() - started) / 1000),
  };
  if (!only) writeFileSync(join(root, 'tools/mutation-score.json'), JSON.stringify(score, null, 2) + '\n');
  return score;
}

for (const [n, m] of all.entries()) {
  // Yield to the event loop between mutants, so SIGINT / SIGTERM clean up.
  await new Promise((resolve) => setImmediate(resolve));
  const path = join(work, m.file);
  const original = readFileSync(path, 'utf8');
  const lines = original.split('\n');
  lines[m.line - 1] = lines[m.line - 1].replace(/\S.*$/, m.after);
  writeFileSync(path, lines.join('\n'));
  let killed;
  const t0 = Date.now();
  try {
    killed = !runTests().ok;
  } finally {
    writeFileSync(path, original);
  }
  const c = (byCategory[m.category] ??= { mutants: 0, killed: 0 });
  c.mutants++;
  if (killed) {
    c.killed++;
    if (isEquivalent(m)) killedEquivalent++;
  } else survived.push(m);
  done++;
  writeScore();
  console.log(
    `${String(n + 1).padStart(3)}/${all.length} ${killed ? 'killed  ' : 'SURVIVED'} ${m.file}:${m.line} [${m.category}] ${m.name}: ${m.after}  (${((Date.now() - t0) / 1000).toFixed(0)} s)`,
  );
}
cleanup();

const score = writeScore();
console.log(
  `\n${score.killed} of ${all.length} mutants killed (${score.score}); ${survived.length} survived, ${score.equivalent} of them equivalent ` +
    `(${score.scoreWithoutEquivalent} of the others)${only ? '' : ' — written to tools/mutation-score.json'}`,
);
if (existsSync(work)) cleanup();
