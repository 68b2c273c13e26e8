/**
 * Denormalization over the signal tables, with one object per entity row shared by
 * every view (DESIGN rules 4 and 5).
 *
 * Each row cell caches the object last built for it, with the list of rows that object
 * reached (`_deps`) and their values (`_vals`). Reading an entity first checks that list:
 * if every reached row still holds the same value, the cached object is returned, so
 * `get(Post, p1)` and `get(User, u1).posts[0]` are the same object when they reach the
 * same rows. The check reads each row's signal, which is what subscribes the enclosing
 * view to every row it reached.
 *
 * Cycles (User.posts ↔ Post.author) are resolved inside one walk, never by computeds
 * reading each other: a row met again while it is still being built returns its
 * unfinished object (a back edge), and Tarjan's algorithm groups a strongly connected set
 * of rows so that all members share one dependency list, finalized when the group's root
 * finishes.
 *
 *   walk(User u1) ──► Post p1 ──► User u1 (on the stack: back edge, return u1's object)
 *        ▲                                 │
 *        └──── low(p1) = index(u1) ◄───────┘   → u1 and p1 form one group
 *
 * Depth: rows are built recursively, so payloads would decide the depth of the stack. A
 * walk resolves at most `MAX_ROW_DEPTH` (256, ../util/limits.ts; or the entity's `static
 * maxEntityDepth`) rows nested in each other; a row met deeper is built without its nested
 * entities (its fields keep their stored pks), as Reactive Data Client does, and is not
 * cached. Development builds report it once per walk with `console.error`.
 *
 * Long lists: a list of pks at the root of a view whose rows were all peeked (its view
 * follows the tables they are in) is read again in part. The tables log the rows written
 * in place while such a list reads them; the next read re-reads the places whose objects
 * reached a logged row (an index of places by row, made at the first such read) and
 * copies the others from the last result (see `Kept`). A change of membership, a log that
 * does not reach back, or a row read tracked makes the next read a whole one.
 *
 * Removal: a row removed by a response reads as `undefined`; so does a row whose required
 * nested entity (a field whose class default is truthy, `author = User.fromJS()`) was
 * removed, as in Reactive Data Client. Such a row caches `GONE` in place of its object.
 */
import type { CollectionLike, DenormalizeContext, EntityClass, Schema } from '../schema/types.js';
import { denormalizeValue } from '../schema/visit.js';
import { DEV } from '../util/dev.js';
import { MAX_ROW_DEPTH } from '../util/limits.js';
import { replaced } from '../util/replaced.js';
import { indexOf } from './indexes.js';
import { share } from './share.js';
import { Cell, type Dep, isMember, type Row, type Store, type Table } from './Store.js';

/** The mark of the walk that follows a class's table (see `Walker._followed`). */
const FOLLOWED = Symbol();
type Marked = { [FOLLOWED]?: number };

/** One row being built. */
interface Frame {
  readonly walker: Walker;
  readonly cell: Cell;
  /** The object being built; `GONE` once the row turns out removed. */
  obj: object;
  readonly index: number;
  low: number;
  /** Rows reached, the row itself first; `undefined` while only the row itself (see `addDeps`). */
  deps: Dep[] | undefined;
  /** The same rows as a set, once there are many of them. */
  set: Set<Dep> | undefined;
}

let walks = 0;

/** The cached object of a row that reads as removed (see "Removal" above). */
const GONE = {};

/**
 * What the last read of a root list left for the next one, while every row it reached was
 * peeked (its view follows the tables of those rows, see `Walker._followed`): the next
 * read re-reads only the places that reached a row written since (the tables' `_log`),
 * and copies the rest from the last result. A re-read of 10,000 issues after one user
 * was renamed re-reads the 500 that reached the user.
 */
interface Kept {
  /** The last result: an object per pk, none missing. */
  _out: unknown[];
  /** The tables of the rows it reached (the list's own first), their `_version` and `_written` then. */
  readonly _tables: readonly Table[];
  readonly _versions: readonly number[];
  _seen: number[];
  /** The classes the walk followed, which a walk that uses this must follow too. */
  readonly _classes: readonly EntityClass[];
  /** Rows the read checked (`Walker._reads`): a re-read counts them too. */
  readonly _reads: number;
  /**
   * Every row a place's object reached (its own row left out) → the places; with each
   * place's `_deps` as indexed. Made by the first re-read; dropped when a place comes to
   * reach other rows.
   */
  _places: Map<Dep, number[]> | undefined;
  _depsAt: (Dep[] | undefined)[] | undefined;
}

