/**
 * Arrays made from another by replacing some of its members: a list of 10,000 rows read
 * again after one user was renamed is the previous array with the 500 rows that reached
 * that user replaced (a root list read again in part, store/Walker.ts). What each such
 * array was made from, and where, is kept here, so that whoever compares it with the one
 * before (structural sharing, store/share.ts; the Solid binding's translation,
 * solid/stable.ts) looks at those places, not at every member.
 *
 *   before:  [a, b, c, d, …]          replaced([a, b, c, d, …], [1], [a, b′, c, d, …])
 *   after:   [a, b′, c, d, …]   ──▶   replacedAt(after, before) = [1]
 *
 * An array is known by a number, not held: a record naming the array it was made from
 * would keep every list before it alive, one record leading to the next.
 */

/** An array's number, the number of the array it was made from (0: none) and the places replaced. */
type Made = readonly [id: number, from: number, at: readonly number[]];

const made = new WeakMap<readonly unknown[], Made>();
let ids = 0;

/** @internal Records that `next` is `from` with the members at `at` (and only those) replaced; returns `next`. */
export function replaced<T extends readonly unknown[]>(from: readonly unknown[], at: readonly number[], next: T): T {
  let source = made.get(from);
  if (source === undefined) made.set(from, (source = [++ids, 0, at]));
  made.set(next, [++ids, source[0], at]);
  return next;
}

/**
 * @internal The places where `next` differs from `prev` when `next` was made from `prev`
 * by replacing members (see {@link replaced}); `undefined` when it is not known (compare
 * every member).
 */
export function replacedAt(next: readonly unknown[], prev: unknown): readonly number[] | undefined {
  const entry = made.get(next);
  return entry !== undefined && entry[1] === (made.get(prev as unknown[]) as Made | undefined)?.[0]
    ? entry[2]
    : undefined;
}
