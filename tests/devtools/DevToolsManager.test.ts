/**
 * DevToolsManager: the Redux DevTools extension protocol, as Reactive Data Client's
 * DevToolsManager speaks it, against a stand-in extension object on
 * `globalThis.__REDUX_DEVTOOLS_EXTENSION__` and the real HTTP fixture.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller, actionTypes, getDefaultManagers } from '../../src/index.js';
import { DevToolsManager, type DevtoolsState } from '../../src/devtools/index.js';
import { User } from '../_fixtures/models.js';
import { getUser, getUsers, hold, reset, server, start, updateUser } from '../_fixtures/usersApi.js';
import { tick, waitFor } from '../_fixtures/time.js';

/** A stand-in for the extension: records what the manager gives it, and can send it messages. */
class Extension {
  options: Record<string, unknown> | undefined;
  initial: unknown;
  sent: [action: any, state: DevtoolsState][] = [];
  listeners: ((message: { type: string; payload?: { type?: string } }) => void)[] = [];
  unsubscribed = 0;
  connect(options: Record<string, unknown>) {
    this.options = options;
    return {
      init: (state: unknown) => {
        this.initial = state;
      },
      send: (action: unknown, state: DevtoolsState) => {
        this.sent.push([action, state]);
      },
      subscribe: (listener: (message: { type: string }) => void) => {
        this.listeners.push(listener);
        return () => {
          this.unsubscribed++;
          this.listeners = this.listeners.filter((l) => l !== listener);
        };
      },
    };
  }
  message(type: string, payload?: { type?: string }): void {
    for (const listener of this.listeners) listener({ type, ...(payload && { payload }) });
  }
  /** The action types sent, in order. */
  get types(): string[] {
    return this.sent.map(([action]) => action.type);
  }
}

const global = globalThis as { __REDUX_DEVTOOLS_EXTENSION__?: Extension; __SC_CONTROLLERS__?: Map<string, unknown> };
let extension: Extension;

/** A Controller with the manager first, as data-client's default managers place it. */
function setup(manager = new DevToolsManager()) {
  const ctrl = new Controller({
    gcInterval: 0,
    managers: [manager, ...getDefaultManagers({ focus: false, online: false })],
  });
  return { ctrl, manager };
}

const devtools = suite('DevToolsManager');
devtools.before(start);
devtools.before.each(() => {
  reset(2);
  extension = new Extension();
  global.__REDUX_DEVTOOLS_EXTENSION__ = extension;
});
devtools.after.each(() => {
  delete global.__REDUX_DEVTOOLS_EXTENSION__;
});
devtools.after(() => server.close());

devtools('connects with its name and options, and gives the extension the state when the Controller is ready', () => {
  const { ctrl, manager } = setup(new DevToolsManager({ name: 'app', latency: 0, trace: true }));
  assert.equal(
    { ...extension.options, actionSanitizer: typeof extension.options?.actionSanitizer },
    {
      name: 'app',
      latency: 0,
      trace: true,
      actionSanitizer: 'function',
    },
  );
  assert.equal(extension.initial, {
    entities: {},
    endpoints: {},
    indexes: {},
    meta: {},
    entitiesMeta: {},
    optimistic: [],
    lastReset: 0,
  });
  assert.is(global.__SC_CONTROLLERS__?.get('app'), ctrl, 'the Controller is registered under the name');
  ctrl.cleanup();
  assert.is(global.__SC_CONTROLLERS__?.has('app'), false, 'cleanup removes it');
  assert.is(extension.unsubscribed, 1, 'cleanup stops listening to the extension');
  assert.is(manager.devtoolsName, 'app');
});

devtools('without an extension it passes every action on and sends nothing', async () => {
  delete global.__REDUX_DEVTOOLS_EXTENSION__;
  const { ctrl } = setup();
  assert.is((await ctrl.fetch(getUsers)).length, 2);
  assert.equal(extension.sent, []);
  ctrl.cleanup();
});

devtools('keeps the actions until the monitor starts, then sends them in order with the state after each', async () => {
  const { ctrl } = setup();
  await ctrl.fetch(getUsers);
  await tick();
  assert.equal(extension.sent, [], 'nothing before START');
  extension.message('START');
  assert.equal(extension.types, [actionTypes.FETCH, actionTypes.SET_RESPONSE]);
  const [, state] = extension.sent[1]!;
  assert.equal(state.entities.User, {
    u1: { id: 'u1', name: 'user 1', isAdmin: true },
    u2: { id: 'u2', name: 'user 2', isAdmin: false },
  });
  assert.equal(state.endpoints[getUsers.key()], ['u1', 'u2']);
  const meta = state.meta[getUsers.key()]!;
  assert.ok(meta.fetchedAt > 0 && meta.expiresAt > meta.fetchedAt);
  assert.equal(extension.sent[0]![1].entities, {}, 'the FETCH went with the state before the answer');

  // Started: each action is sent once it took effect.
  ctrl.set(User, { id: 'u1', name: 'Ada' });
  await waitFor(() => extension.types.length === 3);
  assert.is(extension.types[2], actionTypes.SET);
  assert.is((extension.sent[2]![1].entities.User!.u1 as { name: string }).name, 'Ada');

  extension.message('STOP');
  ctrl.invalidate(getUsers);
  await tick();
  assert.is(extension.sent.length, 3, 'nothing after STOP');
  extension.message('START');
  assert.equal(extension.types.slice(3), [actionTypes.INVALIDATE]);
  assert.is(extension.sent[3]![1].meta[getUsers.key()]!.invalidated, true);
  ctrl.cleanup();
});

