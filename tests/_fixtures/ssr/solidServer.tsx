/** @jsxImportSource solid-js */
// Server half of the Solid SSR test: run by Node without the browser condition, so
// `solid-js` is its server build. Renders the app against the API at SERVER_URL and
// prints `{ html, head, state, stream, sync }` as JSON: `renderToStringAsync` with an empty
// Controller (its state), `renderToStream` with another empty one (its chunks; the state written into
// the stream once every boundary resolved, as an app does in `onCompleteAll`), and
// `renderToString` with a Controller that already holds the data.
import { Writable } from 'node:stream';
import { generateHydrationScript, renderToStream, renderToString, renderToStringAsync } from 'solid-js/web';
import { Controller } from '../../../src/index.js';
import { dehydrate } from '../../../src/ssr/index.js';
import { App, productsEndpoint } from './solidApp.js';

const getProducts = productsEndpoint(process.env.SERVER_URL!);
const ctrl = new Controller();
const html = await renderToStringAsync(() => <App ctrl={ctrl} getProducts={getProducts} />);

// The request waits for the shell to be written, so the stream has its two parts whatever
// the timing: the shell with the fallback, then the data.
let shellWritten!: () => void;
const shell = new Promise<void>((resolve) => (shellWritten = resolve));
const streamed = new Controller({ fetch: (endpoint, args) => shell.then(() => endpoint.fetch(...args)) });
const stream = await new Promise<string[]>((resolve) => {
  const chunks: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      shellWritten();
      done();
    },
  });
  sink.on('finish', () => resolve(chunks));
  renderToStream(() => <App ctrl={streamed} getProducts={getProducts} />, {
    onCompleteAll({ write }) {
      // `<` escaped: the JSON cannot close the script element.
      write(`<script>self.__STATE__=${JSON.stringify(dehydrate(streamed)).replace(/</g, '\\u003c')}</script>`);
    },
  }).pipe(sink);
});

const filled = new Controller();
await filled.fetch(getProducts);
const sync = renderToString(() => <App ctrl={filled} getProducts={getProducts} />);

process.stdout.write(JSON.stringify({ html, head: generateHydrationScript(), state: dehydrate(ctrl), stream, sync }));
