/**
 * The argument shapes the Solid and Preact bindings share, defined once here and
 * re-exported by each binding entry.
 */
import type { EndpointInterface } from '../endpoint/types.js';
import type { Query } from '../schema/Query.js';
import type { EntityInput } from '../schema/types.js';
import type { Queryable } from './types.js';

/** The parameters object an endpoint call takes (its first argument). */
export type EndpointArg<E extends EndpointInterface> = Parameters<E['fetch']>[0];

/**
 * The arguments object a queryable is read with: an entity's fields (its pk fields, or an
 * indexed field: `{ id: '1' }`) or its pk, a `Query`'s first `process` argument, else any (a `Query`
 * whose `process` declares none is read with the arguments that select its rows, as a join
 * by `product_id`).
 */
export type QueryArg<Q extends Queryable> = Q extends abstract new (
  ...args: any[]
) => unknown
  ? EntityInput<Q> | string | number
  : Q extends Query<any, any, infer A>
    ? A extends readonly []
      ? unknown
      : A[0]
    : unknown;
