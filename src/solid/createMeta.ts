/** An endpoint key's cache state as a Solid accessor. */
import type { Accessor } from 'solid-js';
import type { EndpointInterface, Meta } from '../index.js';
import { createArgs, fromView, type EndpointArgs } from './base.js';
import { useController } from './context.js';

/**
 * The cache state of an endpoint key: `fetchedAt`, `expiresAt`, `error`,
 * `errorExpiresAt`, `invalidated`. Follows the key when `args()` changes.
 *
 * @param endpoint the endpoint.
 * @param args accessor of its parameters; omit when it takes none, `null` for nothing.
 * @returns accessor of the meta; `undefined` for `null` args.
 */
export function createMeta<E extends EndpointInterface>(
  endpoint: E,
  ...[args]: EndpointArgs<E>
): Accessor<Meta | undefined> {
  const ctrl = useController();
  return fromView(createArgs(args), (a) => ctrl.meta(endpoint, ...(a as Parameters<E['fetch']>)));
}
