/**
 * Server-pushed users, the framework-neutral half of the SSE binding tests: a cache of the
 * users list, an SSE stream at `/events` wired into it, and the events a test pushes.
 */
import { Controller } from '../../src/index.js';
import { User } from './models.js';
import { listen, serveEvents } from './sse.js';
import { db, getUsers, reset, server } from './usersApi.js';

/**
 * 100 users fetched into a fresh Controller, and an open stream whose row events go
 * through `set` and whose list events go through `setResponse`.
 */
export async function streamedUsers() {
  reset(100);
  const ctrl = new Controller();
  await ctrl.fetch(getUsers);
  const events = serveEvents(server, '/events');
  const stream = await listen(`${server.url}/events`, (data) =>
    Array.isArray(data) ? ctrl.setResponse(getUsers, data) : ctrl.set(User, data, data),
  );
  return { ctrl, events, stream };
}

/**
 * Pushes four events: `u7` renamed `pushed 7` twice (the second identical), `u9` renamed
 * `pushed 9`, then the whole list with `u7`, `u9` and `u20` renamed `pushed <n>`.
 */
export function pushRenames(events: ReturnType<typeof serveEvents>): void {
  events.push({ id: 'u7', name: 'pushed 7' });
  events.push({ id: 'u7', name: 'pushed 7' });
  events.push({ id: 'u9', name: 'pushed 9' });
  const pushed: Record<string, string> = { u7: 'pushed 7', u9: 'pushed 9', u20: 'pushed 20' };
  events.push([...db.values()].map((u) => ({ ...u, name: pushed[u.id] ?? u.name })));
}
