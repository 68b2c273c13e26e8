/** An endpoint key's current error. */
import type { EndpointInterface } from '../index.js';
import type { EndpointArgs } from './base.js';
import { useMeta } from './useMeta.js';

/**
 * The last error of an endpoint key (a `NetworkError` carries `status`), kept until a
 * fetch of the key succeeds; `undefined` when none.
 *
 * @example
 * const error = useError(getIssues, { page });
 * if (error) return <p>{error.message}</p>;
 */
export function useError<E extends EndpointInterface>(endpoint: E, ...args: EndpointArgs<E>): Error | undefined {
  return useMeta(endpoint, ...args)?.error;
}
