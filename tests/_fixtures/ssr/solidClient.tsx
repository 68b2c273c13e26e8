/** @jsxImportSource solid-js */
// Browser half of the Solid SSR test: fills a Controller from the server's state, then
// hydrates the server's markup.
import { hydrate as hydrateDom } from 'solid-js/web';
import { Controller } from '../../../src/index.js';
import { hydrate, type DehydratedState } from '../../../src/ssr/index.js';
import { App, Product, productsEndpoint } from './solidApp.js';

export { Product };

export function start(root: Element, state: DehydratedState, url: string) {
  const ctrl = new Controller();
  const getProducts = productsEndpoint(url);
  hydrate(ctrl, state, [Product]);
  const dispose = hydrateDom(() => <App ctrl={ctrl} getProducts={getProducts} />, root);
  return { ctrl, getProducts, dispose };
}
