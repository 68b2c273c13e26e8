/** Suspends like `useSuspense`, then keeps the response subscribed (polling). */
import type { EndpointInterface, ReadonlySignal, ResolveType } from '../index.js';
import { useEndpoint, useValue, type EndpointArgs } from './base.js';

/**
 * {@link useSuspenseSignal} plus a polling subscription while mounted (see
 * {@link useLive}).
 *
 * @param endpoint the endpoint to read and poll; set its `pollFrequency`.
 * @param args its parameters; omit when it takes none, `null` for nothing.
 * @returns the response view.
 */
export function useLiveSignal<E extends EndpointInterface>(
  endpoint: E,
  ...[args]: EndpointArgs<E>
): ReadonlySignal<ResolveType<E> | undefined> {
  return useEndpoint(endpoint, args, true, true);
}

/**
 * {@link useSuspense} plus a polling subscription (`ctrl.subscribe`) while mounted: the
 * response refetches every `endpoint.pollFrequency` ms and identical data re-renders
 * nothing. New args move the subscription; unmounting stops it.
 *
 * @param endpoint the endpoint to read and poll; set its `pollFrequency`.
 * @param args its parameters; omit when it takes none, `null` for nothing.
 * @returns the denormalized response.
 * @example
 * const price = useLive(getTicker, { symbol });
 * return <span>{price.last}</span>;
 */
export function useLive<E extends EndpointInterface>(endpoint: E, ...args: EndpointArgs<E, never>): ResolveType<E>;
/** With `null` args (or args that may be `null`): `undefined` for `null`. */
export function useLive<E extends EndpointInterface>(endpoint: E, ...args: EndpointArgs<E>): ResolveType<E> | undefined;
export function useLive<E extends EndpointInterface>(
  endpoint: E,
  ...[args]: EndpointArgs<E>
): ResolveType<E> | undefined {
  return useValue(useEndpoint(endpoint, args, true, true));
}
