/**
 * The Manager API (Reactive Data Client's, so its managers work unchanged): the actions a
 * Controller dispatches, and the managers whose middlewares see them.
 *
 * Every Controller operation is an action: `ctrl.fetch()` dispatches a `FetchAction`, its
 * answer a `SetResponseAction`, `ctrl.set()` a `SetAction` … Each action passes through
 * the middlewares of the Controller's managers, in the order of its `managers` list,
 * before it takes effect: a middleware that does not call `next` stops it, one that calls
 * `next` with another action changes it, and the `controller` a middleware receives can
 * dispatch more (`controller.setResponse(...)`, `controller.dispatch(action)`).
 */
import type { EndpointInterface } from '../endpoint/types.js';
import type { Denormalize, Schema } from '../schema/types.js';
import type {
  EXPIREALL,
  FETCH,
  GC,
  INVALIDATE,
  INVALIDATEALL,
  OPTIMISTIC,
  RESET,
  SET,
  SET_RESPONSE,
  SUBSCRIBE,
  UNSUBSCRIBE,
} from './actionTypes.js';
import type { Controller } from './Controller.js';

/** The times of a write: when its request started (`fetchedAt`), when it is written (`date`), until when it is fresh. */
export interface ActionMeta {
  readonly fetchedAt: number;
  readonly date: number;
  readonly expiresAt: number;
}

/** The promise of a fetch, and how to settle it: a middleware may answer a fetch itself. */
export interface FetchMeta {
  fetchedAt: number;
  resolve: (value?: any) => void;
  reject: (reason?: any) => void;
  promise: PromiseLike<any>;
}

/** `ctrl.fetch(endpoint, ...args)`: the request starts when the action reaches the end of the middlewares. */
export interface FetchAction<E extends EndpointInterface = EndpointInterface> {
  type: typeof FETCH;
  endpoint: E;
  args: readonly unknown[];
  key: string;
  meta: FetchMeta;
}

/** `ctrl.set(schema, ...args, value)`: `value` may be an updater of the current value. */
export interface SetAction<S extends Schema = any> {
  type: typeof SET;
  schema: S;
  args: readonly any[];
  meta: ActionMeta;
  value: {} | ((previousValue: Denormalize<S>) => {});
}

interface SetResponseActionBase<E extends EndpointInterface = EndpointInterface> {
  type: typeof SET_RESPONSE;
  endpoint: E;
  args: readonly any[];
  key: string;
  meta: ActionMeta;
}

/** A response written under its key: a fetch's answer, or `ctrl.setResponse()`. */
export interface SetResponseActionSuccess<E extends EndpointInterface = EndpointInterface>
  extends SetResponseActionBase<E> {
  response: any;
  error?: false;
}

/** A failure recorded under its key: a fetch's error, or `ctrl.setError()`; `meta.expiresAt` ends it. */
export interface SetResponseActionError<E extends EndpointInterface = EndpointInterface>
  extends SetResponseActionBase<E> {
  response: Error & { status?: number };
  error: true;
}

/** A response or a failure written under its key (`action.error` tells which). */
export type SetResponseAction<E extends EndpointInterface = EndpointInterface> =
  | SetResponseActionSuccess<E>
  | SetResponseActionError<E>;

/** An endpoint's `getOptimisticResponse` shown while its request is in flight. */
export interface OptimisticAction<E extends EndpointInterface = EndpointInterface> {
  type: typeof OPTIMISTIC;
  endpoint: E;
  args: readonly any[];
  key: string;
  meta: ActionMeta;
  error?: false;
}

/** A key got its first mounted reader (of this `endpoint.pollFrequency`): a binding's view, `ctrl.subscribe`. */
export interface SubscribeAction<E extends EndpointInterface = EndpointInterface> {
  type: typeof SUBSCRIBE;
  endpoint: E;
  args: readonly any[];
  key: string;
}

/** A key lost its last mounted reader (of this `endpoint.pollFrequency`). */
export interface UnsubscribeAction<E extends EndpointInterface = EndpointInterface> {
  type: typeof UNSUBSCRIBE;
  endpoint: E;
  args: readonly any[];
  key: string;
}

/** `ctrl.expireAll()`: every cached response whose key passes `testKey` becomes stale. */
export interface ExpireAllAction {
  type: typeof EXPIREALL;
  testKey: (key: string) => boolean;
}

/** `ctrl.invalidateAll()`: every cached response whose key passes `testKey` is invalidated. */
export interface InvalidateAllAction {
  type: typeof INVALIDATEALL;
  testKey: (key: string) => boolean;
}

/** `ctrl.invalidate(endpoint, ...args)`. */
export interface InvalidateAction {
  type: typeof INVALIDATE;
  key: string;
}

/** `ctrl.resetEntireStore()`. */
export interface ResetAction {
  type: typeof RESET;
  date: number;
}

/** A stored row (entity key and pk), or a Collection list (Collection key and args key). */
export interface EntityPath {
  key: string;
  pk: string;
}

/**
 * A garbage-collection sweep (`ctrl.gc()`, and every `gcInterval`): the rows and lists
 * (`entities`) and responses (`endpoints`) it drops. A middleware may leave some out; the
 * sweep drops only those still collectable when the action takes effect.
 */
export interface GCAction {
  type: typeof GC;
  entities: EntityPath[];
  endpoints: string[];
}

/** Every action a Controller dispatches; `action.type` narrows it. */
export type ActionTypes =
  | FetchAction
  | OptimisticAction
  | SetAction
  | SetResponseAction
  | SubscribeAction
  | UnsubscribeAction
  | InvalidateAction
  | InvalidateAllAction
  | ExpireAllAction
  | ResetAction
  | GCAction;

/** Sends an action on; settles once it took effect (or was stopped). */
export type Dispatch<Actions = ActionTypes> = (action: Actions) => Promise<void>;

/** The Controller a middleware receives: it dispatches through every middleware, from the first. */
export type MiddlewareController<Actions = ActionTypes> = Controller & {
  dispatch: Dispatch<Actions>;
};

/**
 * A manager's hook into the Controller's actions, Reactive Data Client's shape: called
 * once with the Controller when it is created, it returns a function of `next` (the rest
 * of the pipeline) that returns the dispatch of this middleware.
 * @example
 * const logging: Middleware = (controller) => (next) => async (action) => {
 *   console.log(action.type);
 *   return next(action);
 * };
 */
export type Middleware<Actions = ActionTypes> = <C extends MiddlewareController<Actions>>(
  controller: C,
) => (next: C['dispatch']) => C['dispatch'];

/**
 * Something that extends the cache (Reactive Data Client's `Manager`): its middleware
 * sees every action; `cleanup()` (called once by `ctrl.cleanup()`) releases what it holds.
 */
export interface Manager<Actions = ActionTypes> {
  /** The manager's middleware (see {@link Middleware}). */
  middleware?: Middleware<Actions>;
  /** The older spelling: called once, when the Controller is created, when `middleware` is absent. */
  getMiddleware?(): Middleware<Actions>;
  /** Stops what the manager runs (timers, sockets, listeners). */
  cleanup(): void;
  /** Called once the Controller is ready, with its (empty) initial state in Reactive Data Client's shape. */
  init?: (state: any) => void;
}
