/**
 * What a batch changed (DESIGN rule 12): the rows each commit wrote, per entity key, with
 * their value before the write, reported to whatever is mounted (live queries).
 *
 * Constraints:
 * - A write nothing watches pays one Map lookup per entity key per commit (not per row):
 *   `Store._commit` asks `_logs.get(key)` once per table, and a key has a log only while a
 *   mounted consumer watches it.
 * - Consumers are held weakly: a live query nothing references is reclaimed by the
 *   garbage collector, and the next flush drops it and stops logging its keys.
 * - A flush runs at the end of the commit, still inside its batch, so the signals a
 *   consumer writes notify their readers once per response.
 *
 * This module is only reached from `signal-cache/live`: the core imports its types alone.
 */
import { untracked } from '@preact/signals-core';
import type { Cell, Row } from './Store.js';

/** @internal A mounted consumer of changes. */
export interface ChangeSink {
  /** The entity keys whose writes it reads. */
  readonly _keys: readonly string[];
  /** Called after a commit that wrote a row of one of `_keys`. */
  _changed(changes: Changes): void;
}

/** @internal Written rows since the last flush: `[cell, before, cell, before, …]`. */
export type ChangeLog = (Cell | Row | undefined)[];

/** @internal The change feed of one store. */
export class Changes {
  /** Entity key → rows written since the last flush; a key has a log while it is watched. */
  readonly _logs = new Map<string, ChangeLog>();
  readonly #counts = new Map<string, number>();
  readonly #sinks = new Set<WeakRef<ChangeSink>>();

  /** Starts reporting writes of `sink._keys` to `sink` (held weakly). */
  _watch(sink: ChangeSink): void {
    this.#sinks.add(new WeakRef(sink));
    for (const key of sink._keys) {
      this.#counts.set(key, (this.#counts.get(key) ?? 0) + 1);
      if (!this._logs.has(key)) this._logs.set(key, []);
    }
  }

  /**
   * Calls `fn(cell, before, after)` for each row of `key` written since the last flush, in
   * write order. `before` is `undefined` for a row that was not stored, `after` for a row
   * that was removed; a row written twice appears twice.
   */
  _each(key: string, fn: (cell: Cell, before: Row | undefined, after: Row | undefined) => void): void {
    const log = this._logs.get(key);
    if (log === undefined) return;
    for (let i = 0; i < log.length; i += 2) {
      const cell = log[i] as Cell;
      fn(cell, log[i + 1] as Row | undefined, cell._sig.peek());
    }
  }

  /** Reports the logged writes to every live consumer, then empties the logs. */
  _flush(): void {
    let any = false;
    for (const log of this._logs.values()) if (log.length > 0) any = true;
    if (!any) return;
    try {
      // A commit may run inside an effect: what consumers read must not subscribe it.
      untracked(() => {
        for (const ref of this.#sinks) {
          const sink = ref.deref();
          if (sink === undefined) this.#drop(ref);
          else sink._changed(this);
        }
      });
    } finally {
      for (const log of this._logs.values()) log.length = 0;
    }
  }

  /** Forgets a reclaimed consumer; a key nobody watches any more stops being logged. */
  #drop(ref: WeakRef<ChangeSink>): void {
    this.#sinks.delete(ref);
    // The consumer is gone, so its keys are unknown here: recount from the live ones.
    this.#counts.clear();
    for (const other of this.#sinks) {
      const sink = other.deref();
      if (sink !== undefined) for (const key of sink._keys) this.#counts.set(key, (this.#counts.get(key) ?? 0) + 1);
    }
    for (const key of [...this._logs.keys()]) if (!this.#counts.has(key)) this._logs.delete(key);
  }
}
