/**
 * The focus / network triggers as a manager: its window listeners end with `cleanup()`,
 * and never keep a Controller alive (they are removed once it is collected).
 */
import { window } from '../../_fixtures/dom.js';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller, TriggerManager, type Trigger } from '../../../src/index.js';
import { collectUntil, sleep, waitFor } from '../../_fixtures/time.js';
import { getUsers, reset, server, start } from '../../_fixtures/usersApi.js';

/** The window listeners added and not yet removed, by event name. */
function listening(): () => Record<string, number> {
  const counts: Record<string, number> = {};
  const add = window.addEventListener.bind(window);
  const remove = window.removeEventListener.bind(window);
  window.addEventListener = ((name: string, fn: never) => {
    counts[name] = (counts[name] ?? 0) + 1;
    add(name, fn);
  }) as typeof window.addEventListener;
  window.removeEventListener = ((name: string, fn: never) => {
    counts[name] = (counts[name] ?? 0) - 1;
    remove(name, fn);
  }) as typeof window.removeEventListener;
  return () => Object.fromEntries(Object.entries(counts).filter(([, n]) => n !== 0));
}
const open = listening();

const triggers = suite('TriggerManager');
triggers.before(start);
triggers.before.each(() => reset(3));
triggers.after(() => server.close());

triggers("listens to the window's focus and network events until cleanup", async () => {
  const ctrl = new Controller({ gcInterval: 0 });
  assert.equal(open(), { visibilitychange: 1, focus: 1, online: 1, offline: 1 });
  const stop = ctrl.subscribe(getUsers.extend({ dataExpiryLength: 1 }));
  await waitFor(() => server.count('GET', '/users') === 1, 'the mount');
  await sleep(5);
  window.dispatchEvent(new window.Event('focus'));
  await waitFor(() => server.count('GET', '/users') === 2, 'the refetch on focus');
  ctrl.cleanup();
  assert.equal(open(), {}, 'every listener removed');
  await sleep(5);
  window.dispatchEvent(new window.Event('focus'));
  await sleep(30);
  assert.is(server.count('GET', '/users'), 2, 'no refetch after cleanup');
  stop();
});

triggers('a Controller nobody references is collected, and its listeners removed', async () => {
  let ref: WeakRef<Controller> | undefined;
  (() => {
    ref = new WeakRef(new Controller({ gcInterval: 0 }));
  })();
  assert.equal(open(), { visibilitychange: 1, focus: 1, online: 1, offline: 1 });
  await collectUntil(() => ref!.deref() === undefined, 'the Controller collected');
  await waitFor(() => Object.keys(open()).length === 0, 'its listeners removed');
});

triggers('its own triggers, given as options; false turns one off', () => {
  const started: string[] = [];
  const stopped: string[] = [];
  const trigger =
    (name: string): Trigger =>
    () => {
      started.push(name);
      return () => stopped.push(name);
    };
  const manager = new TriggerManager({ focus: trigger('focus'), online: false });
  const ctrl = new Controller({ gcInterval: 0, managers: [manager] });
  assert.equal(started, ['focus']);
  ctrl.cleanup();
  assert.equal(stopped, ['focus']);
});

triggers.run();
