/**
 * Vanilla usage as an app writes it, with the types it must see. Each `expectType` and
 * each `@ts-expect-error` is one expectation of tools/consumer.mjs.
 */
import {
  All,
  Collection,
  Controller,
  Endpoint,
  Entity,
  Invalidate,
  Query,
  RestEndpoint,
  Union,
  Values,
  effect,
  resource,
  schema,
  type Denormalize,
  type EntityInput,
  type ReadonlySignal,
  type ResolveType,
  type Schema,
} from 'signal-cache';
import { expectType, type Equal, type Resolved } from './expect.js';
import { Link, Post, User } from './models.js';

const ctrl = new Controller();

//#region path parameters and searchParams

const getUser = new RestEndpoint({ path: '/users/:id', schema: User });
getUser({ id: '1' });
getUser({ id: 1 });
// @ts-expect-error the path parameter is required
getUser({});
// @ts-expect-error the params object is required
getUser();
// @ts-expect-error no such parameter without searchParams
getUser({ id: '1', other: 'x' });

const getComment = new RestEndpoint({ path: '/posts/:postId/comments/:id' });
getComment({ postId: '1', id: '2' });
// @ts-expect-error both path parameters are required
getComment({ postId: '1' });

const getFile = new RestEndpoint({ path: '/files/:name?' });
getFile();
getFile({});
getFile({ name: 'a.txt' });

const getPosts = new RestEndpoint({
  path: '/:group/posts',
  searchParams: {} as { orderBy?: string; author?: string },
  schema: new Collection([Post], { nonFilterArgumentKeys: /orderBy/ }),
});
getPosts({ group: 'g', orderBy: 'title' });
// @ts-expect-error orderBy is a string
getPosts({ group: 'g', orderBy: 1 });
// @ts-expect-error group is a path parameter
getPosts({ orderBy: 'title' });

//#endregion

//#region resolved types of fetch

async function resolved() {
  expectType<Equal<Resolved<ReturnType<typeof ctrl.fetch<typeof getUser>>>, User>>();
  const user = await ctrl.fetch(getUser, { id: '1' });
  expectType<Equal<typeof user, User>>();
  const users = await ctrl.fetch(new RestEndpoint({ path: '/users', schema: [User] }));
  expectType<Equal<typeof users, User[]>>();
  const posts = await ctrl.fetch(getPosts, { group: 'g' });
  expectType<Equal<typeof posts, Post[]>>();
  expectType<Equal<(typeof posts)[number]['author'], User | undefined>>();
  expectType<Equal<(typeof posts)[number]['createdAt'], Date>>();
  const nested = await ctrl.fetch(new RestEndpoint({ path: '/feed', schema: { posts: [Post], featured: Post } }));
  expectType<Equal<typeof nested, { posts: Post[]; featured: Post }>>();
  // An endpoint without schema resolves to its process result.
  const count = await ctrl.fetch(new RestEndpoint({ path: '/count', process: (v: { n: number }) => v.n }));
  expectType<Equal<typeof count, number>>();
  const plain = await ctrl.fetch(new Endpoint(async (n: number) => ({ doubled: n * 2 })), 2);
  expectType<Equal<typeof plain, { doubled: number }>>();
  // new Endpoint(fn, { schema }) resolves through the schema.
  const getTodoUser = new Endpoint(async ({ id }: { id: string }) => ({ id, name: 'x' }), { schema: User });
  const viaSchema = await ctrl.fetch(getTodoUser, { id: '1' });
  expectType<Equal<typeof viaSchema, User>>();
  // @ts-expect-error a User is not a Post
  const wrong: Post = await ctrl.fetch(getUser, { id: '1' });
  return [wrong];
}

//#endregion

//#region schemas: Union, Values, schema.Array, schema.Object, Invalidate, All

