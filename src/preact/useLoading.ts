/** Whether an endpoint key is being fetched. */
import { useMemo } from 'preact/hooks';
import { computed, type EndpointInterface } from '../index.js';
import { useArgs, type EndpointArgs } from './base.js';
import { useController } from './context.js';

/**
 * Whether a request of the endpoint key is in flight (the first load or a refetch).
 *
 * @example
 * const loading = useLoading(getIssues, { page });
 */
export function useLoading<E extends EndpointInterface>(endpoint: E, ...[args]: EndpointArgs<E>): boolean {
  const ctrl = useController();
  const list = useArgs(args) as Parameters<E['fetch']> | null;
  return !!useMemo(() => list && computed(() => ctrl.isFetching(endpoint, ...list)), [ctrl, endpoint, list])?.value;
}
