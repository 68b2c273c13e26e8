/**
 * The binding contract: one list of scenarios that every framework binding must pass,
 * run through a small driver per framework (tests/solid/contract.test.tsx,
 * tests/preact/contract.test.tsx). A scenario speaks of readers (suspense, fetch, live,
 * query, cache), mounts, args and renders, never of a framework; each framework's own
 * test files keep only what is its own (signals in JSX, Solid stores, `<For>` …).
 *
 * Both bindings mount a reader inside a provider, an error boundary that renders
 * `error: <message>` and a suspense boundary whose fallback is `loading`; the reader
 * renders `text(value)`.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller, NetworkError, Query, type EndpointInterface, type Queryable } from '../../src/index.js';
import { User, allUsers } from './models.js';
import { sleep } from './server.js';
import { collect, collectUntil, waitFor } from './time.js';
import { db, getUser, getUsers, hold, reset, server, start } from './usersApi.js';

/** The primitive a mounted reader uses (Solid `create…`, Preact `use…`). */
export type Reader = 'suspense' | 'fetch' | 'live' | 'query' | 'cache';

/** What to mount: a reader of an endpoint or a queryable, its first args, its text. */
export interface ReaderSpec {
  reader: Reader;
  target: EndpointInterface | Queryable;
  /** The args object; `undefined` for an endpoint that takes none, `null` for nothing. */
  args?: object | null;
  text: (value: any) => string;
}

export interface Mounted {
  root: HTMLElement;
  /** Re-keys the reader with new args, as a prop or signal change would. */
  setArgs(args: object | null): Promise<void>;
  /** Lets scheduled renders and effects run. */
  settle(): Promise<void>;
  /** How many times the reader's output was computed (Preact: renders; Solid: text runs). */
  renders(): number;
  unmount(): Promise<void>;
}

export interface Driver {
  name: string;
  mount(ctrl: Controller, spec: ReaderSpec): Mounted;
}

const name = (user: User | undefined) => user?.name ?? 'none';
const count = (users: User[] | undefined) => String(users?.length ?? 'none');

/** A reader of one user by id: `getUser` unless another target is given; renders the name. */
const userReader = (reader: Reader, id: string, target: EndpointInterface | Queryable = getUser): ReaderSpec => ({
  reader,
  target,
  args: { id },
  text: name,
});
/** A reader of the whole `getUsers` list; renders its length. */
const listReader = (reader: Reader): ReaderSpec => ({ reader, target: getUsers, text: count });

/** Each scenario starts on a fresh server state: three users, no requests, the gate open. */
type Scenario = [title: string, run: (driver: Driver) => Promise<void>];

