/**
 * The incremental pieces of a live query. A change of one row travels down a chain as a
 * delta `(rec, prev, next)`: the row's record, the item it contributed before
 * (`undefined`: none) and the item it contributes now (`undefined`: none). Stages
 * (`where`, `select`) turn a delta into another or drop it; a terminal folds it into its
 * state and says whether its result changed.
 *
 * Each piece costs O(1) or O(log n) per delta; a terminal builds its result (`_value`)
 * only when it is read after a change.
 */
import { share } from '../store/share.js';
import { compare, node, Tree, type Node } from './tree.js';

/** @internal One source row as the chain sees it: `s` orders rows by first storing. */
export interface Rec {
  readonly _seq: number;
}

/** @internal Folds one delta; returns true when the result may have changed. */
export type Push = (rec: Rec, prev: unknown, next: unknown) => boolean;

/** @internal The end of a chain. */
export interface Terminal<R = unknown> {
  readonly _push: Push;
  /** The current result (built on demand). */
  _value(): R;
}

/** @internal Makes a terminal for one argument set. */
export type MakeTerminal<R = unknown> = (args: readonly unknown[]) => Terminal<R>;

/** @internal A `where` or `select` step of a chain. */
export interface Step {
  readonly where: boolean;
  readonly fn: (item: any, ...args: any[]) => unknown;
}

type Fn = (item: any, ...args: any[]) => any;

/** @internal Builds the push function of `steps` ending in `down`. */
export function chain(steps: readonly Step[], args: readonly unknown[], down: Push): Push {
  for (let i = steps.length - 1; i >= 0; i--) {
    const { where, fn } = steps[i];
    down = where ? whereStage(fn, args, down) : selectStage(fn, args, down);
  }
  return down;
}

function whereStage(fn: Fn, args: readonly unknown[], down: Push): Push {
  return (rec, prev, next) => {
    // Items are immutable snapshots: the predicate of `prev` answers as it did before.
    if (prev !== undefined && !fn(prev, ...args)) prev = undefined;
    if (next !== undefined && !fn(next, ...args)) next = undefined;
    return prev !== next && down(rec, prev, next);
  };
}

function selectStage(fn: Fn, args: readonly unknown[], down: Push): Push {
  // The value last passed down per row: it is `prev` next time, and keeps identity.
  const out = new Map<Rec, unknown>();
  return (rec, _prev, next) => {
    const prev = out.get(rec);
    if (next !== undefined) next = share(prev, fn(next, ...args));
    if (next === undefined) out.delete(rec);
    else out.set(rec, next);
    return prev !== next && down(rec, prev, next);
  };
}

//#region terminals

/** @internal `count()` */
export const count: MakeTerminal<number> = () => {
  let n = 0;
  return {
    _push: (_rec, prev, next) => {
      const before = n;
      if (prev !== undefined) n--;
      if (next !== undefined) n++;
      return n !== before;
    },
    _value: () => n,
  };
};

/** @internal `sum(fn)`, or `avg(fn)` when `avg`. */
export function sum(fn: Fn, avg: boolean): MakeTerminal<number | undefined> {
  return (args) => {
    let total = 0;
    let n = 0;
    return {
      _push: (_rec, prev, next) => {
        const before = total;
        const size = n;
        if (prev !== undefined) {
          total -= fn(prev, ...args);
          n--;
        }
        if (next !== undefined) {
          total += fn(next, ...args);
          n++;
        }
        return total !== before || (avg && n !== size);
      },
      _value: () => (avg ? (n === 0 ? undefined : total / n) : total),
    };
  };
}

/** `fn`'s key of a record value; `undefined` for no value (a removal) or no `fn`. */
function keyOf(fn: Fn | undefined, value: unknown, args: readonly unknown[]): unknown {
  return value === undefined || fn === undefined ? undefined : fn(value, ...args);
}

/** @internal `min(fn)` (dir 1) or `max(fn)` (dir -1): the first key of a sorted tree. */
export function extreme(fn: Fn, dir: number): MakeTerminal {
  return (args) => {
    const tree = new Tree(dir);
    const first = () => tree._at(0)?._sortKey;
    return {
      _push: (rec, prev, next) => {
        const before = first();
        move(tree, rec, keyOf(fn, prev, args), prev, keyOf(fn, next, args), next);
        return first() !== before;
      },
      _value: first,
    };
  };
}

/**
 * Moves a row's node in a tree: removes it when `next` is undefined, updates it in place
 * when its key sorts equal, re-inserts it otherwise. Returns the lowest index touched
 * before and after the move (Infinity when none), for windows to know if they moved.
 *
 * The row's node is found by its place, `(key of prev, rec._seq)`: items are immutable
 * snapshots and key functions pure, so `prev` has the key it was inserted with (as a
 * `where` relies on for its predicate), and no map of row → node is kept (one entry per row).
 */
function move(tree: Tree, rec: Rec, keyPrev: unknown, prev: unknown, key: unknown, next: unknown): number {
  const old = prev === undefined ? null : tree._find(keyPrev, rec._seq);
  let touched = Infinity;
  if (old !== null) {
    if (next !== undefined && compare(old._sortKey, key) === 0) {
      old._payload = next;
      return tree._rank(old);
    }
    touched = tree._rank(old);
    tree._remove(old);
  }
  if (next !== undefined) {
    const x = node(key, rec._seq, next);
    tree._insert(x);
    touched = Math.min(touched, tree._rank(x));
  }
  return touched;
}

