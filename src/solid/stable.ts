/**
 * Stable identity for Solid: every entity keeps one object for as long as anything holds
 * it, and its fields are reactive.
 *
 * The cache gives a new denormalized object whenever a row it reached changes (DESIGN
 * rule 4). Solid's `<For>` maps items by reference, so a new object would re-create the
 * row component and lose its local state. The bindings therefore hand out, per
 * controller and entity (key + pk), one object built on the entity's prototype whose
 * fields are getters over Solid signals. A new denormalized object for the same entity
 * writes its fields into those signals; a field whose value is `===` notifies no one, so
 * a rename updates the one text that reads `name`.
 *
 *   cache:  User#1 v1 ──(rename)──▶ User#1 v2          (two objects)
 *   Solid:  stable User#1 ◀─ fields written ─┘         (one object, `name` signal set)
 *
 * Arrays and plain objects are translated item by item (memoized per cache object, so an
 * unchanged array keeps its translation); other values (Date, Decimal…) pass through.
 * A cycle ends at an entity already translated from the same cache object. A stable
 * object is held weakly: it lives while the UI (or anything else) holds it.
 */
import { batch, createSignal, type Setter } from 'solid-js';
import { Entity } from '../index.js';

/** Per controller: entity key + pk → its stable object (weakly held). */
type Table = Map<string, WeakRef<object>>;

const tables = new WeakMap<object, Table>();
/** Stable object → the cache object its fields hold, and the setters of its field signals. */
const states = new WeakMap<object, { raw: unknown; fields: Map<string, Setter<unknown>> }>();
/** Cache array or plain object → its translation. */
const done = new WeakMap<object, unknown>();
const registry = /*#__PURE__*/ new FinalizationRegistry<[Table, string]>(([table, key]) => {
  if (table.get(key)?.deref() === undefined) table.delete(key);
});

/** @internal The stable-identity table of a controller. */
export function tableOf(ctrl: object): Table {
  let table = tables.get(ctrl);
  if (table === undefined) tables.set(ctrl, (table = new Map()));
  return table;
}

/**
 * @internal Translates a denormalized value for Solid: entities become their stable
 * objects (fields updated), arrays and plain objects are translated member by member.
 */
export function stable(table: Table, value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (done.has(value)) return done.get(value);
  let out: any;
  if (value instanceof Entity) {
    const type = value.constructor as typeof Entity;
    const pk = type.pk(value);
    // No usable pk: no identity to keep.
    if (pk === undefined) return value;
    const key = type.key + '\0' + pk;
    out = table.get(key)?.deref();
    if (out === undefined) {
      out = Object.create(Object.getPrototypeOf(value));
      states.set(out, { raw: undefined, fields: new Map() });
      table.set(key, new WeakRef(out));
      registry.register(out, [table, key]);
    }
    const state = states.get(out)!;
    // Recorded before the fields are translated: a cycle that comes back here stops.
    if (state.raw === value) return out;
    state.raw = value;
    const { fields } = state;
    batch(() => {
      for (const field of Object.keys(value)) {
        const next = stable(table, (value as any)[field]);
        const set = fields.get(field);
        if (set) set(() => next);
        else {
          const [get, setField] = createSignal(next);
          fields.set(field, setField);
          Object.defineProperty(out, field, { get, enumerable: true });
        }
      }
    });
    return out;
  }
  if (Array.isArray(value)) out = value.map((item) => stable(table, item));
  else {
    const proto = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) return value;
    out = {};
    for (const field of Object.keys(value)) out[field] = stable(table, (value as any)[field]);
  }
  done.set(value, out);
  return out;
}
