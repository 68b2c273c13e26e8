/**
 * A Controller that starts from a server's state and dehydrates itself: the method
 * spelling of `dehydrate(ctrl)` / `hydrate(ctrl, state, schemas)`. A subclass in its own
 * entry, so `import { Controller } from 'signal-cache'` ships none of the hydration code.
 */
import { Controller as Core } from '../controller/Controller.js';
import type { ControllerOptions } from '../controller/types.js';
import type { DehydratedState } from '../state/hydrate.js';
import { dehydrate, hydrate } from './dehydrate.js';
import type { Schema } from '../schema/types.js';

/** Options of `new Controller()` from `signal-cache/ssr`: the core options and `schemas`. */
export interface SSRControllerOptions extends ControllerOptions {
  /**
   * Entity classes to deserialize and check the rows of `initialState` (and of
   * {@link Controller.hydrate}) with at once (`hydrate`'s third argument). Optional: rows
   * of classes not named here are deserialized by the class that first reads them.
   */
  schemas?: readonly Schema[] | undefined;
}

/**
 * The core Controller (its `initialState` option too), plus a `schemas` option and the `dehydrate()` /
 * `hydrate()` methods. Its methods are bound, like the core's.
 * @example
 * // server
 * const ctrl = new Controller();
 * const html = await renderToStringAsync(() => <App controller={ctrl} />);
 * const state = JSON.stringify(ctrl.dehydrate());
 * // browser
 * const ctrl = new Controller({ initialState: window.__STATE__ });
 */
export class Controller extends Core {
  readonly #schemas: readonly Schema[];

  constructor(options: SSRControllerOptions = {}) {
    // The state is restored here, with the classes of `schemas`: their rows are checked
    // and deserialized at once (the core leaves fields of unnamed classes to their first reader).
    super({ ...options, initialState: undefined });
    this.#schemas = options.schemas ?? [];
    if (options.initialState !== undefined) {
      try {
        hydrate(this, options.initialState, this.#schemas);
      } catch (error) {
        // `hydrate` writes nothing before it has checked the whole state: still empty.
        (options.onError ?? console.error)(error);
      }
    }
  }

  /** This Controller's server data as JSON-safe state: see {@link dehydrate}. */
  readonly dehydrate = (): DehydratedState => dehydrate(this);

  /**
   * Fills this Controller from a dehydrated state: see {@link hydrate}. Throws a
   * `HydrationError` for a state it cannot restore, writing nothing.
   * @param schemas default: the `schemas` option.
   */
  readonly hydrate = (state: DehydratedState, schemas: readonly Schema[] = this.#schemas): this =>
    hydrate(this, state, schemas);
}