const feed = new Union({ post: Post, link: Link }, 'type');
expectType<Equal<Denormalize<typeof feed>, Post | Link>>();
expectType<Equal<Denormalize<[typeof feed]>, (Post | Link)[]>>();
expectType<Equal<Denormalize<Values<typeof User>>, Record<string, User>>>();
expectType<Equal<Denormalize<schema.Array<typeof User>>, User[]>>();
expectType<Equal<Denormalize<schema.Object<{ user: typeof User; posts: (typeof Post)[] }>>, { user: User; posts: Post[] }>>();
expectType<Equal<Denormalize<Invalidate<typeof User>>, User>>();
expectType<Equal<Denormalize<All<typeof User>>, User[]>>();
expectType<Equal<Denormalize<Collection<typeof Post>>, Post[]>>();
expectType<Equal<Denormalize<schema.All<typeof Post>>, Post[]>>();
// As in Reactive Data Client: a list member of an object schema and All are never undefined,
// a plain member of an object schema is kept as it is (its type is its default's).
expectType<Equal<Denormalize<{ users: [typeof User] }>, { users: User[] }>>();
expectType<Equal<Denormalize<{ users: All<typeof User> }>, { users: User[] }>>();
const byUsers = new Query({ users: new All(User) }, (entries) => {
  expectType<Equal<typeof entries, { users: User[] }>>();
  return entries.users.length;
});
expectType<Equal<ReturnType<typeof ctrl.get<typeof byUsers>>, number | undefined>>();
const getPage = new RestEndpoint({ path: '/page', schema: { nextPage: '', data: [User] } });
async function plainMembers() {
  const page = await ctrl.fetch(getPage);
  expectType<Equal<typeof page, { nextPage: string; data: User[] }>>();
}
const polymorphicAll = new All({ post: Post, link: Link }, 'type');
expectType<Equal<Denormalize<typeof polymorphicAll>, (Post | Link)[]>>();
const getFeed = new RestEndpoint({ path: '/feed', schema: [feed] });
const getDirectory = new RestEndpoint({ path: '/directory', schema: new Values(User) });
async function schemaClasses() {
  expectType<Equal<Awaited<ReturnType<typeof ctrl.fetch<typeof getFeed>>>, (Post | Link)[]>>();
  const dir = await ctrl.fetch(getDirectory);
  expectType<Equal<typeof dir, Record<string, User>>>();
}
// Every schema class is a schema: usable in an endpoint, a Query and a Collection.
new RestEndpoint({ path: '/a', schema: new All(User) });
new RestEndpoint({ path: '/b', schema: new Collection([Post]) });
new RestEndpoint({ path: '/c', schema: new schema.Array(User) });
new RestEndpoint({ path: '/d', schema: new schema.Object({ user: User }) });
new RestEndpoint({ path: '/e', schema: new Invalidate(User), method: 'DELETE' });
new RestEndpoint({ path: '/f', schema: new Values(Post) });
new RestEndpoint({ path: '/g', schema: new schema.Lazy([Post]) });
// @ts-expect-error a number is not a schema
new RestEndpoint({ path: '/h', schema: 5 });

//#endregion

//#region Query entries and args

const userCount = new Query(new All(User), (users, { isAdmin }: { isAdmin?: boolean } = {}) => {
  expectType<Equal<typeof users, User[]>>();
  return isAdmin === undefined ? users.length : users.filter((u) => u.isAdmin === isAdmin).length;
});
expectType<Equal<ReturnType<typeof ctrl.get<typeof userCount>>, number | undefined>>();
ctrl.get(userCount);
ctrl.get(userCount, { isAdmin: true });
// @ts-expect-error isAdmin is a boolean: the argument is reported, not the Query
ctrl.get(userCount, { isAdmin: 'yes' });
const postTitles = new Query(new Collection([Post]), (posts) => posts.map((p) => p.title));
expectType<Equal<ReturnType<typeof ctrl.get<typeof postTitles>>, string[] | undefined>>();
const byUnion = new Query(feed, (item) => item.id);
expectType<Equal<ReturnType<typeof ctrl.get<typeof byUnion>>, string | undefined>>();
const ofQuery = new Query(userCount, (n) => n * 2);
expectType<Equal<ReturnType<typeof ctrl.get<typeof ofQuery>>, number | undefined>>();
const join = new Query(new schema.Object({ user: User, post: Post }), (e) => e.user?.name);
expectType<Equal<ReturnType<typeof ctrl.get<typeof join>>, string | undefined>>();

//#endregion

//#region ctrl.get / query / response, set / setResponse

expectType<Equal<ReturnType<typeof ctrl.get<typeof User>>, User | undefined>>();
const one = ctrl.get(User, { id: '1' });
// An entity is read by its fields (pk or indexed) or its pk: a field it does not have is an error.
// @ts-expect-error idd is not a field of User
ctrl.get(User, { idd: 42 });
// @ts-expect-error id is a string
ctrl.query(User, { id: 42 });
ctrl.get(User, '1');
expectType<Equal<typeof one, User | undefined>>();
const all = ctrl.query(new All(User));
expectType<Equal<typeof all, ReadonlySignal<User[] | undefined>>>();
const count = ctrl.query(userCount, { isAdmin: true });
expectType<Equal<typeof count, ReadonlySignal<number | undefined>>>();
const response = ctrl.response(getUser, { id: '1' });
expectType<Equal<typeof response, ReadonlySignal<User | undefined>>>();
const postsResponse = ctrl.response(getPosts, { group: 'g' });
expectType<Equal<typeof postsResponse, ReadonlySignal<Post[] | undefined>>>();
// @ts-expect-error response args are the endpoint's
ctrl.response(getUser, { nope: 1 });
effect(() => void ctrl.get(userCount, { isAdmin: true }));
async function endpointArgs() {
  const fresh = await ctrl.fetchIfStale(getUser, { id: '1' });
  expectType<Equal<typeof fresh, User>>();
  expectType<Equal<typeof ctrl.isStale<typeof getUser>, (endpoint: typeof getUser, params: { id: string | number | boolean }) => boolean>>();
  // @ts-expect-error invalidate takes the endpoint's args
  ctrl.invalidate(getUser, {});
  // @ts-expect-error subscribe takes the endpoint's args
  ctrl.subscribe(getUser, { nope: 1 });
  const error = ctrl.getError(getPosts, { group: 'g' });
  expectType<Equal<typeof error, Error | undefined>>();
}

