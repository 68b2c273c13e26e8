/**
 * signal-cache/ssr as an app uses it, with the types it must see. Each `expectType` and
 * each `@ts-expect-error` is one expectation of tools/consumer.mjs.
 */
import { Controller as CoreController, RestEndpoint } from 'signal-cache';
import { CacheProvider, useController } from 'signal-cache/preact';
import { CacheProvider as SolidCacheProvider, type CacheProviderProps as SolidProviderProps } from 'signal-cache/solid';
import {
  Controller,
  HydrationError,
  dehydrate,
  hydrate,
  type DehydratedState,
  type SSRControllerOptions,
} from 'signal-cache/ssr';
import { expectType, type Equal } from './expect.js';
import { Post, User } from './models.js';

const getPosts = new RestEndpoint({ path: '/posts', schema: [Post] });

// Server: fetch, then dehydrate as a method (or with the free function, the same state).
const server = new Controller();
await server.fetch(getPosts);
const state = server.dehydrate();
expectType<Equal<typeof state, DehydratedState>>();
expectType<Equal<ReturnType<typeof dehydrate>, DehydratedState>>();
const html = `<script>window.__STATE__ = ${JSON.stringify(state)}</script>`;

// Client: start from the state; the options are the core's and two more.
const initialState: DehydratedState = JSON.parse(html);
const ctrl = new Controller({ initialState, schemas: [Post, getPosts.schema], onError: (e) => console.warn(e) });
expectType<Equal<typeof ctrl, Controller>>();
const posts = ctrl.get(getPosts.schema);
expectType<Equal<typeof posts, Post[] | undefined>>();
expectType<Equal<ReturnType<typeof ctrl.hydrate>, Controller>>();
ctrl.hydrate(state);
ctrl.hydrate(state, [User]).dehydrate();
hydrate(ctrl, state, [User]);
const options: SSRControllerOptions = { initialState: undefined, schemas: [User], gcInterval: 0 };
new Controller(options);
new Controller();
// @ts-expect-error initialState is a dehydrated state
new Controller({ initialState: 'state' });
// @ts-expect-error schemas is a list of schemas
new Controller({ schemas: User });
// @ts-expect-error hydrate takes a state
ctrl.hydrate();
const error = new HydrationError('bad state');
expectType<Equal<typeof error.name, string>>();

// It is the core Controller: every binding takes it.
const core: CoreController = ctrl;
const solidProps: SolidProviderProps = { controller: ctrl };
SolidCacheProvider({ controller: ctrl, children: null });
export function App() {
  expectType<Equal<ReturnType<typeof useController>, CoreController>>();
  return <CacheProvider controller={ctrl}>{String(!!core && !!solidProps)}</CacheProvider>;
}
