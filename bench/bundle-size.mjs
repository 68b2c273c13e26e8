/**
 * W15 — bundle size, minified + gzipped (level 9), measured with tools/size.mjs:
 * signal-cache's vanilla entry with @preact/signals-core bundled in, each binding alone
 * (core and peers external), and the peers' entries an app of the same kind ships:
 *   - data-client: @data-client/core + @data-client/rest, every export;
 *   - TanStack: @tanstack/solid-query, every export (solid-js external);
 *   - Apollo: @apollo/client/cache, every export, with the parts of graphql it uses.
 * Dev-only code is dropped (NODE_ENV=production), as in an app's production bundle.
 */
import { Scenario } from './_lib/harness.mjs';
import { bundleSize, measureEntries, packageEntries } from '../tools/size.mjs';

const s = new Scenario({ id: 'W15', title: 'bundle size (min+gzip)', file: 'bundle-size.mjs' });

const ours = await measureEntries(await packageEntries());
const signalsCore = await bundleSize({ contents: `export * from '@preact/signals-core';` });
const vanilla = ours.find((m) => m.name === 'index');
s.value({ case: 'vanilla entry', peer: 'signal-cache', variant: 'signal-cache + @preact/signals-core', unit: 'B gz', value: vanilla.gzip, note: `of which @preact/signals-core alone is ${signalsCore.gzip} B` });
for (const m of ours.filter((m) => m.name !== 'index')) {
  s.value({ case: `binding ${m.name.split('/')[0]}`, peer: 'signal-cache', variant: m.name, unit: 'B gz', value: m.gzip, note: m.counts });
}

const peers = [
  {
    peer: 'data-client',
    variant: '@data-client/core + @data-client/rest',
    contents: `export * from '@data-client/core'; export * from '@data-client/rest';`,
  },
  {
    peer: 'tanstack',
    variant: '@tanstack/solid-query (solid-js external)',
    contents: `export * from '@tanstack/solid-query';`,
    external: ['solid-js', 'solid-js/*'],
  },
  {
    peer: 'apollo',
    variant: '@apollo/client/cache (+ graphql used parts)',
    contents: `export * from '@apollo/client/cache';`,
  },
];
for (const p of peers) {
  const m = await bundleSize({ contents: p.contents, external: p.external ?? [] });
  s.value({ case: 'vanilla entry', peer: p.peer, variant: p.variant, unit: 'B gz', value: m.gzip });
  s.gate(`${p.peer}: bundled`, m.gzip > 1000, `${m.gzip} B`);
}
const dcSize = s.rows.find((r) => r.peer === 'data-client').value;
s.check('signal-cache vanilla ≤ half of data-client core+rest', vanilla.gzip <= dcSize / 2, `${vanilla.gzip} B vs ${dcSize} B`);
s.check('signal-cache vanilla ≤ 6.5 KiB', vanilla.gzip <= 6656, `${vanilla.gzip} B`);
s.report();
