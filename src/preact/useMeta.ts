/**
 * State as Preact hooks: an endpoint key's meta, error and loading flag (`useMeta`,
 * `useError`, `useLoading`), a mutation's pending/error/result (`useMutation`), and the
 * previous value kept while new args load (`useKeepPrevious`). Each re-renders the
 * component only when its own value changes.
 */
import { useMemo, useRef } from 'preact/hooks';
import { computed, signal, type EndpointInterface, type Meta } from '../index.js';
import { useArgs, type EndpointArgs } from './useQuery.js';
import { useController } from './context.js';

/**
 * The cache state of an endpoint key: `fetchedAt`, `expiresAt`, `error`,
 * `errorExpiresAt`, `invalidated`.
 *
 * @param endpoint the endpoint.
 * @param args its parameters; omit when it takes none, `null` for nothing.
 * @returns the meta; `undefined` for `null` args.
 */
export function useMeta<E extends EndpointInterface>(endpoint: E, ...[args]: EndpointArgs<E>): Meta | undefined {
  const ctrl = useController();
  const list = useArgs(args) as Parameters<E['fetch']> | null;
  return useMemo(() => list && ctrl.meta(endpoint, ...list), [ctrl, endpoint, list])?.value;
}

/**
 * The last error of an endpoint key (a `NetworkError` carries `status`), kept until a
 * fetch of the key succeeds; `undefined` when none.
 *
 * @example
 * const error = useError(getIssues, { page });
 * if (error) return <p>{error.message}</p>;
 */
export function useError<E extends EndpointInterface>(endpoint: E, ...args: EndpointArgs<E>): Error | undefined {
  return useMeta(endpoint, ...args)?.error;
}

/**
 * Whether a request of the endpoint key is in flight (the first load or a refetch).
 *
 * @example
 * const loading = useLoading(getIssues, { page });
 */
export function useLoading<E extends EndpointInterface>(endpoint: E, ...[args]: EndpointArgs<E>): boolean {
  const ctrl = useController();
  const list = useArgs(args) as Parameters<E['fetch']> | null;
  return !!useMemo(() => list && computed(() => ctrl.isFetching(endpoint, ...list)), [ctrl, endpoint, list])?.value;
}

/** What {@link useMutation} returns: the wrapped function and its state. */
export interface Mutation<A extends unknown[], R> {
  /** Runs the function; resolves with its result, or `undefined` when it failed (see `error`). */
  run: (...args: A) => Promise<R | undefined>;
  /** True while the last run is pending. */
  pending: boolean;
  /** The error of the last run; cleared when a run starts. */
  error: Error | undefined;
  /** The result of the last successful run. */
  data: R | undefined;
}

/**
 * Wraps a write (usually `ctrl.fetch` of a mutation endpoint) with its state; the
 * component re-renders when the state changes. Only the latest run sets the state. `fn`
 * is read at each run, so it may close over the latest props.
 *
 * @param fn the write to run.
 * @returns `{ run, pending, error, data }`.
 * @example
 * const ctrl = useController();
 * const save = useMutation((title: string) => ctrl.fetch(updateIssue, { id }, { title }));
 * <button disabled={save.pending} onClick={() => save.run(title)}>Save</button>
 * {save.error && <p>{save.error.message}</p>}
 */
export function useMutation<A extends unknown[], R>(fn: (...args: A) => Promise<R>): Mutation<A, R> {
  const latest = useRef(fn);
  latest.current = fn;
  const state = useMemo(() => {
    const s = signal({ pending: false } as Omit<Mutation<A, R>, 'run'>);
    let last = 0;
    const run = async (...args: A) => {
      const id = ++last;
      s.value = { ...s.peek(), pending: true, error: undefined };
      try {
        const data = await latest.current(...args);
        if (id === last) s.value = { ...s.peek(), pending: false, data };
        return data;
      } catch (error) {
        if (id === last) s.value = { ...s.peek(), pending: false, error: error as Error };
        return undefined;
      }
    };
    return { s, run };
  }, []);
  return { ...state.s.value, run: state.run };
}

/**
 * Keeps the last defined value while `value` is `undefined` (new args whose data is
 * loading), with a flag: TanStack's `keepPreviousData`. Use it with `useFetch` (which
 * does not suspend).
 *
 * @param value the data, e.g. a `useFetch` result.
 * @returns `[shown, previous]`: the data to show, and whether it is the previous one.
 * @example
 * const [issues, previous] = useKeepPrevious(useFetch(getIssues, { page }));
 * <ul class={previous ? 'dim' : ''}>{issues?.map((issue) => <Row key={issue.id} issue={issue} />)}</ul>
 */
export function useKeepPrevious<T>(value: T | undefined): [T | undefined, boolean] {
  const last = useRef(value);
  if (value !== undefined) last.current = value;
  return [last.current, value === undefined && last.current !== undefined];
}
