/**
 * The two pieces every Solid primitive is made of: an args memo that changes only when
 * the arguments' stable key changes, and a bridge that mirrors a signals-core view into
 * a Solid signal for the lifetime of the owner.
 *
 * Why a bridge and not a direct read: Solid does not see signals-core signals. A
 * signals-core `effect` reads the view and writes a Solid signal; Solid computations then
 * track that Solid signal alone. A view's value changes only when a row it reached
 * changed (DESIGN rule 4), and the Solid signal keeps Solid's `===` check, so a
 * component reading one row re-runs only when that row changes.
 */
import { batch, createComputed, createMemo, createSignal, onCleanup, type Accessor } from 'solid-js';
import { effect, untracked, type Controller, type EndpointInterface, type ReadonlySignal, type ResolveType } from '../index.js';
import type { EndpointArg } from '../controller/args.js';
import { argsKey } from '../util/argsKey.js';
import { stable, tableOf } from './stable.js';

/**
 * The optional trailing `args` accessor of an endpoint primitive: required when the
 * endpoint needs parameters. The accessor returns the parameters, or `null` for
 * "nothing" (the primitive then reads `undefined` and fetches nothing).
 */
export type EndpointArgs<E extends EndpointInterface> = [] extends Parameters<E['fetch']>
  ? [args?: () => EndpointArg<E> | null]
  : [args: () => EndpointArg<E> | null];

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
export function fromView<T>(list: Accessor<ArgList>, make: (args: any[]) => ReadonlySignal<T>, ctrl?: Controller): Accessor<T | undefined> {
  const [value, setValue] = createSignal<T | undefined>();
  const table = ctrl && tableOf(ctrl);
  createComputed(() => {
    const a = list();
    if (a === null) return setValue(undefined);
    const source = make(a as any[]);
    onCleanup(
      effect(() => {
        const next = source.value;
        // Solid runs dependent computations synchronously inside this write; untracked
        // keeps whatever they read out of this effect's dependencies.
        untracked(() => batch(() => setValue(() => (table ? (stable(table, next) as T) : next))));
      }),
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

/** @internal Swallows a rejection that is reported elsewhere (meta error, error boundary). */
export function noop(): void {}
