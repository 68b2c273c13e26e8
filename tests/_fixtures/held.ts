/**
 * Routes on the real HTTP fixture whose answers the test gives, one request at a time,
 * in any order: `const patches = holdRoute(server, 'PATCH', '/users/:id')`, then
 * `(await patches.next()).reply(200, body)`.
 */
import { RestEndpoint, type Schema } from '../../src/index.js';
import { json, type RecordedRequest, type TestServer } from './server.js';

export interface HeldRequest {
  readonly req: RecordedRequest;
  /** The parsed JSON body of the request (`undefined` when empty). */
  readonly body: any;
  /** Answers with a JSON body. */
  reply(status: number, body: unknown): void;
}

export interface HeldRoute {
  /** The next request to arrive on the route (already arrived ones first). */
  next(): Promise<HeldRequest>;
}

export function holdRoute(server: TestServer, method: string, pattern: string): HeldRoute {
  const arrived: HeldRequest[] = [];
  const waiting: ((held: HeldRequest) => void)[] = [];
  server.route(
    method,
    pattern,
    (req, res) =>
      new Promise<void>((done) => {
        const held: HeldRequest = {
          req,
          body: req.body === '' ? undefined : JSON.parse(req.body),
          reply(status, body) {
            json(res, status, body);
            done();
          },
        };
        const waiter = waiting.shift();
        if (waiter) waiter(held);
        else arrived.push(held);
      }),
  );
  return {
    next: () =>
      arrived.length > 0 ? Promise.resolve(arrived.shift()!) : new Promise((resolve) => waiting.push(resolve)),
  };
}

/** `PATCH path` whose optimistic response is the parameters and the body: `{ id, ...body }`. */
export function optimisticPatch<S extends Schema>(urlPrefix: string, path: string, schema: S) {
  return new RestEndpoint({
    urlPrefix,
    path,
    method: 'PATCH',
    schema,
    getOptimisticResponse: (_snap, params: object, body: object) => ({ ...params, ...body }),
  });
}
