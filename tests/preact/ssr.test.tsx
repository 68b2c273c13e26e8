// Preact server rendering: `renderToStringAsync` (preact-render-to-string) waits for
// `useSuspense` inside `Suspense`, then the browser hydrates the markup from
// `dehydrate(ctrl)` without a request. Requests are counted on the real HTTP server fixture.
import { container, tick, window } from '../_fixtures/dom.js';
import type { Window } from 'happy-dom';
import Decimal from 'decimal.js';
import 'preact/debug';
import { hydrate as hydrateDom, render, type VNode } from 'preact';
import { Suspense } from 'preact/compat';
import { renderToStringAsync } from 'preact-render-to-string';
import { renderToPipeableStream } from 'preact-render-to-string/stream-node';
import { Writable } from 'node:stream';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller, Entity, RestEndpoint } from '../../src/index.js';
import { dehydrate, hydrate, type DehydratedState } from '../../src/ssr/index.js';
import { CacheProvider, useSuspense } from '../../src/preact/index.js';
import { json, startServer, type TestServer } from '../_fixtures/server.js';

class Product extends Entity {
  id = '';
  name = '';
  price = new Decimal(0);
  override pk() {
    return this.id;
  }
  static override key = 'Product';
  static override schema = { price: Decimal };
}

type GetProducts = RestEndpoint<'/products', {}, 'GET', unknown, any, (typeof Product)[]>;

function Products({ getProducts }: { getProducts: GetProducts }) {
  const products = useSuspense(getProducts);
  return (
    <ul>
      {products.map((p) => (
        <li key={p.id}>{`${p.name} ${p.price.toFixed(2)}`}</li>
      ))}
    </ul>
  );
}

function App({ ctrl, getProducts }: { ctrl: Controller; getProducts: GetProducts }) {
  return (
    <CacheProvider controller={ctrl}>
      <main>
        <Suspense fallback={<p>loading</p>}>
          <Products getProducts={getProducts} />
        </Suspense>
      </main>
    </CacheProvider>
  );
}

/**
 * happy-dom's NodeIterator has no `referenceNode`, which the island element of
 * preact-render-to-string's stream reads: the last node `nextNode()` returned (what a
 * browser's is while iterating forward).
 */
function withReferenceNode(document: Window['document']): void {
  const create = document.createNodeIterator.bind(document);
  document.createNodeIterator = (...args: Parameters<typeof create>) => {
    const iterator = create(...args);
    const next = iterator.nextNode.bind(iterator);
    let reference: unknown = null;
    Object.defineProperty(iterator, 'referenceNode', { get: () => reference });
    iterator.nextNode = () => (reference = next());
    return iterator;
  };
}

/** Hydrates `root` with `app` and returns what was written to console.error / console.warn meanwhile (preact/debug reports mismatches there). */
async function hydrateIn(root: Element, app: VNode): Promise<unknown[]> {
  const warnings: unknown[] = [];
  const { warn, error } = console;
  console.warn = console.error = (...args: unknown[]) => void warnings.push(args.join(' '));
  try {
    hydrateDom(app, root);
    await tick();
  } finally {
    console.warn = warn;
    console.error = error;
  }
  return warnings;
}

/** A Controller holding the products, fetched from the server. */
async function filled(server: TestServer, getProducts: GetProducts): Promise<Controller> {
  const ctrl = new Controller();
  await ctrl.fetch(getProducts);
  return ctrl;
}

interface Ctx {
  server: TestServer;
  getProducts: GetProducts;
}

const ssr = suite<Ctx>('Preact server rendering');
ssr.before(async (ctx) => {
  ctx.server = await startServer();
  ctx.server.route('GET', '/products', (_req, res) =>
    json(res, 200, [
      { id: 'p1', name: 'Pen', price: '1.5' },
      { id: 'p2', name: 'Ink', price: '2' },
    ]),
  );
  ctx.getProducts = new RestEndpoint({
    urlPrefix: ctx.server.url,
    path: '/products',
    schema: [Product],
    dataExpiryLength: 60_000,
  });
});
ssr.after((ctx) => ctx.server.close());

ssr(
  'renderToStringAsync renders the data; the client hydrates from the state without a request',
  async ({ server, getProducts }) => {
    const serverCtrl = new Controller();
    const html = await renderToStringAsync(<App ctrl={serverCtrl} getProducts={getProducts} />);
    // The comments mark the Suspense boundary for hydration.
    assert.is(html, '<main><!--$s--><ul><li>Pen 1.50</li><li>Ink 2.00</li></ul><!--/$s--></main>');
    assert.is(server.count('GET', '/products'), 1, 'the server fetched once');
    const state: DehydratedState = JSON.parse(JSON.stringify(dehydrate(serverCtrl)));

    const root = container();
    root.innerHTML = html;
    const li = root.querySelector('li');
    const ctrl = hydrate(new Controller(), state, [Product]);
    assert.equal(await hydrateIn(root, <App ctrl={ctrl} getProducts={getProducts} />), [], 'no hydration mismatch');
    assert.is(root.innerHTML, html.replace(/<!--\/?\$s-->/g, ''), 'the same markup, boundary marks consumed');
    assert.is(root.querySelector('li'), li, 'the server nodes are kept (hydrated, not rendered anew)');
    assert.is(server.count('GET', '/products'), 1, 'the client sent no request');

    // Hydrated markup follows the cache afterwards.
    ctrl.set(Product, { id: 'p1' }, { id: 'p1', name: 'Pencil', price: '1.5' });
    await tick();
    assert.is(root.querySelector('li')!.textContent, 'Pencil 1.50');
    render(null, root);
  },
);

