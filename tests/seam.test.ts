/**
 * One seam (DESIGN rule 15): what extends the cache does it through the Manager API and
 * the store's commit journal, never by replacing a method of another object. Checked at
 * run time (every capability at work on one Controller: no method of the Controller or
 * its store is replaced) and on the source (no assignment to one outside its class).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller, effect, onCommit } from '../src/index.js';
import { live } from '../src/live/index.js';
import { memoryStorage, persist } from '../src/persist/index.js';
import { hydrate } from '../src/ssr/index.js';
import { shareTabs } from '../src/tabs/index.js';
import { Store } from '../src/store/Store.js';
import { User } from './_fixtures/models.js';
import { withRows } from './_fixtures/state.js';

const methodsOf = (proto: object) =>
  Object.getOwnPropertyNames(proto).filter(
    (name) => name !== 'constructor' && typeof Object.getOwnPropertyDescriptor(proto, name)!.value === 'function',
  );
const storeMethods = methodsOf(Store.prototype);
const controllerMethods = methodsOf(Controller.prototype);

const seam = suite('one seam');

seam('every capability at work on one Controller replaces no method of it or of its store', async () => {
  const protoBefore = [
    ...storeMethods.map((name) => (Store.prototype as any)[name]),
    ...controllerMethods.map((name) => (Controller.prototype as any)[name]),
  ];
  const ctrl = new Controller({ gcInterval: 0 });
  const store = ctrl._hydration()[0];
  // The Controller's own methods are its bound prototype methods (made by its constructor).
  const own = new Map(controllerMethods.map((name) => [name, (ctrl as any)[name]]));
  const stops = [
    effect(() => {
      ctrl.get(live(User).count());
    }),
    onCommit(ctrl, () => {}),
    shareTabs(ctrl, { channel: `seam-${process.pid}`, wait: 0 }),
  ];
  const persister = persist(ctrl, memoryStorage());
  hydrate(
    ctrl,
    withRows(
      { version: 4, rows: {}, converted: {}, lists: {}, responses: {} },
      { User: { u9: [{ id: 'u9', name: 'Nia' }, 0] } },
    ),
  );
  ctrl.set(User, { id: 'u1' }, { id: 'u1', name: 'Ada' });
  ctrl.invalidateAll();
  ctrl.gc();
  ctrl.resetEntireStore();
  await persister.flush();

  assert.equal(
    Object.keys(store).filter((name) => typeof (store as any)[name] === 'function'),
    [],
    'the store has no method of its own (none put over its class)',
  );
  const replaced = controllerMethods.filter((name) => (ctrl as any)[name] !== own.get(name));
  assert.equal(replaced, [], 'the Controller keeps the methods its constructor bound');
  assert.equal(
    [
      ...storeMethods.map((name) => (Store.prototype as any)[name]),
      ...controllerMethods.map((name) => (Controller.prototype as any)[name]),
    ],
    protoBefore,
    'the classes keep their methods',
  );
  await persister.stop();
  for (const stop of stops) stop();
  ctrl.cleanup();
});

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? sources(full) : /\.tsx?$/.test(name) ? [full] : [];
  });
}

seam('no source assigns to a method of a Store or a Controller outside its class', () => {
  const src = join(process.cwd(), 'src');
  const receivers = String.raw`(?:\b_?store|\bctrl|\bcontroller|#store|#ctrl)`;
  const names = [...new Set([...storeMethods, ...controllerMethods])].join('|');
  const assignment = new RegExp(String.raw`${receivers}\s*\.\s*(?:${names})\s*=(?!=)`);
  const assign = new RegExp(String.raw`Object\.(?:assign|defineProperty|defineProperties)\(\s*${receivers}\b`);
  const wrong: string[] = [];
  for (const file of sources(src)) {
    const name = relative(src, file);
    if (name === join('store', 'Store.ts') || name === join('controller', 'Controller.ts')) continue;
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (assignment.test(line) || assign.test(line)) wrong.push(`${name}:${i + 1}: ${line.trim()}`);
      });
  }
  assert.equal(wrong, []);
});

seam('the source check sees an assignment to a method', () => {
  const names = storeMethods.join('|');
  const assignment = new RegExp(String.raw`\bstore\s*\.\s*(?:${names})\s*=(?!=)`);
  assert.ok(assignment.test('store._commit = (staging) => {};'));
  assert.ok(assignment.test('store._put = function () {};'));
  assert.not.ok(assignment.test('if (store._commit === x) {}'));
});

seam.run();
