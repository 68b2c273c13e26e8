/**
 * State as Solid accessors: an endpoint key's meta, error and loading flag
 * (`createMeta`, `createError`, `createLoading`), a mutation's pending/error/result
 * (`createMutation`), and the previous value kept while new args load
 * (`createKeepPrevious`).
 */
import { createMemo, createSignal, type Accessor } from 'solid-js';
import { computed, type EndpointInterface, type Meta } from '../index.js';
import { createArgs, fromView, type EndpointArgs } from './bridge.js';
import { useController } from './context.js';

/**
 * The cache state of an endpoint key: `fetchedAt`, `expiresAt`, `error`,
 * `errorExpiresAt`, `invalidated`. Follows the key when `args()` changes.
 *
 * @param endpoint the endpoint.
 * @param args accessor of its parameters; omit when it takes none, `null` for nothing.
 * @returns accessor of the meta; `undefined` for `null` args.
 */
export function createMeta<E extends EndpointInterface>(endpoint: E, ...[args]: EndpointArgs<E>): Accessor<Meta | undefined> {
  const ctrl = useController();
  return fromView(createArgs(args), (a) => ctrl.meta(endpoint, ...(a as Parameters<E['fetch']>)));
}

/**
 * The last error of an endpoint key (a `NetworkError` carries `status`), kept until a
 * fetch of the key succeeds; `undefined` when none.
 *
 * @example
 * const error = createError(getIssues, () => ({ page: page() }));
 * <Show when={error()}>{(e) => <p>{e().message} <button onClick={retry}>Retry</button></p>}</Show>
 */
export function createError<E extends EndpointInterface>(endpoint: E, ...args: EndpointArgs<E>): Accessor<Error | undefined> {
  const meta = createMeta(endpoint, ...args);
  return () => meta()?.error;
}

/**
 * Whether a request of the endpoint key is in flight (the first load or a refetch).
 *
 * @example
 * const loading = createLoading(getIssues, () => ({ page: page() }));
 * <Show when={loading()}><Spinner /></Show>
 */
export function createLoading<E extends EndpointInterface>(endpoint: E, ...[args]: EndpointArgs<E>): Accessor<boolean> {
  const ctrl = useController();
  const view = fromView(createArgs(args), (a) => computed(() => ctrl.isFetching(endpoint, ...(a as Parameters<E['fetch']>))));
  return () => !!view();
}

/** What {@link createMutation} returns: the wrapped function and its state. */
export interface Mutation<A extends unknown[], R> {
  /** Runs the function; resolves with its result, or `undefined` when it failed (see `error`). */
  run: (...args: A) => Promise<R | undefined>;
  /** True while the last run is pending. */
  pending: Accessor<boolean>;
  /** The error of the last run; cleared when a run starts. */
  error: Accessor<Error | undefined>;
  /** The result of the last successful run. */
  data: Accessor<R | undefined>;
}

/**
 * Wraps a write (usually `ctrl.fetch` of a mutation endpoint) with its state as
 * accessors. Only the latest run sets the state.
 *
 * @param fn the write to run.
 * @returns `{ run, pending, error, data }`.
 * @example
 * const ctrl = useController();
 * const save = createMutation((title: string) => ctrl.fetch(updateIssue, { id: props.id }, { title }));
 * <button disabled={save.pending()} onClick={() => save.run(title())}>Save</button>
 * <Show when={save.error()}>{(e) => <p>{e().message}</p>}</Show>
 */
export function createMutation<A extends unknown[], R>(fn: (...args: A) => Promise<R>): Mutation<A, R> {
  // One signal for the three fields: a run changes them together.
  const [state, setState] = createSignal<{ pending?: boolean; error?: Error; data?: R }>({});
  let last = 0;
  const run = async (...args: A) => {
    const id = ++last;
    setState((s) => ({ data: s.data, pending: true }));
    try {
      const data = await fn(...args);
      if (id === last) setState({ data });
      return data;
    } catch (error) {
      if (id === last) setState((s) => ({ data: s.data, error: error as Error }));
      return undefined;
    }
  };
  return { run, pending: () => !!state().pending, error: () => state().error, data: () => state().data };
}

/**
 * Keeps the last defined value of `value` while it reads `undefined` (new args whose
 * data is loading), with a flag: TanStack's `keepPreviousData`. Use it with
 * `createFetch` (which does not suspend); with `createSuspense`, start the args change
 * in `useTransition` instead.
 *
 * @param value accessor of the data, e.g. a `createFetch` result.
 * @returns `[shown, previous]`: the data to show, and whether it is the previous one.
 * @example
 * const issues = createFetch(getIssues, () => ({ page: page() }));
 * const [shown, previous] = createKeepPrevious(issues);
 * <ul classList={{ dim: previous() }}><For each={shown()}>{(issue) => <Row issue={issue} />}</For></ul>
 */
export function createKeepPrevious<T>(value: Accessor<T | undefined>): [Accessor<T | undefined>, Accessor<boolean>] {
  const shown = createMemo<T | undefined>((last) => value() ?? last);
  return [shown, () => value() === undefined && shown() !== undefined];
}
