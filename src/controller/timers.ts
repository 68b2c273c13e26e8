/**
 * Timers: where the Controller schedules everything that happens later (polling, request
 * timeouts, retries, garbage-collection sweeps) and reads the time. Modelled on TanStack
 * Query's `timeoutManager`: replace it to run all of a Controller's time on a fake clock
 * in tests, or on a platform scheduler.
 */

/** An opaque timer handle, as returned by `setTimeout` / `setInterval`. */
export type TimerHandle = unknown;

/** The scheduler and clock of a Controller (option `timers`). */
export interface Timers {
  /** Current time in ms. Default (and when absent): `Date.now()`. */
  now?(): number;
  /** Runs `callback` once after `ms`. */
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
  /** Runs `callback` every `ms`. */
  setInterval(callback: () => void, ms: number): TimerHandle;
  clearInterval(handle: TimerHandle): void;
}

/** @internal The global timers (called as methods of `globalThis`, which browsers require). */
export const systemTimers = globalThis as unknown as Timers;
