/**
 * `NetworkError`: the server answered, but not with a 2xx status.
 *
 * Thrown by {@link RestEndpoint.fetchResponse} with a detached copy of the response: its
 * status, headers and the first 16 KiB of its body, so a caller (or an error boundary)
 * can read the error body (`await error.response.json()`) while the connection of the
 * original is already released and an error kept in the cache holds no socket.
 */

/** Where a failed request came from; every member is optional. */
export interface NetworkErrorSource {
  /** Endpoint name, the first word of the message. Default: none. */
  readonly endpoint?: string | undefined;
  /** HTTP method. Default: `'GET'`. */
  readonly method?: string | undefined;
  /** Requested URL. Default: `response.url`. */
  readonly url?: string | undefined;
  /**
   * What was wrong, when the status was fine but the body was not (`RestEndpoint` sets it:
   * a body that is not JSON, HTML for a schema). Default: `failed with <status>`.
   */
  readonly problem?: string | undefined;
  /** The status to report instead of the response's (400 for an unusable body). Default: `response.status`. */
  readonly status?: number | undefined;
}

/**
 * A response whose status is not 2xx.
 *
 * The message names the endpoint, the method, the URL and the status:
 * `getUser: GET http://api.example.com/users/9 failed with 404 Not Found`.
 *
 * @example
 * try {
 *   await getUser({ id: '9' });
 * } catch (error) {
 *   if (error instanceof NetworkError && error.status === 404) showNotFound();
 * }
 */
export class NetworkError extends Error {
  /** HTTP status of the response (e.g. `404`). */
  declare readonly status: number;
  /** The response given to the constructor (from `RestEndpoint`: a detached copy, body up to 16 KiB). */
  declare readonly response: Response;

  /**
   * @param response The non-2xx response.
   * @param source Endpoint name, method and URL for the message.
   */
  constructor(response: Response, source: NetworkErrorSource = {}) {
    super(
      `${source.endpoint ? `${source.endpoint}: ` : ''}${(source.method ?? 'GET').toUpperCase()} ${source.url ?? response.url} ` +
        (source.problem ?? `failed with ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`),
    );
    this.status = source.status ?? response.status;
    this.response = response;
  }

  /** `{ name, status, message, url }`: what `JSON.stringify` and loggers show of the error. */
  toJSON(): { name: string; status: number; message: string; url: string } {
    return { name: this.name, status: this.status, message: this.message, url: this.response.url };
  }

  /** Always `'NetworkError'`; stable across minification. */
  declare readonly name: 'NetworkError';

  static {
    // On the prototype, so the stack header reads "NetworkError: …" as well.
    Object.defineProperty(this.prototype, 'name', { value: 'NetworkError', writable: true, configurable: true });
  }
}
