/**
 * signal-cache/tabs as an app uses it, with the types it must see. Each `expectType` and
 * each `@ts-expect-error` is one expectation of tools/consumer.mjs.
 */
import { Controller, RestEndpoint } from 'signal-cache';
import { TabsError, shareTabs, type ShareTabsOptions, type TabShare } from 'signal-cache/tabs';
import { expectType, type Equal } from './expect.js';
import { Post } from './models.js';

const ctrl = new Controller();
const getPosts = new RestEndpoint({ path: '/posts', schema: [Post] });

const stop = shareTabs(ctrl, { channel: 'app', schemas: [getPosts.schema, Post], version: '1.2.0', wait: 100 });
expectType<Equal<typeof stop, TabShare>>();
expectType<Equal<ReturnType<typeof stop>, void>>();
expectType<Equal<typeof stop.ready, Promise<boolean>>>();
shareTabs(ctrl)();

const options: ShareTabsOptions = {
  onError(error) {
    expectType<Equal<typeof error, Error>>();
    if (error instanceof TabsError) expectType<Equal<typeof error, TabsError>>();
  },
  clock: () => Date.now(),
};
shareTabs(ctrl, options);
// @ts-expect-error the channel is named by a string
shareTabs(ctrl, { channel: 1 });
// @ts-expect-error a Controller first
shareTabs({ channel: 'app' });
// @ts-expect-error ready is read-only
stop.ready = Promise.resolve(true);
