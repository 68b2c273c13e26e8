/**
 * The action types the panel reads, as its own constants typed by the Controller's (a
 * mistyped value fails to compile): the panel's lazily loaded chunk imports nothing of the
 * core (see mount.ts).
 */
import type * as actionTypes from '../controller/actionTypes.js';

export const FETCH: typeof actionTypes.FETCH = 'rdc/fetch';
export const SET_RESPONSE: typeof actionTypes.SET_RESPONSE = 'rdc/setresponse';
export const OPTIMISTIC: typeof actionTypes.OPTIMISTIC = 'rdc/optimistic';
export const SUBSCRIBE: typeof actionTypes.SUBSCRIBE = 'rdc/subscribe';
export const INVALIDATE: typeof actionTypes.INVALIDATE = 'rdc/invalidate';
export const GC: typeof actionTypes.GC = 'rdc/gc';
