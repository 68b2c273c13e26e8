/**
 * An infinite feed on the real HTTP fixture, for the binding tests: `GET /feed?cursor=n`
 * answers three posts from `n` and the next cursor.
 */
import { Collection, Entity, RestEndpoint } from '../../src/index.js';
import { json, type TestServer } from './server.js';

export class FeedPost extends Entity {
  id = '';
  title = '';
  override pk() {
    return this.id;
  }
  static override key = 'FeedPost';
}

export function feedApi(server: TestServer, total = 9) {
  const posts = Array.from({ length: total }, (_, i) => ({ id: `p${i + 1}`, title: `post ${i + 1}` }));
  server.route('GET', '/feed', (req, res) => {
    const from = Number(req.query.get('cursor') ?? 0);
    json(res, 200, {
      results: posts.slice(from, from + 3),
      nextCursor: from + 3 < posts.length ? String(from + 3) : null,
    });
  });
  return new RestEndpoint({
    urlPrefix: server.url,
    path: '/feed',
    searchParams: {} as { cursor?: string },
    paginationField: 'cursor',
    schema: { results: new Collection([FeedPost]), nextCursor: undefined },
  });
}
