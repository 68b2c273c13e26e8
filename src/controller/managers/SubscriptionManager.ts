/**
 * Subscriptions (Reactive Data Client's `SubscriptionManager`): turns the `SUBSCRIBE` /
 * `UNSUBSCRIBE` actions of keys whose endpoint has a `pollFrequency` into one
 * {@link Subscription} per key — polling by default (`PollingSubscription`), or another
 * class (a websocket subscription) given to the constructor. It handles those actions
 * itself (they do not reach the middlewares after it); every other action passes on.
 */
import { SUBSCRIBE, UNSUBSCRIBE } from '../actionTypes.js';
import type { Manager, Middleware, SubscribeAction, UnsubscribeAction } from '../actions.js';
import type { Controller } from '../Controller.js';

/** The subscription of one key: counted by frequency. */
export interface Subscription {
  /** One more subscriber, polling every `frequency` ms. */
  add(frequency?: number): void;
  /** One subscriber less; `true` when none is left (the subscription is then dropped). */
  remove(frequency?: number): boolean;
  /** Stops what the subscription runs. */
  cleanup(): void;
}

/** A class of {@link Subscription}: made for the first `SUBSCRIBE` of a key. */
export interface SubscriptionConstructable {
  new (action: Omit<SubscribeAction, 'type'>, controller: Controller): Subscription;
}

export class SubscriptionManager<S extends SubscriptionConstructable = SubscriptionConstructable> implements Manager {
  /** Subscriptions by key. */
  protected subscriptions: { [key: string]: InstanceType<S> } = Object.create(null);
  protected readonly Subscription: S;
  declare protected controller: Controller;

  /** @param Subscription the class of each key's subscription (`PollingSubscription` for polling). */
  constructor(Subscription: S) {
    this.Subscription = Subscription;
  }

  middleware: Middleware = (controller) => {
    this.controller = controller;
    return (next) => (action) => {
      // Keys whose endpoint does not poll are not subscriptions of this manager.
      if ((action.type === SUBSCRIBE || action.type === UNSUBSCRIBE) && action.endpoint.pollFrequency !== undefined) {
        if (action.type === SUBSCRIBE) {
          try {
            this.handleSubscribe(action);
          } catch (error) {
            console.error(error);
          }
        } else this.handleUnsubscribe(action);
        return DONE;
      }
      return next(action);
    };
  };

  /** Stops every subscription. */
  cleanup(): void {
    for (const key in this.subscriptions) this.subscriptions[key]!.cleanup();
    this.subscriptions = Object.create(null);
  }

  /** The first `SUBSCRIBE` of a key makes its subscription; the next ones add to it. */
  protected handleSubscribe(action: SubscribeAction): void {
    const subscription = this.subscriptions[action.key];
    if (subscription !== undefined) subscription.add(action.endpoint.pollFrequency);
    else this.subscriptions[action.key] = new this.Subscription(action, this.controller) as InstanceType<S>;
  }

  /** An `UNSUBSCRIBE` removes from the key's subscription, dropped once empty. */
  protected handleUnsubscribe(action: UnsubscribeAction): void {
    const subscription = this.subscriptions[action.key];
    if (subscription === undefined) {
      if ((typeof process < 'u' ? process.env.NODE_ENV : 'production') !== 'production')
        console.error(`Mismatched unsubscribe: ${action.key} is not subscribed`);
    } else if (subscription.remove(action.endpoint.pollFrequency)) delete this.subscriptions[action.key];
  }
}

const DONE = /*#__PURE__*/ Promise.resolve();
