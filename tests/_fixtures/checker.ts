/**
 * The playground's type checker (playground/src/checker/check.ts) in Node, with the same
 * TypeScript 5.9 and declarations the page's worker gets (tests/playground/checker.*.test.ts).
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type * as TS from '../../tools/typescript-5/node_modules/typescript/lib/typescript.js';
import { createChecker, type Checker } from '../../playground/src/checker/check.js';
import { parseDemo } from '../../playground/src/demoFile.js';
import { checkerDeclarations } from '../../playground/checker-types.mjs';
import type { Framework } from '../../playground/src/compiler/compile.js';

const root = process.cwd();
const ts: typeof TS = createRequire(join(root, 'package.json'))('./tools/typescript-5/node_modules/typescript');
const demosDir = join(root, 'playground', 'demos');
/** Every demo of playground/demos, parsed. */
const allDemos = () =>
  readdirSync(demosDir)
    .filter((f) => f.endsWith('.demo'))
    .sort()
    .map((f) => parseDemo(f.replace(/\.demo$/, ''), readFileSync(join(demosDir, f), 'utf8')));
const views: Record<Framework, string> = { solid: 'solid.tsx', preact: 'preact.tsx', vanilla: 'vanilla.ts' };

/**
 * The checker's suite over the demos `which` selects: every file of each type-checks clean;
 * with `placed`, a type error is reported on its line and its place in each kind of file.
 */
export function checkerSuite(name: string, which: (id: string) => boolean, placed = false) {
  const demos = allDemos().filter((demo) => which(demo.id));
  let checker: Checker;
  const test = suite(name);

  test.before(() => {
    try {
      checker = createChecker(ts, checkerDeclarations(root));
    } catch (error) {
      // uvu does not report an error thrown by a `before` hook; print it.
      console.error('checker setup failed:', error);
      throw error;
    }
  });

  test('every demo type-checks clean in each framework', () => {
    const found: string[] = [];
    for (const demo of demos) {
      for (const file of ['api.ts', 'server.ts', ...Object.values(views)]) {
        for (const d of checker.check(demo.files as unknown as Record<string, string>, file)) {
          found.push(`${demo.id} ${file}:${d.line}: ${d.message.split('\n')[0]}`);
        }
      }
    }
    assert.equal(found, []);
  });

  if (placed)
    test('a type error is reported on its line and its place, in each kind of file', () => {
      const demo = allDemos().find((d) => d.id === 'mutation-optimistic')!;
      for (const [file, search] of [
        ['solid.tsx', '({ id: props.id })'],
        ['preact.tsx', 'useQuery(User, { id })'],
        ['vanilla.ts', 'ctrl.get(User, { id })'],
      ] as const) {
        const files = { ...demo.files } as unknown as Record<string, string>;
        const wrong = search.replace(/\{ id(: props\.id)? \}/, '{ idd: 42 }');
        files[file] = files[file]!.replace(search, wrong);
        const text = files[file]!;
        const found = checker.check(files, file);
        assert.is(found.length, 1, `${file}: ${found.map((d) => d.message).join('; ')}`);
        const [d] = found;
        assert.is(d!.line, text.slice(0, text.indexOf(wrong)).split('\n').length, `${file}: the line`);
        assert.match(text.slice(d!.from, d!.to), 'idd', `${file}: the place`);
        assert.match(d!.message, /idd/);
      }
    });

  return test;
}
