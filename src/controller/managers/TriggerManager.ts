/**
 * Refetch triggers as a manager (Reactive Data Client's connection listener is the
 * model; TanStack Query's `focusManager` / `onlineManager` do the same): it listens to the
 * page's focus and the network, and tells its Controller, which pauses polling and the
 * refetches of mounted keys while the page is hidden or offline, and refetches the stale
 * mounted data when both are back.
 *
 * It holds its Controller weakly: a Controller nobody references is collected even while
 * the browser's listeners are attached, and they are removed then (or by `cleanup()`).
 */
import type { Manager, Middleware } from '../actions.js';
import type { Controller } from '../Controller.js';
import { focusTrigger, onlineTrigger, type Trigger } from '../triggers.js';

/** Options of {@link TriggerManager}; see `ControllerOptions.focus` / `online`. */
export interface TriggerManagerOptions {
  /** Reports the page focused or hidden; `false`: none. Default: `visibilitychange` and `focus` on `window`, where there is one. */
  focus?: Trigger | false | undefined;
  /** Reports the network back or gone; `false`: none. Default: `online` / `offline` on `window`, where there is one. */
  online?: Trigger | false | undefined;
}

/** Removes the listeners of a collected Controller. */
const listening = new FinalizationRegistry<() => void>((stop) => stop());

export class TriggerManager implements Manager {
  readonly #triggers: [name: string, trigger: Trigger | false | undefined][];
  /** Stops the listeners (empty when none run). */
  #stop: () => void = noop;

  constructor(options: TriggerManagerOptions = {}) {
    this.#triggers = [
      ['focus', options.focus ?? focusTrigger()],
      ['online', options.online ?? onlineTrigger()],
    ];
  }

  middleware: Middleware = (controller) => {
    this.cleanup();
    const ref = new WeakRef<Controller>(controller);
    const stops = this.#triggers.map(([name, trigger]) =>
      trigger ? trigger((on) => ref.deref()?._present(name, on)) : noop,
    );
    const stop = () => {
      for (const each of stops) each();
    };
    listening.register(controller, stop, this);
    this.#stop = () => {
      listening.unregister(this);
      stop();
    };
    // Nothing to do with the actions themselves: the next middleware is this one's dispatch.
    return (next) => next;
  };

  /** Removes the listeners. */
  cleanup(): void {
    this.#stop();
    this.#stop = noop;
  }
}

function noop(): void {}