export const scenarios: Scenario[] = [
  //#region suspense
  [
    'suspense: shows the fallback, then the data fetched from the server',
    async (d) => {
      const open = hold();
      const m = d.mount(new Controller(), userReader('suspense', 'u2'));
      assert.is(m.root.textContent, 'loading');
      await waitFor(() => server.requests.length === 1, 'the request');
      await m.settle();
      assert.is(m.root.textContent, 'loading', 'still pending');
      open();
      await waitFor(() => m.root.textContent === 'user 2', 'the data');
      assert.is(server.count('GET', '/users/u2'), 1);
      await m.unmount();
    },
  ],
  [
    'suspense: fresh cached data renders at once without a request',
    async (d) => {
      const ctrl = new Controller();
      await ctrl.fetch(getUser, { id: 'u1' });
      const m = d.mount(ctrl, userReader('suspense', 'u1'));
      assert.is(m.root.textContent, 'user 1');
      await m.settle();
      await sleep(10);
      assert.is(server.requests.length, 1, 'only the first fetch');
      await m.unmount();
    },
  ],
  [
    'suspense: stale data keeps showing while it refetches, then updates',
    async (d) => {
      let now = 1000;
      const ctrl = new Controller({ clock: () => now });
      await ctrl.fetch(getUser, { id: 'u1' });
      now += 120_000;
      db.set('u1', { ...db.get('u1')!, name: 'fresh' });
      const open = hold();
      const m = d.mount(ctrl, userReader('suspense', 'u1'));
      assert.is(m.root.textContent, 'user 1', 'no fallback for stale data');
      await waitFor(() => server.requests.length === 2, 'the refetch');
      assert.is(m.root.textContent, 'user 1');
      open();
      await waitFor(() => m.root.textContent === 'fresh', 'the refetched data');
      await m.unmount();
    },
  ],
  [
    'suspense: a later write reaches the reader, which renders once',
    async (d) => {
      const ctrl = new Controller();
      const m = d.mount(ctrl, userReader('suspense', 'u1'));
      await waitFor(() => m.root.textContent === 'user 1', 'the data');
      await m.settle();
      const before = m.renders();
      ctrl.set(User, { id: 'u1', name: 'Ada' });
      await m.settle();
      assert.is(m.root.textContent, 'Ada');
      assert.is(m.renders(), before + 1);
      ctrl.set(User, { id: 'u2', name: 'Other' });
      await m.settle();
      assert.is(m.renders(), before + 1, 'a row it does not read renders nothing');
      await m.unmount();
    },
  ],
  [
    'suspense: null args fetch nothing and read undefined',
    async (d) => {
      const m = d.mount(new Controller(), { reader: 'suspense', target: getUser, args: null, text: name });
      assert.is(m.root.textContent, 'none');
      await m.settle();
      await sleep(10);
      assert.is(server.requests.length, 0);
      await m.unmount();
    },
  ],
  //#endregion

  //#region errors
  [
    'errors on first mount: a 404 reaches the error boundary and stays in the cache',
    async (d) => {
      const ctrl = new Controller();
      const m = d.mount(ctrl, userReader('suspense', 'nobody'));
      assert.is(m.root.textContent, 'loading');
      await waitFor(() => m.root.textContent!.startsWith('error:'), 'the error boundary');
      assert.match(m.root.textContent!, /404/);
      assert.instance(ctrl.getError(getUser, { id: 'nobody' }), NetworkError);
      await m.unmount();
    },
  ],
  [
    'errors on mount while an error is current: it reaches the error boundary',
    async (d) => {
      const ctrl = new Controller();
      await ctrl.fetch(getUser, { id: 'nobody' }).catch(() => {});
      assert.ok(ctrl.getError(getUser, { id: 'nobody' }));
      const m = d.mount(ctrl, userReader('suspense', 'nobody'));
      await waitFor(() => m.root.textContent!.startsWith('error:'), 'the error boundary');
      assert.match(m.root.textContent!, /404/);
      // Not part of the contract: Preact throws the current error without a request,
      // Solid asks the server again (its boundary's reset must retry).
      await m.unmount();
    },
  ],
  [
    'errors with fetch: an error stays in the cache instead of reaching the boundary',
    async (d) => {
      const ctrl = new Controller();
      const m = d.mount(ctrl, userReader('fetch', 'nobody'));
      await waitFor(() => ctrl.getError(getUser, { id: 'nobody' }) !== undefined, 'the error');
      await m.settle();
      assert.is(m.root.textContent, 'none');
      await m.unmount();
    },
  ],
  //#endregion

  //#region re-keying
  [
    're-keying: new args suspend for the new key; a cached key shows at once',
    async (d) => {
      const ctrl = new Controller();
      await ctrl.fetch(getUser, { id: 'u1' });
      const m = d.mount(ctrl, userReader('suspense', 'u1'));
      assert.is(m.root.textContent, 'user 1');
      const open = hold();
      await m.setArgs({ id: 'u3' });
      assert.is(m.root.textContent, 'loading');
      open();
      await waitFor(() => m.root.textContent === 'user 3', 'the new key');
      await m.setArgs({ id: 'u1' });
      assert.is(m.root.textContent, 'user 1', 'a cached key shows at once');
      await m.unmount();
    },
  ],
  [
    're-keying: an equal new args object keeps the view; new args re-key, and the old row no longer reaches the reader',
    async (d) => {
      const ctrl = new Controller();
      ctrl.set(
        [User],
        [
          { id: 'u1', name: 'Ada' },
          { id: 'u2', name: 'Bob' },
        ],
      );
      const calls: unknown[] = [];
      const query = ctrl.query;
      ctrl.query = ((...args: [typeof User, { id: string }]) => (
        calls.push(args[1]), query(...args)
      )) as typeof ctrl.query;
      const m = d.mount(ctrl, userReader('query', 'u1', User));
      assert.is(m.root.textContent, 'Ada');
      await m.setArgs({ id: 'u1' });
      assert.equal(calls, [{ id: 'u1' }], 'an equal args object did not re-key');
      await m.setArgs({ id: 'u2' });
      assert.is(m.root.textContent, 'Bob');
      assert.equal(calls, [{ id: 'u1' }, { id: 'u2' }]);
      const before = m.renders();
      ctrl.set(User, { id: 'u1', name: 'old key' });
      await m.settle();
      assert.is(m.renders(), before, 'the previous view no longer reaches the reader');
      ctrl.set(User, { id: 'u2', name: 'new key' });
      await m.settle();
      assert.is(m.root.textContent, 'new key');
      await m.unmount();
    },
  ],
  [
    're-keying: null args read nothing until they become an object again',
    async (d) => {
      const ctrl = new Controller();
      ctrl.set(
        [User],
        [
          { id: 'u1', name: 'Ada' },
          { id: 'u2', name: 'Bob' },
        ],
      );
      const m = d.mount(ctrl, userReader('query', 'u1', User));
      assert.is(m.root.textContent, 'Ada');
      await m.setArgs({ id: 'u2' });
      assert.is(m.root.textContent, 'Bob');
      await m.setArgs(null);
      assert.is(m.root.textContent, 'none');
      await m.setArgs({ id: 'u1' });
      assert.is(m.root.textContent, 'Ada');
      await m.unmount();
    },
  ],
  //#endregion

  //#region fetch
  [
    'fetch: fetches missing data without suspending',
    async (d) => {
      const m = d.mount(new Controller(), listReader('fetch'));
      assert.is(m.root.textContent, 'none', 'no fallback');
      await waitFor(() => m.root.textContent === '3', 'the data');
      assert.is(server.count('GET', '/users'), 1);
      await m.unmount();
    },
  ],
  [
    'fetch: fetches only when missing or stale',
    async (d) => {
      let now = 1000;
      const ctrl = new Controller({ clock: () => now });
      await ctrl.fetch(getUsers);
      const first = d.mount(ctrl, listReader('fetch'));
      await first.settle();
      await sleep(20);
      assert.is(server.requests.length, 1, 'fresh data is not refetched');
      await first.unmount();
      now += 120_000;
      db.set('u4', { id: 'u4', name: 'user 4', isAdmin: false });
      const second = d.mount(ctrl, listReader('fetch'));
      assert.is(second.root.textContent, '3');
      await waitFor(() => second.root.textContent === '4', 'the refetched data');
      assert.is(server.requests.length, 2);
      await second.unmount();
    },
  ],
  [
    'fetch: a mounted reader follows invalidation',
    async (d) => {
      const ctrl = new Controller();
      const m = d.mount(ctrl, userReader('fetch', 'u1'));
      await waitFor(() => m.root.textContent === 'user 1', 'the data');
      await m.settle();
      db.set('u1', { ...db.get('u1')!, name: 'renamed' });
      ctrl.invalidate(getUser, { id: 'u1' });
      await waitFor(() => m.root.textContent === 'renamed', 'the refetched data');
      assert.is(server.count('GET', '/users/u1'), 2);
      await m.unmount();
    },
  ],
  [
    'invalidation: a mounted list refetches once per invalidate, invalidateAll, expireAll; no fallback meanwhile',
    async (d) => {
      const ctrl = new Controller();
      const m = d.mount(ctrl, listReader('suspense'));
      await waitFor(() => m.root.textContent === '3', 'the list');
      await m.settle();
      db.set('u4', { id: 'u4', name: 'user 4', isAdmin: false });
      const open = hold();
      ctrl.invalidate(getUsers);
      await waitFor(() => server.count('GET', '/users') === 2, 'the refetch');
      assert.is(m.root.textContent, '3', 'the cached list keeps showing');
      open();
      await waitFor(() => m.root.textContent === '4', 'the new data');
      ctrl.invalidateAll({ testKey: (key) => key.includes('/users') });
      await waitFor(() => server.count('GET', '/users') === 3, 'invalidateAll refetches it too');
      // A request in flight is shared: wait for its answer before expiring.
      await waitFor(() => !ctrl.meta(getUsers).value.invalidated, 'the answer');
      ctrl.expireAll();
      await waitFor(() => server.count('GET', '/users') === 4, 'and expireAll');
      await sleep(20);
      assert.is(server.count('GET', '/users'), 4, 'once each');
      await m.unmount();
      ctrl.invalidateAll();
      await sleep(20);
      assert.is(server.count('GET', '/users'), 4, 'an unmounted list is not refetched');
    },
  ],
  //#endregion

  //#region query and cache
  [
    'query: reads the cache, never fetches, follows writes; a Query is undefined until cached',
    async (d) => {
      const ctrl = new Controller();
      const admins = new Query(allUsers, (users: User[]) => users.filter((u) => u.isAdmin).length);
      const m = d.mount(ctrl, { reader: 'query', target: admins, args: undefined, text: (n) => String(n ?? 'none') });
      assert.is(m.root.textContent, 'none');
      await ctrl.fetch(getUsers);
      await m.settle();
      assert.is(m.root.textContent, '1');
      const before = m.renders();
      ctrl.set(User, { id: 'u2', name: 'renamed' });
      await m.settle();
      assert.is(m.renders(), before, 'a rename that keeps the count renders nothing');
      ctrl.set(User, { id: 'u2', isAdmin: true });
      await m.settle();
      assert.is(m.root.textContent, '2');
      assert.is(m.renders(), before + 1);
      assert.is(server.count('GET', '/users'), 1, 'only the fetch of the test');
      await m.unmount();
    },
  ],
  [
    'cache: reads the cached response and never fetches; re-keys with its args, null reads nothing',
    async (d) => {
      const ctrl = new Controller();
      const list = d.mount(ctrl, listReader('cache'));
      const one = d.mount(ctrl, userReader('cache', 'u1'));
      await list.settle();
      await sleep(10);
      assert.is(list.root.textContent, 'none');
      assert.is(one.root.textContent, 'none');
      assert.is(server.requests.length, 0);
      await ctrl.fetch(getUsers);
      await ctrl.fetch(getUser, { id: 'u2' });
      await list.settle();
      assert.is(list.root.textContent, '3');
      assert.is(one.root.textContent, 'user 1', 'an entity endpoint reads the row the list cached');
      await one.setArgs({ id: 'u2' });
      assert.is(one.root.textContent, 'user 2');
      await one.setArgs(null);
      assert.is(one.root.textContent, 'none');
      assert.is(server.requests.length, 2, 'only the fetches of the test');
      await list.unmount();
      await one.unmount();
    },
  ],
  //#endregion

  //#region polling
  [
    'live: suspends, then polls; unmount stops polling',
    async (d) => {
      const ctrl = new Controller();
      const polled = getUser.extend({ pollFrequency: 30 });
      const m = d.mount(ctrl, userReader('live', 'u1', polled));
      assert.is(m.root.textContent, 'loading');
      await waitFor(() => m.root.textContent === 'user 1', 'the data');
      db.set('u1', { ...db.get('u1')!, name: 'polled' });
      await waitFor(() => m.root.textContent === 'polled', 'a polled change');
      await waitFor(() => server.count('GET', '/users/u1') >= 4, 'a few polls');
      assert.is(ctrl.subscriptionCount(polled, { id: 'u1' }), 1);
      await m.unmount();
      await waitFor(() => ctrl.subscriptionCount(polled, { id: 'u1' }) === 0, 'the unsubscribe');
      await sleep(60); // a request already sent may still arrive
      const after = server.count('GET', '/users/u1');
      await sleep(150);
      assert.is(server.count('GET', '/users/u1'), after, 'no request after unmount');
    },
  ],
  [
    'live: identical polled data renders nothing',
    async (d) => {
      const polled = getUser.extend({ pollFrequency: 20 });
      const m = d.mount(new Controller(), userReader('live', 'u1', polled));
      await waitFor(() => m.root.textContent === 'user 1', 'the data');
      await m.settle();
      const before = m.renders();
      const requests = server.count('GET', '/users/u1');
      await waitFor(() => server.count('GET', '/users/u1') >= requests + 3, 'three polls');
      await m.settle();
      assert.is(m.renders(), before);
      await m.unmount();
    },
  ],
  [
    'live: re-keying moves the subscription',
    async (d) => {
      const ctrl = new Controller();
      const polled = getUser.extend({ pollFrequency: 1000 });
      const m = d.mount(ctrl, userReader('live', 'u1', polled));
      await waitFor(() => m.root.textContent === 'user 1', 'the data');
      await m.settle();
      const counts = () => [ctrl.subscriptionCount(polled, { id: 'u1' }), ctrl.subscriptionCount(polled, { id: 'u2' })];
      assert.equal(counts(), [1, 0]);
      await m.setArgs({ id: 'u2' });
      await waitFor(() => m.root.textContent === 'user 2', 'the new key');
      await m.settle();
      assert.equal(counts(), [0, 1]);
      await m.unmount();
      await waitFor(() => ctrl.subscriptionCount(polled, { id: 'u2' }) === 0, 'the unsubscribe');
    },
  ],
  //#endregion

  //#region unmount
  [
    'unmount releases the views the readers held',
    async (d) => {
      const ctrl = new Controller();
      await ctrl.fetch(getUsers);
      await collect();
      const baseline = ctrl._viewCount;
      const mounted = ['u1', 'u2', 'u3'].flatMap((id) => [
        d.mount(ctrl, userReader('query', id, User)),
        d.mount(ctrl, userReader('suspense', id)),
      ]);
      await waitFor(() => mounted.every((m) => m.root.textContent!.startsWith('user')), 'the data');
      assert.ok(ctrl._viewCount >= baseline + 6, `views while mounted: ${ctrl._viewCount}`);
      for (const m of mounted) await m.unmount();
      // Finalizers run late when the machine is busy (two test files run at once): up to 20 s.
      await collectUntil(() => ctrl._viewCount === baseline, 'every view the readers held reclaimed', 20_000);
    },
  ],
  //#endregion
];

/** Runs every scenario against a driver, as one uvu suite; prints the scenario count. */
export function runContract(driver: Driver): void {
  const contract = suite(`binding contract (${driver.name})`);
  contract.before(start);
  contract.after(() => server.close());
  contract.before.each(() => reset(3));
  for (const [title, run] of scenarios) contract(title, () => run(driver));
  // tests/run.mjs prints `[report]` lines of passing files.
  contract.after(() =>
    console.log(`[report] binding contract: ${scenarios.length} scenarios run against ${driver.name}`),
  );
  contract.run();
}
