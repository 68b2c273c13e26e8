/**
 * An order-statistic tree (a treap with subtree sizes): insert, remove, rank and range
 * reads in O(log n) expected. Live queries keep sorted windows, min/max and distinct
 * values in it, so a one-row write moves one node instead of re-sorting n rows.
 *
 * Nodes are ordered by `(key, seq)`: `key` compared by {@link compare} (times `dir`),
 * `seq` (unique per node) breaks ties, so equal keys keep insertion order and every node
 * has one exact place — which is how `remove` finds it without a parent pointer.
 *
 *        (k5,·)            split(t, node) → [ < node ][ ≥ node ]
 *        /     \           insert = merge(merge(left, node), right)
 *   (k2,·)    (k9,·)       remove = descend by (key, seq), replace by merge(l, r)
 */

/** @internal */
export interface Node<V = unknown> {
  /** Sort key. */
  k: unknown;
  /** Tie-breaker, unique in the tree. */
  readonly s: number;
  /** Payload (a row's item). */
  v: V;
  l: Node<V> | null;
  r: Node<V> | null;
  /** Size of the subtree rooted here. */
  n: number;
}

/**
 * Orders keys: numbers, strings, bigints, booleans and Dates with `<`; `null` and
 * `undefined` after everything else. Keys of different types compare by type name.
 */
export function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a == null) return b == null ? 0 : 1;
  if (b == null) return -1;
  const ta = typeof a;
  const tb = typeof b;
  if (ta !== tb && !(ta === 'object' && tb === 'object')) return ta < tb ? -1 : 1;
  return (a as number) < (b as number) ? -1 : (a as number) > (b as number) ? 1 : 0;
}

/**
 * A node's heap priority, from its tie-breaker `s` (unique in a tree) by an integer hash:
 * priorities only need to be spread, not secure, and a field per node is saved.
 */
function priority(s: number): number {
  let h = Math.imul(s ^ (s >>> 16), 0x45d9f3b);
  h = Math.imul(h ^ (h >>> 16), 0x45d9f3b);
  return (h ^ (h >>> 16)) >>> 0;
}

/** @internal A node to insert. */
export function node<V>(k: unknown, s: number, v: V): Node<V> {
  return { k, s, v, l: null, r: null, n: 1 };
}

const size = (t: Node | null): number => (t === null ? 0 : t.n);

/** @internal */
export class Tree<V = unknown> {
  _root: Node<V> | null = null;
  /** 1 ascending, -1 descending. */
  readonly #dir: number;

  constructor(dir = 1) {
    this.#dir = dir;
  }

  get _size(): number {
    return size(this._root);
  }

  /** Negative when `(k, s)` sorts before node `b`. */
  _cmp(k: unknown, s: number, b: Node<V>): number {
    return compare(k, b.k) * this.#dir || s - b.s;
  }

  _insert(x: Node<V>): void {
    const [l, r] = this.#split(this._root, x.k, x.s);
    x.l = x.r = null;
    x.n = 1;
    this._root = merge(merge(l, x), r);
  }

  _remove(x: Node<V>): void {
    this._root = this.#remove(this._root, x);
  }

  /** The node of `(k, s)`, or `null`: O(log n), no index of nodes kept. */
  _find(k: unknown, s: number): Node<V> | null {
    let t = this._root;
    while (t !== null && t.s !== s) t = this._cmp(k, s, t) < 0 ? t.l : t.r;
    return t;
  }

  /** Number of nodes before `x` (its index), `x` being in the tree. */
  _rank(x: Node<V>): number {
    let t = this._root;
    let rank = 0;
    while (t !== null && t !== x) {
      if (this._cmp(x.k, x.s, t) < 0) t = t.l;
      else {
        rank += size(t.l) + 1;
        t = t.r;
      }
    }
    return rank + size(t === null ? null : t.l);
  }

  /** The node at index `i`, or `null`. */
  _at(i: number): Node<V> | null {
    let t = this._root;
    while (t !== null) {
      const left = size(t.l);
      if (i < left) t = t.l;
      else if (i === left) return t;
      else {
        i -= left + 1;
        t = t.r;
      }
    }
    return null;
  }

  /** Payloads of the nodes at indexes `[from, to)`, in order: O(log n + to - from). */
  _slice(from: number, to: number, map: (x: Node<V>) => unknown = (x) => x.v): unknown[] {
    const out: unknown[] = [];
    const walk = (t: Node<V> | null, offset: number): void => {
      // `offset` is the index of the first node of subtree t.
      if (t === null || offset >= to || offset + t.n <= from) return;
      const i = offset + size(t.l);
      walk(t.l, offset);
      if (i >= from && i < to) out.push(map(t));
      walk(t.r, i + 1);
    };
    walk(this._root, 0);
    return out;
  }

  /** Splits into nodes before `(k, s)` and the rest. */
  #split(t: Node<V> | null, k: unknown, s: number): [Node<V> | null, Node<V> | null] {
    if (t === null) return [null, null];
    if (this._cmp(k, s, t) <= 0) {
      const [l, r] = this.#split(t.l, k, s);
      t.l = r;
      t.n = size(t.l) + size(t.r) + 1;
      return [l, t];
    }
    const [l, r] = this.#split(t.r, k, s);
    t.r = l;
    t.n = size(t.l) + size(t.r) + 1;
    return [t, r];
  }

  #remove(t: Node<V> | null, x: Node<V>): Node<V> | null {
    if (t === null) return null;
    if (t === x) return merge(t.l, t.r);
    if (this._cmp(x.k, x.s, t) < 0) t.l = this.#remove(t.l, x);
    else t.r = this.#remove(t.r, x);
    t.n = size(t.l) + size(t.r) + 1;
    return t;
  }
}

function merge<V>(a: Node<V> | null, b: Node<V> | null): Node<V> | null {
  if (a === null) return b;
  if (b === null) return a;
  if (priority(a.s) > priority(b.s)) {
    a.r = merge(a.r, b);
    a.n = size(a.l) + size(a.r) + 1;
    return a;
  }
  b.l = merge(a, b.l);
  b.n = size(b.l) + size(b.r) + 1;
  return b;
}
