/**
 * The argument shapes the Solid and Preact bindings share, defined once here and
 * re-exported by each binding entry.
 */
import type { EndpointInterface } from '../endpoint/types.js';
import type { Query } from '../schema/Query.js';
import type { Queryable } from './types.js';

/** The parameters object an endpoint call takes (its first argument). */
export type EndpointArg<E extends EndpointInterface> = Parameters<E['fetch']>[0];

/** The arguments object a queryable is read with: a `Query`'s first `process` argument, else any. */
export type QueryArg<Q extends Queryable> = Q extends abstract new (
  ...args: any[]
) => unknown
  ? unknown
  : Q extends Query<any, any, infer A>
    ? A[0]
    : unknown;
