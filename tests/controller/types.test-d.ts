// Type-level promises, checked by `tsc --noEmit` (the @ts-expect-error lines fail the
// type check when the error disappears); the runtime part keeps the file a real test.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  type ActionTypes,
  All,
  Collection,
  Controller,
  type Manager,
  type Middleware,
  Query,
  RestEndpoint,
  actionTypes,
  getDefaultManagers,
  resource,
} from '../../src/index.js';
import { Post, User } from '../_fixtures/models.js';

const types = suite('types');

types('fetch, get and query results are typed from the schema', () => {
  const ctrl = new Controller();
  const getUser = new RestEndpoint({ path: '/users/:id', schema: User });
  const getPosts = new RestEndpoint({ path: '/posts', schema: new Collection([Post]) });
  const count = new Query(
    new All(User),
    (users, { isAdmin }: { isAdmin?: boolean } = {}) =>
      users.filter((u) => isAdmin === undefined || u.isAdmin === isAdmin).length,
  );
  const check = async () => {
    const user: User = await ctrl.fetch(getUser, { id: '1' });
    const posts: Post[] = await ctrl.fetch(getPosts);
    // @ts-expect-error a User is not a Post
    const wrong: Post = await ctrl.fetch(getUser, { id: '1' });
    // @ts-expect-error the path parameter is required
    await ctrl.fetch(getUser, {});
    const n: number | undefined = ctrl.get(count, { isAdmin: true });
    // @ts-expect-error isAdmin is a boolean
    ctrl.get(count, { isAdmin: 'yes' });
    const name: string | undefined = ctrl.get(User, { id: '1' })?.name;
    const list: User[] | undefined = ctrl.get(new All(User));
    const PostResource = resource({ path: '/posts/:id', schema: Post });
    const posts2: Post[] = await ctrl.fetch(PostResource.getList);
    const one: Post = await ctrl.fetch(PostResource.get, { id: '1' });
    return [user, posts, wrong, n, name, list, posts2, one];
  };
  assert.type(check, 'function');
});

types("a middleware's action is the union of data-client's actions, narrowed by its type", () => {
  const middleware: Middleware = (controller) => (next) => async (action) => {
    if (action.type === actionTypes.SET_RESPONSE) {
      if (action.error) {
        const status: number | undefined = action.response.status;
        // @ts-expect-error a SET_RESPONSE has no testKey
        action.testKey;
        if (status === 401) controller.resetEntireStore();
      } else {
        const key: string = action.key;
        const endpointName: string = action.endpoint.name;
        void [key, endpointName];
      }
    } else if (action.type === actionTypes.INVALIDATEALL) {
      const passes: boolean = action.testKey('k');
      void passes;
    } else if (action.type === actionTypes.FETCH) {
      const started: number = action.meta.fetchedAt;
      void started;
      // @ts-expect-error a FETCH has no response
      action.response;
    }
    return next(action);
  };
  // data-client's manager shape: a class with a middleware property and cleanup.
  class LoggingManager implements Manager {
    readonly seen: ActionTypes['type'][] = [];
    middleware: Middleware = () => (next) => (action) => {
      this.seen.push(action.type);
      return next(action);
    };
    cleanup() {}
  }
  const ctrl = new Controller({
    managers: [...getDefaultManagers(), new LoggingManager(), { middleware, cleanup() {} }],
  });
  // @ts-expect-error a manager needs cleanup
  new Controller({ managers: [{ middleware }] });
  // @ts-expect-error an action is one of data-client's types
  ctrl.dispatch({ type: 'rdc/nothing' });
  assert.type(ctrl.dispatch, 'function');
  ctrl.cleanup();
});

types.run();
