/**
 * Refetch triggers: the environment events that make a Controller refetch stale mounted
 * data and pause polling, as TanStack Query's `focusManager` and `onlineManager` do.
 *
 * A trigger is a function that starts listening, calls `notify(true)` when the page is
 * focused (or the network back) and `notify(false)` when it is hidden (or offline) —
 * at once when it already is —, and returns a function that stops listening. Pass your own (React Native's `AppState`, a
 * test double) through the Controller options `focus` and `online`; under Node there is
 * no `window`, so no default listens.
 */

/** Starts listening to one environment state; returns the function that stops. */
export type Trigger = (notify: (on: boolean) => void) => () => void;

/** Listens to `events` on `window`, reporting `state()` on each. */
function listen(events: string[], state: () => boolean): Trigger | undefined {
  if (typeof window === 'undefined' || !window.addEventListener) return undefined;
  return (notify) => {
    const on = () => notify(state());
    for (const event of events) window.addEventListener(event, on);
    // Hidden or offline already: said at once (being there is the default).
    if (!state()) notify(false);
    return () => {
      for (const event of events) window.removeEventListener(event, on);
    };
  };
}

/** @internal The browser's focus trigger: `visibilitychange` and `focus`; `undefined` without a window. */
export const focusTrigger = (): Trigger | undefined =>
  listen(['visibilitychange', 'focus'], () => globalThis.document?.visibilityState !== 'hidden');

/** @internal The browser's network trigger: `online` and `offline`; `undefined` without a window. */
export const onlineTrigger = (): Trigger | undefined =>
  listen(['online', 'offline'], () => globalThis.navigator?.onLine !== false);
