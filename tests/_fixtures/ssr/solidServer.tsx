/** @jsxImportSource solid-js */
// Server half of the Solid SSR test: run by Node without the browser condition, so
// `solid-js` is its server build. Renders the app against the API at SERVER_URL and
// prints `{ html, head, state, stream, sync }` as JSON: `renderToStringAsync` with an empty
// Controller (its state), `renderToStream` with another empty one, and `renderToString`
// with a Controller that already holds the data.
import { Writable } from 'node:stream';
import { generateHydrationScript, renderToStream, renderToString, renderToStringAsync } from 'solid-js/web';
import { Controller, dehydrate } from '../../../src/index.js';
import { App, productsEndpoint } from './solidApp.js';

const getProducts = productsEndpoint(process.env.SERVER_URL!);
const ctrl = new Controller();
const html = await renderToStringAsync(() => <App ctrl={ctrl} getProducts={getProducts} />);

const streamed = new Controller();
const stream = await new Promise<string>((resolve) => {
  let text = '';
  const sink = new Writable({
    write(chunk, _encoding, done) {
      text += chunk;
      done();
    },
  });
  sink.on('finish', () => resolve(text));
  renderToStream(() => <App ctrl={streamed} getProducts={getProducts} />).pipe(sink);
});

const filled = new Controller();
await filled.fetch(getProducts);
const sync = renderToString(() => <App ctrl={filled} getProducts={getProducts} />);

process.stdout.write(JSON.stringify({ html, head: generateHydrationScript(), state: dehydrate(ctrl), stream, sync }));
