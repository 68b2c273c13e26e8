/** @jsxImportSource solid-js */
// One Solid app, compiled twice by tests/solid/ssr.test.ts: for the server (`generate:
// 'ssr'`) and for the browser (`generate: 'dom'`), both hydratable.
import Decimal from 'decimal.js';
import { For, Suspense } from 'solid-js';
import { type Controller, Entity, RestEndpoint } from '../../../src/index.js';
import { CacheProvider, createSuspense } from '../../../src/solid/index.js';

export class Product extends Entity {
  id = '';
  name = '';
  price = new Decimal(0);
  override pk() {
    return this.id;
  }
  static override key = 'Product';
  static override schema = { price: Decimal };
}

export function productsEndpoint(urlPrefix: string) {
  return new RestEndpoint({ urlPrefix, path: '/products', schema: [Product], dataExpiryLength: 60_000 });
}

function Products(props: { getProducts: ReturnType<typeof productsEndpoint> }) {
  const products = createSuspense(props.getProducts);
  return (
    <ul>
      <For each={products()}>{(p) => <li>{`${p.name} ${p.price.toFixed(2)}`}</li>}</For>
    </ul>
  );
}

export function App(props: { ctrl: Controller; getProducts: ReturnType<typeof productsEndpoint> }) {
  return (
    <CacheProvider controller={props.ctrl}>
      <main>
        <Suspense fallback={<p>loading</p>}>
          <Products getProducts={props.getProducts} />
        </Suspense>
      </main>
    </CacheProvider>
  );
}
