/** Suspends like `createSuspense`, then keeps the response subscribed (polling). */
import type { Accessor } from 'solid-js';
import type { EndpointInterface, ResolveType } from '../index.js';
import { createArgs, suspense, type EndpointArgs } from './base.js';
import { useController } from './context.js';

/**
 * `createSuspense` plus a polling subscription (`ctrl.subscribe`) for the owner's
 * lifetime: the response refetches every `endpoint.pollFrequency` ms; identical data
 * re-renders nothing. Re-keying moves the subscription; cleanup (unmount) stops it.
 *
 * @param endpoint the endpoint to read and poll; set its `pollFrequency`.
 * @param args accessor of the endpoint's parameters; omit when it takes none.
 * @returns accessor of the denormalized response.
 * @example
 * const price = createLive(getTicker, () => ({ symbol: props.symbol }));
 * return <span>{price()?.last}</span>;
 */
export function createLive<E extends EndpointInterface>(
  endpoint: E,
  ...[args]: EndpointArgs<E>
): Accessor<ResolveType<E> | undefined> {
  return suspense(useController(), endpoint, createArgs(args), true);
}
