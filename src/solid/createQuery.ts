/** Reads a schema or `Query` by arguments; never fetches. */
import type { Accessor } from 'solid-js';
import type { Denormalize, Queryable, ReadonlySignal, Schema } from '../index.js';
import type { QueryArg } from '../controller/args.js';
import { createArgs, fromView } from './base.js';
import { useController } from './context.js';

/**
 * Reads a queryable schema (Entity, All, Collection, Union, object of schemas) or a
 * `Query` from the cache of the nearest `CacheProvider`, by reactive arguments.
 *
 * The accessor is fine-grained: a computation reading it re-runs only when the view's
 * value changes, that is when a row the view reached changes. When the value of `args()`
 * changes (compared by a stable key, so an equal new object does nothing) the view
 * re-keys. `null` args mean "nothing": the accessor returns `undefined`. The view is
 * released when the owner is cleaned up. Entities keep one object in Solid for as long
 * as they are held; their fields are reactive (read them in JSX, not at setup).
 *
 * @param queryable the schema or `Query` to read.
 * @param args accessor of the arguments (e.g. `() => ({ id: props.id })`); omit for none.
 * @returns accessor of the denormalized value; `undefined` until cached.
 * @example
 * function UserName(props: { id: string }) {
 *   const user = createQuery(User, () => ({ id: props.id }));
 *   return <span>{user()?.name}</span>;
 * }
 */
export function createQuery<Q extends Queryable>(
  queryable: Q,
  args?: () => QueryArg<Q> | null,
): Accessor<Denormalize<Q> | undefined> {
  const ctrl = useController();
  // Both Controller.query overloads in one: the value type is Denormalize<Q> either way.
  return fromView(
    createArgs(args),
    (a) => ctrl.query(queryable as Schema, ...a) as ReadonlySignal<Denormalize<Q> | undefined>,
    ctrl,
  );
}
