/**
 * The type of each action a Controller dispatches through its managers' middlewares:
 * Reactive Data Client's names and values, so its managers read them unchanged
 * (`import { actionTypes } from 'signal-cache'`; `action.type === actionTypes.SET_RESPONSE`).
 * The `…_TYPE` names are data-client's older spellings of the same values.
 */

/** `ctrl.fetch()`: a request is to start (see `FetchAction`). */
export const FETCH = 'rdc/fetch' as const;
/** `ctrl.set()`: a value written through a schema. */
export const SET = 'rdc/set' as const;
/** A response (or, with `error: true`, a failure) written under an endpoint key: a fetch's answer, `setResponse`, `setError`. */
export const SET_RESPONSE = 'rdc/setresponse' as const;
/** An endpoint's optimistic response shown while its request is in flight. */
export const OPTIMISTIC = 'rdc/optimistic' as const;
/** `ctrl.resetEntireStore()`. */
export const RESET = 'rdc/reset' as const;
/** A key got its first mounted reader (a binding, `ctrl.subscribe`). */
export const SUBSCRIBE = 'rdc/subscribe' as const;
/** A key lost its last mounted reader. */
export const UNSUBSCRIBE = 'rdc/unsubscribe' as const;
/** `ctrl.invalidate()`. */
export const INVALIDATE = 'rdc/invalidate' as const;
/** `ctrl.invalidateAll()`. */
export const INVALIDATEALL = 'rdc/invalidateall' as const;
/** `ctrl.expireAll()`. */
export const EXPIREALL = 'rdc/expireall' as const;
/** A garbage-collection sweep: what it drops. */
export const GC = 'rdc/gc' as const;

/** @see FETCH */
export const FETCH_TYPE = FETCH;
/** @see SET */
export const SET_TYPE = SET;
/** @see SET_RESPONSE */
export const SET_RESPONSE_TYPE = SET_RESPONSE;
/** @see OPTIMISTIC */
export const OPTIMISTIC_TYPE = OPTIMISTIC;
/** @see RESET */
export const RESET_TYPE = RESET;
/** @see SUBSCRIBE */
export const SUBSCRIBE_TYPE = SUBSCRIBE;
/** @see UNSUBSCRIBE */
export const UNSUBSCRIBE_TYPE = UNSUBSCRIBE;
/** @see INVALIDATE */
export const INVALIDATE_TYPE = INVALIDATE;
/** @see INVALIDATEALL */
export const INVALIDATEALL_TYPE = INVALIDATEALL;
/** @see EXPIREALL */
export const EXPIREALL_TYPE = EXPIREALL;
/** @see GC */
export const GC_TYPE = GC;
