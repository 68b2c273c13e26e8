// The public API is a reviewed list: each entry's export names, compared with a literal.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import * as vanilla from '../src/index.js';
import * as liveEntry from '../src/live/index.js';
import * as persistEntry from '../src/persist/index.js';
import * as preact from '../src/preact/index.js';
import * as solid from '../src/solid/index.js';
import * as ssrEntry from '../src/ssr/index.js';
import * as tabsEntry from '../src/tabs/index.js';
import * as devtoolsEntry from '../src/devtools/index.js';

const exportsOf = (entry: object) => Object.keys(entry).sort();
/** Names an entry exports with `export type { … }` (types leave no trace at runtime). */
const typeExportsOf = (entry: string) =>
  [...readFileSync(join(process.cwd(), 'src', entry), 'utf8').matchAll(/export type \{([^}]*)\}/g)]
    .flatMap((m) =>
      m[1].split(',').map(
        (name) =>
          name
            .trim()
            .split(/\s+as\s+/)
            .pop()!,
      ),
    )
    .filter(Boolean)
    .sort();

const api = suite('public API');

api('signal-cache exports exactly the reviewed names', () => {
  assert.equal(exportsOf(vanilla), [
    'All',
    'Collection',
    'Controller',
    'Endpoint',
    'Entity',
    'Invalidate',
    'Lazy',
    'NetworkError',
    'PollingSubscription',
    'Query',
    'RestEndpoint',
    'SchemaError',
    'SubscriptionManager',
    'TimeoutError',
    'TriggerManager',
    'Union',
    'Values',
    'actionTypes',
    'batch',
    'computed',
    'effect',
    'getDefaultManagers',
    'onCommit',
    'pagesOf',
    'resource',
    'schema',
    'signal',
    'untracked',
  ]);
});

api('signal-cache exports every type of its public signatures', () => {
  assert.equal(typeExportsOf('index.ts'), [
    'ActionMeta',
    'ActionTypes',
    'AllOf',
    'ArgsOf',
    'BodylessMethod',
    'CollectionAddition',
    'CollectionFilter',
    'CollectionLike',
    'CollectionMerge',
    'CollectionMode',
    'CollectionOptions',
    'CollectionWrite',
    'Commit',
    'CommitOrigin',
    'ControllerOptions',
    'DehydratedRows',
    'DehydratedState',
    'Denormalize',
    'DenormalizeContext',
    'Deserializer',
    'Dispatch',
    'EndpointInterface',
    'EndpointOptions',
    'EntityClass',
    'EntityInput',
    'EntityMeta',
    'EntityOf',
    'EntityPath',
    'ExpireAllAction',
    'Extendable',
    'FetchAction',
    'FetchFunction',
    'FetchMeta',
    'GCAction',
    'Input',
    'InvalidateAction',
    'InvalidateAllAction',
    'KeyFilter',
    'LazyQuery',
    'ListChange',
    'ListSchema',
    'Manager',
    'Member',
    'MemberOf',
    'Meta',
    'Middleware',
    'MiddlewareController',
    'NetworkErrorSource',
    'NonFilterArgumentKeys',
    'NormalizeContext',
    'OptimisticAction',
    'Pages',
    'ParamValue',
    'PathParams',
    'QueryArgs',
    'Queryable',
    'ReadonlySignal',
    'Removed',
    'ResetAction',
    'ResolveType',
    'Resource',
    'ResourceEndpoints',
    'ResourceExtend',
    'ResourceOptions',
    'RestArgs',
    'RestContent',
    'RestEndpointOptions',
    'RestExtendOptions',
    'RestExtended',
    'RowChange',
    'SameTypeOptions',
    'Schema',
    'SchemaClass',
    'SetAction',
    'SetResponseAction',
    'SetResponseActionError',
    'SetResponseActionSuccess',
    'ShortenPath',
    'Signal',
    'SnapshotInterface',
    'SubscribeAction',
    'Subscription',
    'SubscriptionConstructable',
    'TimerHandle',
    'Timers',
    'Trigger',
    'TriggerManagerOptions',
    'UnionAttribute',
    'UnsubscribeAction',
    'Updater',
    'WithLast',
  ]);
});

api('the binding entries export the types of their signatures', () => {
  const shared = ['CacheProviderProps', 'EndpointArg', 'EndpointArgs', 'Mutation', 'QueryArg'];
  assert.equal(typeExportsOf('solid/index.ts'), shared);
  assert.equal(typeExportsOf('preact/index.ts'), [...shared, 'ErrorBoundaryProps'].sort());
});

api('the schema namespace mirrors Reactive Data Client', () => {
  assert.equal(exportsOf(vanilla.schema), [
    'All',
    'Array',
    'Collection',
    'CollectionAddition',
    'Entity',
    'Invalidate',
    'Lazy',
    'Object',
    'Query',
    'Union',
    'Values',
  ]);
  assert.is(vanilla.schema.All, vanilla.All);
});

api('signal-cache/solid exports exactly the reviewed names', () => {
  assert.equal(exportsOf(solid), [
    'CacheProvider',
    'createCache',
    'createError',
    'createFetch',
    'createKeepPrevious',
    'createLive',
    'createLoading',
    'createMeta',
    'createMutation',
    'createPages',
    'createQuery',
    'createSuspense',
    'useController',
  ]);
});

api('signal-cache/preact exports exactly the reviewed names', () => {
  assert.equal(exportsOf(preact), [
    'CacheProvider',
    'ErrorBoundary',
    'useCache',
    'useCacheSignal',
    'useController',
    'useError',
    'useFetch',
    'useFetchSignal',
    'useKeepPrevious',
    'useLive',
    'useLiveSignal',
    'useLoading',
    'useMeta',
    'useMutation',
    'usePages',
    'useQuery',
    'useQuerySignal',
    'useSuspense',
    'useSuspenseSignal',
  ]);
});

api('signal-cache/live exports exactly the reviewed names', () => {
  assert.equal(exportsOf(liveEntry), ['live']);
});

api('signal-cache/persist exports exactly the reviewed names, and the types of its signatures', () => {
  assert.equal(exportsOf(persistEntry), ['PersistError', 'indexedDBStorage', 'memoryStorage', 'persist']);
  assert.equal(typeExportsOf('persist/index.ts'), [
    'MemoryStorage',
    'PersistEntry',
    'PersistOptions',
    'PersistStorage',
    'Persister',
  ]);
});

api('signal-cache/tabs exports exactly the reviewed names', () => {
  assert.equal(exportsOf(tabsEntry), ['TabsError', 'shareTabs']);
  assert.equal(typeExportsOf('tabs/index.ts'), ['ShareTabsOptions', 'TabShare']);
});

api('signal-cache/ssr exports exactly the reviewed names', () => {
  assert.equal(exportsOf(ssrEntry), ['Controller', 'HydrationError', 'dehydrate', 'hydrate']);
  assert.equal(typeExportsOf('ssr/index.ts'), ['DehydratedRows', 'DehydratedState', 'SSRControllerOptions']);
});

api('signal-cache/devtools exports exactly the reviewed names, and the types of its signatures', () => {
  assert.equal(exportsOf(devtoolsEntry), ['DevToolsManager', 'mountDevtools']);
  assert.equal(typeExportsOf('devtools/index.ts'), [
    'DevToolsConfig',
    'DevToolsConnection',
    'DevtoolsHandle',
    'DevtoolsOptions',
    'DevtoolsState',
    'ErrorState',
  ]);
});

api.run();