devtools(
  'the endpoint of an action goes by its name and options (a function does not survive the extension)',
  async () => {
    setup();
    const sanitize = extension.options!.actionSanitizer as (action: unknown, id: number) => any;
    const action = sanitize({ type: actionTypes.FETCH, endpoint: getUser, args: [{ id: 'u1' }], key: 'k' }, 1);
    assert.equal(action.endpoint, { name: getUser.name, schema: 'User', method: 'GET' });
    assert.equal(action.args, [{ id: 'u1' }]);
    const plain = { type: actionTypes.RESET, date: 1 };
    assert.is(sanitize(plain, 2), plain);
    // The user's sanitizer runs after.
    const withOwn = new DevToolsManager({ actionSanitizer: (a: any) => ({ ...a, seen: true }) });
    const own = extension.options!.actionSanitizer as (action: unknown, id: number) => any;
    assert.ok(own(plain, 3).seen);
    assert.ok(withOwn);
  },
);

devtools('a FETCH that joins a request in flight is not sent by default; skipLogging chooses otherwise', async () => {
  const { ctrl } = setup();
  extension.message('START');
  const open = hold();
  const first = ctrl.fetch(getUsers);
  const second = ctrl.fetch(getUsers);
  open();
  await Promise.all([first, second]);
  await waitFor(() => extension.types.length === 2);
  assert.equal(extension.types, [actionTypes.FETCH, actionTypes.SET_RESPONSE], 'the joined FETCH is left out');
  ctrl.cleanup();

  extension = new Extension();
  global.__REDUX_DEVTOOLS_EXTENSION__ = extension;
  const all = setup(new DevToolsManager(undefined, (action) => action.type === actionTypes.SET_RESPONSE)).ctrl;
  extension.message('START');
  await all.fetch(getUsers);
  await waitFor(() => extension.types.length === 1);
  assert.equal(extension.types, [actionTypes.FETCH]);
  all.cleanup();
});

devtools(
  'the state lists an optimistic action while its request is in flight, and an error with its status',
  async () => {
    const optimistic = updateUser.extend({
      getOptimisticResponse: (_snap: unknown, params: { id: string }, body: { name: string }) => ({
        ...params,
        ...body,
      }),
    });
    const { ctrl } = setup();
    extension.message('START');
    await ctrl.fetch(getUsers);
    const open = hold();
    const done = ctrl.fetch(optimistic, { id: 'u1' }, { name: 'Ada' });
    await waitFor(() => extension.types.includes(actionTypes.OPTIMISTIC));
    const during = extension.sent.find(([a]) => a.type === actionTypes.OPTIMISTIC)![1];
    assert.is(during.optimistic.length, 1);
    assert.is((during.entities.User!.u1 as { name: string }).name, 'Ada', 'rows as readers see them');
    open();
    await done;
    await waitFor(() => extension.types.filter((t) => t === actionTypes.SET_RESPONSE).length === 2);
    assert.equal(extension.sent.at(-1)![1].optimistic, []);

    await ctrl.fetch(getUser, { id: 'nobody' }).catch(() => {});
    await waitFor(() => extension.sent.at(-1)![1].meta[getUser.key({ id: 'nobody' })] !== undefined);
    const meta = extension.sent.at(-1)![1].meta[getUser.key({ id: 'nobody' })]!;
    assert.equal({ name: meta.error!.name, status: meta.error!.status }, { name: 'NetworkError', status: 404 });
    ctrl.cleanup();
  },
);

devtools("the extension's Reset empties the store; lastReset is its time", async () => {
  const { ctrl } = setup();
  await ctrl.fetch(getUsers);
  extension.message('START');
  extension.message('DISPATCH', { type: 'RESET' });
  assert.is(ctrl.getResponse(getUsers), undefined);
  await waitFor(() => extension.types.includes(actionTypes.RESET));
  const state = extension.sent.at(-1)![1];
  assert.equal(state.entities, {});
  assert.ok(state.lastReset > 0);
  ctrl.cleanup();
});

devtools('keeps at most maxBufferLength actions before START: the older half goes', async () => {
  const { ctrl, manager } = setup(new DevToolsManager({ maxAge: 3 }));
  assert.is(manager.maxBufferLength, 6, 'twice maxAge');
  for (let i = 0; i < 10; i++) ctrl.set(User, { id: `x${i}`, name: String(i) });
  await tick();
  extension.message('START');
  const names = extension.sent.map(([a]) => a.value.name);
  assert.ok(names.length <= 7 && names.length >= 4, `kept ${names.length}`);
  assert.is(names.at(-1), '9', 'the newest are kept');
  ctrl.cleanup();
});

devtools.run();
