/**
 * Polling of one key while it is subscribed (Reactive Data Client's `PollingSubscription`):
 * it fetches at the fastest `pollFrequency` among the key's subscriptions, so a 20 ms
 * subscriber joining a 1000 ms one polls at 20 ms, and polling falls back to 1000 ms when
 * it leaves. It keeps a count per frequency; the timer is restarted only when the fastest
 * frequency changes. While the page is hidden or offline (see `TriggerManager`) ticks are
 * skipped. A tick is a `controller.fetch()`: it passes through every middleware, and
 * identical polled data notifies no one.
 */
import type { EndpointInterface } from '../../endpoint/types.js';
import type { SubscribeAction } from '../actions.js';
import type { Controller } from '../Controller.js';
import type { TimerHandle } from '../timers.js';
import type { Subscription } from './SubscriptionManager.js';

export class PollingSubscription implements Subscription {
  readonly #endpoint: EndpointInterface;
  readonly #args: readonly unknown[];
  readonly #key: string;
  readonly #controller: Controller;
  /** Subscriptions per frequency. */
  readonly #frequencies = new Map<number, number>();
  /** The frequency the timer runs at; `Infinity` while it does not run. */
  #every = Infinity;
  #timer: TimerHandle = undefined;

  /**
   * Starts polling the action's key at its endpoint's `pollFrequency`.
   * @throws Error when the endpoint has no `pollFrequency`
   */
  constructor(action: Omit<SubscribeAction, 'type'>, controller: Controller) {
    const frequency = action.endpoint.pollFrequency;
    if (!(frequency! > 0)) throw new Error(`${action.endpoint.name}: frequency needed for polling subscription`);
    this.#endpoint = action.endpoint;
    this.#args = action.args;
    this.#key = action.key;
    this.#controller = controller;
    this.add(frequency);
  }

  /** Adds a subscription polling every `frequency` ms; nothing without one. */
  add(frequency?: number): void {
    if (frequency === undefined) return;
    this.#frequencies.set(frequency, (this.#frequencies.get(frequency) ?? 0) + 1);
    this.#run();
  }

  /**
   * Removes a subscription polling every `frequency` ms.
   * @returns `true` when none is left (polling stopped)
   */
  remove(frequency?: number): boolean {
    if (frequency === undefined) return false;
    const count = this.#frequencies.get(frequency);
    if (count === undefined) {
      if ((typeof process < 'u' ? process.env.NODE_ENV : 'production') !== 'production')
        console.error(`Mismatched remove: ${frequency} is not subscribed for ${this.#key}`);
      return false;
    }
    if (count > 1) this.#frequencies.set(frequency, count - 1);
    else this.#frequencies.delete(frequency);
    if (this.#frequencies.size > 0) {
      this.#run();
      return false;
    }
    this.cleanup();
    return true;
  }

  /** Stops polling. */
  cleanup(): void {
    this.#controller._timers.clearInterval(this.#timer);
    this.#timer = undefined;
    this.#every = Infinity;
  }

  /** (Re)starts the timer at the fastest frequency, when that changed. */
  #run(): void {
    const every = Math.min(...this.#frequencies.keys());
    if (every === this.#every) return;
    const ctrl = this.#controller;
    ctrl._timers.clearInterval(this.#timer);
    this.#every = every;
    this.#timer = ctrl._timers.setInterval(() => {
      if (!ctrl._away) ctrl.fetch(this.#endpoint, ...(this.#args as [])).catch(noop);
    }, every);
  }
}

function noop(): void {}
