/**
 * Staging area for one response (DESIGN rule 9: a response is atomic). Normalization
 * writes here; nothing reaches the signal tables until the whole response normalized
 * without error, and then `Store._commit` writes it in one batch.
 *
 * Normalization recurses through `visit`; a payload nested deeper than `MAX_NESTING`
 * schema levels (entities in entities, lists in lists) is rejected with a `SchemaError`
 * instead of overflowing the stack. A row nested deeper than `MAX_DEPTH` levels is
 * rejected the same way: what a response stores, `hydrate`, tabs and persist restore (the
 * limits are theirs too, ../util/limits.ts).
 */
import { SchemaError } from '../schema/SchemaError.js';
import type { CollectionLike, CollectionWrite, EntityClass, NormalizeContext, Schema } from '../schema/types.js';
import { normalizeValue } from '../schema/visit.js';
import { MAX_DEPTH, MAX_NESTING, tooDeep } from '../util/limits.js';
import { ensure } from '../util/map.js';
import { mergeOver, type Row } from './Store.js';

/** @internal */
export class Staging implements NormalizeContext {
  /** What messages name, and the arguments: set anew for each page of a paged refetch, which stages every page. */
  source: string;
  args: readonly unknown[];
  /** entity key → pk → merged row */
  readonly _rows = new Map<string, Map<string, Row>>();
  readonly _removals = new Map<string, Set<string>>();
  readonly _collections: { collection: CollectionLike; write: CollectionWrite }[] = [];
  /** entity key → class, to detect two classes sharing one key. */
  readonly _classes = new Map<string, EntityClass>();
  #depth = 0;
  _within: EntityClass | undefined;
  readonly #byClass = new Map<EntityClass, Map<string, Row>>();
  /** Per class met twice in this response: whether it has merge hooks of its own (`_hooked`). */
  readonly #hooked = new Map<EntityClass, boolean>();

  constructor(source: string, args: readonly unknown[]) {
    this.source = source;
    this.args = args;
  }

  entity(schema: EntityClass, pk: string, row: Row, lent?: boolean): void {
    // Found by class: the key and its check are done once per class.
    let rows = this.#byClass.get(schema);
    if (rows === undefined) {
      const key = schema.key;
      const known = this._classes.get(key);
      if (known === undefined) this._classes.set(key, schema);
      else if (known !== schema && !(schema.prototype instanceof known) && !(known.prototype instanceof schema)) {
        throw new SchemaError(
          (typeof process < 'u' ? process.env.NODE_ENV : 'production') !== 'production'
            ? `${this.source}: two entity classes (${known.name}, ${schema.name}) share the key "${key}"; give each a distinct static key`
            : `${this.source}: two entity classes share the key "${key}"`,
        );
      }
      this.#byClass.set(schema, (rows = ensure(this._rows, key, Map<string, Row>)));
    }
    if (tooDeep(row)) throw new SchemaError(`${this.source}: ${schema.key} ${pk} nests over ${MAX_DEPTH} levels`);
    const prev = rows.get(pk);
    // The same row twice in one response: combined by the class's `merge`, as in Reactive Data Client.
    rows.set(pk, prev === undefined ? (lent ? { ...row } : row) : this.#merge(schema, prev, row, lent));
    // Later wins within a response: a row written after its removal stands.
    if (this._removals.size) this._removals.get(schema.key)?.delete(pk);
  }

  /**
   * Two rows of one pk in a response. The default `merge` (incoming fields over staged
   * ones) keeps the staged row when the second adds nothing: a user on every issue of a
   * list, a label on many, stage one row each, not one copy per repetition.
   */
  #merge(schema: EntityClass, prev: Row, row: Row, lent: boolean | undefined): Row {
    let hooked = this.#hooked.get(schema);
    if (hooked === undefined) this.#hooked.set(schema, (hooked = schema._hooked));
    // (`mergeOver` returns the staged row or a new one, never `row`.)
    return hooked ? schema.merge(prev, lent ? { ...row } : row) : mergeOver(prev, row);
  }

  remove(schema: EntityClass, pk: string): void {
    const key = schema.key;
    ensure(this._removals, key, Set<string>).add(pk);
    this._rows.get(key)?.delete(pk);
  }

  collection(collection: CollectionLike, write: CollectionWrite): void {
    this._collections.push({ collection, write });
  }

  visit(schema: Schema, value: unknown, path: string, parent?: unknown, key?: string): unknown {
    if (++this.#depth > MAX_NESTING) {
      throw new SchemaError(`${this.source}: nested over ${MAX_NESTING} levels`, path);
    }
    const out = normalizeValue(schema, value, this, path, parent, key);
    // Not restored when normalizing throws: a staging that failed is dropped.
    this.#depth--;
    return out;
  }
}
