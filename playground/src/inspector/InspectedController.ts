/**
 * A `Controller` that reports what the inspector shows, through the public API only:
 * it overrides the public `fetch`, `query`, `get` and `response` methods and passes a
 * `fetch` option (the documented hook that runs every request). No private state of the
 * library is read.
 *
 * - Request log: every `ctrl.fetch` call with its endpoint, args and outcome. A call
 *   whose request did not start synchronously shared one already in flight: it was
 *   deduplicated (the controller registers and starts a request before anything awaits).
 * - Views: every signal handed out by `query` / `response`, with how many distinct values
 *   it has had (its updates), counted by an `effect` of the inspector.
 */
import { Controller, Entity, effect, type ReadonlySignal } from '../../../src/index.js';
import type { WireEntry } from '../mock/server.js';

export interface CallEntry {
  id: number;
  endpoint: string;
  args: readonly unknown[];
  url: string | undefined;
  method: string;
  deduplicated: boolean;
  /** The endpoint has `getOptimisticResponse`: the call showed an optimistic layer until it settled. */
  optimistic: boolean;
  status: 'pending' | 'ok' | number | string;
  started: number;
  duration: number | undefined;
  wire: WireEntry | undefined;
}

export interface ViewEntry {
  id: number;
  label: string;
  args: readonly unknown[];
  signal: ReadonlySignal<unknown>;
  /** Distinct values the view has had since the inspector first saw it. */
  updates: number;
  /** The schema whose rows it reads (a Query's input schema for a Query). */
  source: unknown;
}

/** Set by the `fetch` option: the last `ctrl.fetch` call started a request of its own. */
let requestStarted = false;

export class InspectedController extends Controller {
  readonly calls: CallEntry[] = [];
  readonly views: ViewEntry[] = [];
  /** Entity classes seen in the demo's exports and in values read. */
  readonly entities = new Set<typeof Entity>();
  /** Names of the demo's exported schemas and endpoints, for labels. */
  readonly names = new Map<unknown, string>();
  #viewIds = new Map<ReadonlySignal<unknown>, ViewEntry>();
  #disposers: Array<() => void> = [];
  #onChange: () => void;
  #callId = 0;

  constructor(onChange: () => void) {
    super({
      fetch: (endpoint, args) => {
        requestStarted = true;
        return endpoint.fetch(...args);
      },
    });
    this.#onChange = onChange;
  }

  override fetch(endpoint: any, ...args: any[]): any {
    requestStarted = false;
    const promise = super.fetch(endpoint, ...args) as Promise<unknown>;
    const url = safe(() => endpoint.url?.(...args) as string);
    const entry: CallEntry = {
      id: ++this.#callId,
      endpoint: this.names.get(endpoint) ?? endpoint.name,
      args,
      url,
      method: endpoint.method ?? '',
      // A call that failed before sending (a missing path parameter) shared nothing.
      deduplicated: !requestStarted && url !== undefined,
      optimistic: typeof endpoint.getOptimisticResponse === 'function' && endpoint.sideEffect === true,
      status: 'pending',
      started: performance.now(),
      duration: undefined,
      wire: undefined,
    };
    this.calls.push(entry);
    this.#onChange();
    // A derived promise, so a rejection the demo leaves unhandled is still reported as such.
    return promise.then(
      (value) => {
        entry.status = entry.wire && typeof entry.wire.status === 'number' ? entry.wire.status : 'ok';
        entry.duration = performance.now() - entry.started;
        this.#seeValue(value);
        this.#onChange();
        return value;
      },
      (error: unknown) => {
        entry.status = (error as { status?: number })?.status ?? 'error';
        entry.duration = performance.now() - entry.started;
        this.#onChange();
        throw error;
      },
    );
  }

  /** Links a request the mock answered to the oldest call waiting for that URL. */
  linkWire(wire: WireEntry): void {
    if (!this.calls.some((c) => c.wire === wire)) {
      const call = this.calls.find(
        (c) => !c.wire && !c.deduplicated && c.url === wire.url && c.method.toUpperCase() === wire.method,
      );
      if (call) call.wire = wire;
    }
    this.#onChange();
  }

  override query(schema: any, ...args: any[]): any {
    const view = super.query(schema, ...args);
    this.#record(view, this.#label(schema), args, schema?.process && schema.schema ? schema.schema : schema);
    return view;
  }

  override get(schema: any, ...args: any[]): any {
    return this.query(schema, ...args).value;
  }

  override response(endpoint: any, ...args: any[]): any {
    const view = super.response(endpoint, ...args);
    this.#record(view, `response(${this.names.get(endpoint) ?? endpoint.name})`, args, undefined);
    return view;
  }

  /** Reads a view without recording it (the inspector's own reads). */
  peekQuery(schema: any, ...args: any[]): unknown {
    return super.query(schema, ...args).peek();
  }

  /**
   * Optimistic layers, from the public contract: a mutation whose endpoint has
   * `getOptimisticResponse` shows a layer from its call until its request settles (then
   * the response replaces it, or on failure its removal is the rollback). Newest first.
   */
  optimisticLayers(): CallEntry[] {
    return this.calls.filter((c) => c.optimistic).reverse();
  }

  /** Stops the inspector's effects (when the demo re-runs). */
  dispose(): void {
    for (const d of this.#disposers) d();
    this.#disposers = [];
  }

  #record(view: ReadonlySignal<unknown>, label: string, args: readonly unknown[], source: unknown): void {
    if (this.#viewIds.has(view)) return;
    const entry: ViewEntry = { id: this.#viewIds.size + 1, label, args, signal: view, updates: 0, source };
    this.#viewIds.set(view, entry);
    this.views.push(entry);
    // Subscribed after the current render or effect, never inside it.
    queueMicrotask(() => {
      this.#disposers.push(
        effect(() => {
          const value = view.value;
          entry.updates++;
          this.#seeValue(value);
          this.#onChange();
        }),
      );
    });
  }

  #label(schema: any): string {
    const named = this.names.get(schema);
    if (named) return named;
    if (typeof schema === 'function') return schema.key || schema.name;
    if (schema?.process && schema.schema) return `Query(${this.#label(schema.schema)})`;
    if (Array.isArray(schema)) return `[${schema.map((s) => this.#label(s)).join(', ')}]`;
    const kind = schema?.constructor?.name;
    if (kind && kind !== 'Object' && schema.schema) return `${kind}(${this.#label(schema.schema)})`;
    if (schema && typeof schema === 'object') return `{ ${Object.keys(schema).join(', ')} }`;
    return String(schema);
  }

  /** Notes the entity classes a value reaches, so the rows table lists their types. */
  #seeValue(value: unknown): void {
    walkEntities(value, (entity) => this.entities.add(entity.constructor as typeof Entity), 3);
  }
}

/** Calls `visit` for every Entity instance reachable from `value` (to `depth` levels of nesting). */
export function walkEntities(
  value: unknown,
  visit: (entity: Entity) => void,
  depth = 8,
  seen = new Set<unknown>(),
): void {
  if (value === null || typeof value !== 'object' || seen.has(value) || depth < 0) return;
  seen.add(value);
  if (value instanceof Entity) visit(value);
  if (Array.isArray(value)) {
    // The first items show the types; a long list is not walked whole on every update.
    for (const item of value.slice(0, 50)) walkEntities(item, visit, depth - 1, seen);
    return;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype && !(value instanceof Entity)) return;
  for (const key of Object.keys(value)) walkEntities((value as Record<string, unknown>)[key], visit, depth - 1, seen);
}

function safe<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}