/** Rows of a list's own table written since its last read past which it is read whole. */
const OWN_SEARCHES = 32;

/** The `Kept` of each root list's cells (`Store._roots`): it goes with them. */
const kept = new WeakMap<Cell[], Kept>();

/** @internal A denormalization pass; create one per view computation. */
export class Walker implements DenormalizeContext {
  declare readonly args: readonly unknown[];
  /** @internal */
  declare readonly _store: Store;
  readonly #id = ++walks;
  /** Tarjan stack: rows whose group is not finished yet. */
  readonly #stack: Frame[] = [];
  /** The row currently being built (its nested reads report to it). */
  #top: Frame | undefined;
  #index = 0;
  /** Rows being built, nested in each other. */
  #depth = 0;
  /** Whether this walk reported a row beyond the depth limit already. */
  #deep = false;
  /**
   * @internal Set when the view reads a key by its args, not a stored response: a
   * placeholder this walk creates at its root (the row, list or response asked for, never
   * fetched) is freed once nothing watches it. A missing row a stored response or row
   * points to is left to the sweep, which keeps it while that response is fresh.
   */
  _free = false;

  /**
   * @internal Entity classes whose tables the view follows (it read their `_version` and
   * `_written`, see `Views`): rows of theirs are peeked, not subscribed one by one. A row
   * is known as theirs by the class of its cached object, marked with this walk's id; any
   * other row is read tracked (so is every row of a class a nested walk marked since).
   */
  set _followed(classes: readonly EntityClass[]) {
    this.#follow = classes;
    // (A class the app froze takes no mark: its rows are read one by one.)
    for (const entity of classes) if (Object.isExtensible(entity)) (entity as Marked)[FOLLOWED] = this.#id;
  }
  #follow: readonly EntityClass[] = [];
  /** @internal Rows this walk read or checked: what `Views` weighs against its tables' sizes. */
  _reads = 0;
  /** Signals read tracked besides a table's `_version` and `_written` (a row, a list, an index). */
  #tracks = 0;

  /**
   * Whether the walk runs in a computed that must depend on the rows it reads. Untracked
   * walks (live sources, the gc marker, a response read once) peek at rows: a row's signal
   * is made only for a reader that subscribes to it.
   */
  readonly #tracked: boolean;

  constructor(store: Store, args: readonly unknown[], tracked = true) {
    this._store = store;
    this.args = args;
    this.#tracked = tracked;
  }

  unvisit(schema: Schema, stored: unknown): unknown {
    return denormalizeValue(schema, stored, this);
  }

