/**
 * `DevToolsManager`: the Controller's actions and state sent to the Redux DevTools
 * browser extension, as Reactive Data Client's `DevToolsManager` does (same constructor,
 * same protocol): it connects to `window.__REDUX_DEVTOOLS_EXTENSION__` when there is one,
 * gives it the state when the Controller is ready (`init`), and after each action takes
 * effect sends the action with the state then (`send(action, state)`). Until the
 * extension's monitor starts (`START`), the last actions are kept and sent then. The
 * extension's Reset dispatches `resetEntireStore()`. Time travel is not supported.
 *
 * Only in development: in a production build (`NODE_ENV` "production") it
 * connects to nothing and its middleware passes every action on.
 */
import { FETCH, OPTIMISTIC, RESET, SET_RESPONSE } from '../controller/actionTypes.js';
import type { ActionTypes, Dispatch, Manager, Middleware, OptimisticAction } from '../controller/actions.js';
import type { Controller } from '../controller/Controller.js';
import type { EndpointInterface } from '../endpoint/types.js';
import { labelOf } from './model.js';
import { type DevtoolsState, stateOf } from './state.js';

/**
 * Options of the extension's `connect()` (see the Redux DevTools extension's
 * "Arguments"): `name` (the instance shown; default `"signal-cache: <document title>"`),
 * `maxAge` (actions kept in its history; the manager keeps twice as many before `START`),
 * `latency`, `trace` … passed through unchanged.
 */
export interface DevToolsConfig {
  name?: string;
  maxAge?: number;
  latency?: number;
  trace?: boolean;
  actionSanitizer?: (action: any, id: number) => any;
  stateSanitizer?: (state: any, index: number) => any;
  predicate?: (state: any, action: any) => boolean;
  [option: string]: unknown;
}

/** What the extension's `connect()` returns (the part this manager uses). */
export interface DevToolsConnection {
  init(state: unknown): void;
  send(action: unknown, state: unknown): void;
  // biome-ignore lint/suspicious/noConfusingVoidType: the extension's subscribe returns its unsubscribe, or nothing
  subscribe(listener: (message: { type: string; payload?: { type?: string } }) => void): (() => void) | void;
  unsubscribe?(): void;
}

/** The extension's global (`window.__REDUX_DEVTOOLS_EXTENSION__`). */
interface Extension {
  connect(options: DevToolsConfig): DevToolsConnection;
}

export class DevToolsManager implements Manager {
  /** The extension's connection; `undefined` when there is no extension (or in production). */
  protected devTools: DevToolsConnection | undefined;
  /** Whether the extension's monitor is open (after `START`, until `STOP`). */
  protected started = false;
  /** Actions (with the state after each) kept until the monitor starts. */
  protected actions: [unknown, DevtoolsState][] = [];
  declare protected controller: Controller;
  /** Actions not sent: a `FETCH` that joins a request in flight, by default. */
  skipLogging?: (action: ActionTypes) => boolean;
  /** The instance name shown in the extension. */
  devtoolsName: string;
  /** Actions kept before `START` (the older half is dropped when it is exceeded). */
  maxBufferLength = 100;
  /** Optimistic actions whose request is in flight. */
  #optimistic: OptimisticAction[] = [];
  #lastReset = 0;
  #stop: (() => void) | undefined;

  /**
   * @param config options of the extension's `connect()`
   * @param skipLogging actions not to send (default: a `FETCH` that joins a request of its key in flight)
   */
  constructor(config?: DevToolsConfig, skipLogging?: (action: ActionTypes) => boolean) {
    this.devtoolsName = config?.name ?? `signal-cache: ${globalThis.document?.title ?? ''}`;
    // (The check inline, each time: a bundler folds it and drops what it guards.)
    const extension: Extension | undefined =
      (typeof process < 'u' ? process.env.NODE_ENV : 'production') !== 'production'
        ? (globalThis as { __REDUX_DEVTOOLS_EXTENSION__?: Extension }).__REDUX_DEVTOOLS_EXTENSION__
        : undefined;
    this.devTools = extension?.connect({ name: this.devtoolsName, ...config, actionSanitizer: sanitize(config) });
    // The manager halves its buffer when it is full: twice the extension's history keeps it whole.
    if (config?.maxAge) this.maxBufferLength = config.maxAge * 2;
    if (skipLogging) this.skipLogging = skipLogging;
  }

  middleware: Middleware = (controller) => {
    this.controller = controller;
    // (What the development branch needs is passed in: a production bundle drops it whole.)
    return (typeof process < 'u' ? process.env.NODE_ENV : 'production') !== 'production' && this.devTools !== undefined
      ? this.#sending(controller, stateOf)
      : (next) => next;
  };

