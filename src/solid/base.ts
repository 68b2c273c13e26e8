/**
 * The two pieces every Solid primitive is made of: an args memo that changes only when
 * the arguments' stable key changes, and a bridge that mirrors a signals-core view into
 * a Solid signal for the lifetime of the owner.
 *
 * Why a bridge and not a direct read: Solid does not see signals-core signals. A
 * signals-core subscription (an effect) reads the view and writes a Solid signal; Solid computations then
 * track that Solid signal alone. A view's value changes only when a row it reached
 * changed (DESIGN rule 4), and the Solid signal keeps Solid's `===` check, so a
 * component reading one row re-runs only when that row changes.
 *
 * The third: `suspense`, shared by `createSuspense` and `createLive`, and `mount`, which
 * keeps a key fetched while the owner lives (with `createFetch`).
 *
 * ## How `createSuspense` suspends
 *
 * A `createResource` keyed on "no data for these args" runs the fetch; its only job is to tell
 * `<Suspense>` that a request is pending and to carry a failed request's error to
 * `<ErrorBoundary>`. The value shown is always the cache's view, never the resource's
 * value. The accessor reads the resource only while the view has no data, so:
 *
 * - missing data: the read registers with the nearest `<Suspense>` until the fetch
 *   settles, or throws the fetch's error;
 * - stale data: the refetch runs in the background and the stale value keeps showing
 *   (unless the endpoint has `invalidIfStale`); a failed refetch keeps it too when its
 *   error is soft (`errorPolicy`: 5xx, network), while a hard error (a 404 after a
 *   delete) is thrown to the `<ErrorBoundary>` even though data is cached;
 * - an error still current at mount is thrown at once; after `errorExpiryLength` a new
 *   mount (an `<ErrorBoundary>` reset) refetches;
 * - later changes (another fetch, `set`, polling) flow through the view alone.
 *
 * `createResource` is the public way to register with Suspense; a hand-made read would
 * need Solid's internal Suspense context.
 */
import {
  batch,
  createComputed,
  createEffect,
  createMemo,
  createResource,
  createSignal,
  onCleanup,
  type Accessor,
} from 'solid-js';
import type { Controller, EndpointInterface, ReadonlySignal, ResolveType } from '../index.js';
import type { EndpointArg } from '../controller/args.js';
import { argsKey } from '../util/argsKey.js';
import { stable, tableOf } from './stable.js';

/**
 * The optional trailing `args` accessor of an endpoint primitive: required when the
 * endpoint needs parameters. The accessor returns the parameters, or `null` for
 * "nothing" (the primitive then reads `undefined` and fetches nothing).
 */
export type EndpointArgs<E extends EndpointInterface> =
  [] extends Parameters<E['fetch']> ? [args?: () => EndpointArg<E> | null] : [args: () => EndpointArg<E> | null];

/** @internal An argument list, or `null` for "nothing". */
export type ArgList = readonly unknown[] | null;

function sameArgs(a: ArgList, b: ArgList): boolean {
  return a === b || (a !== null && b !== null && argsKey(a) === argsKey(b));
}

/**
 * @internal A memo of the argument list read from `args`. A new but equal object (same
 * stable key) keeps the previous list, so nothing downstream re-keys.
 */
export function createArgs(args: (() => unknown) | undefined): Accessor<ArgList> {
  return createMemo<ArgList>(
    () => {
      const value = args?.();
      return value === null ? null : value === undefined ? [] : [value];
    },
    null,
    { equals: sameArgs },
  );
}

/**
 * @internal Mirrors the view `make(args)` returns for the current argument list into a
 * Solid signal (`undefined` for `null` args). When the list changes the old subscription
 * is disposed; so is the last one when the owner is cleaned up, which releases the view.
 * With `ctrl`, cache data is translated to stable objects (./stable.ts).
 */
