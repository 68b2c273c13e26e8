/**
 * `dehydrate(ctrl)` / `hydrate(ctrl, state, schemas)`: a Controller's server data as data
 * (DESIGN rule 14), through the state codec (src/state/hydrate.ts). Free functions rather
 * than Controller methods, as TanStack Query's `dehydrate` / `hydrate`: an app that never
 * calls them ships none of this code.
 */
import type { Controller } from '../controller/Controller.js';
import type { Schema } from '../schema/types.js';
import { dehydrateStore, hydrateStore, type DehydratedState } from '../state/hydrate.js';

/**
 * The Controller's server data as a JSON-safe object: rows (their server value, with the
 * time until which a response vouched for them), Collection lists, responses and their
 * meta. Pending optimistic changes and errors are left out. Stored values are shared with
 * the store, not copied: read or `JSON.stringify` the state, never mutate it. Its
 * dictionaries (by entity key, pk, list key, arguments key, endpoint key) have no
 * prototype, so a key of any name (`__proto__`, `constructor`) is an ordinary one.
 * @throws HydrationError for a deserialized field that has no JSON form (`toJSON`)
 * @example
 * const html = await renderToStringAsync(() => <App controller={ctrl} />);
 * const state = JSON.stringify(dehydrate(ctrl)); // embed in the page, then `hydrate` in the browser
 */
export function dehydrate(ctrl: Controller): DehydratedState {
  return dehydrateStore(ctrl._hydration()[0]);
}

/**
 * Fills the Controller from a {@link dehydrate}d state, in one batch, as a response would:
 * rows merge over stored ones, lists and responses are replaced, each response keeps its
 * fetch time and expiry (so `fetchIfStale` of fresh data sends no request). A response
 * stored with a later fetch time than the state's is kept.
 *
 * The whole state is checked and deserialized before anything is written, on its parsed
 * values and with the limits every way in shares (a response too): a malformed state,
 * another format version, data nested over 500 levels, a time that is no finite time, a
 * list item that is no pk, a row that does not hold the pk it is filed under or a field
 * that fails to deserialize (both checked when its entity class is known: given in
 * `schemas`, or written before by this Controller) throws a `HydrationError` and leaves
 * the Controller as it was. Rows of other classes keep their converted fields as data
 * until the class that first reads them deserializes them (a value it refuses is left
 * out then: the class default shows). No key of the state, whatever its name, reaches a prototype.
 * A response is checked against its endpoint's schema when it is read: one of another
 * shape (a string for a `[User]` endpoint) reads as missing, so it is fetched.
 *
 * @param schemas optional: entity classes whose rows are deserialized and checked at once:
 *   entities, endpoint schemas, arrays or objects of them (nested schemas are followed).
 * @returns `ctrl`
 * @example
 * const ctrl = new Controller();
 * hydrate(ctrl, window.__STATE__);
 */
export function hydrate<C extends Controller>(ctrl: C, state: DehydratedState, schemas: readonly Schema[] = []): C {
  hydrateStore(ctrl._hydration()[0], () => ctrl._hydration()[1], state, schemas);
  return ctrl;
}
