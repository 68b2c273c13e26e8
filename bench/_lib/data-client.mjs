/**
 * data-client side: `@data-client/core`'s Controller + `createReducer` with a synchronous
 * dispatch (no managers, no React), entities and endpoints from `@data-client/rest`.
 *
 * Reads go through `controller.getResponse(endpoint, ...args, state)`, the call every
 * data-client hook (useSuspense, useCache) makes; it denormalizes through the
 * controller's `globalCache` (WeakEntityMap memo). A "subscribed view" re-runs that call
 * after every dispatch, as a mounted hook does on every store change, and reports a
 * change only when the returned reference changed.
 */
import { Controller, actionTypes, createReducer, initialState } from '@data-client/core';

const { FETCH_TYPE } = actionTypes;
import { Entity, Query, RestEndpoint, schema } from '@data-client/rest';

export class BuildType extends Entity {
  id = '';
  name = '';
  projectId = '';
  description = '';
  paused = false;
  webUrl = '';
  pk() {
    return this.id;
  }
  static key = 'BuildType';
}

export class Project extends Entity {
  id = '';
  name = '';
  description = '';
  archived = false;
  parentProjectId = '';
  webUrl = '';
  buildTypes = [];
  pk() {
    return this.id;
  }
  static key = 'Project';
  static schema = { buildTypes: [BuildType] };
}

export class Row extends Entity {
  id = '';
  name = '';
  email = '';
  age = 0;
  score = 0;
  active = false;
  pk() {
    return this.id;
  }
  static key = 'Row';
}

export class User extends Entity {
  id = '';
  name = '';
  email = '';
  isAdmin = false;
  team = '';
  createdAt = 0;
  pk() {
    return this.id;
  }
  static key = 'User';
}

export class IssueUser extends Entity {
  id = '';
  login = '';
  name = '';
  avatarUrl = '';
  pk() {
    return this.id;
  }
  static key = 'IssueUser';
}

export class Issue extends Entity {
  id = '';
  number = 0;
  title = '';
  state = '';
  comments = 0;
  createdAt = 0;
  user = undefined;
  pk() {
    return this.id;
  }
  static key = 'Issue';
  static schema = { user: IssueUser };
}

export { Query, RestEndpoint, schema };

export const getProjects = new RestEndpoint({ path: '/projects', schema: [Project] });
export const getBuildType = new RestEndpoint({ path: '/buildtypes/:id', schema: BuildType });
export const getRows = new RestEndpoint({ path: '/rows', schema: [Row] });
export const getRow = new RestEndpoint({ path: '/rows/:id', schema: Row });
export const getUsers = new RestEndpoint({ path: '/users', schema: [User] });
export const getUser = new RestEndpoint({ path: '/users/:id', schema: User });
export const getIssues = new RestEndpoint({ path: '/issues', schema: [Issue] });
export const getIssue = new RestEndpoint({ path: '/issues/:id', schema: Issue });
export const getIssueUser = new RestEndpoint({ path: '/issue-users/:id', schema: IssueUser });

const resolved = Promise.resolve();

/**
 * A data-client store: state, controller, and push subscribers run after each dispatch.
 * With `optimistic`, reads see the optimistic state its React DataStore computes after
 * every dispatch (`state.optimistic.reduce(reducer, state)`), and `lastFetch` is the last
 * fetch action dispatched (its `meta.createdAt` resolves it, as the NetworkManager does).
 * With `state`, the store starts from it (what `<DataProvider initialState>` does).
 */
export function createStore({ optimistic = false, state: initial = initialState } = {}) {
  let state = initial;
  let visible = state;
  let lastFetch;
  const listeners = [];
  const controller = new Controller({
    dispatch(action) {
      if (action.type === FETCH_TYPE) lastFetch = action;
      state = reducer(state, action);
      visible = optimistic && state.optimistic.length > 0 ? state.optimistic.reduce(reducer, state) : state;
      for (let i = 0; i < listeners.length; i++) listeners[i]();
      return resolved;
    },
    getState: () => state,
  });
  const reducer = createReducer(controller);
  return {
    controller,
    get state() {
      return state;
    },
    get lastFetch() {
      return lastFetch;
    },
    /** Calls `listener` after every dispatch. */
    subscribe(listener) {
      listeners.push(listener);
    },
    /** The denormalized response, as a hook reads it. */
    read(endpoint, ...args) {
      return controller.getResponse(endpoint, ...args, visible).data;
    },
    /**
     * Mounts a view: after every dispatch it re-reads and calls `onChange` when the
     * reference changed.
     */
    view(endpoint, args, onChange) {
      let last = controller.getResponse(endpoint, ...args, visible).data;
      const listener = () => {
        const data = controller.getResponse(endpoint, ...args, visible).data;
        if (data !== last) {
          last = data;
          onChange(data);
        }
      };
      listeners.push(listener);
      return () => listeners.splice(listeners.indexOf(listener), 1);
    },
  };
}
