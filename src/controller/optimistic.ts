/**
 * The optimistic half of a mutation: `getOptimisticResponse(snap, ...args)` runs before
 * the request is sent, its value is normalized like a response and shown as a layer
 * (src/store/Layers.ts) stamped with the request's fetch start. The Controller removes
 * the layer when the request settles.
 */
import type { EndpointInterface, SnapshotInterface } from '../endpoint/types.js';
import type { Schema } from '../schema/types.js';
import { normalizeValue } from '../schema/visit.js';
import { addLayer } from '../store/Layers.js';
import { Staging } from '../store/Staging.js';
import type { Store } from '../store/Store.js';

/** @internal Thrown through `snap.abort`: no optimistic value for this call. */
const ABORT = new Error('optimistic update aborted');

/**
 * @internal Shows the endpoint's optimistic response for `args` as a layer stamped
 * `stamp`. Writes nothing when `getOptimisticResponse` throws `snap.abort`.
 * @throws Error naming the endpoint when `getOptimisticResponse` or normalization fails
 *   (nothing is written).
 */
export function applyOptimistic(
  store: Store,
  read: (schema: Schema, args: readonly unknown[]) => unknown,
  endpoint: EndpointInterface,
  args: readonly unknown[],
  stamp: number,
  fetchedAt: number,
): void {
  const staging = new Staging(endpoint.name, args);
  try {
    const snap: SnapshotInterface = { get: (schema, ...a) => read(schema, a), fetchedAt, abort: ABORT };
    normalizeValue(endpoint.schema, endpoint.getOptimisticResponse!(snap, ...args), staging, '');
  } catch (error) {
    if (error === ABORT) return;
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(
      message.includes(endpoint.name) ? message : `${endpoint.name}: getOptimisticResponse failed: ${message}`,
      { cause: error },
    );
  }
  addLayer(store, staging, stamp);
}
