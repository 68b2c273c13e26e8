/** A mutation's pending / error / result as Solid accessors. */
import { createSignal, type Accessor } from 'solid-js';

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
      // Resolves `undefined`: the error is in `error()`.
      if (id === last) setState((s) => ({ data: s.data, error: error as Error }));
    }
  };
  return { run, pending: () => !!state().pending, error: () => state().error, data: () => state().data };
}
