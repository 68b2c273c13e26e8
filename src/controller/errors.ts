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
    return String(value);
  } catch {
    return typeof value;
  }
}

/**
 * A request that did not answer within its endpoint's `timeout`: the request is aborted
 * and the error is recorded under its key like any failure.
 * The message names the endpoint and the limit: `GET /users timed out after 5000 ms`.
 */
export class TimeoutError extends Error {
  /** Always `'TimeoutError'`; stable across minification. */
  override readonly name = 'TimeoutError';
}

/** @internal Whether an error is an abort (recorded nowhere, never retried). */
export function isAbort(error: unknown): boolean {
  return (error as { name?: unknown } | null)?.name === 'AbortError';
}

/**
 * @internal The default `errorPolicy`: `'soft'` for a server error (status 5xx), a timeout
 * and a request that could not be sent (network failure); `'hard'` for everything else
 * (4xx, a body that does not fit the schema, a bug in `process`).
 */
export function errorPolicy(error: Error): 'soft' | 'hard' {
  const status = (error as { status?: number }).status;
  return (status ? status > 499 : error instanceof TimeoutError || error.cause instanceof TypeError) ? 'soft' : 'hard';
}
