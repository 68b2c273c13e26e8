/**
 * The per-key entry of a Controller (TanStack Query's `Query` is the model): what one
 * endpoint key is doing — the GET request in flight for it, and the readers that show it
 * (a binding's view, `ctrl.subscribe`), with the expiry watch that refetches it while it
 * is shown. An entry lives while the key is in flight or mounted; its data and meta live
 * in the store (`ResultCell`), which outlives it.
 */
import type { EndpointInterface } from '../endpoint/types.js';
import type { Runner } from './Runner.js';
import type { TimerHandle } from './timers.js';

/** @internal */
export class Entry {
  /** What the key is refetched with: the endpoint and args of its first mount (or fetch, until one). */
  _endpoint: EndpointInterface;
  _args: readonly unknown[];
  /** The GET request in flight: identical fetches share it. */
  _pending: Promise<unknown> | undefined = undefined;
  /** Readers that show the key (reference count). */
  _mounts = 0;
  /** Readers by the `pollFrequency` of their endpoint (`undefined`: none); made by the first. */
  _polls: Map<number | undefined, number> | undefined = undefined;
  /** Stops the expiry watch (see `_arm`). */
  _unwatch: (() => void) | undefined = undefined;
  _timer: TimerHandle = undefined;

  constructor(endpoint: EndpointInterface, args: readonly unknown[]) {
    this._endpoint = endpoint;
    this._args = args;
  }

  /**
   * Counts a reader in, polling every `frequency` ms.
   * @returns whether it is the first of that frequency (a `SUBSCRIBE`)
   */
  _join(frequency: number | undefined): boolean {
    const polls = (this._polls ??= new Map());
    const count = polls.get(frequency) ?? 0;
    polls.set(frequency, count + 1);
    this._mounts++;
    return count === 0;
  }

  /**
   * Counts a reader out.
   * @returns whether it was the last of its frequency (an `UNSUBSCRIBE`); `undefined` when
   *   no reader of that frequency was counted
   */
  _leave(frequency: number | undefined): boolean | undefined {
    const count = this._polls?.get(frequency);
    if (count === undefined) return undefined;
    if (count > 1) this._polls!.set(frequency, count - 1);
    else this._polls!.delete(frequency);
    this._mounts--;
    return count === 1;
  }

  /** Whether the entry has nothing left to do: no request in flight, no reader. */
  get _idle(): boolean {
    return this._pending === undefined && this._mounts === 0;
  }

  /**
   * Watches the key's meta while it is mounted: refetches (through `refetch`) when the
   * data expires or is invalidated, and when it was never fetched (or reset) and is
   * stale. Re-armed on every meta change: a new fetch moves the expiry, an error stops it.
   */
  _arm(runner: Runner, key: string, refetch: () => void): void {
    const { _endpoint: endpoint, _args: args } = this;
    const meta = runner._store._result(key)._meta;
    const timers = runner._timers;
    const check = () => {
      timers.clearTimeout(this._timer);
      const { error, fetchedAt, expiresAt, invalidated } = meta.peek();
      if (error !== undefined) return;
      // Never fetched, or emptied by `resetEntireStore`.
      if (fetchedAt === 0) {
        if (runner._isStale(key, endpoint, args)) refetch();
        return;
      }
      const delay = expiresAt - runner._clock();
      // Invalidated again: an invalidation issued while a request was in flight outlives its answer.
      if (invalidated || delay <= 0) refetch();
      else if (delay < 2 ** 31) this._timer = timers.setTimeout(check, delay);
    };
    // (`subscribe`: an effect that reads `meta` and runs `check` untracked.)
    this._unwatch = meta.subscribe(check);
  }

  /** Stops the expiry watch (the last reader left). */
  _stop(runner: Runner): void {
    this._unwatch?.();
    this._unwatch = undefined;
    runner._timers.clearTimeout(this._timer);
  }
}
