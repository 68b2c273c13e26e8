/** Reads a schema or `Query` by arguments, as a value or as the view (`useQuerySignal`); never fetches. */
import type { Denormalize, Queryable, ReadonlySignal, Schema } from '../index.js';
import type { QueryArg } from '../controller/args.js';
import { useValue, useView } from './base.js';

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
  // Both Controller.query overloads in one: the value type is Denormalize<Q> either way.
  return useView(
    queryable,
    args,
    (ctrl, list) => ctrl.query(queryable as Schema, ...list) as ReadonlySignal<Denormalize<Q> | undefined>,
  )[2];
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
  return useValue(useQuerySignal(queryable, args));
}
