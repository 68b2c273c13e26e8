/**
 * signal-cache: a normalized client cache for REST data in which every entity row is a
 * signal. This entry is the vanilla API; `signal-cache/solid` and `signal-cache/preact`
 * add the framework bindings.
 *
 * @module signal-cache
 */
export { batch, computed, effect, signal, untracked } from '@preact/signals-core';
export type { ReadonlySignal, Signal } from '@preact/signals-core';

export { All } from './schema/All.js';
export type { AllOf } from './schema/All.js';
export { Collection } from './schema/Collection.js';
export type {
  CollectionFilter,
  CollectionMerge,
  CollectionMode,
  CollectionOptions,
  ListSchema,
  NonFilterArgumentKeys,
} from './schema/Collection.js';
export { Entity } from './schema/Entity.js';
export type { Deserializer, EntityMeta } from './schema/Entity.js';
export { Invalidate } from './schema/Invalidate.js';
export type { Removed } from './schema/Invalidate.js';
export { Lazy } from './schema/Lazy.js';
export { Query } from './schema/Query.js';
export { SchemaError } from './schema/SchemaError.js';
export { Union } from './schema/Union.js';
export type { UnionAttribute } from './schema/Union.js';
export type { MemberOf } from './schema/polymorphic.js';
export { Values } from './schema/Values.js';
export * as schema from './schema/index.js';
export type { LazyQuery } from './schema/Lazy.js';
export type { CollectionAddition } from './schema/Collection.js';
export type {
  CollectionLike,
  CollectionWrite,
  Denormalize,
  DenormalizeContext,
  EntityClass,
  EntityInput,
  EntityOf,
  Input,
  Member,
  NormalizeContext,
  Schema,
  SchemaClass,
} from './schema/types.js';

export { Endpoint } from './endpoint/Endpoint.js';
export type { EndpointOptions, FetchFunction, SameTypeOptions } from './endpoint/Endpoint.js';
export { NetworkError } from './endpoint/NetworkError.js';
export type { NetworkErrorSource } from './endpoint/NetworkError.js';
export type { ParamValue, PathParams, ShortenPath } from './endpoint/path.js';
export { RestEndpoint } from './endpoint/RestEndpoint.js';
export type {
  BodylessMethod,
  RestArgs,
  RestContent,
  RestEndpointOptions,
  RestExtended,
  RestExtendOptions,
} from './endpoint/RestEndpoint.js';
export { resource } from './endpoint/resource.js';
export type { Extendable, Resource, ResourceEndpoints, ResourceExtend, ResourceOptions } from './endpoint/resource.js';
export type { EndpointInterface, SnapshotInterface } from './endpoint/types.js';

export { Controller } from './controller/Controller.js';
export type { DehydratedRows, DehydratedState } from './state/hydrate.js';
export type {
  ArgsOf,
  ControllerOptions,
  KeyFilter,
  Queryable,
  QueryArgs,
  ResolveType,
  Updater,
  WithLast,
} from './controller/types.js';
export * as actionTypes from './controller/actionTypes.js';
export type {
  ActionMeta,
  ActionTypes,
  Dispatch,
  EntityPath,
  ExpireAllAction,
  FetchAction,
  FetchMeta,
  GCAction,
  InvalidateAction,
  InvalidateAllAction,
  Manager,
  Middleware,
  MiddlewareController,
  OptimisticAction,
  ResetAction,
  SetAction,
  SetResponseAction,
  SetResponseActionError,
  SetResponseActionSuccess,
  SubscribeAction,
  UnsubscribeAction,
} from './controller/actions.js';
export { getDefaultManagers } from './controller/managers/getDefaultManagers.js';
export { PollingSubscription } from './controller/managers/PollingSubscription.js';
export { SubscriptionManager } from './controller/managers/SubscriptionManager.js';
export type { Subscription, SubscriptionConstructable } from './controller/managers/SubscriptionManager.js';
export { TriggerManager } from './controller/managers/TriggerManager.js';
export { onCommit } from './controller/onCommit.js';
export type { Commit, CommitOrigin, ListChange, RowChange } from './store/Journal.js';
export type { TriggerManagerOptions } from './controller/managers/TriggerManager.js';
export type { TimerHandle, Timers } from './controller/timers.js';
export type { Trigger } from './controller/triggers.js';
export { pagesOf } from './controller/pagesOf.js';
export type { Pages } from './controller/pagesOf.js';
export { TimeoutError } from './controller/errors.js';
export type { Meta } from './store/Store.js';
