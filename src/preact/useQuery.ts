/**
 * Read-only Preact hooks: `useQuery` reads a schema or `Query` by arguments, `useCache`
 * reads an endpoint's cached response. Neither fetches.
 *
 * Each hook comes in two forms. The `…Signal` form returns the cache's view itself (a
 * `ReadonlySignal`): the component does not re-render when it changes, and a signal
 * placed in JSX (`<li>{name}</li>`, often through `useComputed`) updates its text node
 * alone. The plain form returns `signal.value`; @preact/signals tracks that read, so the
 * component re-renders exactly when the view's value changes.
 */
// Installs @preact/signals' render tracking and JSX signal binding that the plain hooks
// rely on; it uses the one installed copy of @preact/signals-core, like ../index.js.
import '@preact/signals';
import { useMemo } from 'preact/hooks';
import {
  signal,
  type Controller,
  type Denormalize,
  type EndpointInterface,
  type Queryable,
  type ReadonlySignal,
  type ResolveType,
  type Schema,
} from '../index.js';
import type { EndpointArg, QueryArg } from '../controller/args.js';
import { argsKey } from '../util/argsKey.js';
import { useController } from './context.js';


/**
 * The trailing `args` of an endpoint hook: required when the endpoint needs parameters.
 * `null` means "nothing": the hook reads `undefined` and fetches nothing.
 */
export type EndpointArgs<E extends EndpointInterface, Nothing = null> = [] extends Parameters<E['fetch']>
  ? [args?: EndpointArg<E> | Nothing]
  : [args: EndpointArg<E> | Nothing];


/** @internal The view read when args are `null`. */
const NOTHING: ReadonlySignal<undefined> = /*#__PURE__*/ signal(undefined);

/** @internal Swallows a rejection that is reported elsewhere (meta error, error boundary). */
export function noop(): void {}

/**
 * @internal The argument list for `args`, kept while its stable key is unchanged, so a
 * new but equal object each render does not re-key.
 */
export function useArgs(args: unknown): readonly unknown[] | null {
  const key = args === null ? null : argsKey([args]);
  // `args` is left out of the deps on purpose: `key` stands for it.
  return useMemo(() => (args === null ? null : args === undefined ? [] : [args]), [key]);
}

/**
 * @internal The controller, the argument list and the endpoint's response view
 * (`NOTHING` for `null` args), stable while the args key is unchanged.
 */
export function useResponse<E extends EndpointInterface>(
  endpoint: E,
  args: unknown,
): [Controller, Parameters<E['fetch']> | null, ReadonlySignal<ResolveType<E> | undefined>] {
  const ctrl = useController();
  const list = useArgs(args) as Parameters<E['fetch']> | null;
  const view = useMemo(() => (list === null ? NOTHING : ctrl.response(endpoint, ...list)), [ctrl, endpoint, list]);
  return [ctrl, list, view];
}

/**
 * The view of a queryable schema (Entity, All, Collection, Union, object of schemas) or
 * a `Query`, as a signal. The component does not re-render when it changes; place it
 * (or a `useComputed` of it) in JSX for fine-grained updates. Equal args keep the same
 * signal; `null` args give a signal of `undefined`.
 *
 * @param queryable the schema or `Query` to read.
 * @param args the arguments (e.g. `{ id }`); omit for none, `null` for nothing.
 * @returns the view; its value is `undefined` until cached.
 * @example
 * function Row({ id }: { id: string }) {
 *   const user = useQuerySignal(User, { id });
 *   const name = useComputed(() => user.value?.name);
 *   return <li>{name}</li>; // a rename updates the text node; Row does not re-render
 * }
 */
export function useQuerySignal<Q extends Queryable>(
  queryable: Q,
  args?: QueryArg<Q> | null,
): ReadonlySignal<Denormalize<Q> | undefined> {
  const ctrl = useController();
  const list = useArgs(args);
  return useMemo(
    // Both Controller.query overloads in one: the value type is Denormalize<Q> either way.
    () => (list === null ? NOTHING : (ctrl.query(queryable as Schema, ...list) as ReadonlySignal<Denormalize<Q> | undefined>)),
    [ctrl, queryable, list],
  );
}

/**
 * Reads a queryable schema or `Query` from the cache. The component re-renders only
 * when this view's value changes (a row it reached changed), never for other writes.
 *
 * @param queryable the schema or `Query` to read.
 * @param args the arguments; omit for none, `null` for nothing (returns `undefined`).
 * @returns the denormalized value; `undefined` until cached.
 * @example
 * function Row({ id }: { id: string }) {
 *   const user = useQuery(User, { id });
 *   return <li>{user?.name}</li>;
 * }
 */
export function useQuery<Q extends Queryable>(queryable: Q, args?: QueryArg<Q> | null): Denormalize<Q> | undefined {
  return useQuerySignal(queryable, args).value;
}

/**
 * An endpoint's cached response as a signal; never fetches, never re-renders the
 * component (see {@link useQuerySignal}).
 *
 * @param endpoint the endpoint whose response to read.
 * @param args its parameters; omit when it takes none, `null` for nothing.
 * @returns the response view; its value is `undefined` until fetched.
 */
export function useCacheSignal<E extends EndpointInterface>(
  endpoint: E,
  ...[args]: EndpointArgs<E>
): ReadonlySignal<ResolveType<E> | undefined> {
  return useResponse(endpoint, args)[2];
}

/**
 * Reads an endpoint's cached response, never fetching. Re-renders when the response or
 * a row it reached changes.
 *
 * @param endpoint the endpoint whose response to read.
 * @param args its parameters; omit when it takes none, `null` for nothing.
 * @returns the denormalized response; `undefined` until fetched.
 * @example
 * const users = useCache(getUsers);
 * return <p>{users?.length ?? 0} users cached</p>;
 */
export function useCache<E extends EndpointInterface>(endpoint: E, ...[args]: EndpointArgs<E>): ResolveType<E> | undefined {
  return useResponse(endpoint, args)[2].value;
}
