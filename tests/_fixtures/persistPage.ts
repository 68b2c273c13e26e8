/**
 * The page of tests/persist/browser.test.ts, bundled with esbuild: a Controller persisting
 * into the browser's IndexedDB. It restores, reads the invoices with `fetchIfStale`, shows
 * them, saves, and reports what it saw on `window.result`.
 */
import { Controller, Entity, RestEndpoint } from '../../src/index.js';
import { indexedDBStorage, persist } from '../../src/persist/index.js';

class Invoice extends Entity {
  id = '';
  title = '';
  issuedAt = new Date(0);
  override pk() {
    return this.id;
  }
  static override key = 'Invoice';
  static override schema = { issuedAt: (iso: string) => new Date(iso) };
}

const getInvoices = new RestEndpoint({
  urlPrefix: location.origin,
  path: '/api/invoices',
  schema: [Invoice],
  dataExpiryLength: 60_000,
});

const errors: string[] = [];
const ctrl = new Controller();
const persister = persist(ctrl, indexedDBStorage('persist-test'), {
  schemas: [Invoice],
  onError: (e) => errors.push(e.message),
});
await persister.restored;
const restored = ctrl.getResponse(getInvoices) !== undefined;
const invoices = await ctrl.fetchIfStale(getInvoices);
document.querySelector('#out')!.textContent = invoices
  .map((i) => `${i.title} ${i.issuedAt.toISOString().slice(0, 10)}`)
  .join(', ');
await persister.flush();
(window as any).result = {
  restored,
  classes: invoices.every((i) => i instanceof Invoice && i.issuedAt instanceof Date),
  errors,
};
