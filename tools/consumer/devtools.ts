/**
 * signal-cache/devtools as an app uses it, with the types it must see. Each `expectType`
 * and each `@ts-expect-error` is one expectation of tools/consumer.mjs.
 */
import { Controller, getDefaultManagers, RestEndpoint } from 'signal-cache';
import {
  type DevToolsConfig,
  DevToolsManager,
  type DevtoolsHandle,
  type DevtoolsOptions,
  type DevtoolsState,
  mountDevtools,
} from 'signal-cache/devtools';
import { expectType, type Equal } from './expect.js';
import { Post } from './models.js';

const getPosts = new RestEndpoint({ path: '/posts', schema: [Post] });
const ctrl = new Controller();

const handle = mountDevtools(ctrl);
expectType<Equal<typeof handle, DevtoolsHandle>>();
expectType<Equal<typeof handle.ready, Promise<void>>>();
expectType<Equal<typeof handle.element, HTMLElement>>();
handle.unmount();

const options: DevtoolsOptions = { target: document.body, open: false, inline: false, names: { getPosts } };
mountDevtools(ctrl, options).unmount();
// @ts-expect-error a Controller first
mountDevtools({ target: document.body });
// @ts-expect-error open is a boolean
mountDevtools(ctrl, { open: 'yes' });

const config: DevToolsConfig = { name: 'My app', maxAge: 50, latency: 500 };
const manager = new DevToolsManager(config, (action) => action.type === 'rdc/fetch');
new Controller({ managers: [manager, ...getDefaultManagers()] });
expectType<Equal<typeof manager.maxBufferLength, number>>();
// @ts-expect-error maxAge is a number
new DevToolsManager({ maxAge: '50' });

declare const state: DevtoolsState;
expectType<Equal<typeof state.entities, Record<string, Record<string, unknown>>>>();
expectType<Equal<typeof state.lastReset, number>>();
