/**
 * Subscriptions of one Controller: a count per key, and per key one polling timer at the
 * fastest `pollFrequency` among its subscribers.
 *
 * As in Reactive Data Client's `PollingSubscription`, each key keeps a count per
 * frequency; the timer runs at the smallest frequency with a non-zero count and is
 * restarted only when that minimum changes, so a 20 ms subscriber joining a 1000 ms one
 * polls at 20 ms, and polling falls back to 1000 ms when it leaves. Subscribers without a
 * frequency count as subscribers (they keep the key from garbage collection and get
 * refetch triggers) but do not poll. A tick runs the request of the latest subscriber.
 */
import type { TimerHandle, Timers } from './timers.js';

interface Entry {
  /** Subscribers of the key. */
  n: number;
  /** Subscribers per polling frequency. */
  readonly f: Map<number, number>;
  /** The request of the latest subscriber. */
  run: () => void;
  /** The frequency the timer runs at; `Infinity` when not polling. */
  every: number;
  timer: TimerHandle;
}

/** @internal */
export class Polling {
  readonly #timers: Timers;
  /** Whether ticks are skipped for now (page hidden, network offline). */
  readonly #paused: () => boolean;
  /** Subscribed keys. */
  readonly _keys = new Map<string, Entry>();

  constructor(timers: Timers, paused: () => boolean) {
    this.#timers = timers;
    this.#paused = paused;
  }

  /**
   * Adds a subscriber of `key` polling every `frequency` ms (none when not positive), or
   * removes one (`run` undefined); the key goes with its last subscriber.
   */
  _set(key: string, frequency: number | undefined, run?: () => void): void {
    const keys = this._keys;
    let entry = keys.get(key);
    if (run) {
      if (!entry) keys.set(key, (entry = { n: 0, f: new Map(), run, every: Infinity, timer: 0 }));
      entry.run = run;
    } else if (!entry) return;
    const step = run ? 1 : -1;
    entry.n += step;
    if (frequency! > 0) {
      const count = (entry.f.get(frequency!) ?? 0) + step;
      if (count > 0) entry.f.set(frequency!, count);
      else entry.f.delete(frequency!);
    }
    if (!entry.n) keys.delete(key);
    // Restart only when the fastest frequency changed (`Infinity`: none, or no subscriber left).
    const every = entry.n ? Math.min(...entry.f.keys()) : Infinity;
    if (every === entry.every) return;
    this.#timers.clearInterval(entry.timer);
    entry.every = every;
    if (every < Infinity) entry.timer = this.#timers.setInterval(() => this.#paused() || entry.run(), every);
  }
}
