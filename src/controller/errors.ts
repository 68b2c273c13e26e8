/**
 * Errors the Controller creates itself, and how it classifies the errors endpoints throw.
 *
 * The Controller never re-wraps an `Error`: what an endpoint throws reaches the caller,
 * the meta and the error boundaries unchanged (`instanceof NetworkError`, `status`,
 * `name === 'AbortError'`). Only a thrown non-Error is wrapped (see `describeThrown`).
 */

/** @internal A thrown non-Error, for a message; never throws (a `toString` may). */
export function describeThrown(value: unknown): string {
  try {
    return typeof value === 'string' ? JSON.stringify(value) : String(value);
  } catch {
    return `a value of type ${typeof value}`;
  }
}

/**
 * A request that did not answer within its endpoint's `timeout`: the request is aborted
 * and the error is recorded under its key like any failure.
 * The message names the endpoint and the limit: `GET /users timed out after 5000 ms`.
 */
export class TimeoutError extends Error {
  /** Always `'TimeoutError'`; stable across minification. */
  declare readonly name: 'TimeoutError';

  static {
    Object.defineProperty(this.prototype, 'name', { value: 'TimeoutError', writable: true, configurable: true });
  }
}

/** @internal Whether an error is an abort (recorded nowhere, never retried). */
export function isAbort(error: unknown): boolean {
  return (error as { name?: unknown } | null)?.name === 'AbortError';
}

/** @internal The rejection of an aborted request: the signal's reason when it is an AbortError. */
export function abortError(reason: unknown): unknown {
  return isAbort(reason) ? reason : new DOMException('This operation was aborted', 'AbortError');
}
