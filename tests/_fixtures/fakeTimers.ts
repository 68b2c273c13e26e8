/**
 * Fake timers for a Controller (`new Controller({ timers })`): time moves only when a test
 * calls `advance`, which runs every due timer in time order. Requests still go to the
 * real HTTP server; `settle()` waits for the ones a tick started.
 */
import type { TimerHandle, Timers } from '../../src/index.js';

interface Timer {
  id: number;
  at: number;
  every: number;
  callback: () => void;
}

export class FakeTimers implements Timers {
  time = 0;
  #next = 0;
  readonly #timers = new Map<number, Timer>();

  now(): number {
    return this.time;
  }
  setTimeout(callback: () => void, ms: number): TimerHandle {
    return this.#add(callback, ms, 0);
  }
  setInterval(callback: () => void, ms: number): TimerHandle {
    return this.#add(callback, ms, ms);
  }
  clearTimeout(handle: TimerHandle): void {
    this.#timers.delete(handle as number);
  }
  clearInterval(handle: TimerHandle): void {
    this.#timers.delete(handle as number);
  }

  /** Number of scheduled timers. */
  get size(): number {
    return this.#timers.size;
  }

  /** Intervals of the scheduled repeating timers, sorted. */
  intervals(): number[] {
    return [...this.#timers.values()]
      .filter((t) => t.every > 0)
      .map((t) => t.every)
      .sort((a, b) => a - b);
  }

  /** Moves time forward by `ms`, running each due timer at its own time, in order. */
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      let due: Timer | undefined;
      for (const timer of this.#timers.values())
        if (timer.at <= end && (due === undefined || timer.at < due.at)) due = timer;
      if (due === undefined) break;
      this.time = due.at;
      if (due.every > 0) due.at += due.every;
      else this.#timers.delete(due.id);
      due.callback();
    }
    this.time = end;
  }

  #add(callback: () => void, ms: number, every: number): number {
    const id = ++this.#next;
    this.#timers.set(id, { id, at: this.time + Math.max(0, ms), every, callback });
    return id;
  }
}

/** Waits until `check()` is true (polling the event loop), or fails after `ms` of real time. */
export async function until(check: () => boolean, ms = 2000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}
