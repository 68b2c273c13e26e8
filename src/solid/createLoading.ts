/** Whether an endpoint key is being fetched, as a Solid accessor. */
import type { Accessor } from 'solid-js';
import { computed, type EndpointInterface } from '../index.js';
import { createArgs, fromView, type EndpointArgs } from './base.js';
import { useController } from './context.js';

/**
 * Whether a request of the endpoint key is in flight (the first load or a refetch).
 *
 * @example
 * const loading = createLoading(getIssues, () => ({ page: page() }));
 * <Show when={loading()}><Spinner /></Show>
 */
export function createLoading<E extends EndpointInterface>(endpoint: E, ...[args]: EndpointArgs<E>): Accessor<boolean> {
  const ctrl = useController();
  const view = fromView(createArgs(args), (a) =>
    computed(() => ctrl.isFetching(endpoint, ...(a as Parameters<E['fetch']>))),
  );
  return () => !!view();
}
