/**
 * Type tests: the `@ts-expect-error` lines are checked by `tsc --noEmit`; at runtime the
 * suite only checks that the calls above them are well-formed where they run.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Endpoint } from '../../src/endpoint/Endpoint.js';
import type { PathParams, ShortenPath } from '../../src/endpoint/path.js';
import { resource } from '../../src/endpoint/resource.js';
import { RestEndpoint, type RestArgs } from '../../src/endpoint/RestEndpoint.js';
import type { EndpointInterface } from '../../src/endpoint/types.js';
import { Entity } from '../../src/schema/Entity.js';

type Equal<X, Y> = (<T>() => T extends X ? 1 : 2) extends <T>() => T extends Y ? 1 : 2 ? true : false;
const expectType = <T extends true>(_ok?: T) => {};

class Post extends Entity {
  id = '';
  title = '';
  pk() {
    return this.id;
  }
  static override key = 'Post';
}

const types = suite('endpoint types');

types('path parameters are typed from the template', () => {
  expectType<Equal<keyof PathParams<'/:group/posts/:id'>, 'group' | 'id'>>();
  expectType<Equal<PathParams<'/users'>, {}>>();
  expectType<Equal<ShortenPath<'/:group/posts/:id'>, '/:group/posts'>>();
  expectType<Equal<ShortenPath<'/users/:id'>, '/users'>>();
  expectType<Equal<RestArgs<'/users/:id', {}, 'GET', unknown>, [params: PathParams<'/users/:id'>]>>();

  const getPost = new RestEndpoint({ path: '/posts/:id' });
  const ok = () => getPost({ id: '1' });
  // @ts-expect-error id is required
  const missing = () => getPost({});
  // @ts-expect-error unknown parameter without searchParams
  const extra = () => getPost({ id: '1', other: 'x' });
  assert.type(ok, 'function');
  assert.type(missing, 'function');
  assert.type(extra, 'function');
});

types('searchParams and body shape the arguments', () => {
  const getPosts = new RestEndpoint({ path: '/:group/posts', searchParams: {} as { orderBy?: string } });
  const list = () => getPosts({ group: 'g', orderBy: 'title' });
  // @ts-expect-error orderBy is a string
  const badSearch = () => getPosts({ group: 'g', orderBy: 1 });

  const create = new RestEndpoint({ path: '/posts', method: 'POST', body: {} as { title: string } });
  const post = () => create({ title: 'x' });
  // @ts-expect-error title is missing from the body
  const badBody = () => create({});

  const update = new RestEndpoint({ path: '/posts/:id', method: 'PUT' });
  const put = () => update({ id: '1' }, { anything: true });
  // @ts-expect-error a body method with path params needs (params, body)
  const bodyOnly = () => update({ id: '1' });
  assert.ok([list, badSearch, post, badBody, put, bodyOnly].every((f) => typeof f === 'function'));
});

types('endpoints are EndpointInterfaces and callable', () => {
  const ep: EndpointInterface = new RestEndpoint({ path: '/x' });
  const plain: EndpointInterface<[number], number> = new Endpoint(async (n: number) => n);
  assert.type(ep, 'function');
  assert.type(plain, 'function');
  const r = resource({ path: '/posts/:id', schema: Post });
  const del = () => r.delete({ id: '1' });
  // @ts-expect-error delete takes only params
  const delBody = () => r.delete({ id: '1' }, {});
  const create = () => r.create({ title: 'x' });
  assert.ok([del, delBody, create].every((f) => typeof f === 'function'));
});

types.run();
