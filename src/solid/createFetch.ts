/** Fetches an endpoint's response while mounted; never suspends. */
import type { Accessor } from 'solid-js';
import type { EndpointInterface, ResolveType } from '../index.js';
import { createArgs, fromResponse, mount, type EndpointArgs } from './base.js';
import { useController } from './context.js';

/**
 * Reads an endpoint's response and fetches it (after render) when missing or stale;
 * never suspends and never throws; refetches on invalidation and expiry while mounted.
 * Errors stay in the cache: read them with `createError`.
 *
 * @param endpoint the endpoint to read.
 * @param args accessor of the endpoint's parameters; omit when it takes none.
 * @returns accessor of the denormalized response; `undefined` until fetched.
 * @example
 * const todos = createFetch(getTodos, () => ({ userId: props.userId }));
 * return <Show when={todos()} fallback="…">{(list) => <TodoList todos={list()} />}</Show>;
 */
export function createFetch<E extends EndpointInterface>(
  endpoint: E,
  ...[args]: EndpointArgs<E>
): Accessor<ResolveType<E> | undefined> {
  const ctrl = useController();
  const list = createArgs(args);
  mount(ctrl, endpoint, list);
  return fromResponse(ctrl, endpoint, list);
}
