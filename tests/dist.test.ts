// The shipped build: every dist entry loads and exports what its source entry exports.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import * as srcIndex from '../src/index.js';
import * as srcLive from '../src/live/index.js';
import * as srcPersist from '../src/persist/index.js';
import * as srcPreact from '../src/preact/index.js';
import * as srcSolid from '../src/solid/index.js';
import * as srcSsr from '../src/ssr/index.js';
import * as srcTabs from '../src/tabs/index.js';
import * as srcDevtools from '../src/devtools/index.js';

const root = process.cwd();
const load = (path: string) => import(pathToFileURL(join(root, path)).href);
const names = (mod: object) => Object.keys(mod).sort();

const dist = suite('dist');

dist('dist/ was built from the current sources', async () => {
  const { staleInputs } = await import('./_fixtures/dist.mjs');
  assert.equal(staleInputs(root), [], 'run npm run build (tests/run.mjs builds a stale dist itself)');
});

const sources: Record<string, object> = {
  index: srcIndex,
  'solid/index': srcSolid,
  'preact/index': srcPreact,
  'live/index': srcLive,
  'persist/index': srcPersist,
  'tabs/index': srcTabs,
  'ssr/index': srcSsr,
  'devtools/index': srcDevtools,
};
for (const [entry, source] of Object.entries(sources)) {
  dist(`dist/${entry}.js loads and matches src/${entry}.ts, with types beside it`, async () => {
    assert.ok(existsSync(join(root, `dist/${entry}.d.ts`)), 'declaration file');
    const built = await load(`dist/${entry}.js`);
    assert.equal(names(built), names(source));
  });
}

dist('the built vanilla entry works end to end', async () => {
  const { Controller, Entity, All, Query, effect } = await load('dist/index.js');
  class User extends Entity {
    id = '';
    admin = false;
    pk() {
      return this.id;
    }
    static key = 'User';
  }
  const ctrl = new Controller();
  const admins = new Query(new All(User), (users: { admin: boolean }[]) => users.filter((u) => u.admin).length);
  const seen: unknown[] = [];
  const stop = effect(() => void seen.push(ctrl.get(admins)));
  ctrl.set([User], [{ id: '1', admin: true }, { id: '2' }]);
  ctrl.set(User, { id: '2', admin: true });
  assert.equal(seen, [undefined, 1, 2]);
  stop();
});

dist('package.json exports point at files that exist, types first', async () => {
  const pkg = (await import(pathToFileURL(join(root, 'package.json')).href, { with: { type: 'json' } })).default;
  for (const [key, value] of Object.entries(pkg.exports)) {
    if (typeof value === 'string') {
      assert.ok(existsSync(join(root, value)), key);
      continue;
    }
    const conditions = value as Record<string, string>;
    assert.is(Object.keys(conditions)[0], 'types', `${key}: types first`);
    for (const file of Object.values(conditions)) assert.ok(existsSync(join(root, file)), `${key} → ${file}`);
  }
});

dist.run();
