// A state as it travels from a server render (dehydrate → JSON) holding a `Date` field,
// for the providers' `initialState`: restored with no entity class named.
import { Controller, Endpoint, Entity, type DehydratedState } from '../../src/index.js';
import { dehydrate } from '../../src/ssr/index.js';

export class Stamped extends Entity {
  id = '';
  at = new Date(0);
  override pk() {
    return this.id;
  }
  static override key = 'Stamped';
  static override schema = { at: (iso: string) => new Date(iso) };
}

/** Calls of `getStamps`: a hydrated Controller reads fresh data without one. */
export const calls = { count: 0 };

export const getStamps = new Endpoint(
  async () => {
    calls.count++;
    return [{ id: 's1', at: '2030-01-01T00:00:00.000Z' }];
  },
  { name: 'getStamps', schema: [Stamped], dataExpiryLength: 60_000 },
);

/** A server's state with one fresh response of `getStamps` (s1 at 2026-01-01), through JSON. */
export function stampedState(): DehydratedState {
  const server = new Controller({ gcInterval: 0 });
  server.setResponse(getStamps, [{ id: 's1', at: '2026-01-01T00:00:00.000Z' }]);
  const state = JSON.parse(JSON.stringify(dehydrate(server)));
  server.cleanup();
  return state;
}
