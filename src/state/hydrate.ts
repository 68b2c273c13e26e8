/**
 * The state codec (DESIGN rule 14: state travels as data): a store's server data as a
 * JSON-safe object, and that object written back into a store without a request. Shared
 * by `signal-cache/ssr` (`dehydrate` / `hydrate`), `signal-cache/persist` and
 * `signal-cache/tabs`; an app that uses none of them ships none of this code.
 *
 * What travels: every stored row (its server value — pending optimistic layers stay
 * behind) with the time until which a response vouched for it, every Collection list with
 * its arguments, every cached response with its fetch time, expiry and invalidation mark.
 * Errors do not travel. Times are clock times of the dehydrating Controller.
 *
 * Deserialized fields (`Date`, `Decimal`, Temporal…) travel in their JSON form (their
 * `toJSON`); the state names those fields per entity key, and hydration runs the
 * entity's `static schema` deserializer on them again. That needs the entity class of
 * each such key: `hydrate` finds them in the `schemas` it is given (entities, endpoint
 * schemas, arrays or objects of them — nested schemas are followed). Keys whose rows hold
 * plain JSON only need no class.
 */
import { batch } from '@preact/signals-core';
import { deserialize } from '../schema/Entity.js';
import { isDeserializer, isEntity } from '../schema/visit.js';
import type { CollectionLike, EntityClass, Schema } from '../schema/types.js';
import { Staging } from '../store/Staging.js';
import { baseOf, type Row, type Store } from '../store/Store.js';
import { equalValue } from '../util/equal.js';

/** Version of the state format; `hydrate` rejects any other. */
const VERSION = 1;

/**
 * A Controller's server data as plain JSON (`JSON.stringify` keeps all of it).
 * Produced by {@link dehydrate}, read by {@link hydrate}.
 */
export interface DehydratedState {
  /** Format version; `1`. */
  readonly version: number;
  /** Entity key → pk → [normalized row, clock time until which a response vouched for it]. */
  readonly rows: { readonly [key: string]: { readonly [pk: string]: readonly [row: Row, expiresAt: number] } };
  /** Entity key → fields stored in their JSON form, deserialized again on hydrate. */
  readonly converted: { readonly [key: string]: readonly string[] };
  /** Collection key → args key → [arguments, normalized items] (an object of key → pk for a Collection of Values). */
  readonly lists: {
    readonly [key: string]: {
      readonly [argsKey: string]: readonly [
        args: readonly unknown[],
        items: readonly unknown[] | { readonly [key: string]: unknown },
      ];
    };
  };
  /** Endpoint key → [normalized response, fetchedAt, expiresAt, invalidated]. */
  readonly responses: {
    readonly [key: string]: readonly [data: unknown, fetchedAt: number, expiresAt: number, invalidated: boolean];
  };
}

/**
 * Thrown by `hydrate` for a state it cannot restore (malformed, another version, a
 * deserializer that fails, an entity class it was not given) and by `dehydrate` for a
 * deserialized field that has no JSON form. Nothing is written: the Controller stays as
 * it was.
 */
export class HydrationError extends Error {
  /** Always `'HydrationError'`; stable across minification. */
  override name = 'HydrationError';
}

//#region dehydrate

/**
 * @internal The store's server data as a JSON-safe object (see `dehydrate` in
 * signal-cache/ssr): stored values are shared with the store, not copied.
 */
export function dehydrateStore(store: Store): DehydratedState {
  const rows: Record<string, Record<string, [Row, number]>> = {};
  const converted: Record<string, string[]> = {};
  for (const [key, table] of store._tables) {
    const fields = new Set<string>();
    for (const [pk, cell] of table._cells) {
      const row = baseOf(cell);
      if (row !== undefined) (rows[key] ??= {})[pk] = [jsonRow(key, pk, row, fields), cell._exp.t];
    }
    if (fields.size) converted[key] = [...fields];
  }
  const lists: Record<string, Record<string, [readonly unknown[], readonly unknown[]]>> = {};
  for (const [key, byArgs] of store._lists) {
    for (const [argsKey, list] of byArgs) {
      const items = baseOf(list);
      if (items !== undefined) (lists[key] ??= {})[argsKey] = [list._args, items];
    }
  }
  const responses: Record<string, [unknown, number, number, boolean]> = {};
  for (const [key, result] of store._results) {
    const data = result._sig.peek();
    const meta = result._meta.peek();
    if (data !== undefined) responses[key] = [data, meta.fetchedAt, meta.expiresAt, meta.invalidated];
  }
  return { version: VERSION, rows, converted, lists, responses };
}

/**
 * @internal A stored row in its JSON form: each deserialized value (`Date`, `Decimal`,
 * Temporal) replaced by its `toJSON`, its field added to `fields`; `row` itself when it
 * holds none.
 */
export function jsonRow(key: string, pk: string, row: Row, fields: Set<string>): Row {
  for (const field in row) {
    const v: unknown = row[field];
    const proto = typeof v === 'object' && v !== null && Object.getPrototypeOf(v);
    if (proto && proto !== Object.prototype && proto !== Array.prototype) {
      const toJSON: unknown = (v as { toJSON?: unknown }).toJSON;
      if (typeof toJSON !== 'function') {
        throw new HydrationError(`dehydrate: ${key}.${field} of ${pk} has no toJSON`);
      }
      fields.add(field);
      row = { ...row, [field]: toJSON.call(v) };
    }
  }
  return row;
}

//#endregion

//#region hydrate

/**
 * @internal Fills the store from a dehydrated state, in one batch, as a response stamped
 * `stamp()` would (see `hydrate` in signal-cache/ssr). Checks and deserializes the whole
 * state first: a {@link HydrationError} leaves the store as it was.
 */
