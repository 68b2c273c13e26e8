/**
 * Stable identity for Solid: every entity keeps one object for as long as anything holds
 * it, and its fields are reactive.
 *
 * The cache gives a new denormalized object whenever a row it reached changes (DESIGN
 * rule 4). Solid's `<For>` maps items by reference, so a new object would re-create the
 * row component and lose its local state. The bindings therefore hand out, per
 * controller and entity (key + pk), one object: a `Proxy` over a copy of the entity's
 * fields (nested entities and arrays translated), on the entity's prototype. A new
 * denormalized object for the same entity writes the fields that changed into that copy
 * and notifies the computations that read them; a rename updates the one text that
 * reads `name`.
 *
 *   cache:  User#1 v1 ──(rename)──▶ User#1 v2          (two objects)
 *   Solid:  stable User#1 ◀─ `name` written ─┘         (one object, `name` readers re-run)
 *
 * Costs are paid where they are used:
 * - fields are copied when the object is first read, and a new cache object is copied at
 *   once only into objects whose fields computations read; the others take it at their
 *   next read. A list of 10,000 of which 100 are on screen copies 100 rows' fields, and
 *   a rename that rebuilds 500 of its rows writes the rows on screen;
 * - a field has a Solid signal from the first computation that reads it (most fields of
 *   most rows never are), so an object costs little more than the copy of its fields.
 *   An object's signals live while a computation reads any of them: each signal's value is
 *   the object's signal map, held by the computations that read it, and the object holds
 *   the map weakly. A read in a computation is a `Map` read and a signal read, with nothing
 *   to clean up per read; an object still held once nothing reads it (a list kept after
 *   its rows unmounted) keeps its fields and drops its signals at the next collection,
 *   and takes changes at its next read again;
 * - an item of a view's array still in its place keeps its translation with no look-up;
 *   a changed one is first compared with the stable object in its place (the same row
 *   written again), else found by key and pk, so a list of 10,000 in which 500 rows
 *   changed looks up 500 objects, not 10,000; a view's array that the cache made from
 *   the one before by replacing those 500 (../util/replaced.ts) is copied and the 500
 *   alone are visited. Nested values are translated the same way, from the field's value
 *   before and its translation;
 * - an array field whose translated items are the same keeps its array (no
 *   notification).
 *
 * Arrays and plain objects are translated item by item; other values (Date, Decimal…)
 * pass through. A cycle ends at an entity already translated from the same cache object.
 * A stable object is held weakly: it lives while the UI (or anything else) holds it. The
 * table's entries of collected objects are dropped once it has grown by half since the
 * last sweep (no finalizer per object).
 */
import { type Signal, createSignal, getListener } from 'solid-js';
import { Entity } from '../index.js';
import { replacedAt } from '../util/replaced.js';

/** A stable object's field signals; each one's value is this map (see the module comment). */
type Signals = Map<string, Signal<unknown>>;

/** Per controller: entity key → pk → its stable object's node (weakly held). */
type Table = Map<string, Rows>;
/** One entity key's nodes by pk. */
type Rows = Map<string, WeakRef<Node>>;

const RAW = Symbol();
const DONE = Symbol();
const TABLE = Symbol();
const PK = Symbol();
/** A stable object's node, read through its proxy. */
const NODE = Symbol();
const PROXY = Symbol();
const SIGNALS = Symbol();
const HELD = Symbol();
const VALUES = Symbol();

/**
 * A stable object's target: its fields (`VALUES`: own, translated, on the entity's
 * prototype), its latest cache object and the one its fields were copied from, its table,
 * pk and proxy, the signals of the fields read. Every node is made by one constructor with
 * every slot set, so the reads of a render (thousands per list) meet one shape; the fields
 * live in an object of their own, whose shape follows the entity class.
 */
class Node {
  [RAW]!: Entity;
  [DONE]: Entity | undefined;
  [VALUES]: Record<string, unknown>;
  [TABLE]: Table;
  [PK]: string;
  [PROXY]: object;
  [SIGNALS]: WeakRef<Signals> | undefined;
  [HELD]: Signals | undefined;
  constructor(proto: object, table: Table, pk: string) {
    this[VALUES] = Object.create(proto);
    this[TABLE] = table;
    this[PK] = pk;
    this[PROXY] = new Proxy(this, handler);
  }
}

const tables = new WeakMap<object, Table>();
/** Per pk map: its size after the last sweep of collected nodes' entries. */
const swept = new WeakMap<Rows, number>();

/**
 * Adds a node; once its map has grown by half since the last sweep, drops the entries of
 * nodes collected since (a sweep per so many additions: constant time per node).
 */
function add(rows: Rows, pk: string, node: Node): void {
  rows.set(pk, new WeakRef(node));
  if (rows.size > 1.5 * (swept.get(rows) ?? 64)) {
    for (const [at, ref] of rows) if (ref.deref() === undefined) rows.delete(at);
    swept.set(rows, rows.size);
  }
}

/**
 * Reads go to the copy, brought up to date first; a read inside a computation reads the
 * field's signal too (made at the first such read). Writes are refused (a `TypeError` in
 * strict code): the cache is written through the Controller.
 */
