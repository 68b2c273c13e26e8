// Preact server rendering: `renderToStringAsync` (preact-render-to-string) waits for
// `useSuspense` inside `Suspense`, then the browser hydrates the markup from
// `dehydrate(ctrl)` without a request. Requests are counted on the real HTTP server fixture.
import { container, tick } from '../_fixtures/dom.js';
import Decimal from 'decimal.js';
import { hydrate as hydrateDom, render } from 'preact';
import { Suspense } from 'preact/compat';
import { renderToStringAsync } from 'preact-render-to-string';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller, Entity, RestEndpoint, dehydrate, hydrate, type DehydratedState } from '../../src/index.js';
import { CacheProvider, useSuspense } from '../../src/preact/index.js';
import { json, startServer, type TestServer } from '../_fixtures/server.js';

class Product extends Entity {
  id = '';
  name = '';
  price = new Decimal(0);
  pk() {
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
  ctx.getProducts = new RestEndpoint({ urlPrefix: ctx.server.url, path: '/products', schema: [Product], dataExpiryLength: 60_000 });
});
ssr.after((ctx) => ctx.server.close());

ssr('renderToStringAsync renders the data; the client hydrates from the state without a request', async ({ server, getProducts }) => {
  const serverCtrl = new Controller();
  const html = await renderToStringAsync(<App ctrl={serverCtrl} getProducts={getProducts} />);
  // The comments mark the Suspense boundary for hydration.
  assert.is(html, '<main><!--$s--><ul><li>Pen 1.50</li><li>Ink 2.00</li></ul><!--/$s--></main>');
  assert.is(server.count('GET', '/products'), 1, 'the server fetched once');
  const state: DehydratedState = JSON.parse(JSON.stringify(dehydrate(serverCtrl)));

  const root = container();
  root.innerHTML = html;
  const li = root.querySelector('li');
  const ctrl = new Controller();
  hydrate(ctrl, state, [Product]);
  hydrateDom(<App ctrl={ctrl} getProducts={getProducts} />, root);
  await tick();
  assert.is(root.innerHTML, html.replace(/<!--\/?\$s-->/g, ''), 'the same markup, boundary marks consumed');
  assert.is(root.querySelector('li'), li, 'the server nodes are kept (hydrated, not rendered anew)');
  assert.is(server.count('GET', '/products'), 1, 'the client sent no request');

  // Hydrated markup follows the cache afterwards.
  ctrl.set(Product, { id: 'p1' }, { id: 'p1', name: 'Pencil', price: '1.5' });
  await tick();
  assert.is(root.querySelector('li')!.textContent, 'Pencil 1.50');
  render(null, root);
});

ssr('without the state the client fetches: the request count above is the state at work', async ({ server, getProducts }) => {
  const before = server.count('GET', '/products');
  const root = container();
  root.innerHTML = '<main><!--$s--><ul><li>Pen 1.50</li><li>Ink 2.00</li></ul><!--/$s--></main>';
  hydrateDom(<App ctrl={new Controller()} getProducts={getProducts} />, root);
  await new Promise((done) => setTimeout(done, 50));
  assert.is(server.count('GET', '/products'), before + 1);
  render(null, root);
});

ssr.run();