export function hydrateStore(
  store: Store,
  stamp: () => number,
  state: DehydratedState,
  schemas: readonly Schema[] = [],
): void {
  if (!isObject(state) || state.version !== VERSION) {
    fail(`not a dehydrate() state of version ${VERSION}`);
  }
  strip(state, 0);
  const { rows, converted, lists, responses } = state;
  check([rows, converted, lists, responses].every(isObject), 'state');
  const classes = entityClasses(schemas);
  const staging = new Staging('hydrate', []);
  for (const key in rows) {
    const byPk = rows[key];
    const fields = converted[key] ?? [];
    check(isObject(byPk) && Array.isArray(fields), `rows.${key}`);
    const cls = classes.get(key)!;
    if (fields.length && cls === undefined) {
      fail(
        (typeof process < 'u' ? process.env.NODE_ENV : 'production') !== 'production'
          ? `pass the ${key} entity class in schemas (to deserialize ${fields})`
          : `pass ${key} in schemas`,
      );
    }
    const staged = new Map<string, Row>();
    staging._rows.set(key, staged);
    for (const pk in byPk) {
      const entry = byPk[pk];
      check(Array.isArray(entry) && isObject(entry[0]) && typeof entry[1] === 'number', `rows.${key}.${pk}`);
      staged.set(pk, readRow(cls, key, pk, entry[0], fields, fail));
    }
  }
  for (const key in lists) {
    const byArgs = lists[key];
    check(isObject(byArgs), `lists.${key}`);
    // A `set` write names its list by key alone (`accepts` is for the other modes).
    const collection = { key } as CollectionLike;
    for (const argsKey in byArgs) {
      const [args, items] = Array.isArray(byArgs[argsKey]) ? byArgs[argsKey] : [];
      check(Array.isArray(args) && (Array.isArray(items) || isObject(items)), `lists.${key}.${argsKey}`);
      staging.collection(collection, { mode: 'set', argsKey, args, items: items as readonly unknown[] });
    }
  }
  for (const key in responses) {
    const entry = responses[key];
    check(
      Array.isArray(entry) && entry[0] !== undefined && typeof entry[1] === 'number' && typeof entry[2] === 'number',
      `responses.${key}`,
    );
  }
  // Everything is checked: from here on nothing throws.
  const at = stamp();
  batch(() => {
    store._commit(staging, at);
    for (const key in rows) {
      const table = store._table(key);
      for (const pk in rows[key]) {
        const cell = table._cell(pk);
        const t = rows[key][pk][1];
        if (t > cell._exp.t) cell._exp = { t };
      }
    }
    for (const key in responses) writeResponse(store, key, responses[key], at);
  });
}

/**
 * @internal A row of a dehydrated state (or a tab's message): a copy of `value` whose
 * `fields` are deserialized through the entity class; what is wrong goes to `fail`.
 * Shared by `hydrate` and `shareTabs`.
 */
export function readRow(
  cls: EntityClass | undefined,
  key: string,
  pk: string,
  value: object,
  fields: readonly string[],
  fail: (detail: string) => never,
): Row {
  const row: Row = { ...value };
  for (const field of fields) {
    const fn = cls!.schema[field];
    if (!isDeserializer(fn)) fail(`${key}.${field} has no deserializer`);
    const v = row[field];
    try {
      if (v != null) row[field] = deserialize(fn, v, key, field, `${key} ${pk}`, '');
    } catch (error) {
      fail((error as Error).message);
    }
  }
  return row;
}

/**
 * @internal Writes one dehydrated response with its meta, as a request of `stamp` would:
 * a response stored with a later fetch time is kept, and equal data notifies no reader
 * (only the meta changes). Shared by `hydrate` and `shareTabs`.
 */
export function writeResponse(
  store: Store,
  key: string,
  [data, fetchedAt, expiresAt, invalidated]: DehydratedState['responses'][string],
  stamp: number,
): void {
  const result = store._result(key);
  if (result._sig.peek() !== undefined && result._meta.peek().fetchedAt > fetchedAt) return;
  result._stamp = stamp;
  if (invalidated) result._invalidated = stamp;
  if (!equalValue(result._sig.peek(), data)) result._sig.value = data;
  result._meta.value = { fetchedAt, expiresAt, error: undefined, errorExpiresAt: 0, invalidated: !!invalidated };
}

/** @internal Entity key → class, for every entity reachable from `schemas`. */
export function entityClasses(schemas: readonly Schema[]): Map<string, EntityClass> {
  const found = new Map<string, EntityClass>();
  const seen = new Set<unknown>();
  const visit = (s: unknown): void => {
    if (!(s instanceof Object) || seen.has(s)) return;
    seen.add(s);
    if (isEntity(s)) found.set(s._key, s);
    Object.values(isEntity(s) ? s.schema : s).forEach(visit);
  };
  schemas.forEach(visit);
  return found;
}

/**
 * Deletes every own `__proto__` key of the state, at any depth (JSON.parse makes them;
 * copied into a row, a list or a response they would set a prototype), and rejects a
 * state nested deeper than any the store writes.
 */
function strip(v: any, depth: number): void {
  if (typeof v == 'object' && v) {
    check(depth < 200, 'depth 200');
    delete v.__proto__; // own keys only: the inherited accessor stays
    for (const k in v) strip(v[k], depth + 1);
  }
}

function isObject(v: unknown): v is Record<string, any> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function check(ok: boolean, detail: string): asserts ok {
  if (!ok) fail(`malformed state at ${detail}`);
}

function fail(detail: string): never {
  throw new HydrationError(`hydrate: ${detail}`);
}

//#endregion
