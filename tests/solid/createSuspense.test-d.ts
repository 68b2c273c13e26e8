// Type tests of the fetching Solid primitives, checked by `tsc --noEmit` alone (never run).
// Their behaviour, shared with Preact, is in the binding contract (tests/_fixtures/contract.ts).
import { createFetch, createLive, createSuspense } from '../../src/solid/index.js';
import type { User } from '../_fixtures/models.js';
import { getUser, getUsers } from '../_fixtures/usersApi.js';

export function typeChecks() {
  // @ts-expect-error getUser needs its parameters
  createSuspense(getUser);
  // @ts-expect-error the parameters are checked
  createFetch(getUser, () => ({ name: 'x' }));
  createSuspense(getUsers);
  createLive(getUser, () => null);
  const user: () => User | undefined = createSuspense(getUser, () => ({ id: '1' }));
  return user;
}