export function fromView<T>(
  list: Accessor<ArgList>,
  make: (args: any[]) => ReadonlySignal<T>,
  ctrl?: Controller,
): Accessor<T | undefined> {
  const [value, setValue] = createSignal<T | undefined>();
  const table = ctrl && tableOf(ctrl);
  createComputed(() => {
    const a = list();
    if (a === null) return setValue(undefined);
    const source = make(a as any[]);
    // The view's previous value and its translation (./stable.ts).
    let before: unknown;
    let shown: unknown;
    onCleanup(
      // Solid runs dependent computations synchronously inside this write; `subscribe` runs
      // its callback untracked, which keeps whatever they read out of its dependencies.
      source.subscribe((next) =>
        batch(() => {
          let value: unknown = next;
          if (table) {
            value = shown = stable(table, next, before, shown);
            before = next;
          }
          setValue(() => value as T);
        }),
      ),
    );
  });
  return value;
}

/** @internal Mirrors an endpoint's cached response for the current argument list. */
export function fromResponse<E extends EndpointInterface>(
  ctrl: Controller,
  endpoint: E,
  list: Accessor<ArgList>,
): Accessor<ResolveType<E> | undefined> {
  return fromView(list, (a) => ctrl.response(endpoint, ...(a as Parameters<E['fetch']>)), ctrl);
}

/** @internal Keeps the key of the current args mounted (fetched when stale; `live`: subscribed) while the owner lives. */
export function mount(ctrl: Controller, endpoint: EndpointInterface, list: Accessor<ArgList>, live?: boolean): void {
  createEffect(() => {
    const a = list();
    if (a !== null) onCleanup((live ? ctrl.subscribe : ctrl._mount).call(ctrl, endpoint, ...a));
  });
}

/**
 * Errors a suspense read threw to an error boundary. A later read of the same error is a
 * new mount after the boundary showed it (its reset): that read suspends instead, and its
 * request refetches at once.
 */
const shown = new WeakSet<Error>();

/**
 * What a suspense read does now (see `Controller._suspense`), the error thrown rather than
 * returned, once per error.
 */
function suspends(state: Error | boolean): boolean {
  if (!(state instanceof Error)) return state;
  if (shown.has(state)) return true;
  shown.add(state);
  throw state;
}

/** @internal The accessor of `createSuspense` / `createLive` (see the module comment). */
export function suspense<E extends EndpointInterface>(
  ctrl: Controller,
  endpoint: E,
  list: Accessor<ArgList>,
  live?: boolean,
): Accessor<ResolveType<E> | undefined> {
  const value = fromResponse(ctrl, endpoint, list);
  mount(ctrl, endpoint, list, live);
  // The key's error, mirrored so that a failed background refetch re-runs the accessor.
  const error = fromView(list, (a) => ctrl._error(endpoint, a));
  // Loads whenever the view has no data for the args (or stale data, with
  // `invalidIfStale`): on mount, on new args, after an <ErrorBoundary> reset (its children
  // are created again) and when the entity shown was deleted. Other stale data is
  // refetched by the mount, in the background. An error still current rejects without a
  // request, unless it was shown already: then this mount is the boundary's reset, a retry.
  const [request] = createResource(
    () => {
      const a = list();
      if (!a) return a;
      // Read, `value()` re-runs this when the data goes (a deleted entity).
      value();
      return ctrl._suspense(endpoint, a) !== false && a;
    },
    // Resolves to `true`, not the response: a server render serializes resource values for
    // hydration, and entity instances (a `Decimal` field, a cycle) have no serialized form.
    // The data travels as `dehydrate(ctrl)`.
    // A current error rejects without a request (`fetchIfStale`), unless it was shown
    // already: then this is a retry, which fetches at once.
    (a) => {
      const error = ctrl._freshError(endpoint, a);
      const load = error && shown.has(error) ? ctrl.fetch : ctrl.fetchIfStale;
      return load(endpoint, ...(a as Parameters<E['fetch']>)).then(() => true);
    },
  );
  return () => {
    const current = value();
    const a = list();
    // A current error when data is missing or the error is hard (to the ErrorBoundary);
    // else suspend while data is missing (or stale with `invalidIfStale`).
    if (a) {
      // Read, the error re-runs this accessor when a background refetch fails.
      error();
      if (suspends(ctrl._suspense(endpoint, a))) request();
    }
    return current;
  };
}
