/** A mutation's pending / error / result. */
import { useMemo, useRef } from 'preact/hooks';
import { signal } from '../index.js';
import { useValue } from './base.js';

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
  return { ...useValue(state.s), run: state.run };
}
