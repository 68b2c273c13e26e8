/**
 * What the Preact hooks share: their argument memo (`useArgs`), the response view of an
 * endpoint key (`useResponse`), `useEndpoint`, the body of `useSuspense`, `useFetch` and
 * `useLive`, and `useValue`, the read of a view in a render.
 *
 * Each hook comes in two forms. The `…Signal` form returns the cache's view itself (a
 * `ReadonlySignal`): the component does not re-render when it changes, and a signal
 * placed in JSX (`<li>{name}</li>`, often through `useComputed`) updates its text node
 * alone (that binding is @preact/signals', which the app imports). The plain form returns
 * the view's value (`useValue`): the component subscribes to that one view and re-renders
 * exactly when its value changes. No render tracking is installed: components that read
 * no view pay nothing, in their renders or their vnodes.
 *
 * ## How `useSuspense` suspends
 *
 * While the response has no data, the render throws: the last error when it is still
 * current (to the nearest error boundary), else the promise of a fetch (to the nearest
 * `Suspense` from `preact/compat`; identical requests in flight are shared by the
 * Controller). The thrown promise never rejects: after it settles the component renders
 * again and finds either the data or the error. Stale data does not suspend (unless the
 * endpoint has `invalidIfStale`): it keeps showing while an effect refetches it. A failed
 * refetch keeps it too when its error is soft (`errorPolicy`: 5xx, network); a hard error
 * (a 404 after a delete) is thrown to the error boundary even though data is cached.
 */
import { useEffect, useLayoutEffect, useMemo, useReducer, useRef } from 'preact/hooks';
import {
  computed,
  signal,
  type Controller,
  type EndpointInterface,
  type ReadonlySignal,
  type ResolveType,
} from '../index.js';
import type { EndpointArg } from '../controller/args.js';
import { argsKey } from '../util/argsKey.js';
import { useController } from './context.js';

/**
 * The trailing `args` of an endpoint hook: required when the endpoint needs parameters.
 * `null` means "nothing": the hook reads `undefined` and fetches nothing.
 */
export type EndpointArgs<E extends EndpointInterface, Nothing = null> =
  [] extends Parameters<E['fetch']> ? [args?: EndpointArg<E> | Nothing] : [args: EndpointArg<E> | Nothing];

/** @internal The view read when args are `null`. */
const NOTHING: ReadonlySignal<undefined> = /*#__PURE__*/ signal(undefined);

/** @internal Swallows a rejection that is reported elsewhere (meta error, error boundary). */
function noop(): void {}

/** @internal Whether a request of the key is in flight, as a signal (`useLoading`; a suspending render waiting on a retry). */
export function inFlight(
  ctrl: Controller,
  endpoint: EndpointInterface,
  list: readonly unknown[],
): ReadonlySignal<boolean> {
  return computed(() => ctrl.isFetching(endpoint, ...(list as [])));
}

/** @internal The reducer of `useValue`'s render requests. */
const bump = (n: number): number => n + 1;

/**
 * @internal The value of `view` in a render (read untracked); the component renders again
 * when it changes. It subscribes once mounted, before paint, and a value that changed
 * between the render and the subscription renders it again at once.
 */
export function useValue<T>(view: ReadonlySignal<T>): T {
  const value = view.peek();
  const shown = useRef(value);
  shown.current = value;
  const update = useReducer(bump, 0)[1];
  useLayoutEffect(
    () =>
      view === NOTHING
        ? undefined
        : view.subscribe((now) => {
            if (now !== shown.current) update(0);
          }),
    [view],
  );
  return value;
}

/**
 * @internal The argument list for `args`, kept while its stable key is unchanged, so a
 * new but equal object each render does not re-key.
 */
function useArgs(args: unknown): readonly unknown[] | null {
  const key = args === null ? null : argsKey([args]);
  // `args` is left out of the deps on purpose: `key` stands for it.
  return useMemo(() => (args === null ? null : args === undefined ? [] : [args]), [key]);
}

/**
 * @internal The controller, the argument list and the view `make` builds for them
 * (`NOTHING` for `null` args), stable while the controller, `target` (what `make` reads:
 * the endpoint or queryable) and the args key are unchanged.
 */
export function useView<T, L extends unknown[] = any[]>(
  target: unknown,
  args: unknown,
  make: (ctrl: Controller, list: L) => ReadonlySignal<T>,
): [Controller, L | null, ReadonlySignal<T | undefined>] {
  const ctrl = useController();
  const list = useArgs(args) as L | null;
  // `make` is left out of the deps on purpose: `target` stands for it.
  const view = useMemo(() => (list === null ? NOTHING : make(ctrl, list)), [ctrl, target, list]);
  return [ctrl, list, view];
}

/** @internal {@link useView} of an endpoint's response. */
export function useResponse<E extends EndpointInterface>(
  endpoint: E,
  args: unknown,
): [Controller, Parameters<E['fetch']> | null, ReadonlySignal<ResolveType<E> | undefined>] {
  return useView(endpoint, args, (ctrl, list: Parameters<E['fetch']>) => ctrl.response(endpoint, ...list));
}

/**
 * @internal The body of the fetching hooks: `suspend` throws while data is missing, `live`
 * polls. Every hook runs before anything is thrown, so the hook order never depends on
 * the cache.
 */
export function useEndpoint<E extends EndpointInterface>(
  endpoint: E,
  args: unknown,
  suspend: boolean,
  live: boolean,
): ReadonlySignal<ResolveType<E> | undefined> {
  const [ctrl, list, view] = useResponse(endpoint, args);
  // What a suspending render watches: the key's error, and whether a request of it is in flight.
  const watched = useMemo(
    () =>
      suspend && list ? { error: ctrl._error(endpoint, list), inFlight: inFlight(ctrl, endpoint, list) } : undefined,
    [ctrl, endpoint, list],
  );
  // While mounted the key is fetched when stale and refetched on invalidation and expiry.
  useEffect(
    () => (list === null ? undefined : (live ? ctrl.subscribe : ctrl._mount).call(ctrl, endpoint, ...list)),
    [ctrl, endpoint, list, live],
  );
  // A current error when data is missing or the error is hard; else a fetch when data is
  // missing (or stale with `invalidIfStale`). The thrown fetch never rejects.
  const state = watched && ctrl._suspense(endpoint, list!);
  // The error is not thrown while the request that failed (or a retry) is in flight.
  const retrying = state instanceof Error && ctrl.isFetching(endpoint, ...list!);
  if (suspend) {
    // A changed error renders again: a failed background refetch, a hard error for the
    // boundary. So does the end of the request a render waited for.
    useValue(watched?.error ?? NOTHING);
    useValue(retrying ? watched!.inFlight : NOTHING);
  }
  if (state instanceof Error) {
    if (!retrying) {
      retries.set(state, () => ctrl.fetch(endpoint, ...list!).catch(noop));
      throw state;
    }
    if (view.peek() === undefined) throw ctrl.fetch(endpoint, ...list!).then(noop, noop);
  } else if (state) throw ctrl.fetch(endpoint, ...list!).then(noop, noop);
  return view;
}

/**
 * @internal How to retry the key whose current error a render threw: the
 * `ErrorBoundary` reset calls it.
 */
export const retries = new WeakMap<object, () => unknown>();
