// The public API is a reviewed list: each entry's export names, compared with a literal.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import * as vanilla from '../src/index.js';
import * as liveEntry from '../src/live/index.js';
import * as preact from '../src/preact/index.js';
import * as solid from '../src/solid/index.js';

const exportsOf = (entry: object) => Object.keys(entry).sort();

const api = suite('public API');

api('signal-cache exports exactly the reviewed names', () => {
  assert.equal(exportsOf(vanilla), [
    'All',
    'Collection',
    'Controller',
    'Endpoint',
    'Entity',
    'HydrationError',
    'Invalidate',
    'Lazy',
    'NetworkError',
    'Query',
    'RestEndpoint',
    'SchemaError',
    'TimeoutError',
    'Union',
    'Values',
    'batch',
    'computed',
    'dehydrate',
    'effect',
    'hydrate',
    'resource',
    'schema',
    'signal',
    'untracked',
  ]);
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
    'useQuery',
    'useQuerySignal',
    'useSuspense',
    'useSuspenseSignal',
  ]);
});

api('signal-cache/live exports exactly the reviewed names', () => {
  assert.equal(exportsOf(liveEntry), ['live']);
});

api.run();
