/**
 * Errors named for where they happened: shared by the endpoint layer (a body that cannot be
 * read, an abort) and the Controller (an abort of a request it runs).
 */
/**
 * @internal `error` named for `source` (an endpoint's name): its message prefixed with
 * `source: ` and `what` (where it happened), the original kept as `cause`. An abort stays
 * an abort: a `DOMException` named `AbortError` (what `signal.reason` is), so a check of
 * `name === 'AbortError'` or `instanceof DOMException` holds. An error that names `source`
 * already is returned as it is.
 */
export function nameError(source: string, what: string, error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  if (message.startsWith(`${source}: `)) return error as Error;
  const text = `${source}: ${what}${message}`;
  if ((error as { name?: unknown } | null)?.name !== 'AbortError') return new Error(text, { cause: error });
  const abort = new DOMException(text, 'AbortError');
  // (`new DOMException(message, { name, cause })` is not in every browser yet.)
  Object.defineProperty(abort, 'cause', { value: error, writable: true, configurable: true });
  return abort;
}
