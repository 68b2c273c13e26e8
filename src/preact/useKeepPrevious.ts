/** The previous value kept while new args load. */
import { useRef } from 'preact/hooks';

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
