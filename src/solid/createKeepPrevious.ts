/** The previous value kept while new args load. */
import { createMemo, type Accessor } from 'solid-js';

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