/**
 * @internal `orderBy(key, dir).offset(from).limit(size)`; with no key, the rows in store
 * order (`key` undefined: every row sorts by its `s`).
 */
export function window(key: Fn | undefined, dir: number, from: number, size: number): MakeTerminal<unknown[]> {
  return (args) => {
    const tree = new Tree(dir);
    const end = from + size;
    let last: unknown[] = [];
    let dirty = true;
    return {
      _push: (rec, prev, next) => {
        const at = move(tree, rec, keyOf(key, prev, args), prev, keyOf(key, next, args), next);
        // A change at or before the window's end shifts or rewrites it; after it, nothing.
        if (at < end) dirty = true;
        return at < end;
      },
      _value: () => {
        if (dirty) {
          last = share(last, tree._slice(from, end));
          dirty = false;
        }
        return last;
      },
    };
  };
}

/** @internal `distinct(fn)`: the distinct values, sorted. */
export function distinct(fn: Fn): MakeTerminal<unknown[]> {
  return (args) => {
    const tree = new Tree(1);
    const values = new Map<unknown, { _node: Node; _count: number }>();
    let seq = 0;
    let last: unknown[] = [];
    let dirty = true;
    const add = (value: unknown, by: number): boolean => {
      let entry = values.get(value);
      if (entry === undefined) {
        entry = { _node: node(value, ++seq, value), _count: 0 };
        values.set(value, entry);
        tree._insert(entry._node);
      }
      entry._count += by;
      if (entry._count > 0) return by > 0 && entry._count === 1;
      tree._remove(entry._node);
      values.delete(value);
      return true;
    };
    return {
      _push: (_rec, prev, next) => {
        const p = keyOf(fn, prev, args);
        const n = keyOf(fn, next, args);
        if (prev !== undefined && next !== undefined && Object.is(p, n)) return false;
        let changed = false;
        if (next !== undefined) changed = add(n, 1);
        if (prev !== undefined) changed = add(p, -1) || changed;
        if (changed) dirty = true;
        return changed;
      },
      _value: () => {
        if (dirty) {
          last = share(last, tree._slice(0, tree._size));
          dirty = false;
        }
        return last;
      },
    };
  };
}

/** @internal Per-group aggregates: name → terminal maker. */
export type Aggregates = Record<string, MakeTerminal>;

interface Group {
  readonly key: unknown;
  readonly terms: Record<string, Terminal>;
  /** Rows in the group; the group goes away at 0. */
  _count: number;
  obj: object | undefined;
}

/** @internal `groupBy(key, aggregates)`: a Map from group key to `{ key, …aggregates }`, sorted by key. */
export function groupBy(key: Fn, aggregates: Aggregates): MakeTerminal<ReadonlyMap<unknown, object>> {
  return (args) => {
    const groups = new Map<unknown, Group>();
    const dirty = new Set<Group>();
    let keysChanged = true;
    let order: unknown[] = [];
    let last: ReadonlyMap<unknown, object> = new Map();
    const push = (k: unknown, rec: Rec, prev: unknown, next: unknown): boolean => {
      let group = groups.get(k);
      let changed = false;
      if (group === undefined) {
        const terms: Record<string, Terminal> = {};
        for (const name in aggregates) terms[name] = aggregates[name](args);
        group = { key: k, terms, _count: 0, obj: undefined };
        groups.set(k, group);
        keysChanged = changed = true;
      }
      for (const name in group.terms) changed = group.terms[name]._push(rec, prev, next) || changed;
      group._count += (next !== undefined ? 1 : 0) - (prev !== undefined ? 1 : 0);
      if (group._count === 0) {
        groups.delete(k);
        dirty.delete(group);
        return (keysChanged = true);
      }
      if (changed) dirty.add(group);
      return changed;
    };
    return {
      _push: (rec, prev, next) => {
        const kp = keyOf(key, prev, args);
        const kn = keyOf(key, next, args);
        if (prev !== undefined && next !== undefined && Object.is(kp, kn)) return push(kn, rec, prev, next);
        const out = prev !== undefined && push(kp, rec, prev, undefined);
        return (next !== undefined && push(kn, rec, undefined, next)) || out;
      },
      _value: () => {
        if (!keysChanged && dirty.size === 0) return last;
        let changed = keysChanged;
        if (keysChanged) order = [...groups.keys()].sort(compare);
        for (const group of dirty) {
          const obj: Record<string, unknown> = { key: group.key };
          for (const name in group.terms) obj[name] = group.terms[name]._value();
          const prev = group.obj;
          if ((group.obj = share(prev, obj)) !== prev) changed = true;
        }
        keysChanged = false;
        dirty.clear();
        if (!changed) return last;
        const map = new Map<unknown, object>();
        for (const k of order) map.set(k, groups.get(k)!.obj!);
        return (last = map);
      },
    };
  };
}

//#endregion