  /** The middleware of development: each action sent, once it took effect, with the state then. */
  #sending(controller: Controller, snapshot: typeof stateOf): (next: Dispatch) => Dispatch {
    const [runner, entries] = controller._inspect();
    this.skipLogging ??= (action) =>
      action.type === FETCH && !action.endpoint.sideEffect && entries.get(action.key)?._pending !== undefined;
    return (next) => (action) => {
      const skip = this.skipLogging?.(action) === true;
      const settled = next(action);
      this.#track(action);
      if (!skip) {
        // The state once the action took effect (a waiting middleware after this one may delay it).
        settled.then(
          () => this.handleAction(action, snapshot(runner._store, [...this.#optimistic], this.#lastReset)),
          noop,
        );
      }
      return settled;
    };
  }

  /** Keeps the optimistic actions in flight and the time of the last reset (parts of the state). */
  #track(action: ActionTypes): void {
    if (action.type === OPTIMISTIC) this.#optimistic.push(action);
    else if (action.type === SET_RESPONSE) {
      // A request's answer carries the fetch time of its optimistic action.
      this.#optimistic = this.#optimistic.filter(
        (o) => o.key !== action.key || o.meta.fetchedAt !== action.meta.fetchedAt,
      );
    } else if (action.type === RESET) {
      this.#optimistic = [];
      this.#lastReset = action.date;
    }
  }

  /** Sends an action with its state, or keeps it until the monitor starts. */
  handleAction(action: unknown, state: DevtoolsState): void {
    if (this.started) {
      this.devTools!.send(action, state);
      return;
    }
    // A long-running page keeps the newest actions: the older half goes when the buffer is full.
    if (this.actions.length > this.maxBufferLength) this.actions = this.actions.slice(this.maxBufferLength / 2);
    this.actions.push([action, state]);
  }

  /** Called once the Controller is ready: gives the extension the state and listens to it. */
  init(): void {
    if ((typeof process < 'u' ? process.env.NODE_ENV : 'production') !== 'production') this.#connect(stateOf);
  }

  /** Registers the Controller, gives the extension its state and follows the extension's messages. */
  #connect(snapshot: typeof stateOf): void {
    const registry = ((globalThis as { __SC_CONTROLLERS__?: Map<string, Controller> }).__SC_CONTROLLERS__ ??=
      new Map());
    if (this.controller !== undefined) registry.set(this.devtoolsName, this.controller);
    const devTools = this.devTools;
    if (devTools === undefined || this.controller === undefined) return;
    devTools.init(snapshot(this.controller._inspect()[0]._store, [], this.#lastReset));
    const stop = devTools.subscribe((message) => {
      if (message.type === 'START') {
        this.started = true;
        const kept = this.actions;
        this.actions = [];
        for (const [action, state] of kept) this.handleAction(action, state);
      } else if (message.type === 'STOP') this.started = false;
      else if (message.type === 'DISPATCH' && message.payload?.type === 'RESET') this.controller.resetEntireStore();
    });
    this.#stop = typeof stop === 'function' ? stop : () => devTools.unsubscribe?.();
  }

  /** Stops listening to the extension and forgets the Controller's registration. */
  cleanup(): void {
    this.#stop?.();
    this.#stop = undefined;
    if ((typeof process < 'u' ? process.env.NODE_ENV : 'production') !== 'production') {
      const registry = (globalThis as { __SC_CONTROLLERS__?: Map<string, Controller> }).__SC_CONTROLLERS__;
      if (registry?.get(this.devtoolsName) === this.controller) registry.delete(this.devtoolsName);
    }
  }
}

function noop(): void {}

/**
 * The actions as the extension shows them: an endpoint by its name, schema, and options
 * (a function does not survive the extension's serialization), then the user's sanitizer.
 */
function sanitize(config: DevToolsConfig | undefined): (action: any, id: number) => any {
  return (action, id) => {
    const out =
      action !== null && typeof action === 'object' && 'endpoint' in action
        ? { ...action, endpoint: describeEndpoint(action.endpoint) }
        : action;
    return config?.actionSanitizer ? config.actionSanitizer(out, id) : out;
  };
}

const OPTIONS = [
  'dataExpiryLength',
  'errorExpiryLength',
  'pollFrequency',
  'invalidIfStale',
  'sideEffect',
  'method',
] as const;

function describeEndpoint(endpoint: EndpointInterface): Record<string, unknown> {
  const out: Record<string, unknown> = { name: endpoint.name, schema: labelOf(endpoint.schema) };
  for (const option of OPTIONS) if ((endpoint as any)[option] !== undefined) out[option] = (endpoint as any)[option];
  return out;
}
