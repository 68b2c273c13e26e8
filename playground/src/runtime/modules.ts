/**
 * The modules a demo may import, linked to the page's own copies (one copy of
 * `@preact/signals-core` for the library, the bindings and the inspector).
 */
import * as signalCache from '../../../src/index.js';
import * as signalCacheSolid from '../../../src/solid/index.js';
import * as signalCachePreact from '../../../src/preact/index.js';
import * as signalCacheLive from '../../../src/live/index.js';
import * as solid from 'solid-js';
import * as solidWeb from 'solid-js/web';
import * as solidStore from 'solid-js/store';
import * as preact from 'preact';
import * as preactHooks from 'preact/hooks';
import * as preactCompat from 'preact/compat';
import * as preactJsx from 'preact/jsx-runtime';
import * as preactSignals from '@preact/signals';
import Decimal from 'decimal.js';
import * as temporal from 'temporal-polyfill';
import { MOCK_ORIGIN, reply } from '../mock/server.js';

/** Marks a namespace as an ES module for Babel's CommonJS interop (`default` imports). */
const esm = (ns: object): Record<string, unknown> => ({ ...ns, __esModule: true });

/**
 * A namespace of the library whose classes and functions carry their export names again
 * (and those of its namespaces, `schema`): the page's build minifies them, and the
 * inspector labels a schema by its class (`All(User)`), as in an app's development build.
 */
function named<T extends object>(ns: T, depth = 0): T {
  for (const [name, value] of Object.entries(ns)) {
    if (typeof value === 'function' && value.name !== name) Object.defineProperty(value, 'name', { value: name });
    else if (depth === 0 && value !== null && typeof value === 'object') named(value, 1);
  }
  return ns;
}

/** What `import … from 'playground'` gives a demo's mock server. */
export const playgroundModule = esm({ MOCK_ORIGIN, reply });

export const libraries: Record<string, Record<string, unknown>> = {
  'signal-cache': esm(named(signalCache)),
  'signal-cache/solid': esm(named(signalCacheSolid)),
  'signal-cache/preact': esm(named(signalCachePreact)),
  'signal-cache/live': esm(named(signalCacheLive)),
  'solid-js': esm(solid),
  'solid-js/web': esm(solidWeb),
  'solid-js/store': esm(solidStore),
  preact: esm(preact),
  'preact/hooks': esm(preactHooks),
  'preact/compat': esm(preactCompat),
  'preact/jsx-runtime': esm(preactJsx),
  '@preact/signals': esm(preactSignals),
  'decimal.js': { __esModule: true, default: Decimal, Decimal },
  'temporal-polyfill': esm(temporal),
  playground: playgroundModule,
};

/** Names a demo may import, for the error that lists them. */
export const importable = Object.keys(libraries).concat('./api');
