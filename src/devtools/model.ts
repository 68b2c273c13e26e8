/**
 * What the devtools panel shows, read from a Controller (`ctrl._inspect()`): the cache
 * keys with their status, the entity tables with their rows, the live views. Reads only:
 * every value is read with `peek()` (no subscription: the panel never keeps a row, a
 * list or a response from garbage collection, and never makes a reader of its own), and
 * every change goes through the Controller's public methods or its pipeline.
 */
import type { Controller } from '../controller/Controller.js';
import type { Entry } from '../controller/Entry.js';
import type { Runner } from '../controller/Runner.js';
import type { ReadonlySignal } from '@preact/signals-core';
import type { Manager } from '../controller/actions.js';
import type { EndpointInterface } from '../endpoint/types.js';
import type { Entity } from '../schema/Entity.js';
import type { Cell, Row } from '../store/Store.js';

/** The status of a cache key, as the DOM contract names it (`data-status`). */
export type KeyStatus = 'fresh' | 'stale' | 'fetching' | 'error' | 'invalid';

/** One cache key as the panel lists it. */
export interface KeyInfo {
  readonly key: string;
  readonly status: KeyStatus;
  /** The stored (normalized) response; `undefined` while none is. */
  readonly stored: unknown;
  readonly fetchedAt: number;
  readonly expiresAt: number;
  readonly error: Error | undefined;
  readonly invalidated: boolean;
  /** Readers that show the key (bindings, `subscribe`). */
  readonly mounts: number;
  /** What a refetch runs: the endpoint and args last seen for the key; `undefined` when unknown. */
  readonly source: readonly [EndpointInterface, readonly unknown[]] | undefined;
}

/** One entity table. */
export interface TableInfo {
  readonly key: string;
  /** Rows stored (optimistic ones included: what readers see). */
  readonly count: number;
  /** The entity class, when the table knows it (a row of it was written by a response or `set`). */
  readonly schema: typeof Entity | undefined;
}

/** A live view of the Controller (a `query`, `get`, `response` or binding read). */
export interface ViewInfo {
  readonly key: string;
  readonly label: string;
  /** The arguments, as their stable key (`''` for none). */
  readonly args: string;
  /** Recomputations since the panel started counting. */
  readonly runs: number;
  /**
   * `Key:pk` of every row its current value reaches; for a Query whose value reaches none
   * (a count), those its input reaches (`input` is then `true`).
   */
  readonly rows: readonly string[];
  readonly input: boolean;
}

/** Reads a Controller for the panel. */
export class Model {
  readonly ctrl: Controller;
  readonly #runner: Runner;
  readonly #entries: ReadonlyMap<string, Entry>;
  readonly #flights: ReadonlySignal<number>;
  readonly #managers: readonly Manager[];
  /** The endpoint and args each key was last fetched (or mounted, or written) with. */
  readonly #sources = new Map<string, readonly [EndpointInterface, readonly unknown[]]>();
  /** Labels of schemas by their id (see `util/argsKey.idOf`), learnt from endpoints, tables and `names`. */
  readonly #labels = new Map<number, string>();
  /** The schemas learnt, by the same ids (a Query's view finds its input's through it). */
  readonly #schemas = new Map<number, object>();
  /** The view counters this model started (left to whoever started them otherwise). */
  readonly #runs: Map<string, number>;
  readonly #ownRuns: boolean;
  /** The id the views key a schema by (`util/argsKey.idOf`, handed over by mount.ts). */
  readonly #idOf: (schema: object) => number;