ctrl.setResponse(getUser, { id: '1' }, { id: '1', name: 'Ada' });
ctrl.setResponse(new RestEndpoint({ path: '/users', schema: [User] }), [{ id: '1' }]);
// @ts-expect-error setResponse types its args: id is missing
ctrl.setResponse(getUser, {}, { id: '1' });
// @ts-expect-error setResponse needs a value after the args
ctrl.setResponse(getUser, { id: '1' });
ctrl.set(User, { id: '1' }, { id: '1', name: 'Ada' });
// @ts-expect-error set types its value: name is a string
ctrl.set(User, { id: '1' }, { id: '1', name: 5 });
// @ts-expect-error set types its value: isAdmin is a boolean
ctrl.set([User], [{ id: '1', isAdmin: 'yes' }]);
ctrl.set(Post, { id: '1' }, { id: '1', createdAt: '2020-01-01T00:00:00Z', author: { id: '1' } });

//#endregion

//#region resource() and Collection extenders

const PostResource = resource({ path: '/:group/posts/:id', schema: Post, searchParams: {} as { orderBy?: string } });
async function resources() {
  const got = await ctrl.fetch(PostResource.get, { group: 'g', id: '1' });
  expectType<Equal<typeof got, Post>>();
  const list = await ctrl.fetch(PostResource.getList, { group: 'g', orderBy: 'title' });
  expectType<Equal<typeof list, Post[]>>();
  const pushed = await ctrl.fetch(PostResource.getList.push, { group: 'g' }, { title: 'New' });
  expectType<Equal<typeof pushed, Post>>();
  const unshifted = await ctrl.fetch(PostResource.getList.unshift, { group: 'g' }, { title: 'New' });
  expectType<Equal<typeof unshifted, Post>>();
  const created = await ctrl.fetch(PostResource.create, { group: 'g' }, { title: 'New' });
  expectType<Equal<typeof created, Post>>();
  const updated = await ctrl.fetch(PostResource.update, { group: 'g', id: '1' }, { title: 'Renamed' });
  expectType<Equal<typeof updated, Post>>();
  const patched = await ctrl.fetch(PostResource.partialUpdate, { group: 'g', id: '1' }, { title: 'Renamed' });
  expectType<Equal<typeof patched, Post>>();
  const deleted = await ctrl.fetch(PostResource.delete, { group: 'g', id: '1' });
  expectType<Equal<typeof deleted, Post>>();
  // @ts-expect-error an unknown field in a partial update
  await ctrl.fetch(PostResource.partialUpdate, { group: 'g', id: '1' }, { nope: 1 });
  // @ts-expect-error a wrong type in a partial update
  await ctrl.fetch(PostResource.partialUpdate, { group: 'g', id: '1' }, { title: 1 });
  // @ts-expect-error an unknown field in create
  await PostResource.create({ group: 'g' }, { nope: 1 });
  // @ts-expect-error a wrong type in update
  await PostResource.update({ group: 'g', id: '1' }, { title: false });
  // @ts-expect-error update needs a body
  await PostResource.update({ group: 'g', id: '1' });
  // @ts-expect-error delete takes no body
  await PostResource.delete({ group: 'g', id: '1' }, {});
  // @ts-expect-error get needs the path parameters
  await PostResource.get({ group: 'g' });
  const Users = resource({ path: '/users/:id', schema: User });
  await Users.create({ name: 'Ada' });
  // @ts-expect-error create of a resource without list parameters: a field of the wrong type
  await Users.create({ name: 1 });
}

//#endregion

//#region Collection remove, move, getPage; optimistic responses; set updaters

