/**
 * Unique indexes of an entity table (`static indexes = ['username']`): one signal per
 * indexed value holding the pk of the row that has it, so `get(User, { username: 'ada' })`
 * is one Map lookup, subscribes before the row exists, and follows a rename. A table's
 * index is built on its first indexed read (one pass over the rows) and from then on kept
 * by `Store._put`, the one place a row's visible value changes.
 */
import { Signal } from '@preact/signals-core';
import type { EntityClass } from '../schema/types.js';
import type { Row, Table } from './Store.js';
import { ensure } from '../util/map.js';

/** @internal The pk of the row whose `field` holds `value`; tracked. */
export function indexOf(table: Table, schema: EntityClass, field: string, value: unknown): string | undefined {
  if (table._idx === undefined) {
    table._idx = new Map();
    table._schema = schema;
    for (const cell of table._cells.values()) reindex(table, undefined, cell._now);
  }
  return slot(table, field, value).value;
}

/** @internal Moves a row's index entries from its `prev` to its `next` value. */
export function reindex(table: Table, prev: Row | undefined, next: Row | undefined): void {
  const schema = table._schema!;
  const pk = schema.pk((next ?? prev)!);
  for (const field of schema.indexes ?? []) {
    const was = prev?.[field];
    const now = next?.[field];
    if (was === now) continue;
    if (was !== undefined) {
      const old = slot(table, field, was);
      if (old.peek() === pk) old.value = undefined;
    }
    if (now !== undefined) slot(table, field, now).value = pk;
  }
}

function slot(table: Table, field: string, value: unknown): Signal<string | undefined> {
  return ensure(table._idx!, `${field}\0${String(value)}`, Signal<string | undefined>);
}