  entity(schema: EntityClass, pk: string): unknown {
    return this._read(schema, this._store._cell(this.#table(schema), pk, this._free && this.#top === undefined));
  }

  /** The table of an entity class; rows restored in their JSON form are deserialized by it first. */
  #table(schema: EntityClass): Table {
    const store = this._store;
    const table = store._table(schema.key);
    if (table._raw !== undefined) store._adopt!(table, schema);
    return table;
  }

  /**
   * @internal A stored list of pks of one entity class, denormalized as `entity` reads
   * each (missing rows left out). The list at the root of a view (a response of 500 rows)
   * is read again on every recomputation: the store keeps its cells (`Store._roots`), so
   * a re-read does no lookup per row. Lists inside rows are read only when their row is
   * built: they are looked up each time (`#nested`), which allocates nothing kept.
   */
  _many(schema: EntityClass, pks: readonly unknown[]): unknown[] {
    const table = this.#table(schema);
    if (this.#top !== undefined) return this.#nested(schema, table, pks);
    const made = this.#restored(table, schema, pks);
    if (made) return made;
    const roots = this._store._roots;
    let cells = roots.get(pks);
    if (!cells) {
      const read = this._free;
      // (An entity given inline, an object, has no cell: it is built as it is.)
      cells = pks.map((pk) =>
        typeof pk === 'object' && pk !== null ? undefined! : this._store._cell(table, String(pk), read),
      );
      roots.set(pks, cells);
    }
    // A root list that holds at least half of its table's rows follows the table as `all`
    // does: one subscription to its writes and membership stands for the rows' own (a
    // Signal and a link per row), and a write to another row of the table re-checks the
    // list's objects, which keep their identity.
    const own = pks.length * 2 >= table._cells.size;
    if (own) {
      table._version.value;
      table._written.value;
    }
    // (Only a tracked walk re-reads part of a list: an untracked one, the gc marker's, reads every row.)
    const last = own && this.#tracked ? kept.get(cells) : undefined;
    const again = last && this.#again(schema, cells, last);
    if (again) return again;
    const tracks = this.#tracks;
    const reads = this._reads;
    // One array of the final size (a loop of `push` makes four on the way to 150 rows),
    // filled in a loop (no call per row), filtered only when a row is missing.
    const out: unknown[] = cells.slice();
    for (let i = 0; i < out.length; i++) {
      const cell = cells[i];
      out[i] = cell === undefined ? this._inline(schema, pks[i] as Row) : this._read(schema, cell, own);
    }
    if (out.includes(undefined)) {
      if (last) kept.delete(cells);
      return out.filter((v) => v !== undefined);
    }
    if (!own || !this.#tracked) return out;
    // Every row peeked and none given inline (an inline entity has no cell that lists what it reached).
    if (this.#tracks === tracks && !cells.includes(undefined!)) {
      const tables = [table];
      for (const entity of this.#follow) {
        const other = this._store._table(entity.key);
        if (other !== table) tables.push(other);
      }
      kept.set(cells, {
        _out: out,
        _tables: tables,
        _versions: tables.map((t) => t._version.peek()),
        _seen: tables.map((t) => t._keepLog()),
        _classes: this.#follow,
        _reads: this._reads - reads,
        _places: undefined,
        _depsAt: undefined,
      });
    } else kept.delete(cells);
    return out;
  }

  /**
   * A list inside a row (a row's labels): each pk looked up and read, one array made, the
   * missing rows left out.
   */
  #nested(schema: EntityClass, table: Table, pks: readonly unknown[]): unknown[] {
    // Made at its length (a list grown by `push` keeps room for 16 more).
    const out: unknown[] = new Array(pks.length);
    let n = 0;
    for (let i = 0; i < pks.length; i++) {
      const pk = pks[i];
      const v =
        typeof pk === 'object' && pk !== null
          ? this._inline(schema, pk as Row)
          : this._read(schema, this._store._cell(table, String(pk), false));
      if (v !== undefined) out[n++] = v;
    }
    if (n < out.length) out.length = n;
    return out;
  }

  /**
   * A root list read again where its last read left a `Kept`: the places that reached a row
   * written since are re-read, the others copied. `undefined` when the list must be read
   * afresh: a table's membership changed, the log does not reach back, the walk does not
   * follow a class the list's rows reached, or a row now reads as removed.
   */
  #again(schema: EntityClass, cells: Cell[], last: Kept): unknown[] | undefined {
    // (Not followed, a class's rows would have to be read tracked, each one.)
    for (const entity of last._classes) if ((entity as Marked)[FOLLOWED] !== this.#id) return;
    const tables = last._tables;
    // The rows written since, those of the list's own table first (they are places of the list too).
    const written: Cell[] = [];
    let own = 0;
    for (let t = 0; t < tables.length; t++) {
      const table = tables[t]!;
      const since = table._version.peek() === last._versions[t] ? table._since(last._seen[t]!) : undefined;
      if (since === undefined) return;
      for (const cell of since) written.push(cell);
      if (t === 0) own = written.length;
    }
    // (A row of the list's own table is found by a search of the list: many of them, and a whole read is cheaper.)
    if (own > OWN_SEARCHES) return;
    const prev = last._out;
    let out: unknown[] | undefined;
    const at: number[] = [];
    // Re-reads place `i` into `out` (a copy of `prev`, made by the first place that changed);
    // false when its row now reads as removed.
    const reread = (i: number): boolean => {
      const cell = cells[i]!;
      const value = this._read(schema, cell, true);
      if (value === undefined) return false;
      // Rebuilt reaching other rows than it did (a row rebuilt reaching the same ones keeps
      // its list, see `#finish`): the index is made again next time.
      const depsAt = last._depsAt;
      if (depsAt !== undefined && cell._deps !== depsAt[i]) last._places = last._depsAt = undefined;
      if (value !== (out ?? prev)[i]) {
        out ??= prev.slice();
        out[i] = value;
        at.push(i);
      }
      return true;
    };
    if (written.length !== 0) {
      if (last._places === undefined) this.#indexPlaces(cells, last);
      const by = last._places!;
      const tracks = this.#tracks;
      for (let w = 0; w < written.length; w++) {
        const cell = written[w]!;
        if (w < own) for (let i = cells.indexOf(cell); i !== -1; i = cells.indexOf(cell, i + 1)) if (!reread(i)) return;
        for (const i of by.get(cell) ?? []) if (!reread(i)) return;
      }
      // A row re-read tracked (a class the walk does not follow): the next read is a whole one.
      if (this.#tracks !== tracks) kept.delete(cells);
    }
    this._reads += last._reads;
    last._seen = tables.map((t) => t._written.peek());
    if (out === undefined) return prev;
    last._out = out;
    return replaced(prev, at, out);
  }

  /** Indexes the places of a root list by the rows their objects reached (`Kept._places`). */
  #indexPlaces(cells: Cell[], last: Kept): void {
    const by = new Map<Dep, number[]>();
    const depsAt: (Dep[] | undefined)[] = new Array(cells.length);
    for (let i = 0; i < cells.length; i++) {
      const cell = cells[i]!;
      const deps = (depsAt[i] = cell._deps);
      if (deps !== undefined)
        for (let d = 0; d < deps.length; d++) {
          const dep = deps[d]!;
          if (dep === cell) continue;
          const places = by.get(dep);
          if (places === undefined) by.set(dep, [i]);
          else places.push(i);
        }
    }
    last._places = by;
    last._depsAt = depsAt;
  }

  /**
   * Every row of a table, in first-stored order. At the root of a view the rows' own
   * signals are not read: the view reads the table's `_written` instead, one source for
   * 10k rows (what a row reached in other rows is still read row by row).
   */
  all(schema: EntityClass): unknown[] | undefined {
    const table = this.#table(schema);
    table._version.value; // subscribe to membership
    const own = this.#top === undefined;
    // (Inside a row, the membership of a table the walk may not follow.)
    if (!own) this.#tracks++;
    // At the root: one subscription to the table's writes stands for its rows' own.
    if (own) table._written.value;
    if (!table._ever) return undefined;
    const made = own && this.#restored(table, schema);
    if (made) return made;
    const out: unknown[] = [];
    for (const cell of table._cells.values()) {
      if (!isMember(cell)) continue;
      const v = this._read(schema, cell, own);
      if (v !== undefined) out.push(v);
    }
    return out;
  }

  /**
   * The objects of a table's restored rows not made into cells yet (`Table._made`), when
   * `pks` (else all rows) are those rows in stored order: the view follows the table, as
   * a root list of most of its rows does.
   */
  #restored(table: Table, schema: EntityClass, pks?: readonly unknown[]): unknown[] | undefined {
    const made = table._fill && table._made?.(schema, pks);
    if (made) {
      table._version.value;
      table._written.value;
    }
    return made;
  }

  /**
   * @internal The denormalized object of a cell: cached when its rows did not change, else
   * built. `own`: the walk follows the cell's table (`all`), so the cell itself is peeked.
   */
  _read(schema: EntityClass, cell: Cell, own?: boolean): unknown {
    const parent = this.#top;
    const frame = cell._frame as Frame | undefined;
    if (frame !== undefined && frame.walker === this) {
      // Back edge: the row is being built further up this walk.
      if (parent !== undefined && frame.index < parent.low) parent.low = frame.index;
      return frame.obj;
    }
    const cached = cell._obj;
    if (cached !== undefined && (cell._seen === this.#id || this.#valid(cell, own))) {
      if (parent !== undefined) addDeps(parent, cell._deps ?? cell);
      return cached === GONE ? undefined : cached;
    }
    const row = this.#row(cell, own || (schema as Marked)[FOLLOWED] === this.#id) as Row | undefined;
    if (row === undefined) {
      if (parent !== undefined) addDeps(parent, cell);
      return undefined;
    }
    return this.#build(schema, cell, row, parent);
  }

  index(schema: EntityClass, field: string, value: unknown): string | undefined {
    this.#tracks++;
    return indexOf(this.#table(schema), schema, field, value);
  }

  list(collection: CollectionLike, argsKey: string): readonly unknown[] | undefined {
    this.#tracks++;
    const list = this._store._list(collection.key, argsKey, this._free && this.#top === undefined);
    // A row that holds the list is built from it too: its cached object lasts while the list does.
    if (this.#top !== undefined) addDeps(this.#top, [list]);
    return list.value;
  }

  /**
   * @internal A collection's list as read (`value`): the one last read of the same list
   * while its members are the same objects, so every view and every row that holds the
   * list shares one array (DESIGN rule 4).
   */
  _shareList<T>(collection: CollectionLike, argsKey: string, value: T): T {
    const list = this._store._list(collection.key, argsKey);
    return (list._view = share(list._view, value));
  }

  /** Reads every row the cached object reached (`own`: the cell itself peeked); true when none changed. */
  #valid(cell: Cell, own?: boolean): boolean {
    const deps = cell._deps;
    const vals = cell._vals as unknown[];
    // (No list: the object reached its own row only, and `_vals` is that row.) A tracked
    // re-read (every recomputation of a view) reads each row's own signal where it has one,
    // not through the cell's getter, in a loop of its own: the path every re-read takes.
    if (deps === undefined) {
      this._reads++;
      if (this.#row(cell, own || this.#follows(cell)) !== (vals as unknown)) return false;
    } else {
      this._reads += deps.length;
      if (!this.#tracked) {
        for (let i = 0; i < deps.length; i++) if (deps[i]!._now !== vals[i]) return false;
      } else if (own || this.#follows(cell)) {
        // (The cell itself is peeked when the walk follows its table: `own`; so is every row
        // of a table the view follows.) Each row's value is compared first, peeked (its signal
        // holds the same): a changed row ends the check before any class test, and a row of a
        // table the view does not follow is then read tracked.
        for (let i = 0; i < deps.length; i++) {
          const dep = deps[i]!;
          if (dep._now !== vals[i]) return false;
          if (!((own && dep === cell) || this.#follows(dep))) this.#row(dep);
        }
      } else {
        this.#tracks++;
        for (let i = 0; i < deps.length; i++) {
          const dep = deps[i]!;
          if (((dep as Cell)._signal ?? dep).value !== vals[i]) return false;
        }
      }
    }
    cell._seen = this.#id;
    return true;
  }

  /** Whether a row reached is of a table the view follows: its cached object is of a followed class. */
  #follows(dep: Dep): boolean {
    return ((dep as Cell)._obj?.constructor as Marked | undefined)?.[FOLLOWED] === this.#id;
  }

  /** A row's (or list's) value: peeked in an untracked walk, or for the table a view of `All` follows (`own`). */
  #row(cell: Dep, own?: boolean): unknown {
    if (own || !this.#tracked) return cell._now;
    this.#tracks++;
    return ((cell as Cell)._signal ?? cell).value;
  }

  #build(schema: EntityClass, cell: Cell, row: Row, parent: Frame | undefined): object | undefined {
    this._reads++;
    const obj = schema._create(row);
    const limit = schema.maxEntityDepth ?? MAX_ROW_DEPTH;
    if (this.#depth >= limit) {
      // Beyond the depth limit: the row without its nested entities, not cached.
      if (DEV && !this.#deep) {
        this.#deep = true;
        console.error(
          `Entity depth limit of ${limit} reached for "${schema.key}": nested entities beyond it keep their stored pks. ` +
            'Cut deep or cyclic graphs with Lazy, or set static maxEntityDepth.',
        );
      }
      if (parent !== undefined) addDeps(parent, cell);
      return seal(obj);
    }
    const index = this.#index++;
    const frame: Frame = { walker: this, cell, obj, index, low: index, deps: undefined, set: undefined };
    cell._frame = frame;
    this.#stack.push(frame);
    this.#top = frame;
    this.#depth++;
    try {
      if (schema._link(obj, row, this)) frame.obj = GONE;
    } finally {
      this.#top = parent;
      this.#depth--;
    }
    seal(obj);
    if (frame.low === index) this.#finish(frame);
    else if (parent !== undefined && frame.low < parent.low) parent.low = frame.low;
    if (parent !== undefined) addDeps(parent, frame.deps ?? cell);
    return frame.obj === GONE ? undefined : obj;
  }

  /**
   * @internal Whether the row of `pk` reads as removed: a response removed it (a
   * placeholder, never stored, is merely missing), or a required entity it holds was.
   */
  _gone(schema: EntityClass, pk: string): boolean {
    const cell = this.#table(schema)._cells.get(pk);
    return cell !== undefined && (cell._obj === GONE || (cell._now === undefined && cell._stamp > 0));
  }

  /**
   * @internal An entity given inline in a stored value (not a pk): an instance of the
   * object itself, its nested entities resolved; built on each read, not cached.
   */
  _inline(schema: EntityClass, row: Row): object {
    const obj = schema._create(row);
    // Nested entities within the depth limit, as for a stored row.
    if (this.#depth < (schema.maxEntityDepth ?? MAX_ROW_DEPTH)) {
      this.#depth++;
      try {
        schema._link(obj, row, this);
      } finally {
        this.#depth--;
      }
    }
    return seal(obj);
  }

  /**
   * Closes a group: every member gets the root's dependency list. A row that reached only
   * itself keeps no list: `_deps` stays undefined and `_vals` is its row (no two arrays per
   * row of a flat list).
   */
  #finish(root: Frame): void {
    let deps = root.deps;
    // A row built again that reached the same rows keeps its list: the places of a root list
    // indexed by it, and a live source's index of the row, stay as they are.
    const last = root.cell._deps;
    if (deps !== undefined && sameDeps(deps, last)) deps = last;
    // Kept at its length: a list grown by `push` past two keeps room for 16 more.
    else if (deps !== undefined && deps.length > 2) deps = deps.slice();
    const vals = deps === undefined ? root.cell._now : deps.map((dep) => dep._now);
    const stack = this.#stack;
    let member: Frame;
    do {
      member = stack.pop()!;
      const cell = member.cell;
      cell._obj = member.obj;
      cell._deps = deps;
      cell._vals = vals;
      cell._frame = undefined;
      cell._seen = this.#id;
    } while (member !== root);
  }

  /** Clears the frames of a walk that threw, so later walks see no stale cycle marks. */
  _abort(): void {
    for (const frame of this.#stack) frame.cell._frame = undefined;
    this.#stack.length = 0;
    this.#top = undefined;
    this.#depth = 0;
  }
}

/** @internal An entity object as readers get it: frozen in development. */
export function seal<T extends object>(obj: T): T {
  if (DEV) Object.freeze(obj);
  return obj;
}

/** Whether two lists of rows reached hold the same rows in the same order. */
function sameDeps(a: readonly Dep[] | undefined, b: readonly Dep[] | undefined): boolean {
  if (a === undefined || b === undefined || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Rows a frame lists without a set: a few, the common case, are found faster in the list. */
const FEW = 16;

/**
 * Adds the rows (and lists) a child reached (its list, or the child's own cell alone) to a
 * frame's list, each once.
 */
function addDeps(frame: Frame, cells: readonly Dep[] | Cell): void {
  if (cells instanceof Cell) addDep(frame, cells);
  else for (let i = 0; i < cells.length; i++) addDep(frame, cells[i]!);
}

function addDep(frame: Frame, dep: Dep): void {
  const deps = frame.deps;
  // (The list starts with the row itself and the first row it reached: one array made for both.)
  if (deps === undefined) {
    frame.deps = dep === frame.cell ? [dep] : [frame.cell, dep];
    return;
  }
  const count = deps.length;
  if (count < FEW) {
    for (let i = 0; i < count; i++) if (deps[i] === dep) return;
  } else {
    const set = (frame.set ??= new Set(deps));
    if (set.has(dep)) return;
    set.add(dep);
  }
  deps.push(dep);
}