ssr(
  'renderToPipeableStream streams the fallback, then the data; the client hydrates from the state written last',
  async ({ server, getProducts }) => {
    const before = server.count('GET', '/products');
    const serverCtrl = new Controller();
    const chunks = await new Promise<string[]>((resolve, reject) => {
      const out: string[] = [];
      const sink = new Writable({
        write(chunk, _encoding, done) {
          out.push(String(chunk));
          done();
        },
      });
      sink.on('finish', () => resolve(out));
      renderToPipeableStream(<App ctrl={serverCtrl} getProducts={getProducts} />, { onError: reject }).pipe(sink);
    });
    // As an app's response does before it ends (a Transform's flush): the state, `<` escaped.
    chunks.push(`<script>self.__STATE__=${JSON.stringify(dehydrate(serverCtrl)).replace(/</g, '\\u003c')}</script>`);
    assert.is(server.count('GET', '/products'), before + 1, 'the server fetched once');
    assert.match(chunks[0], '<p>loading</p>', 'the shell goes out with the fallback, before the data');
    assert.not.match(chunks[0], 'Pen');
    const html = chunks.join('');
    assert.match(
      html,
      /<preact-island hidden data-target="[^"]+"><ul><li>Pen 1\.50<\/li><li>Ink 2\.00<\/li><\/ul><\/preact-island>/,
    );

    // The browser: the streamed page, its scripts (the island element swaps the data in for
    // the fallback on the next frame, the state script), then the app hydrating it.
    const root = container();
    root.innerHTML = html;
    withReferenceNode(window.document);
    for (const [, code] of html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)) {
      new Function('self', 'customElements', code)(globalThis, window.customElements);
    }
    await new Promise((done) => setTimeout(done, 50));
    const main = root.querySelector('main')!;
    assert.is(main.textContent, 'Pen 1.50Ink 2.00', "the data took the fallback's place");
    const li = root.querySelector('li');
    const state = (globalThis as { __STATE__?: DehydratedState }).__STATE__!;
    const ctrl = hydrate(new Controller(), state, [Product]);
    assert.equal(await hydrateIn(root, <App ctrl={ctrl} getProducts={getProducts} />), [], 'no hydration mismatch');
    assert.is(root.querySelector('li'), li, 'the server nodes are kept (hydrated, not rendered anew)');
    assert.is(main.innerHTML.replace(/<!--[^>]*-->/g, ''), '<ul><li>Pen 1.50</li><li>Ink 2.00</li></ul>');
    assert.is(server.count('GET', '/products'), before + 1, 'the client sent no request');

    ctrl.set(Product, { id: 'p1' }, { id: 'p1', name: 'Pencil', price: '1.5' });
    await tick();
    assert.is(root.querySelector('li')!.textContent, 'Pencil 1.50');
    render(null, root);
  },
);

ssr(
  'without the state the client fetches: the request count above is the state at work',
  async ({ server, getProducts }) => {
    const before = server.count('GET', '/products');
    const root = container();
    root.innerHTML = '<main><!--$s--><ul><li>Pen 1.50</li><li>Ink 2.00</li></ul><!--/$s--></main>';
    hydrateDom(<App ctrl={new Controller()} getProducts={getProducts} />, root);
    await new Promise((done) => setTimeout(done, 50));
    assert.is(server.count('GET', '/products'), before + 1);
    render(null, root);
  },
);

ssr(
  'the mismatch check above sees one: markup the app does not render is reported',
  async ({ getProducts, server }) => {
    const ctrl = hydrate(new Controller(), dehydrate(await filled(server, getProducts)), [Product]);
    const root = container();
    root.innerHTML = '<main><!--$s--><ol><li>Pen 1.50</li><li>Ink 2.00</li></ol><!--/$s--></main>';
    const warnings = await hydrateIn(root, <App ctrl={ctrl} getProducts={getProducts} />);
    const mismatch = 'Expected a DOM node of type "ul" but found "ol"';
    assert.ok(
      warnings.some((w) => String(w).includes(mismatch)),
      `reported: ${warnings.join(' | ')}`,
    );
    render(null, root);
  },
);

ssr.run();
