/** An endpoint key's current error as a Solid accessor. */
import type { Accessor } from 'solid-js';
import type { EndpointInterface } from '../index.js';
import type { EndpointArgs } from './base.js';
import { createMeta } from './createMeta.js';

/**
 * The last error of an endpoint key (a `NetworkError` carries `status`), kept until a
 * fetch of the key succeeds; `undefined` when none.
 *
 * @example
 * const error = createError(getIssues, () => ({ page: page() }));
 * <Show when={error()}>{(e) => <p>{e().message} <button onClick={retry}>Retry</button></p>}</Show>
 */
export function createError<E extends EndpointInterface>(
  endpoint: E,
  ...args: EndpointArgs<E>
): Accessor<Error | undefined> {
  const meta = createMeta(endpoint, ...args);
  return () => meta()?.error;
}
