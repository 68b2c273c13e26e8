/**
 * The framework-neutral setup of the suspense error-policy tests (Solid `createSuspense`,
 * Preact `useSuspense`): the users API plus a route that always fails, Controllers whose
 * clock a test sets, and the cache states each scenario starts from. Rendering and the
 * assertions stay in each framework's test file.
 */
import { Controller, type EndpointInterface } from '../../src/index.js';
import { json } from './server.js';
import { db, getUser, reset, server, start } from './usersApi.js';

/** Starts the users API with `GET /down/:id`, which always answers 503. */
export async function startWithDown(): Promise<void> {
  await start();
  server.route('GET', '/down/:id', (_req, res) => json(res, 503, { error: 'down' }));
}

/** A fresh server state (three users) and a Controller on the real clock. */
export function fresh(): Controller {
  reset(3);
  return new Controller({ gcInterval: 0 });
}

/** A fresh server state (three users) and a Controller whose clock reads `time.now`. */
export function clocked(): { ctrl: Controller; time: { now: number } } {
  reset(3);
  const time = { now: 0 };
  return { ctrl: new Controller({ clock: () => time.now, gcInterval: 0 }), time };
}

/** Deletes the user on the server, invalidates it and refetches: resolves to the error. */
export function breakAndRefetch(ctrl: Controller, endpoint: EndpointInterface, id: string): Promise<any> {
  db.delete(id);
  ctrl.invalidate(endpoint, { id });
  return ctrl.fetch(endpoint, { id }).catch((error) => error);
}

/** A `getUser` on `/down/:id` (always 503) with `u3` already cached as `cached 3`. */
export function cachedDown(ctrl: Controller) {
  const down = getUser.extend({ path: '/down/:id' });
  ctrl.setResponse(down, { id: 'u3' }, { id: 'u3', name: 'cached 3', isAdmin: false });
  return down;
}

/** A current 404 for `late`, fetched once at time 0; the default error expiry is 1000. */
export async function currentError() {
  const clock = clocked();
  await clock.ctrl.fetch(getUser, { id: 'late' }).catch(() => undefined);
  return clock;
}

/** `u1` cached under an `invalidIfStale` endpoint, now stale and renamed on the server. */
export async function staleStrict() {
  const { ctrl, time } = clocked();
  const strict = getUser.extend({ invalidIfStale: true });
  await ctrl.fetch(strict, { id: 'u1' });
  time.now = 60_000;
  db.set('u1', { id: 'u1', name: 'renamed', isAdmin: false });
  return { ctrl, strict };
}
