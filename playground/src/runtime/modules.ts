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

/** What `import … from 'playground'` gives a demo's mock server. */
export const playgroundModule = esm({ MOCK_ORIGIN, reply });

export const libraries: Record<string, Record<string, unknown>> = {
  'signal-cache': esm(signalCache),
  'signal-cache/solid': esm(signalCacheSolid),
  'signal-cache/preact': esm(signalCachePreact),
  'signal-cache/live': esm(signalCacheLive),
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
