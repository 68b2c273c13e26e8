/** @jsxImportSource solid-js */
// Server half of the Solid SSR test: run by Node without the browser condition, so
// `solid-js` is its server build. Renders the app against the API at SERVER_URL and
// prints `{ html, head, state }` as JSON.
import { generateHydrationScript, renderToStringAsync } from 'solid-js/web';
import { Controller, dehydrate } from '../../../src/index.js';
import { App, productsEndpoint } from './solidApp.js';

const ctrl = new Controller();
const getProducts = productsEndpoint(process.env.SERVER_URL!);
const html = await renderToStringAsync(() => <App ctrl={ctrl} getProducts={getProducts} />);
process.stdout.write(JSON.stringify({ html, head: generateHydrationScript(), state: dehydrate(ctrl) }));
