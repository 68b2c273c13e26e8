/**
 * The `playground` module a demo's `server.ts` imports, as the type checker sees it (the
 * page links it to src/mock/server.ts: `MOCK_ORIGIN`, `reply`).
 */
/** The origin the mock API answers. */
export declare const MOCK_ORIGIN: string;
/** What a route handler receives. */
export interface RouteContext {
  db: Record<string, any>;
  params: Record<string, string>;
  query: Record<string, string>;
  body: any;
  method: string;
  path: string;
}
/** A reply with a status and headers (the body is sent as JSON unless it is a string or Blob). */
export declare class Reply {
  readonly status: number;
  readonly body: unknown;
  readonly headers: Record<string, string>;
}
export declare function reply(status: number, body?: unknown, headers?: Record<string, string>): Reply;
