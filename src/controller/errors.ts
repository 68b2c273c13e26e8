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
