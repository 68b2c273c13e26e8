/**
 * Subscriptions of one Controller: a count per key, and per key one polling timer at the
 * fastest `pollFrequency` among its subscribers.
 *
 * As in Reactive Data Client's `PollingSubscription`, each key keeps a count per
 * frequency; the timer runs at the smallest frequency with a non-zero count and is
 * restarted only when that minimum changes, so a 20 ms subscriber joining a 1000 ms one
 * polls at 20 ms, and polling falls back to 1000 ms when it leaves. Subscribers without a
 * frequency count as subscribers (for refetch triggers) but do not poll.
 */
import type { TimerHandle, Timers } from './timers.js';

interface Frequency {
  count: number;
  /** The request of the latest subscriber at this frequency. */
  run: () => void;
}

interface Entry {
  count: number;
  /** The request of the latest subscriber (used by refetch triggers). */
  run: () => void;
  readonly frequencies: Map<number, Frequency>;
  /** The frequency the timer runs at; 0 when not polling. */
  every: number;
  timer: TimerHandle;
}

/** @internal */
export class Polling {
  readonly #timers: Timers;
  /** Whether polls are skipped for now (offline or hidden). */
  readonly #paused: () => boolean;
  readonly #entries = new Map<string, Entry>();

  constructor(timers: Timers, paused: () => boolean) {
    this.#timers = timers;
    this.#paused = paused;
  }

  /** Adds a subscriber of `key` polling every `frequency` ms (none when not positive). */
  _add(key: string, frequency: number | undefined, run: () => void): void {
    let entry = this.#entries.get(key);
    if (entry === undefined) {
      entry = { count: 0, run, frequencies: new Map(), every: 0, timer: undefined };
      this.#entries.set(key, entry);
    }
    entry.count++;
    entry.run = run;
    if (frequency !== undefined && frequency > 0) {
      const f = entry.frequencies.get(frequency);
      if (f === undefined) entry.frequencies.set(frequency, { count: 1, run });
      else {
        f.count++;
        f.run = run;
      }
    }
    this.#schedule(entry);
  }

  /** Removes one subscriber of `key` at `frequency`; polling stops with the last one. */
  _remove(key: string, frequency: number | undefined): void {
    const entry = this.#entries.get(key);
    if (entry === undefined) return;
    if (frequency !== undefined && frequency > 0) {
      const f = entry.frequencies.get(frequency);
      if (f !== undefined && --f.count === 0) entry.frequencies.delete(frequency);
    }
    if (--entry.count > 0) return this.#schedule(entry);
    if (entry.every !== 0) this.#timers.clearInterval(entry.timer);
    this.#entries.delete(key);
  }

  /** (Re)starts the timer when the fastest frequency changed. */
  #schedule(entry: Entry): void {
    let every = 0;
    for (const frequency of entry.frequencies.keys()) if (every === 0 || frequency < every) every = frequency;
    if (every === entry.every) return;
    if (entry.every !== 0) this.#timers.clearInterval(entry.timer);
    entry.every = every;
    if (every === 0) return;
    entry.timer = this.#timers.setInterval(() => {
      if (!this.#paused()) entry.frequencies.get(entry.every)?.run();
    }, every);
  }

  /** Number of subscribers of `key`. */
  _count(key: string): number {
    return this.#entries.get(key)?.count ?? 0;
  }

  /** The frequency `key` polls at; 0 when it does not. */
  _every(key: string): number {
    return this.#entries.get(key)?.every ?? 0;
  }

  /** Whether `key` has a subscriber. */
  _has(key: string): boolean {
    return this.#entries.has(key);
  }

  /** The subscribed keys with the request of their latest subscriber. */
  _keys(): IterableIterator<[string, { run: () => void }]> {
    return this.#entries.entries();
  }
}
