/**
 * The managers of a Controller made without a `managers` option. An app that lists its
 * own managers runs only those: `new Controller({ managers: [...getDefaultManagers(), new MyManager()] })`
 * keeps the defaults, `new Controller({ managers: [] })` runs without polling and focus /
 * network triggers. Their code stays in a bundle either way (the Controller's default
 * names them).
 */
import type { Manager } from '../actions.js';
import { PollingSubscription } from './PollingSubscription.js';
import { SubscriptionManager } from './SubscriptionManager.js';
import { TriggerManager, type TriggerManagerOptions } from './TriggerManager.js';

/**
 * A new list of the default managers: polling of subscribed keys (`SubscriptionManager`
 * with `PollingSubscription`) and the focus / network triggers (`TriggerManager`).
 * @param options the triggers (default: the browser's events on `window`, none without one)
 * @example
 * const ctrl = new Controller({ managers: [...getDefaultManagers(), new LoggingManager()] });
 */
export function getDefaultManagers(options: TriggerManagerOptions = {}): Manager[] {
  return [new SubscriptionManager(PollingSubscription), new TriggerManager(options)];
}
