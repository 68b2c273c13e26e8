/**
 * The store's commit journal for an app's own code (devtools, logging, sync): a free
 * function, as `dehydrate` is, so an app that never listens ships none of the journal.
 */
import { type Commit, listen } from '../store/Journal.js';
import type { Controller } from './Controller.js';

/**
 * Calls `listener` once for each settled transaction of the Controller's store: a
 * response written, `set`, an optimistic layer shown or rolled back, a failure recorded,
 * an invalidation, a reset, a garbage-collection sweep, a hydrated state or another tab's
 * data. The record names what wrote it (`origin`), its fetch stamp, and the rows, lists,
 * responses and meta it changed, with each row's and list's server value before and after.
 * Undone writes (a response that failed half way) are never delivered. While nobody
 * listens, the store records nothing.
 *
 * A listener runs inside the batch of the write (readers re-run after it); it must not
 * write to the Controller. What it throws goes to `console.error`, never to the writer.
 * @returns a function that stops listening
 * @example
 * const stop = onCommit(ctrl, (commit) => {
 *   for (const row of commit.rows) console.log(commit.origin, row.key, row.pk, row.before, row.after);
 * });
 */
export function onCommit(ctrl: Controller, listener: (commit: Commit) => void): () => void {
  return listen(ctrl._hydration()[0], listener);
}
