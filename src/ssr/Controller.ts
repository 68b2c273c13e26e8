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

/** Options of `new Controller()` from `signal-cache/ssr`: the core options and two more. */
export interface SSRControllerOptions extends ControllerOptions {
  /**
   * A {@link dehydrate}d state (usually from the server, through JSON) to start from.
   * A state that `hydrate` rejects does not throw: its `HydrationError` goes to `onError`
   * and the Controller starts empty, as one without `initialState`.
   */
  initialState?: DehydratedState | undefined;
  /**
   * Where the entity classes of the state's deserialized fields are found (`hydrate`'s
   * third argument); also the default of {@link Controller.hydrate}'s.
   */
  schemas?: readonly Schema[] | undefined;
}

/**
 * The core Controller, plus `initialState` / `schemas` options and the `dehydrate()` /
 * `hydrate()` methods. Its methods are bound, like the core's.
 * @example
 * // server
 * const ctrl = new Controller();
 * const html = await renderToStringAsync(() => <App controller={ctrl} />);
 * const state = JSON.stringify(ctrl.dehydrate());
 * // browser
 * const ctrl = new Controller({ initialState: window.__STATE__, schemas: [Invoice] });
 */
export class Controller extends Core {
  readonly #schemas: readonly Schema[];

  constructor(options: SSRControllerOptions = {}) {
    super(options);
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
