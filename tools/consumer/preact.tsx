/** Every Preact hook, as an app uses it, with the types it must see. */
import { All, Controller, Query, RestEndpoint, type Meta, type ReadonlySignal } from 'signal-cache';
import {
  CacheProvider,
  ErrorBoundary,
  useCache,
  useCacheSignal,
  useController,
  useError,
  useFetch,
  useFetchSignal,
  useKeepPrevious,
  useLive,
  useLiveSignal,
  useLoading,
  useMeta,
  useMutation,
  useQuery,
  useQuerySignal,
  useSuspense,
  useSuspenseSignal,
} from 'signal-cache/preact';
import { expectType, type Equal } from './expect.js';
import { Post, User } from './models.js';

const getUsers = new RestEndpoint({ path: '/users', schema: [User] });
const getUser = new RestEndpoint({ path: '/users/:id', schema: User, pollFrequency: 1000 });
const adminCount = new Query(new All(User), (users, { isAdmin }: { isAdmin: boolean }) => users.filter((u) => u.isAdmin === isAdmin).length);
// A join whose process declares no arguments: the read's arguments select the rows (by pk).
const joined = new Query({ user: User, post: Post }, ({ user, post }) => `${user?.name}: ${post?.title}`);

export function Hooks({ id, show }: { id: string; show: boolean }) {
  const ctrl = useController();
  expectType<Equal<typeof ctrl, Controller>>();
  const user = useQuery(User, { id });
  expectType<Equal<typeof user, User | undefined>>();
  const userSignal = useQuerySignal(User, { id });
  expectType<Equal<typeof userSignal, ReadonlySignal<User | undefined>>>();
  const count = useQuery(adminCount, { isAdmin: true });
  expectType<Equal<typeof count, number | undefined>>();
  // @ts-expect-error isAdmin is a boolean
  useQuery(adminCount, { isAdmin: 'yes' });
  // @ts-expect-error idd is not a field of User
  useQuery(User, { idd: 42 });
  const join = useQuery(joined, { id });
  expectType<Equal<typeof join, string | undefined>>();
  const users = useSuspense(getUsers);
  expectType<Equal<typeof users, User[]>>();
  const one = useSuspense(getUser, { id });
  expectType<Equal<typeof one, User>>();
  const none = useSuspense(getUser, null);
  expectType<Equal<typeof none, User | undefined>>();
  const maybe = useSuspense(getUser, show ? { id } : null);
  expectType<Equal<typeof maybe, User | undefined>>();
  // @ts-expect-error getUser needs its id
  useSuspense(getUser);
  // @ts-expect-error the args are the endpoint's
  useSuspense(getUser, { name: 'x' });
  const oneSignal = useSuspenseSignal(getUser, { id });
  expectType<Equal<typeof oneSignal, ReadonlySignal<User | undefined>>>();
  const cached = useCache(getUsers);
  expectType<Equal<typeof cached, User[] | undefined>>();
  const cachedSignal = useCacheSignal(getUser, { id });
  expectType<Equal<typeof cachedSignal, ReadonlySignal<User | undefined>>>();
  const fetched = useFetch(getUser, { id });
  expectType<Equal<typeof fetched, User | undefined>>();
  const fetchedSignal = useFetchSignal(getUser, { id });
  expectType<Equal<typeof fetchedSignal, ReadonlySignal<User | undefined>>>();
  const live = useLive(getUser, { id });
  expectType<Equal<typeof live, User>>();
  const liveNone = useLive(getUser, null);
  expectType<Equal<typeof liveNone, User | undefined>>();
  const liveSignal = useLiveSignal(getUser, { id });
  expectType<Equal<typeof liveSignal, ReadonlySignal<User | undefined>>>();
  const meta = useMeta(getUser, { id });
  expectType<Equal<typeof meta, Meta | undefined>>();
  const error = useError(getUsers);
  expectType<Equal<typeof error, Error | undefined>>();
  const loading = useLoading(getUser, { id });
  expectType<Equal<typeof loading, boolean>>();
  // @ts-expect-error useMeta takes the endpoint's args
  useMeta(getUser, { nope: 1 });
  const rename = useMutation((name: string) => ctrl.fetch(getUser, { id: name }));
  expectType<Equal<Parameters<typeof rename.run>, [name: string]>>();
  expectType<Equal<Awaited<ReturnType<typeof rename.run>>, User | undefined>>();
  const [shown, stale] = useKeepPrevious(fetched);
  expectType<Equal<typeof shown, User | undefined>>();
  expectType<Equal<typeof stale, boolean>>();
  return (
    <ErrorBoundary fallback={(e, reset) => <button onClick={reset}>{e.message}</button>}>
    <CacheProvider controller={ctrl}>
      <p>{user?.name} {userSignal.value?.name} {count} {one.name} {cached?.length} {fetched?.name} {live.name}</p>
      <ul>{users.map((u) => <li key={u.id}>{u.name}</li>)}</ul>
      <p>{meta?.fetchedAt} {error?.message} {String(loading)} {shown?.name} {String(stale)}</p>
    </CacheProvider>
    </ErrorBoundary>
  );
}
