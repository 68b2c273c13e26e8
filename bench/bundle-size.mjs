/**
 * W15 — bundle size, minified + gzipped (level 9), measured with tools/size.mjs, two
 * cases side by side:
 *   - typical import: what an app of each library imports for normalized REST data
 *     (signal-cache: Controller, Entity, RestEndpoint, Query, All, Collection, effect from
 *     the built dist), after tree-shaking;
 *   - whole entry: every export (signal-cache's vanilla entry with @preact/signals-core
 *     bundled in), and each binding alone (core and peers external).
 * Peers: data-client (@data-client/core + @data-client/rest), TanStack
 * (@tanstack/solid-query, solid-js external), Apollo (@apollo/client/cache with the parts
 * of graphql it uses). Dev-only code is dropped (NODE_ENV=production), as in an app's
 * production bundle.
 */
import { Scenario } from './_lib/harness.mjs';
import { TYPICAL_IMPORT, bundleSize, measureEntries, packageEntries } from '../tools/size.mjs';

const s = new Scenario({ id: 'W15', title: 'bundle size (min+gzip)', file: 'bundle-size.mjs' });

const ours = await measureEntries(await packageEntries());
const signalsCore = await bundleSize({ contents: `export * from '@preact/signals-core';` });
const typical = ours.find((m) => m.name === 'typical');
const vanilla = ours.find((m) => m.name === 'index');
s.value({
  case: 'typical import',
  peer: 'signal-cache',
  variant: `{ ${TYPICAL_IMPORT.join(', ')} }`,
  unit: 'B gz',
  value: typical.gzip,
  note: `with @preact/signals-core (${signalsCore.gzip} B alone)`,
});
s.value({
  case: 'vanilla entry',
  peer: 'signal-cache',
  variant: 'signal-cache + @preact/signals-core',
  unit: 'B gz',
  value: vanilla.gzip,
  note: `of which @preact/signals-core alone is ${signalsCore.gzip} B`,
});
for (const m of ours.filter((m) => m.name !== 'index' && m.name !== 'typical')) {
  s.value({
    case: `binding ${m.name.split('/')[0]}`,
    peer: 'signal-cache',
    variant: m.name,
    unit: 'B gz',
    value: m.gzip,
    note: m.counts,
  });
}

const peers = [
  {
    peer: 'data-client',
    variant: '@data-client/core + @data-client/rest',
    contents: `export * from '@data-client/core'; export * from '@data-client/rest';`,
    typical: `export { Controller } from '@data-client/core'; export { Entity, RestEndpoint, Query, schema } from '@data-client/rest';`,
    typicalVariant:
      '{ Controller } core + { Entity, RestEndpoint, Query, schema } rest (All, Collection live in schema)',
  },
  {
    peer: 'tanstack',
    variant: '@tanstack/solid-query (solid-js external)',
    contents: `export * from '@tanstack/solid-query';`,
    typical: `export { QueryClient, QueryClientProvider, useQuery, useMutation } from '@tanstack/solid-query';`,
    typicalVariant: '{ QueryClient, QueryClientProvider, useQuery, useMutation } (solid-js external)',
    external: ['solid-js', 'solid-js/*'],
  },
  {
    peer: 'apollo',
    variant: '@apollo/client/cache (+ graphql used parts)',
    contents: `export * from '@apollo/client/cache';`,
    typical: `export { ApolloClient, InMemoryCache, gql } from '@apollo/client';`,
    typicalVariant: '{ ApolloClient, InMemoryCache, gql } (+ graphql used parts)',
  },
];
for (const p of peers) {
  const t = await bundleSize({ contents: p.typical, external: p.external ?? [] });
  s.value({ case: 'typical import', peer: p.peer, variant: p.typicalVariant, unit: 'B gz', value: t.gzip });
  const m = await bundleSize({ contents: p.contents, external: p.external ?? [] });
  s.value({ case: 'vanilla entry', peer: p.peer, variant: p.variant, unit: 'B gz', value: m.gzip });
  s.gate(`${p.peer}: bundled`, m.gzip > 1000 && t.gzip > 1000, `${t.gzip} B typical, ${m.gzip} B whole`);
}
const dcSize = s.rows.find((r) => r.peer === 'data-client' && r.case === 'vanilla entry').value;
// Issue 8's budgets: the whole entry ≤ 11,000 B (three quarters of data-client's core+rest,
// 14,623 B when set), the typical import ≤ 6.5 KiB.
s.check(
  'signal-cache vanilla ≤ 11,000 B (¾ of data-client core+rest)',
  vanilla.gzip <= 11000,
  `${vanilla.gzip} B vs ${dcSize} B`,
);
s.check('signal-cache typical import ≤ 6.5 KiB', typical.gzip <= 6656, `${typical.gzip} B`);
s.report();
