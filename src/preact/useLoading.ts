/** Whether an endpoint key is being fetched. */
import type { EndpointInterface } from '../index.js';
import { inFlight, useValue, useView, type EndpointArgs } from './base.js';

/**
 * Whether a request of the endpoint key is in flight (the first load or a refetch).
 *
 * @example
 * const loading = useLoading(getIssues, { page });
 */
export function useLoading<E extends EndpointInterface>(endpoint: E, ...[args]: EndpointArgs<E>): boolean {
  return !!useValue(useView(endpoint, args, (ctrl, list: unknown[]) => inFlight(ctrl, endpoint, list))[2]);
}
