// data-client: packages/core/src/manager/__tests__/subscriptionManager.ts (every test ported)
import * as assert from 'uvu/assert';
import {
  Controller,
  Endpoint,
  Entity,
  type SubscribeAction,
  type Subscription,
  SubscriptionManager,
  type UnsubscribeAction,
  actionTypes,
} from '../../../src/index.js';
import { peer } from '../../_fixtures/peer.js';

const { UNSUBSCRIBE, SUBSCRIBE, SET_RESPONSE } = actionTypes;
const test = peer('packages/core/src/manager/__tests__/subscriptionManager.ts');

class Article extends Entity {
  id = 0;
  title = '';
  override pk() {
    return String(this.id);
  }
}
/** data-client's `PollingArticleResource.get`: an article endpoint polling every 5 s. */
const getPolled = new Endpoint((_: { id: number }) => Promise.resolve({}), {
  schema: Article,
  pollFrequency: 5000,
  key: ({ id }: { id: number }) => `GET http://test.com/article/${id}`,
});

/** A hand-counted stand-in for data-client's `jest.fn()` subscription. */
class TestSubscription implements Subscription {
  addCalls = 0;
  removeCalls = 0;
  cleanupCalls = 0;
  removes = true;
  add() {
    this.addCalls++;
  }
  remove() {
    this.removeCalls++;
    return this.removes;
  }
  cleanup() {
    this.cleanupCalls++;
  }
}
type Subs = Record<string, TestSubscription>;
const subscriptionsOf = (m: SubscriptionManager) => (m as unknown as { subscriptions: Subs }).subscriptions;

const manager = new SubscriptionManager(TestSubscription);

test('SubscriptionManager > middleware > should return the same value every call', () => {
  const a = manager.middleware;
  assert.is(a, manager.middleware);
});

test('SubscriptionManager > cleanup() > should cleanup all Subcription members', () => {
  const sub = new TestSubscription();
  subscriptionsOf(manager)[getPolled.key({ id: 5 })] = sub;
  manager.cleanup();
  assert.is(sub.cleanupCalls, 1);
});

function createSubscribeAction(response: Record<string, any>, reject = false): SubscribeAction {
  const fetch = reject ? () => Promise.reject(new Error('Failed')) : () => Promise.resolve(response);
  return {
    type: SUBSCRIBE,
    endpoint: getPolled.extend({ fetch }),
    args: [{ id: response.id }],
    key: getPolled.key({ id: response.id }),
  };
}
function createUnsubscribeAction(response: Record<string, any>): UnsubscribeAction {
  return {
    type: UNSUBSCRIBE,
    endpoint: getPolled,
    key: getPolled.key({ id: response.id }),
    args: [{ id: response.id }],
  };
}

const m = new SubscriptionManager(TestSubscription);
let nextCalls = 0;
const next = () => {
  nextCalls++;
  return Promise.resolve();
};
const API = new Controller({ gcInterval: 0, managers: [] });
const subs = () => subscriptionsOf(m);

test('SubscriptionManager > middleware > subscribe should add a subscription', () => {
  const action = createSubscribeAction({ id: 5 });
  m.middleware!(API)(next)(action);
  assert.is(nextCalls, 0);
  assert.ok(subs()[action.key]);
});

test('SubscriptionManager > middleware > subscribe should add a subscription (no frequency)', () => {
  const action = createSubscribeAction({ id: 597 });
  m.middleware!(API)(next)(action);
  assert.is(nextCalls, 0);
  assert.ok(subs()[action.key]);
});

test('SubscriptionManager > middleware > subscribe with same should call subscription.add', () => {
  const action = createSubscribeAction({ id: 5, title: 'four' });
  m.middleware!(API)(next)(action);
  assert.is(subs()[action.key]!.addCalls, 1);
  m.middleware!(API)(next)(action);
  assert.is(subs()[action.key]!.addCalls, 2);
});

test('SubscriptionManager > middleware > subscribe with another should create another', () => {
  const action = createSubscribeAction({ id: 7, title: 'four cakes' });
  m.middleware!(API)(next)(action);
  assert.ok(subs()[action.key]);
  assert.is(subs()[action.key]!.addCalls, 0);
});

test('SubscriptionManager > middleware > subscribe with another should not call previous', () => {
  assert.is(subs()[getPolled.key({ id: 5 })]!.addCalls, 2);
});

test('SubscriptionManager > middleware > unsubscribe should delete when remove returns true', () => {
  const action = createUnsubscribeAction({ id: 7, title: 'four cakes' });
  subs()[action.key]!.removes = true;
  m.middleware!(API)(next)(action);
  assert.is(subs()[action.key], undefined);
});

test('SubscriptionManager > middleware > unsubscribe should delete when remove returns true (no frequency)', () => {
  m.middleware!(API)(next)(createSubscribeAction({ id: 50, title: 'four cakes' }));
  const action = createUnsubscribeAction({ id: 50, title: 'four cakes' });
  subs()[action.key]!.removes = true;
  m.middleware!(API)(next)(action);
  assert.is(subs()[action.key], undefined);
});

test('SubscriptionManager > middleware > unsubscribe should not delete when remove returns false', () => {
  const action = createUnsubscribeAction({ id: 5, title: 'four cakes' });
  subs()[action.key]!.removes = false;
  m.middleware!(API)(next)(action);
  assert.ok(subs()[action.key]);
  assert.is(subs()[action.key]!.removeCalls, 1);
});

test('SubscriptionManager > middleware > unsubscribe should do nothing when there was no subscription already', () => {
  const errors: unknown[][] = [];
  const error = console.error;
  console.error = (...args: unknown[]) => errors.push(args);
  try {
    const action = createUnsubscribeAction({ id: 25 });
    m.middleware!(API)(next)(action);
    assert.is(subs()[action.key], undefined);
    assert.equal(errors[0], ['Mismatched unsubscribe: GET http://test.com/article/25 is not subscribed']);
  } finally {
    console.error = error;
  }
});

test('SubscriptionManager > middleware > should let other actions pass through', () => {
  const action = { type: SET_RESPONSE };
  nextCalls = 0;
  m.middleware!(API)(next)(action as never);
  assert.is(nextCalls, 1);
});

test.run();