const handler: ProxyHandler<Node> = {
  get(node, key, proxy) {
    if (key === NODE) return node;
    sync(node);
    const values = node[VALUES];
    if (getListener() && typeof key === 'string') {
      const signals = signalsOf(node, true)!;
      let signal = signals.get(key);
      if (signal === undefined && Object.hasOwn(values, key))
        signals.set(key, (signal = createSignal<unknown>(signals)));
      if (signal !== undefined) {
        signal[0]();
        return values[key];
      }
    }
    return Reflect.get(values, key, proxy);
  },
  set: () => false,
  has(node, key) {
    sync(node);
    return key in node[VALUES];
  },
  ownKeys(node) {
    sync(node);
    return Object.keys(node[VALUES]);
  },
  getOwnPropertyDescriptor(node, key) {
    sync(node);
    return Reflect.getOwnPropertyDescriptor(node[VALUES], key);
  },
  getPrototypeOf: (node) => Object.getPrototypeOf(node[VALUES]),
};

/**
 * Copies a node's latest cache object into its fields (those that changed since the one
 * copied before), translated; notifies the computations that read a changed field.
 */
function sync(node: Node): void {
  const value = node[RAW];
  const old = node[DONE];
  if (old === value) return;
  // Recorded before the fields are translated: a cycle that comes back here stops.
  node[DONE] = value;
  const signals = signalsOf(node);
  const values = node[VALUES];
  for (const field of Object.keys(value)) {
    const raw = (value as any)[field];
    // Unchanged, or an array of the same items (a row rebuilt because a nested row changed).
    if (old !== undefined && same((old as any)[field], raw)) continue;
    // Translated from the value before, in the place of its translation (see `stable`).
    const next = stable(node[TABLE], raw, old?.[field as never], old && values[field]);
    if (old === undefined || !same(values[field], next)) {
      values[field] = next;
      signals?.get(field)?.[1]([signals]);
    }
  }
}

/** Nodes whose signal map is held on them (`HELD`) until the current job ends. */
let held: Node[] = [];

/**
 * A node's field signals (made when `make`), if computations read any. A `WeakRef` read
 * keeps its target until the job ends, through a call into the engine each time; a render
 * reads thousands of fields of a few hundred objects, so the map is held on the node
 * instead, for the same time (until a microtask ends the job's reads), and read as a field.
 */
function signalsOf(node: Node, make?: boolean): Signals | undefined {
  let signals = node[HELD];
  if (signals !== undefined) return signals;
  signals = node[SIGNALS]?.deref();
  if (signals === undefined && make) node[SIGNALS] = new WeakRef((signals = new Map()));
  if (signals !== undefined) {
    node[HELD] = signals;
    if (held.push(node) === 1) queueMicrotask(release);
  }
  return signals;
}

function release(): void {
  for (const node of held) node[HELD] = undefined;
  held = [];
}

/** `===`, or arrays of `===` items. */
function same(a: unknown, b: unknown): boolean {
  return (
    a === b || (Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => item === b[i]))
  );
}

/** @internal The stable-identity table of a controller. */
export function tableOf(ctrl: object): Table {
  let table = tables.get(ctrl);
  if (table === undefined) tables.set(ctrl, (table = new Map()));
  return table;
}

/**
 * @internal Translates a denormalized value for Solid: entities become their stable
 * objects (changed fields written now when computations read them, else at their next
 * read), arrays and plain objects are translated member by
 * member. Call inside `batch`. `before` and `shown`: the previous value of the same view
 * and its translation. An array item still in its place in `before`, or one place off
 * (after an item removed or added before it), keeps its translation without a look-up; a
 * changed one is first compared with the stable object in its place (the same row,
 * written again, is found without the table).
 */
export function stable(table: Table, value: unknown, before?: unknown, shown?: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const old = Array.isArray(before) ? before : [];
    // Made by the cache from `before` with some items replaced: those alone are translated.
    const at = replacedAt(value, before);
    if (at !== undefined) {
      const out = (shown as unknown[]).slice();
      for (const i of at) out[i] = stable(table, value[i], 0, out[i]);
      return out;
    }
    // Each item is compared with the one `d` places further in `before`: a row removed or
    // added shifts the rest by one, and they keep their translations without a look-up.
    let d = 0;
    return value.map((item, i) => {
      let j = i + d;
      if (item !== old[j]) {
        if (item === old[j + 1]) j = i + ++d;
        else if (j > 0 && item === old[j - 1]) j = i + --d;
      }
      return item === old[j] ? (shown as unknown[])[j] : stable(table, item, 0, old[j] && (shown as unknown[])[j]);
    });
  }
  if (value instanceof Entity) {
    // The stable object shown in this place before: the same row is found without a look-up.
    let node = (shown as { [NODE]?: Node } | undefined)?.[NODE];
    if (node !== undefined && node[RAW] === value) return node[PROXY];
    const type = value.constructor as typeof Entity;
    const pk = type.pk(value);
    // No usable pk: no identity to keep.
    if (pk === undefined) return value;
    if (node === undefined || node[PK] !== pk || (node[RAW].constructor as typeof Entity).key !== type.key) {
      let rows = table.get(type.key);
      if (rows === undefined) table.set(type.key, (rows = new Map()));
      node = rows.get(pk)?.deref();
      if (node === undefined) add(rows, pk, (node = new Node(Object.getPrototypeOf(value), table, pk)));
    }
    if (node[RAW] === value) return node[PROXY];
    node[RAW] = value;
    // Computations read its fields: they see the change now. Other objects copy it when read.
    if (signalsOf(node) !== undefined) sync(node);
    return node[PROXY];
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  const out: Record<string, unknown> = {};
  for (const field of Object.keys(value)) out[field] = stable(table, (value as any)[field]);
  return out;
}
