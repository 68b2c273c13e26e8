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
  /** Current time in ms. Default: `Date.now`. */
  now(): number;
  /** Runs `callback` once after `ms`. */
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
  /** Runs `callback` every `ms`. */
  setInterval(callback: () => void, ms: number): TimerHandle;
  clearInterval(handle: TimerHandle): void;
}

/** The global timers and `Date.now`. */
export const systemTimers: Timers = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  setInterval: (callback, ms) => setInterval(callback, ms),
  clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
};

/**
 * @internal Lets a background timer (the garbage-collection sweep) not keep a Node
 * process alive; a no-op for handles without `unref` (browsers, fake timers).
 */
export function unref(handle: TimerHandle): TimerHandle {
  (handle as { unref?: () => void } | undefined)?.unref?.();
  return handle;
}
