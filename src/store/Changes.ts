/**
 * What a batch changed (DESIGN rule 12): the rows written, per table, with their value
 * before the write, reported to whatever is mounted (live queries).
 *
 * Constraints:
 * - A store with no live query pays nothing: the feed is created by the first live query
 *   mounted on a store, and only then listens to the store's commit journal (./Journal.ts:
 *   every change of a row's visible value — responses, optimistic layers and their
 *   rollback, resets — once its transaction settled; never an undone write).
 * - Only watched tables are logged; a change of any other table costs one Map lookup.
 * - No signal is written while flushing: a flush may run inside a computed. The first
 *   write after a flush bumps `_tick`; a live result reads `_tick`, and when it re-runs it
 *   flushes (pull), so every reader of a batch sees its writes folded in, once. An effect
 *   flushes at the end of the batch when nobody reads, so logs never pile up.
 * - Consumers are held weakly: a live query nothing references is reclaimed by the
 *   garbage collector, and the next flush drops it and stops logging its tables.
 *
 * This module is only reached from `signal-cache/live`: an app without live queries does
 * not ship it.
 */
import { Signal } from '@preact/signals-core';
import { ensure } from '../util/map.js';
import { listen } from './Journal.js';
import type { Cell, Row, Store, Table } from './Store.js';

/** @internal A mounted consumer of changes. */
export interface ChangeSink {
  /** The tables whose writes it reads. */
  readonly _tables: readonly Table[];
  /** Called by a flush after a write to one of `_tables`. Must not write signals. */
  _changed(changes: Changes): void;
}

/** @internal Written rows since the last flush: `[cell, before, cell, before, …]`. */
export type ChangeLog = (Cell | Row | undefined)[];

const feeds = new WeakMap<Store, Changes>();

/** @internal The change feed of one store. */
export class Changes {
  /** Table → rows written since the last flush; a table has a log while it is watched. */
  readonly _logs = new Map<Table, ChangeLog>();
  /** Bumped by the first logged write after a flush. */
  readonly _tick = new Signal(0);
  #dirty = false;
  readonly #sinks = new Set<WeakRef<ChangeSink>>();

  /** The feed of a store, created on first use: a listener of the store's journal. */
  static _of(store: Store): Changes {
    let feed = feeds.get(store);
    if (feed !== undefined) return feed;
    const changes = (feed = new Changes());
    feeds.set(store, feed);
    store._follow(changes._logs);
    // Rows whose visible value the transaction changed (a server value under a layer that
    // hides it changes nothing a reader sees).
    listen(store, (commit) => {
      for (const row of commit.rows)
        if (row._rowCell._now !== row._shown) changes._log(row._rowTable, row._rowCell, row._shown);
    });
    // (`subscribe`: an effect that reads the tick and runs the flush untracked.)
    changes._tick.subscribe(() => changes._flush());
    return feed;
  }

  /** Records a written row of `table` when the table is watched. */
  _log(table: Table, cell: Cell, before: Row | undefined): void {
    const log = this._logs.get(table);
    if (log === undefined) return;
    log.push(cell, before);
    if (!this.#dirty) {
      this.#dirty = true;
      this._tick.value++;
    }
  }

  /** Starts reporting writes of `sink._tables` to `sink` (held weakly). */
  _watch(sink: ChangeSink): void {
    this.#sinks.add(new WeakRef(sink));
    for (const table of sink._tables) ensure(this._logs, table, Array);
  }

  /**
   * Calls `fn(cell, before, after)` for each row of `table` written since the last flush,
   * in write order. `before` is `undefined` for a row that was not stored, `after` for a
   * row that was removed; a row written twice appears twice.
   */
  _each(table: Table, fn: (cell: Cell, before: Row | undefined, after: Row | undefined) => void): void {
    const log = this._logs.get(table);
    if (log === undefined) return;
    for (let i = 0; i < log.length; i += 2) {
      const cell = log[i] as Cell;
      fn(cell, log[i + 1] as Row | undefined, cell._now);
    }
  }

  /** Reports the logged writes to every live consumer, then empties the logs. */
  _flush(): void {
    if (!this.#dirty) return;
    this.#dirty = false;
    try {
      let dropped = false;
      for (const ref of this.#sinks) {
        const sink = ref.deref();
        if (sink !== undefined) sink._changed(this);
        else dropped = this.#sinks.delete(ref);
      }
      if (dropped) this.#prune();
    } finally {
      for (const log of this._logs.values()) log.length = 0;
    }
  }

  /** Stops logging the tables no live consumer watches any more. */
  #prune(): void {
    const watched = new Set<Table>();
    for (const ref of this.#sinks) for (const table of ref.deref()?._tables ?? []) watched.add(table);
    for (const table of [...this._logs.keys()]) if (!watched.has(table)) this._logs.delete(table);
  }
}
