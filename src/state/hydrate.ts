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
 * `toJSON`); the state names those fields per entity key, and the entity's `static
 * schema` deserializer runs on them again. For the classes `hydrate` is given in
 * `schemas` (entities, endpoint schemas, arrays or objects of them — nested schemas are
 * followed), or that wrote rows of the key before, at once; rows of other keys are
 * stored with those fields as data (`Table._raw`), and the class that first reads or
 * writes them deserializes them (`adopt`). No state is refused for a class it lacks.
 */
import { batch } from '@preact/signals-core';
import { deserialize, entitiesOf, isDeserializer } from '../schema/visit.js';
import type { CollectionLike, EntityClass, Schema } from '../schema/types.js';
import { Staging } from '../store/Staging.js';
import { baseOf, Cell, type Row, type Store, type Table, type Written } from '../store/Store.js';
import { equalValue } from '../util/equal.js';
import { clampTime, isKey, isTime, MAX_ARGS_DEPTH, MAX_DEPTH, tooDeep } from '../util/limits.js';
import { own } from '../util/own.js';
import { seal } from '../store/Walker.js';

/**
 * Version of the state format; `hydrate` reads it and `3`, and refuses any other. `4`: a
 * response listing every row of a key names the key; `3`: rows as one array of values per
 * field (`2` held an array of values per row, `1` each row as an object under its pk).
 */
const VERSION = 4;

/**
 * A Controller's server data as plain JSON (`JSON.stringify` keeps all of it).
 * Produced by `dehydrate` (signal-cache/ssr), read by `hydrate` and the Controller's `initialState` option.
 */
export interface DehydratedState {
  /** Format version: `4` (`hydrate` also reads `3`). */
  readonly version: number;
  /** Entity key → its rows, in stored order. */
  readonly rows: { readonly [key: string]: DehydratedRows };
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
  /**
   * Endpoint key → [normalized response, fetchedAt, expiresAt, invalidated]. A response that
   * lists every row of one entity key in stored order (a list endpoint that filled the
   * cache) names that key instead, `[null, fetchedAt, expiresAt, invalidated, key]`: its
   * pks travel once, in the rows.
   */
  readonly responses: {
    readonly [key: string]: readonly [
      data: unknown,
      fetchedAt: number,
      expiresAt: number,
      invalidated: boolean,
      rowsOf?: string,
    ];
  };
}

/**
 * The normalized rows of one entity key in a dehydrated state, by column: one array per
 * field of `fields` holding that field's value in every row, in row order, so 10,000 rows
 * name their fields once and parse as a few arrays, not one object or array per row (the
 * objects made from them are what a reader gets). A row with other fields travels as its
 * object in `objects`, its place in the columns held by `null`.
 */
export interface DehydratedRows {
  /** The fields of the rows held in `columns`, in their order. */
  readonly fields: readonly string[];
  /** The field whose value (a string, or a number as a string) is each row's pk; absent when `pks` lists them. */
  readonly pk?: string;
  /** Each row's pk, in order, when no one field holds them. */
  readonly pks?: readonly string[];
  /** Per field of `fields`, its value in each row (`null` for a row in `objects`): one entry per row. */
  readonly columns: readonly (readonly unknown[])[];
  /** The rows with other fields, as `[index, row]` by increasing index. */
  readonly objects?: readonly (readonly [index: number, row: Row])[];
  /**
   * The clock time until which a response vouched for the rows, by runs in row order:
   * `[expiresAt, count, expiresAt, count …]` (rows written together share one run).
   */
  readonly expires: readonly number[];
}

/**
 * Thrown by `hydrate` for a state it cannot restore (malformed, another version, over a
 * limit, a row that does not hold its pk, a deserializer that fails, an entity class it
 * was not given) and by `dehydrate` for a deserialized field that has no JSON form.
 * Nothing is written: the Controller stays as it was.
 */
export class HydrationError extends Error {
  /** Always `'HydrationError'`; stable across minification. */
  override name = 'HydrationError';
}

//#region dehydrate

/**
 * @internal The store's server data as a JSON-safe object (see `dehydrate` in
 * signal-cache/ssr): stored values are shared with the store, not copied. Its dictionaries
 * (by entity key, pk, list key, arguments key, endpoint key) have no prototype, so any key
 * — `__proto__`, `constructor` — is an ordinary one; times past `MAX_TIME` (an expiry of
 * `Infinity`) are written as `MAX_TIME`, which JSON keeps.
 */
export function dehydrateStore(store: Store, byPk?: boolean): DehydratedState {
  const rows = dict<any>();
  const converted = dict<string[]>();
  /** Entity key → its rows' pks in stored order (the columns format only). */
  const pksOf = new Map<string, readonly string[]>();
  for (const [key, table] of store._tables) {
    const fields = new Set<string>();
    let names: string[] | undefined;
    const pks: string[] = [];
    let columns: unknown[][] = [];
    const objects: [number, Row][] = [];
    const expires: number[] = [];
    for (const [pk, cell] of table._cells) {
      const row = baseOf(cell);
      if (row === undefined) continue;
      const json = jsonRow(key, pk, row, fields, table._raw);
      const t = clampTime(cell._exp._until);
      if (byPk) {
        inner(rows, key)[pk] = [json, t];
        continue;
      }
      if (names === undefined) {
        names = Object.keys(json).filter((field) => !unwritten(json[field]));
        columns = names.map(() => []);
      }
      const values = valuesOf(json, names);
      if (values === undefined) objects.push([pks.length, json]);
      for (let f = 0; f < columns.length; f++) columns[f]!.push(values === undefined ? null : values[f]);
      pks.push(pk);
      // (One run for the rows of one expiry: the rows a response wrote are stored together.)
      if (expires[expires.length - 2] === t) expires[expires.length - 1]!++;
      else expires.push(t, 1);
    }
    if (fields.size) converted[key] = [...fields];
    if (names !== undefined) {
      const byIndex = new Map(objects);
      const pk = names.find((field, f) =>
        pks.every((id, row) => {
          const object = byIndex.get(row);
          const v = object === undefined ? columns[f]![row] : object[field];
          return (typeof v === 'string' || typeof v === 'number') && String(v) === id;
        }),
      );
      const table: Record<string, unknown> = pk === undefined ? { fields: names, pks } : { fields: names, pk };
      table.columns = columns;
      if (objects.length) table.objects = objects;
      table.expires = expires;
      rows[key] = table;
      pksOf.set(key, pks);
    }
  }
  const lists = dict<Record<string, [readonly unknown[], readonly unknown[]]>>();
  for (const [key, byArgs] of store._lists) {
    for (const [argsKey, list] of byArgs) {
      const items = baseOf(list);
      if (items !== undefined) inner(lists, key)[argsKey] = [list._args, items];
    }
  }
  const responses = dict<[unknown, number, number, boolean, string?]>();
  for (const [key, result] of store._results) {
    const data = result._sig.peek();
    const meta = result._meta.peek();
    if (data === undefined) continue;
    // A list of every row of one key, in stored order: named by its key, not listed again.
    const [rowsOf] = [...pksOf].find(([, pks]) => equalValue(data, pks)) ?? [];
    const entry: [unknown, number, number, boolean, string?] = [
      rowsOf ? null : data,
      clampTime(meta.fetchedAt),
      clampTime(meta.expiresAt),
      meta.invalidated,
    ];
    if (rowsOf) entry.push(rowsOf);
    responses[key] = entry;
  }
  return { version: byPk ? 1 : VERSION, rows, converted, lists, responses };
}

/**
 * A row's values in the order of `names`, when the fields JSON keeps of it are those, in
 * that order (what JSON leaves out of an object, it would write as `null` in an array).
 */
function valuesOf(row: Row, names: readonly string[]): unknown[] | undefined {
  const out: unknown[] = [];
  for (const field in row) {
    const v = row[field];
    if (unwritten(v)) continue;
    if (field !== names[out.length]) return undefined;
    out.push(v);
  }
  return out.length === names.length ? out : undefined;
}

/** A value `JSON.stringify` leaves out of an object. */
function unwritten(v: unknown): boolean {
  return v === undefined || typeof v === 'function' || typeof v === 'symbol';
}

/**
 * @internal A stored row in its JSON form: each deserialized value (`Date`, `Decimal`,
 * Temporal) replaced by its `toJSON`, its field added to `fields`; `row` itself when it
 * holds none. `raw`: the fields its table's rows still hold in their JSON form (`Table._raw`),
 * added to `fields` where the row has a value.
 */
export function jsonRow(key: string, pk: string, row: Row, fields: Set<string>, raw?: readonly string[]): Row {
  for (const field of raw ?? []) if (row[field] != null) fields.add(field);
  for (const field in row) {
    const v: unknown = row[field];
    const proto = typeof v === 'object' && v !== null && Object.getPrototypeOf(v);
    if (proto && proto !== Object.prototype && proto !== Array.prototype) {
      const toJSON: unknown = (v as { toJSON?: unknown }).toJSON;
      const json: unknown = typeof toJSON === 'function' ? toJSON.call(v) : undefined;
      if (json === undefined || tooDeep(json, MAX_DEPTH - 1)) {
        throw new HydrationError(
          `dehydrate: ${key}.${field} of ${pk} ${json === undefined ? 'has no toJSON' : `nests over ${MAX_DEPTH} levels`}`,
        );
      }
      // (An invalid Date's JSON is null: nothing to deserialize again.)
      if (json !== null) fields.add(field);
      row = { ...row, [field]: json };
    }
  }
  return row;
}

//#endregion

//#region hydrate

/**
 * @internal Fills the store from a dehydrated state, in one batch, as a response stamped
 * `stamp()` would (see `hydrate` in signal-cache/ssr). Checks and deserializes the whole
 * state first, with the limits every way in shares: a {@link HydrationError} leaves the
 * store as it was. With `skip`, an entry that does not restore is left out instead (`skip`
 * receives its part, keys and error) and the rest restored: persist's restore, which
 * drops one bad entry rather than the whole storage. (Persist builds the parts itself:
 * with `skip`, a part that is no dictionary of entries is passed over.)
 */
export function hydrateStore(
  store: Store,
  stamp: () => number,
  state: DehydratedState,
  schemas: readonly Schema[] = [],
  skip?: (part: 'rows' | 'lists' | 'responses', key: string, sub: string, error: HydrationError) => void,
): void {
  // (A state of version 3 is one of version 4 whose responses name no rows.)
  if (!isDict(state) || (state.version !== VERSION && state.version !== 3))
    fail(`not a dehydrate() state of version 3 or ${VERSION}`);
  const { rows, converted, lists, responses } = state;
  if (![rows, converted, lists, responses].every(isDict)) fail('malformed state at state');
  const classes = entityClasses(schemas);
  /** Runs `read` for one entry; a refusal goes to `skip` when there is one. */
  const entry = <T>(part: 'rows' | 'lists' | 'responses', key: string, sub: string, read: () => T): T | undefined => {
    if (skip === undefined) return read();
    try {
      return read();
    } catch (error) {
      if (!(error instanceof HydrationError)) throw error;
      skip(part, key, sub, error);
    }
  };
  const staging = new Staging('hydrate', []);
  /** Entity key → the fields its rows keep in their JSON form (no class to deserialize them). */
  const raw = new Map<string, readonly string[]>();
  /** Each staged row's expiry, in the order the rows are staged (no entry object per row). */
  const times: number[] = [];
  /** Rows left as their values, for their table's first reader or writer to make (`Table._fill`). */
  const later: [key: string, read: Rows][] = [];
  /** Entity key → its rows as read (a response naming the key lists their pks). */
  const readOf = new Map<string, Rows>();
  for (const key of Object.keys(rows)) {
    const read = readRows(rows[key]);
    const at = `rows.${short(key)}`;
    // What is wrong with the entity key refuses each of its rows.
    let refused: string | undefined;
    let fields: readonly string[] = [];
    if (!isKey(key) || key === '' || read === undefined) refused = `malformed state at ${at}`;
    else {
      fields = readFields(
        own(converted, key),
        (detail) => (refused = `malformed state at converted.${short(key)}: ${detail}`),
      );
    }
    const cls = classOf(classes, store, key);
    // No class to deserialize with: the rows keep those fields in their JSON form until
    // the class that first reads or writes them is known (`adopt`).
    if (cls === undefined && fields.length) raw.set(key, fields);
    // Refused whole without `skip`; with it, row by row (a part that has no rows is passed over).
    if (refused !== undefined) {
      if (skip === undefined) fail(refused);
      for (const pk of read?.pks ?? []) skip('rows', key, String(pk), new HydrationError(`hydrate: ${refused}`));
      continue;
    }
    const { fields: names, columns, objects, ids } = read!;
    readOf.set(key, read!);
    // Into a table that holds nothing (and no reader waits on), with no class to check or
    // deserialize them and no listener to tell: the rows stay as parsed until first asked for.
    const table = store._tables.get(key);
    const lazy =
      skip === undefined &&
      cls === undefined &&
      store._journal === undefined &&
      (table === undefined || (table._fill === undefined && table._idx === undefined && table._cells.size === 0));
    let staged: Map<string, Row> | undefined;
    const deserialized = cls === undefined ? [] : fields;
    // Columns nesting too deep: found row by row below (a column is one level more than its rows).
    const deep = tooDeep(columns, MAX_DEPTH + 1);
    // Left as columns, checked column by column: no call per row (a state is hydrated once,
    // before the engine has optimized anything). What is wrong is named row by row below.
    if (lazy && !deep && wellFormed(read!)) {
      if (ids.length) later.push([key, read!]);
      continue;
    }
    /** Row `i`, checked and read (`undefined`: left as its values, checked); `t`: its expiry, `NaN` when malformed. */
    const readOne = (i: number, pk: string | undefined, t: number): Row | undefined => {
      const object = objects.get(i);
      if (t !== t || !pk || (objects.has(i) && !isDict(object))) fail(`malformed state at ${at}.${short(String(pk))}`);
      // (Left as its values: checked as `readRow` checks a row.)
      if (lazy) {
        const deeper = object === undefined ? deep && tooDeep(objectOf(names, columns, i)) : tooDeep(object);
        return void (deeper && fail(`${short(key)} ${short(pk)} nests over ${MAX_DEPTH} levels`));
      }
      return object === undefined
        ? readRow(cls, key, pk, objectOf(names, columns, i), deserialized, fail)
        : readRow(cls, key, pk, object, deserialized, fail, fields.length > 0);
    };
    const whole = eachRow(read!, (i, t) => {
      const pk = pkOf(read!, i);
      // (No closure per row unless entries are skipped one by one.)
      const row = skip === undefined ? readOne(i, pk, t) : entry('rows', key, String(pk), () => readOne(i, pk, t));
      if (row === undefined) return;
      if (staged === undefined) staging._rows.set(key, (staged = new Map()));
      staged.set(pk!, row);
      times.push(t);
    });
    if (!whole) fail(`malformed state at ${at}: expires`);
    if (lazy && ids.length) later.push([key, read!]);
  }
  for (const key of Object.keys(lists)) {
    const byArgs = lists[key];
    const at = `lists.${short(key)}`;
    if (!isDict(byArgs)) {
      if (skip === undefined) fail(`malformed state at ${at}`);
      continue;
    }
    // A `set` write names its list by key alone (`accepts` is for the other modes).
    const collection = { key } as CollectionLike;
    for (const argsKey of Object.keys(byArgs)) {
      const read = entry('lists', key, argsKey, () => {
        if (!isKey(key)) fail(`malformed state at ${at}`);
        return readList(byArgs[argsKey], argsKey, (detail) =>
          fail(`malformed state at ${at}.${short(argsKey)}${detail}`),
        );
      });
      if (read !== undefined) staging.collection(collection, { mode: 'set', argsKey, args: read[0], items: read[1] });
    }
  }
  const results: [key: string, entry: DehydratedState['responses'][string]][] = [];
  for (const key of Object.keys(responses)) {
    const read = entry('responses', key, '', () => {
      const failAt = (detail: string) => fail(`malformed state at responses.${short(key)}${detail}`);
      const value = responses[key];
      const checked = readResponse(key, value, failAt);
      if (value.length < 5) return checked;
      // Every row of one key, in stored order: its pks (strings, as a response stores them).
      const rowsOf = value[4];
      const read = typeof rowsOf === 'string' ? readOf.get(rowsOf) : undefined;
      // Pks that are all strings are the rows' pks as they are (found so by `wellFormed` when
      // it checked the rows); others are read row by row, and one missing refuses the entry.
      const asIs = read !== undefined && !read.objects.size && (read.strings ?? read.ids.every(isKey));
      const pks = asIs ? read.ids : read?.ids.map((_, i) => pkOf(read, i));
      if (checked[0] !== null || pks === undefined || (!asIs && pks.includes(undefined)))
        failAt(': names no rows of the state');
      return [pks, checked[1], checked[2], checked[3]] as const;
    });
    if (read !== undefined) results.push([key, read]);
  }
  // Everything is checked: from here on nothing throws.
  const at = stamp();
  // One batch, one record of the journal.
  batch(() =>
    store._record('hydrate', at, () => {
      store._commit(staging, at);
      for (const [key, read] of later) {
        const table = store._table(key);
        restore(table, read, at);
        table._ever = true;
        // The rows joined the membership (an `All` view of the empty table reads it).
        table._version.value++;
      }
      keepRaw(store, raw);
      // Rows of one expiry share its object, as the rows of one response do (`Cell._exp`:
      // of this restore's stamp, which every row it wrote holds).
      const shared = new Map<number, Written>();
      let i = 0;
      for (const [key, staged] of staging._rows) {
        const table = store._table(key);
        for (const pk of staged.keys()) {
          const t = times[i++]!;
          const cell = table._cell(pk);
          if (t <= cell._exp._until) continue;
          let exp = shared.get(t);
          if (exp === undefined) shared.set(t, (exp = { _stamp: at, _until: t }));
          cell._exp = exp;
        }
      }
      for (const [key, response] of results) writeResponse(store, key, response, at);
    }),
  );
}

/** The rows of one key of a state as `readRows` checked them: one per pk of `ids`, those in `objects` by index. */
interface Rows {
  readonly fields: readonly string[];
  readonly pk?: string;
  readonly pks?: readonly unknown[];
  readonly columns: readonly (readonly unknown[])[];
  readonly objects: ReadonlyMap<number, unknown>;
  readonly expires: readonly unknown[];
  /** The rows' pks: `pks`, or the column of the `pk` field (as stored: a number is not a string yet). */
  readonly ids: readonly unknown[];
  /** Set by `wellFormed`: every pk of `ids` is a string (they are the rows' pks as they are). */
  strings?: boolean;
}

/**
 * The rows of one key of a state, when their shape is that of `DehydratedRows` (each row
 * and run of expiry is checked as it is read): a field list of names (never `__proto__`,
 * which would set a row's prototype), the pks or the field that holds them, a column per
 * field, all of one length, and rows as objects at increasing indexes within it.
 */
function readRows(value: unknown): Rows | undefined {
  if (!isDict(value)) return undefined;
  const { fields, pk, pks, columns, objects = [], expires } = value;
  if (!Array.isArray(fields) || !fields.every(isKey) || fields.includes('__proto__')) return undefined;
  if (!Array.isArray(columns) || columns.length !== fields.length || !Array.isArray(objects)) return undefined;
  const ids: unknown = pks === undefined ? columns[fields.indexOf(pk)] : pks;
  if (!Array.isArray(ids) || !Array.isArray(expires)) return undefined;
  const n = ids.length;
  if (!columns.every((column) => Array.isArray(column) && column.length === n)) return undefined;
  const byIndex = new Map<number, unknown>();
  let last = -1;
  for (const entry of objects) {
    const i: unknown = Array.isArray(entry) ? entry[0] : undefined;
    if (!Number.isSafeInteger(i) || (i as number) <= last || (i as number) >= n) return undefined;
    byIndex.set((last = i as number), entry[1]);
  }
  return { fields, pk: pks === undefined ? pk : undefined, pks, columns, objects: byIndex, expires, ids };
}

/**
 * Whether rows that all travel in their columns have pks (a string that is no `''`, or a
 * number when a field holds them) and runs of expiry that are times and add up to them.
 */
function wellFormed(read: Rows): boolean {
  const { pks, ids, objects, expires } = read;
  if (objects.size) return false;
  let strings = true;
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i];
    if (typeof id === 'string' ? id === '' : pks !== undefined || typeof id !== 'number') return false;
    if (typeof id !== 'string') strings = false;
  }
  let rows = 0;
  for (let run = 0; run < expires.length; run += 2) {
    const count = expires[run + 1];
    if (!isTime(expires[run]) || !Number.isSafeInteger(count) || (count as number) < 1) return false;
    rows += count as number;
  }
  if (rows !== ids.length) return false;
  read.strings = strings;
  return true;
}

/** The pk of row `i`, `undefined` when it has none. */
function pkOf({ pk, pks, ids, objects }: Rows, i: number): string | undefined {
  if (pks !== undefined) return isKey(pks[i]) ? pks[i] : undefined;
  const object = objects.get(i);
  const id = !objects.has(i) ? ids[i] : isDict(object) ? own(object as Row, pk!) : undefined;
  return typeof id === 'number' ? String(id) : isKey(id) ? id : undefined;
}

/** Whether `pks` are the pks of the rows of `read`, in their order. */
function samePks({ ids }: Rows, pks: readonly unknown[]): boolean {
  // (A response that named the rows' key holds their pks as read.)
  if (pks === ids) return true;
  if (pks.length !== ids.length) return false;
  for (let i = 0; i < pks.length; i++) {
    const id = ids[i];
    if (pks[i] !== (typeof id === 'number' ? String(id) : id)) return false;
  }
  return true;
}

/** Row `i` of `columns`, an object of `fields`. */
function objectOf(fields: readonly string[], columns: Rows['columns'], i: number): Row {
  const row: Row = {};
  for (let f = 0; f < fields.length; f++) row[fields[f]!] = columns[f]![i];
  return row;
}

/**
 * Leaves rows restored into an empty table as their values: a read of them all in stored
 * order (a response's list of them, `All`) by a class with no nested entity gets objects
 * made straight from the columns (`Table._made`); the first reader or writer of anything
 * else makes their cells (`Table._fill`), which keep those objects.
 */
function restore(table: Table, read: Rows, stamp: number): void {
  const { fields, columns } = read;
  const n = read.ids.length;
  let made: object[] | undefined;
  table._fill = () => {
    table._made = undefined;
    fill(table, read, stamp, made);
  };
  table._made = (schema, pks) => {
    if (
      table._raw !== undefined ||
      // (A row that travelled as an object has fields of its own: it takes the way of cells.)
      read.objects.size ||
      !Object.values(schema.schema).every(isDeserializer) ||
      (pks !== undefined && !samePks(read, pks))
    )
      return undefined;
    if (made === undefined) {
      // Each object as `_create` makes it from the row (the class's defaults, then the row's
      // fields), by plain stores: the fields in the order `_create` gives them, each from its
      // column (a default the rows lack: a column of it).
      const defaults = schema._create(EMPTY) as unknown as Row;
      const keys = [...new Set([...Object.keys(defaults), ...fields])];
      const from = keys.map((key) => columns[fields.indexOf(key)] ?? new Array(n).fill(defaults[key]));
      made = new Array(n);
      for (let i = 0; i < n; i++) {
        const obj = schema._blank() as unknown as Row;
        for (let k = 0; k < keys.length; k++) obj[keys[k]!] = from[k]![i];
        made[i] = seal(obj);
      }
    }
    return made;
  };
}

/** What an entity object made from a row's values starts from: class-field defaults. */
const EMPTY: Row = Object.freeze({});

/**
 * Makes the cells of rows restored into an empty table (`Table._fill`, run by its first
 * reader or writer): each row an object (a copy of one that travelled as an object when its
 * class will complete it in place, `adopt`, or it holds `__proto__`), the rows of one run of
 * expiry sharing one record, as the rows of one response do; `made`: the objects a read
 * made of them (`restore`), each row's until its row changes.
 */
function fill(table: Table, read: Rows, stamp: number, made: object[] | undefined): void {
  const cells = new Map<string, Cell>();
  let exp: Written | undefined;
  eachRow(read, (i, t) => {
    const until = Math.max(t, 0);
    if (exp?._until !== until) exp = { _stamp: stamp, _until: until };
    const value = read.objects.get(i) as Row | undefined;
    let row: Row;
    if (value === undefined) row = objectOf(read.fields, read.columns, i);
    else if (table._raw === undefined && !Object.hasOwn(value, '__proto__')) row = value;
    else {
      row = { ...value };
      delete row.__proto__;
    }
    const cell = new Cell(row);
    cell._writes = exp;
    if (made !== undefined) {
      cell._obj = made[i];
      cell._vals = row;
    }
    cells.set(pkOf(read, i)!, cell);
  });
  table._cells = cells;
}

/**
 * Calls `each` for every row of `read` with the expiry its run of `expires` gives it (`NaN`
 * for a run that is malformed); false when the runs do not add up to the rows.
 */
function eachRow({ ids, expires }: Rows, each: (i: number, expiresAt: number) => void): boolean {
  let run = 0;
  let left = 0;
  let t = 0;
  for (let i = 0; i < ids.length; i++) {
    if (left === 0) {
      t = expires[run] as number;
      left = expires[run + 1] as number;
      run += 2;
      if (!isTime(t) || !Number.isSafeInteger(left) || left < 1) {
        t = Number.NaN;
        left = 1;
      }
    }
    left--;
    each(i, t);
  }
  return left === 0 && run === expires.length;
}

/**
 * @internal A row of a dehydrated state, a tab's message or a storage: `value` (a copy
 * when it must change, or with `copy`) whose `fields` are deserialized through the entity
 * class, checked as a response's row is (no `__proto__` field, nested at most `MAX_DEPTH`
 * levels, a pk key) and, when the class is known, holding `pk` (its `pk()` gives it, or
 * nothing). What is wrong goes to `fail`. Shared by `hydrate` and `shareTabs`.
 */
export function readRow(
  cls: EntityClass | undefined,
  key: string,
  pk: string,
  value: unknown,
  fields: readonly string[],
  fail: (detail: string) => never,
  copy?: boolean,
): Row {
  const at = `${short(key)} ${short(pk)}`;
  if (!isKey(pk) || pk === '' || !isDict(value)) fail(`malformed state at rows.${short(key)}.${short(pk)}`);
  // Stored as given (a response's data is too); copied when a field is converted in it, now
  // or by its first reader (`copy`: `adopt` completes the row in place), or when it holds
  // `__proto__`: as in a response's row, an entity instance cannot hold that as data (it
  // would set its prototype).
  let row = value as Row;
  if (copy || fields.length || Object.hasOwn(row, '__proto__')) {
    row = { ...value };
    delete row.__proto__;
  }
  if (tooDeep(row)) fail(`${at} nests over ${MAX_DEPTH} levels`);
  for (const field of fields) {
    const fn = own(cls!.schema, field);
    if (!isDeserializer(fn)) fail(`${short(key)}.${short(field)} has no deserializer`);
    const v = own(row, field);
    try {
      if (v != null) row[field] = deserialize(fn, v, key, field, at, '');
    } catch (error) {
      fail((error as Error).message);
    }
  }
  if (cls !== undefined) {
    let id: string | undefined;
    try {
      id = cls.pk(row);
    } catch {
      // A pk() that needs more than the row (its arguments, its parent) cannot tell.
    }
    if (id !== undefined && id !== pk) fail(`${at} holds the pk ${short(id)}`);
  }
  return row;
}

/**
 * @internal Deserializes the `_raw` fields of a table's rows in place through `cls`, the
 * class that first reads or writes them (`Store._adopt`). It runs inside whatever reads
 * first, a computed too, so it writes no signal: each row object is completed where it
 * is stored, before anything was built from it. What cannot be restored stays harmless:
 * a field the class does not deserialize keeps its JSON value, a value its deserializer
 * refuses is left out (the row shows the class default there; development builds report
 * it with `console.error`).
 */
export function adopt(table: Table, cls: EntityClass): void {
  const fields = table._raw!;
  table._raw = undefined;
  table._schema ??= cls;
  for (const [pk, cell] of table._cells) {
    const base = cell._over?._base as Row | undefined;
    for (const row of base === undefined || base === cell._now ? [cell._now] : [cell._now, base]) {
      if (row === undefined) continue;
      for (const field of fields) {
        const fn = own(cls.schema, field);
        const v = own(row, field);
        if (!isDeserializer(fn) || v == null) continue;
        try {
          row[field] = deserialize(fn, v, table._key, field, `hydrate: ${short(table._key)} ${short(pk)}`, '');
        } catch (error) {
          delete row[field];
          if ((typeof process < 'u' ? process.env.NODE_ENV : 'production') !== 'production') console.error(error);
        }
      }
    }
  }
}

/**
 * @internal Marks the fields that the rows of each key of `raw` keep in their JSON form
 * until their class is known (see `adopt`), after the commit that stored them. Shared by
 * `hydrate` and `shareTabs`.
 */
export function keepRaw(store: Store, raw: Map<string, readonly string[]>): void {
  for (const [key, fields] of raw) {
    const table = store._tables.get(key);
    if (table === undefined) continue;
    table._raw = table._raw === undefined ? fields : [...new Set([...table._raw, ...fields])];
    store._adoptWith(adopt);
  }
}

/** @internal The converted fields of an entity key (`undefined`: none): a list of field names. */
export function readFields(value: unknown, fail: (detail: string) => void): readonly string[] {
  if (value === undefined) return [];
  if (Array.isArray(value) && value.every(isKey)) return value;
  fail('not a list of field names');
  return [];
}

/**
 * @internal A list entry (`[args, items]`, then anything): arguments nested at most
 * `MAX_ARGS_DEPTH` levels, items pks (strings) or, for a keyed list, an object of key → pk
 * (or `null`, as a response stores it). `fail` gets what follows the entry's name.
 */
export function readList(
  value: unknown,
  argsKey: string,
  fail: (detail: string) => never,
): [args: readonly unknown[], items: readonly unknown[]] {
  if (!isKey(argsKey) || !Array.isArray(value)) fail('');
  const [args, items] = value;
  if (!Array.isArray(args) || tooDeep(args, MAX_ARGS_DEPTH + 1))
    fail(`: arguments must be a list nested at most ${MAX_ARGS_DEPTH} levels`);
  if (Array.isArray(items) ? !items.every(isKey) : !isDict(items) || !Object.values(items).every(isItem))
    fail(': items are not pks');
  return [args, items as readonly unknown[]];
}

/**
 * @internal A response entry, `[data, fetchedAt, expiresAt, invalidated]`: data nested at
 * most `MAX_DEPTH` levels, times that are times. `fail` gets what follows the entry's name.
 */
export function readResponse(
  key: string,
  value: unknown,
  fail: (detail: string) => never,
): DehydratedState['responses'][string] {
  if (!isKey(key) || !Array.isArray(value) || value[0] === undefined) fail('');
  const [data, fetchedAt, expiresAt, invalidated] = value;
  if (!isTime(fetchedAt) || !isTime(expiresAt) || typeof invalidated !== 'boolean')
    fail(': fetchedAt and expiresAt must be times, invalidated a boolean');
  if (tooDeep(data)) fail(`: nests over ${MAX_DEPTH} levels`);
  return [data, fetchedAt, expiresAt, invalidated];
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
  if (!equalValue(result._sig.peek(), data)) {
    result._sig.value = data;
    store._wrote(key, true);
  }
  result._meta.value = { fetchedAt, expiresAt, error: undefined, errorExpiresAt: 0, invalidated: !!invalidated };
  store._wrote(key, false);
}

/** @internal Entity key → class, for every entity reachable from `schemas`. */
export function entityClasses(schemas: readonly Schema[]): Map<string, EntityClass> {
  return new Map([...entitiesOf(schemas)].map((entity) => [entity.key, entity]));
}

/** @internal The entity class of a key: given (`classes`), or the one that wrote the store's rows of it. */
export function classOf(classes: Map<string, EntityClass>, store: Store, key: string): EntityClass | undefined {
  return classes.get(key) ?? store._tables.get(key)?._schema;
}

/** @internal A dictionary with no prototype: any key, `__proto__` too, is an own one. */
export function dict<T>(): Record<string, T> {
  return Object.create(null);
}

/** The dictionary of `outer` under `key`, made when missing. */
function inner<T>(outer: Record<string, Record<string, T>>, key: string): Record<string, T> {
  return (outer[key] ??= dict());
}

/** @internal An object that is no array (a parsed JSON object, or a dictionary). */
export function isDict(v: unknown): v is Record<string, any> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A member of a keyed list: a pk, or `null` (as a `Values` response stores a `null` member). */
function isItem(v: unknown): boolean {
  return v === null || isKey(v);
}

/** @internal A key as messages show it: at most 60 characters. */
export function short(key: string): string {
  return key.length > 60 ? `${key.slice(0, 57)}...` : key;
}

function fail(detail: string): never {
  throw new HydrationError(`hydrate: ${detail}`);
}

//#endregion
