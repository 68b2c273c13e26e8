/**
 * The state of a Controller in Reactive Data Client's shape (`entities`, `endpoints`,
 * `meta`, `entitiesMeta`, `indexes`, `optimistic`, `lastReset`): what `DevToolsManager`
 * sends the Redux DevTools extension with each action, so the extension's state tree
 * reads as it does for data-client. Built from the store with `peek()` (no subscription);
 * stored rows and responses are shared, not copied.
 */
import type { Store } from '../store/Store.js';

/** A failure as data (the extension serializes the state as JSON). */
export interface ErrorState {
  readonly name: string;
  readonly message: string;
  readonly status?: number;
}

/** The state {@link DevToolsManager} sends: Reactive Data Client's `State` shape. */
export interface DevtoolsState {
  /** Rows as readers see them (optimistic layers folded in), by entity key and pk. */
  readonly entities: Record<string, Record<string, unknown>>;
  /** Stored (normalized) responses by endpoint key. */
  readonly endpoints: Record<string, unknown>;
  /** Unique indexes (not kept in this form here): empty. */
  readonly indexes: Record<string, never>;
  readonly meta: Record<
    string,
    {
      readonly date: number;
      readonly fetchedAt: number;
      readonly expiresAt: number;
      readonly error?: ErrorState;
      readonly errorExpiresAt?: number;
      readonly invalidated?: boolean;
    }
  >;
  /** Until when a response vouched for each row, by entity key and pk. */
  readonly entitiesMeta: Record<string, Record<string, { readonly expiresAt: number }>>;
  /** The optimistic actions whose request is still in flight. */
  readonly optimistic: readonly unknown[];
  /** Clock time of the last `resetEntireStore` (0: none). */
  readonly lastReset: number;
}

/** @internal The state of a Controller's store. */
export function stateOf(store: Store, optimistic: readonly unknown[], lastReset: number): DevtoolsState {
  const entities: Record<string, Record<string, unknown>> = {};
  const entitiesMeta: Record<string, Record<string, { expiresAt: number }>> = {};
  for (const [key, table] of store._tables) {
    const rows: Record<string, unknown> = {};
    const metas: Record<string, { expiresAt: number }> = {};
    let any = false;
    for (const [pk, cell] of table._cells) {
      if (cell._now === undefined) continue;
      any = true;
      rows[pk] = cell._now;
      metas[pk] = { expiresAt: cell._exp._until };
    }
    if (any) {
      entities[key] = rows;
      entitiesMeta[key] = metas;
    }
  }
  const endpoints: Record<string, unknown> = {};
  const meta: DevtoolsState['meta'] = {};
  for (const [key, result] of store._results) {
    const stored = result._sig.peek();
    const m = result._meta.peek();
    if (stored !== undefined) endpoints[key] = stored;
    if (m.fetchedAt === 0 && m.error === undefined) continue;
    const error = m.error as (Error & { status?: unknown }) | undefined;
    meta[key] = {
      date: m.fetchedAt,
      fetchedAt: m.fetchedAt,
      expiresAt: m.expiresAt,
      ...(error === undefined
        ? {}
        : {
            error: {
              name: error.name,
              message: error.message,
              ...(typeof error.status === 'number' ? { status: error.status } : {}),
            },
            errorExpiresAt: m.errorExpiresAt,
          }),
      ...(m.invalidated ? { invalidated: true } : {}),
    };
  }
  return { entities, endpoints, indexes: {}, meta, entitiesMeta, optimistic, lastReset };
}
