/** An endpoint key's cache state; re-renders only when it changes. */
import { useMemo } from 'preact/hooks';
import type { EndpointInterface, Meta } from '../index.js';
import { useArgs, type EndpointArgs } from './base.js';
import { useController } from './context.js';

/**
 * The cache state of an endpoint key: `fetchedAt`, `expiresAt`, `error`,
 * `errorExpiresAt`, `invalidated`.
 *
 * @param endpoint the endpoint.
 * @param args its parameters; omit when it takes none, `null` for nothing.
 * @returns the meta; `undefined` for `null` args.
 */
export function useMeta<E extends EndpointInterface>(endpoint: E, ...[args]: EndpointArgs<E>): Meta | undefined {
  const ctrl = useController();
  const list = useArgs(args) as Parameters<E['fetch']> | null;
  return useMemo(() => list && ctrl.meta(endpoint, ...list), [ctrl, endpoint, list])?.value;
}
