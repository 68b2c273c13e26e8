/** @jsxImportSource solid-js */
/** Every Solid primitive, as an app uses it, with the types it must see. */
import { For, type Accessor } from 'solid-js';
import { All, Controller, Query, RestEndpoint, type Meta } from 'signal-cache';
import {
  CacheProvider,
  createCache,
  createError,
  createFetch,
  createKeepPrevious,
  createLoading,
  createMeta,
  createMutation,
  createLive,
  createQuery,
  createSuspense,
  useController,
} from 'signal-cache/solid';
import { expectType, type Equal } from './expect.js';
import { Post, User } from './models.js';

const getUsers = new RestEndpoint({ path: '/users', schema: [User] });
const getUser = new RestEndpoint({ path: '/users/:id', schema: User, pollFrequency: 1000 });
const adminCount = new Query(new All(User), (users, { isAdmin }: { isAdmin: boolean }) => users.filter((u) => u.isAdmin === isAdmin).length);
// A join whose process declares no arguments: the read's arguments select the rows (by pk).
const joined = new Query({ user: User, post: Post }, ({ user, post }) => `${user?.name}: ${post?.title}`);

export function Primitives(props: { id: string; show: boolean }) {
  const ctrl = useController();
  expectType<Equal<typeof ctrl, Controller>>();
  const user = createQuery(User, () => ({ id: props.id }));
  expectType<Equal<typeof user, Accessor<User | undefined>>>();
  const count = createQuery(adminCount, () => ({ isAdmin: true }));
  expectType<Equal<typeof count, Accessor<number | undefined>>>();
  // @ts-expect-error isAdmin is a boolean
  createQuery(adminCount, () => ({ isAdmin: 'yes' }));
  // @ts-expect-error idd is not a field of User
  createQuery(User, () => ({ idd: 42 }));
  const join = createQuery(joined, () => ({ id: props.id }));
  expectType<Equal<typeof join, Accessor<string | undefined>>>();
  const nothing = createQuery(User, () => (props.show ? { id: props.id } : null));
  expectType<Equal<typeof nothing, Accessor<User | undefined>>>();
  const users = createSuspense(getUsers);
  expectType<Equal<typeof users, Accessor<User[] | undefined>>>();
  const one = createSuspense(getUser, () => ({ id: props.id }));
  expectType<Equal<typeof one, Accessor<User | undefined>>>();
  // @ts-expect-error getUser needs its id
  createSuspense(getUser);
  // @ts-expect-error the args are the endpoint's
  createSuspense(getUser, () => ({ name: 'x' }));
  const maybe = createSuspense(getUser, () => (props.show ? { id: props.id } : null));
  expectType<Equal<typeof maybe, Accessor<User | undefined>>>();
  const cached = createCache(getUsers);
  expectType<Equal<typeof cached, Accessor<User[] | undefined>>>();
  const fetched = createFetch(getUser, () => ({ id: props.id }));
  expectType<Equal<typeof fetched, Accessor<User | undefined>>>();
  const live = createLive(getUser, () => ({ id: props.id }));
  expectType<Equal<typeof live, Accessor<User | undefined>>>();
  const meta = createMeta(getUser, () => ({ id: props.id }));
  expectType<Equal<typeof meta, Accessor<Meta | undefined>>>();
  const error = createError(getUsers);
  expectType<Equal<typeof error, Accessor<Error | undefined>>>();
  const loading = createLoading(getUser, () => ({ id: props.id }));
  expectType<Equal<typeof loading, Accessor<boolean>>>();
  // @ts-expect-error createMeta takes the endpoint's args
  createMeta(getUser, () => ({ nope: 1 }));
  const rename = createMutation((name: string) => ctrl.fetch(getUser, { id: name }));
  expectType<Equal<Parameters<typeof rename.run>, [name: string]>>();
  expectType<Equal<Awaited<ReturnType<typeof rename.run>>, User | undefined>>();
  const [shown, stale] = createKeepPrevious(one);
  expectType<Equal<typeof shown, Accessor<User | undefined>>>();
  expectType<Equal<typeof stale, Accessor<boolean>>>();
  const posts = createQuery(new All(Post));
  return (
    <CacheProvider controller={ctrl}>
      <p>{user()?.name} {count()} {nothing()?.id} {one()?.name} {cached()?.length} {fetched()?.name} {live()?.name} {meta()?.fetchedAt} {error()?.message} {String(loading())} {shown()?.name}</p>
      <For each={users()}>{(u) => <li>{u.name}</li>}</For>
      <For each={posts()}>{(p) => <li>{p.title} {p.createdAt.getTime()} {p.author?.name}</li>}</For>
    </CacheProvider>
  );
}
