// Type tests, checked by `tsc --noEmit` alone (never run): an `@ts-expect-error` line
// fails the type check when its error disappears.
import {
  Endpoint,
  Entity,
  RestEndpoint,
  resource,
  type EndpointInterface,
  type PathParams,
  type RestArgs,
  type ShortenPath,
} from '../../src/index.js';

type Equal<X, Y> = (<T>() => T extends X ? 1 : 2) extends <T>() => T extends Y ? 1 : 2 ? true : false;
const expectType = <T extends true>(_ok?: T) => {};

class Post extends Entity {
  id = '';
  title = '';
  override pk() {
    return this.id;
  }
  static override key = 'Post';
}

export function pathParameters() {
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
  return [ok, missing, extra];
}

export function searchParamsAndBody() {
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
  return [list, badSearch, post, badBody, put, bodyOnly];
}

export function endpointInterfaces() {
  const ep: EndpointInterface = new RestEndpoint({ path: '/x' });
  const plain: EndpointInterface<[number], number> = new Endpoint(async (n: number) => n);
  const r = resource({ path: '/posts/:id', schema: Post });
  const del = () => r.delete({ id: '1' });
  // @ts-expect-error delete takes only params
  const delBody = () => r.delete({ id: '1' }, {});
  const create = () => r.create({ title: 'x' });
  return [ep, plain, del, delBody, create];
}
