/** An endpoint key's cache state; re-renders only when it changes. */
import type { EndpointInterface, Meta } from '../index.js';
import { useValue, useView, type EndpointArgs } from './base.js';

/**
 * The cache state of an endpoint key: `fetchedAt`, `expiresAt`, `error`,
 * `errorExpiresAt`, `invalidated`.
 *
 * @param endpoint the endpoint.
 * @param args its parameters; omit when it takes none, `null` for nothing.
 * @returns the meta; `undefined` for `null` args.
 */
export function useMeta<E extends EndpointInterface>(endpoint: E, ...[args]: EndpointArgs<E>): Meta | undefined {
  return useValue(useView(endpoint, args, (ctrl, list: Parameters<E['fetch']>) => ctrl.meta(endpoint, ...list))[2]);
}
