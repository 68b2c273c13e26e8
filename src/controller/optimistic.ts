/**
 * The optimistic half of a mutation: `getOptimisticResponse(snap, ...args)` runs before
 * the request is sent, its value is normalized like a response and shown as a layer
 * (src/store/Layers.ts) stamped with the request's fetch start. The Controller removes
 * the layer when the request settles, and computes the layers still pending again
 * whenever a response is written, as Reactive Data Client does: each reads the state with
 * the layers before it, so a later update never re-asserts what an earlier one guessed
 * above the server's answer.
 */
import type { EndpointInterface, SnapshotInterface } from '../endpoint/types.js';
import { normalizeValue } from '../schema/visit.js';
import { addLayer } from '../store/Layers.js';
import { describeThrown } from './errors.js';
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
  reader: Omit<SnapshotInterface, 'fetchedAt' | 'abort'>,
  endpoint: EndpointInterface,
  args: readonly unknown[],
  stamp: number,
  fetchedAt: number,
): void {
  const staging = new Staging(endpoint.name, args);
  try {
    const snap: SnapshotInterface = { ...reader, fetchedAt, abort: ABORT };
    normalizeValue(endpoint.schema, endpoint.getOptimisticResponse!(snap, ...args), staging, '');
  } catch (error) {
    if (error === ABORT) return;
    const message = error instanceof Error ? error.message : describeThrown(error);
    throw new Error(
      message.includes(endpoint.name) ? message : `${endpoint.name}: getOptimisticResponse failed: ${message}`,
      { cause: error },
    );
  }
  addLayer(store, staging, stamp);
}