const getTodos = new RestEndpoint({
  path: '/posts',
  searchParams: {} as { group?: string; cursor?: string },
  paginationField: 'cursor',
  schema: new Collection([Post]),
});
async function derived() {
  const removed = await ctrl.fetch(getTodos.remove, { group: 'g' }, { id: '1' });
  expectType<Equal<typeof removed, Post>>();
  // @ts-expect-error remove takes the entity's fields
  await ctrl.fetch(getTodos.remove, { group: 'g' }, { id: 1 });
  const moved = await ctrl.fetch(getTodos.move, { id: '1' }, { group: 'h' });
  expectType<Equal<typeof moved, Post>>();
  const page = await ctrl.fetch(getTodos.getPage, { cursor: '2' });
  expectType<Equal<typeof page, Post[]>>();
  const PostPages = resource({ path: '/posts/:id', schema: Post, paginationField: 'page' });
  const next = await ctrl.fetch(PostPages.getList.getPage, { page: '2' });
  expectType<Equal<typeof next, Post[]>>();
}
const renamePost = new RestEndpoint({
  path: '/posts/:id',
  method: 'PATCH',
  body: {} as { title: string },
  schema: Post,
  getOptimisticResponse(_snap, params, body) {
    // @ts-expect-error the optimistic response receives the typed body
    void body.nope;
    // @ts-expect-error and the typed path parameters
    void params.nope;
    return { id: String(params.id), title: body.title };
  },
});
renamePost({ id: '1' }, { title: 'x' });
ctrl.set(User, { id: '1' }, (prev) => ({ id: '1', name: `${prev?.name ?? ''}!` }));
// @ts-expect-error an updater returns the entity's fields: name is a string
ctrl.set(User, { id: '1' }, () => ({ id: '1', name: 1 }));

//#endregion

//#region named input types

// A form can name the body type of its entity.
const draft: EntityInput<typeof Post> = { title: 'Draft' };
// @ts-expect-error EntityInput has the entity's fields only
const wrongDraft: EntityInput<typeof Post> = { nope: 1 };
void [draft, wrongDraft];

//#endregion

//#region bodies and extend()

const createPost = new RestEndpoint({ path: '/posts', method: 'POST', body: {} as { title: string }, schema: Post });
createPost({ title: 'x' });
// @ts-expect-error title is missing from the body
createPost({});
// @ts-expect-error a declared body is required
createPost();
const anyBody = new RestEndpoint({ path: '/posts/:id', method: 'PUT' });
anyBody({ id: '1' }, { anything: true });
// @ts-expect-error a body method with path params needs (params, body)
anyBody({ id: '1' });

const getUserByName = getUser.extend({ path: '/users/by-name/:name' });
getUserByName({ name: 'ada' });
// @ts-expect-error extend({ path }) re-types the parameters
getUserByName({ id: '1' });
const postUser = getUser.extend({ method: 'POST', body: {} as { name: string } });
postUser({ id: '1' }, { name: 'Ada' });
// @ts-expect-error extend({ method, body }) re-types the body
postUser({ id: '1' }, { name: 1 });
const searchUsers = new RestEndpoint({ path: '/users', schema: [User] }).extend({ searchParams: {} as { q: string } });
searchUsers({ q: 'ada' });
// @ts-expect-error extend({ searchParams }) re-types the search parameters
searchUsers({ q: 1 });
const fast = getUser.extend({ dataExpiryLength: 1000 });
expectType<Equal<typeof fast, typeof getUser>>();
async function extended() {
  const asPost = await ctrl.fetch(getUser.extend({ schema: Post }), { id: '1' });
  expectType<Equal<typeof asPost, Post>>();
}

//#endregion

//#region subclasses with transform hooks

class AuthEndpoint<
  P extends string = string,
  SP = {},
  M extends string = 'GET',
  B = unknown,
  R = any,
  S extends Schema = Schema,
> extends RestEndpoint<P, SP, M, B, R, S> {
  override getHeaders(headers: Record<string, string>) {
    return { ...headers, authorization: 'Bearer x' };
  }
}
const getMe = new AuthEndpoint({ path: '/users/:id', schema: User });
async function subclass() {
  const me = await ctrl.fetch(getMe, { id: 'me' });
  expectType<Equal<typeof me, User>>();
  // @ts-expect-error the subclass keeps the typed parameters
  await ctrl.fetch(getMe, {});
  const AuthPosts = resource({ path: '/posts/:id', schema: Post, Endpoint: AuthEndpoint });
  const post = await ctrl.fetch(AuthPosts.get, { id: '1' });
  expectType<Equal<typeof post, Post>>();
}

//#endregion

//#region no any from ResolveType

// A schema type that is not known resolves to the fetched value, not to any.
expectType<Equal<ResolveType<RestEndpoint<'/x', {}, 'GET', unknown, { n: number }>>, { n: number }>>();
expectType<Equal<ResolveType<Endpoint<[], number>>, number>>();
expectType<Equal<ResolveType<Endpoint<[], number, typeof User>>, User>>();

//#endregion

export { resolved, schemaClasses, plainMembers, resources, extended, derived, subclass, endpointArgs };
