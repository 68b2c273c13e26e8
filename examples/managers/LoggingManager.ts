/**
 * A logging manager: every action of the Controller, one line each, with how long it took
 * to go through the middlewares after this one and take effect (for a fetch: until its
 * request started; its answer is a `SET_RESPONSE` of its own). Put it first in the
 * list to see every action as the Controller dispatched it.
 */
import type { ActionTypes, Manager, Middleware } from 'signal-cache';

/** One logged action. */
export interface LogEntry {
  type: ActionTypes['type'];
  /** The endpoint key, for the actions that have one. */
  key?: string;
  /** Whether a `SET_RESPONSE` records a failure. */
  error?: boolean;
  /** Milliseconds until the rest of the pipeline settled. */
  ms: number;
}

export class LoggingManager implements Manager {
  readonly #log: (entry: LogEntry) => void;

  /** @param log where entries go; default: `console.info` */
  constructor(log: (entry: LogEntry) => void = (entry) => console.info(entry)) {
    this.#log = log;
  }

  middleware: Middleware = () => (next) => async (action) => {
    const start = performance.now();
    try {
      await next(action);
    } finally {
      const entry: LogEntry = { type: action.type, ms: performance.now() - start };
      if ('key' in action) entry.key = action.key;
      if (action.type === 'rdc/setresponse') entry.error = !!action.error;
      this.#log(entry);
    }
  };

  cleanup(): void {}
}