  /** @param idOf the views' id of a schema (passed in: the panel's chunk imports nothing of the core) */
  constructor(ctrl: Controller, idOf: (schema: object) => number, names: Readonly<Record<string, unknown>> = {}) {
    this.ctrl = ctrl;
    this.#idOf = idOf;
    [this.#runner, this.#entries, this.#flights, this.#managers] = ctrl._inspect();
    const views = this.#runner._views;
    this.#ownRuns = views._runs === undefined;
    this.#runs = views._runs ??= new Map();
    for (const [name, value] of Object.entries(names)) {
      if (value !== null && (typeof value === 'object' || typeof value === 'function')) {
        this.#labels.set(idOf(value as object), name);
        const schema = (value as { schema?: unknown }).schema;
        // A named endpoint's schema is learnt too.
        if (typeof (value as EndpointInterface).key === 'function') this.learn(schema);
        // A named schema's inner schemas are learnt (a Query's input: All(User)).
        else this.learn(value);
      }
    }
  }

  /** What the timeline calls an endpoint: its name in `names`, else its own `name`. */
  endpointName(endpoint: EndpointInterface): string {
    return this.#labels.get(this.#idOf(endpoint)) ?? endpoint.name;
  }

  /** The clock of the Controller (fetch times and expiry are in it). */
  now(): number {
    return this.#runner._clock();
  }

  /** The signal bumped whenever a request of the Controller starts or settles. */
  get flights(): ReadonlySignal<number> {
    return this.#flights;
  }

  /** The managers of the Controller, the attached ones first. */
  get managers(): readonly Manager[] {
    return this.#managers;
  }

  /** Whether a GET of the key is in flight. */
  isPending(key: string): boolean {
    return this.#entries.get(key)?._pending !== undefined;
  }

  /** Notes the endpoint and args of a key (from an action), for refetch and labels. */
  see(key: string, endpoint: EndpointInterface, args: readonly unknown[]): void {
    if (endpoint.sideEffect) return;
    if (this.#sources.get(key)?.[0] !== endpoint) this.learn(endpoint.schema);
    this.#sources.set(key, [endpoint, args]);
  }

  /** Every cache key that holds a response or meta, or is in flight or mounted. */
  keys(): KeyInfo[] {
    const store = this.#runner._store;
    const entries = this.#entries;
    const now = this.now();
    const out: KeyInfo[] = [];
    const seen = new Set<string>();
    for (const [key, result] of store._results) {
      const stored = result._sig.peek();
      const meta = result._meta.peek();
      const entry = entries.get(key);
      if (stored === undefined && meta.fetchedAt === 0 && meta.error === undefined && entry === undefined) continue;
      seen.add(key);
      // The endpoint that wrote the response, for a key this model has not seen an action of.
      if (result._endpoint !== undefined && !this.#sources.has(key))
        this.see(key, result._endpoint as EndpointInterface, result._args);
      out.push(this.#info(key, stored, meta, now));
    }
    for (const [key] of entries) if (!seen.has(key)) out.push(this.#info(key, undefined, undefined, now));
    // A key gone from the store and from the entries is forgotten.
    for (const key of this.#sources.keys()) if (!seen.has(key) && !entries.has(key)) this.#sources.delete(key);
    return out;
  }

  #info(key: string, stored: unknown, meta: import('../store/Store.js').Meta | undefined, now: number): KeyInfo {
    const entry = this.#entries.get(key);
    const source = entry !== undefined ? ([entry._endpoint, entry._args] as const) : this.#sources.get(key);
    if (entry !== undefined) this.see(key, entry._endpoint, entry._args);
    const error = meta?.error;
    const invalidated = meta?.invalidated ?? false;
    const expiresAt = meta?.expiresAt ?? 0;
    const status: KeyStatus =
      entry?._pending !== undefined
        ? 'fetching'
        : error !== undefined
          ? 'error'
          : invalidated
            ? 'invalid'
            : stored === undefined || now >= expiresAt
              ? 'stale'
              : 'fresh';
    return {
      key,
      status,
      stored,
      fetchedAt: meta?.fetchedAt ?? 0,
      expiresAt,
      error,
      invalidated,
      mounts: entry?._mounts ?? 0,
      source,
    };
  }

  /** The next clock time at which a fresh key turns stale (`Infinity`: none). */
  nextExpiry(keys: readonly KeyInfo[]): number {
    let next = Infinity;
    for (const info of keys) if (info.status === 'fresh' && info.expiresAt < next) next = info.expiresAt;
    return next;
  }

  /** Every entity table that ever held a row. */
  tables(): TableInfo[] {
    const out: TableInfo[] = [];
    for (const [key, table] of this.#runner._store._tables) {
      let count = 0;
      for (const cell of table._cells.values()) if (member(cell)) count++;
      if (!table._ever && count === 0) continue;
      if (table._schema !== undefined) this.learn(table._schema);
      out.push({ key, count, schema: table._schema as typeof Entity | undefined });
    }
    return out;
  }

  /** The rows of a table in stored order, as readers see them: `[pk, row]`. */
  *rows(key: string): Generator<[string, Row]> {
    const table = this.#runner._store._tables.get(key);
    if (table === undefined) return;
    for (const [pk, cell] of table._cells) if (cell._now !== undefined) yield [pk, cell._now];
  }

  /** The pending optimistic layers (requests in flight whose optimistic response shows). */
  get layers(): number {
    return this.#runner._store._layers.size;
  }

  /**
   * The live views (still referenced by a reader or a variable): label, args, runs and
   * the rows each reaches. Reading a view to find its rows computes it when its rows
   * changed since its last read, as any reader would.
   */
  views(): ViewInfo[] {
    const out: ViewInfo[] = [];
    for (const [key, ref] of this.#runner._views._all) {
      // Meta views (`\u0001key`) are read by bindings for loading states: not listed.
      if (key.startsWith('\u0001')) continue;
      const view = ref.deref();
      if (view === undefined) continue;
      let value: unknown;
      try {
        value = view.peek();
      } catch (error) {
        value = error;
      }
      const rows = new Set<string>();
      reach(value, rows, 0, new Set());
      const [label, args] = this.#label(key);
      const input = rows.size === 0 && this.#input(key, args, rows);
      out.push({ key, label, args, runs: this.#runs.get(key) ?? 0, rows: [...rows], input });
    }
    return out;
  }

  /** For the view of a Query: adds the rows its input's view reaches; whether it did. */
  #input(key: string, args: string, rows: Set<string>): boolean {
    const query = this.#schemas.get(Number(key.slice(1, key.indexOf('|'))));
    if (typeof (query as { process?: unknown } | undefined)?.process !== 'function') return false;
    const inner = (query as { schema: object }).schema;
    const source = this.#runner._views._all.get(`\0${this.#idOf(inner)}|${args}`)?.deref();
    if (source === undefined) return false;
    try {
      reach(source.peek(), rows, 0, new Set());
    } catch {
      // An input that throws reaches nothing.
    }
    return rows.size > 0;
  }

  /** A view's label and args: `Query(All(User))` and `{"isAdmin":true}`, from its key. */
  #label(key: string): [string, string] {
    if (!key.startsWith('\0')) return [`response ${key}`, ''];
    const bar = key.indexOf('|');
    const id = Number(key.slice(1, bar));
    return [this.#labels.get(id) ?? `schema #${id}`, key.slice(bar + 1)];
  }

  /** Learns labels of a schema and the schemas inside it. */
  learn(schema: unknown, depth = 0): void {
    if (schema === null || (typeof schema !== 'object' && typeof schema !== 'function') || depth > 8) return;
    const id = this.#idOf(schema);
    if (!this.#labels.has(id)) this.#labels.set(id, labelOf(schema));
    this.#schemas.set(id, schema);
    if (typeof schema === 'function') return;
    const inner = Array.isArray(schema)
      ? schema
      : 'schema' in schema
        ? [(schema as { schema: unknown }).schema]
        : Object.values(schema);
    for (const each of inner) this.learn(each, depth + 1);
  }

  /** Stops what the model started (the view counters, when it started them). */
  dispose(): void {
    if (this.#ownRuns && this.#runner._views._runs === this.#runs) this.#runner._views._runs = undefined;
  }
}

/** A readable name of a schema. */
export function labelOf(schema: unknown, depth = 0): string {
  if (depth > 3) return '…';
  if (typeof schema === 'function') return keyOf(schema) ?? 'Entity';
  if (Array.isArray(schema)) return `[${schema.map((s) => labelOf(s, depth + 1)).join(', ')}]`;
  if (schema === null || typeof schema !== 'object') return String(schema);
  const kind = schema.constructor?.name;
  if (kind && kind !== 'Object' && 'schema' in schema) return `${kind}(${labelOf(schema.schema, depth + 1)})`;
  return `{ ${Object.keys(schema).join(', ')} }`;
}

/** Adds `Key:pk` of every entity a denormalized value reaches (bounded: 2,000 rows, 32 levels). */
function reach(value: unknown, out: Set<string>, depth: number, seen: Set<unknown>): void {
  if (value === null || typeof value !== 'object' || seen.has(value) || depth > 32 || out.size >= 2000) return;
  seen.add(value);
  // (An Entity by its class's mark, not `instanceof`: the panel's chunk imports no schema
  // class, so an app's bundle splitting it off keeps none it does not use.)
  if ((value.constructor as { _isEntity?: boolean })?._isEntity === true)
    out.add(`${keyOf(value.constructor)}:${(value as Entity).pk()}`);
  else if (!Array.isArray(value) && Object.getPrototypeOf(value) !== Object.prototype) return;
  for (const key in value) reach((value as Record<string, unknown>)[key], out, depth + 1, seen);
}

/** The key an entity class stores its rows under (`static key`, else its name). */
export function keyOf(schema: Function): string | undefined {
  try {
    return (schema as typeof Entity).key;
  } catch {
    return schema.name || undefined;
  }
}

/**
 * Whether a row is a member of its table, as the store's `isMember` says (inlined: the
 * panel's chunk imports nothing of the core): it holds a value, or an optimistic removal
 * hides its server value.
 */
function member(cell: Cell): boolean {
  return cell._now !== undefined || cell._over?._base !== undefined;
}
