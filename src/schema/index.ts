/**
 * The `schema` namespace, as in Reactive Data Client: `new schema.All(User)`,
 * `new schema.Collection([Post])`, `new schema.Array(User)`, `new schema.Object({...})`.
 */
export { All } from './All.js';
export { ArraySchema as Array } from './Array.js';
export { Collection, CollectionAddition } from './Collection.js';
export { Entity } from './Entity.js';
export { Invalidate } from './Invalidate.js';
export { Lazy } from './Lazy.js';
export { ObjectSchema as Object } from './Object.js';
export { Query } from './Query.js';
export { Union } from './Union.js';
export { Values } from './Values.js';
