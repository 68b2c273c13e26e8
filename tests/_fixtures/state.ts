/**
 * Reading and tampering with dehydrated states in tests: `dehydrate` writes rows as a column
 * per field under one field list per entity key; these read and write them by pk, which is
 * easier to edit one row at a time.
 */
import type { DehydratedRows, DehydratedState } from '../../src/ssr/index.js';

/** A row by its pk: the row and the time until which a response vouched for it. */
export type RowEntry = [row: Record<string, unknown>, expiresAt: number];

/**
 * The rows of a state by entity key and pk, each `[row, expiresAt]`, in dictionaries
 * without a prototype, as `dehydrate` builds its own (see plain.ts).
 */
export function rowsByPk(state: DehydratedState): Record<string, Record<string, RowEntry>> {
  const out: Record<string, Record<string, RowEntry>> = Object.create(null);
  for (const key of Object.keys(state.rows)) {
    const { fields, pk, pks, columns, objects = [], expires } = state.rows[key] as DehydratedRows;
    const byIndex = new Map<number, Record<string, unknown>>(objects.map(([i, row]) => [i, row]));
    const byPk: Record<string, RowEntry> = (out[key] = Object.create(null));
    let run = 0;
    let left = 0;
    const n = pks?.length ?? columns[fields.indexOf(pk!)]!.length;
    for (let i = 0; i < n; i++) {
      if (left === 0) {
        left = expires[run * 2 + 1]!;
        run++;
      }
      left--;
      const row: Record<string, unknown> =
        byIndex.get(i) ?? Object.fromEntries(fields.map((field, f) => [field, columns[f]![i]]));
      byPk[pks?.[i] ?? String(row[pk!])] = [row, expires[(run - 1) * 2]!];
    }
  }
  return out;
}

/**
 * `state` holding `rows` given by pk (`[row, expiresAt]` under entity key and pk, as
 * {@link rowsByPk} reads them), each written as its object with a run of expiry of its own:
 * a state to change one row of.
 */
export function withRows(state: DehydratedState, rows: Record<string, Record<string, unknown>>): DehydratedState {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(rows)) {
    const byPk = rows[key]!;
    const pks = Object.keys(byPk);
    const entries = pks.map((pk) => byPk[pk] as unknown[]);
    out[key] = {
      fields: [],
      pks,
      columns: [],
      objects: entries.map((e, i) => [i, e[0]]),
      expires: entries.flatMap((e) => [e[1], 1]),
    };
  }
  return { ...state, rows: out } as DehydratedState;
}
