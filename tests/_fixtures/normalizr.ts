/**
 * data-client's `normalize` / `denormalize` (@data-client/normalizr) for the ported peer
 * tests (tests/peer/), on signal-cache's public API: signal-cache has no such functions; a
 * Controller normalizes into its store (`setResponse`) and denormalizes through views
 * (`response`). Tables go in and out as data-client's tests write them (entity key → pk →
 * row) through `dehydrate` / `hydrate`, whose state holds the same rows.
 */
import { Controller, Entity, Invalidate, type Schema } from '../../src/index.js';
import { dehydrate, hydrate } from '../../src/ssr/index.js';
import { endpoint } from './schema.js';
import { withRows } from './state.js';
import { dehydrateStore } from '../../src/state/hydrate.js';
import type { Row } from '../../src/store/Store.js';

/**
 * A removed row, where data-client's tables hold its `INVALID` symbol. signal-cache keeps
 * no row for it: a removed row reads as missing.
 */
export const INVALID = Symbol('INVALID');

/** Tables as data-client's tests write them: entity key → pk → row (or `INVALID`). */
export type Entities = Record<string, Record<string, unknown>>;

/**
 * Normalizes `input` with `schema` into `ctrl` (a fresh one by default), as a response
 * fetched with `args`: `result` is the stored form of the response, `entities` every row
 * of the store after the write.
 */
export function normalize(
  schema: Schema,
  input: unknown,
  args: readonly unknown[] = [],
  ctrl: Controller = new Controller(),
): { result: any; entities: Entities; lists: Lists; ctrl: Controller } {
  const ep = endpoint('normalize', schema);
  ctrl.setResponse(ep, ...args, input);
  // (By pk: the response as stored, never named by the key of its rows.)
  const state = dehydrateStore(ctrl._hydration()[0], true);
  return { result: state.responses[ep.key(...args)]?.[0], entities: tablesOf(ctrl), lists: listsOf(ctrl), ctrl };
}

/** Collection lists as data-client's tests see them in its tables: collection key → list key → items. */
export type Lists = Record<string, Record<string, unknown>>;

/** Every stored Collection list of a Controller. */
export function listsOf(ctrl: Controller): Lists {
  const out: Lists = {};
  const { lists } = dehydrate(ctrl);
  for (const key in lists) {
    out[key] = {};
    for (const argsKey in lists[key]) out[key]![argsKey] = lists[key]![argsKey]![1];
  }
  return out;
}

/** Every stored row of a Controller, as entity key → pk → row (deserialized fields in their JSON form). */
export function tablesOf(ctrl: Controller): Entities {
  const out: Entities = {};
  // (By pk, as the store holds them: the rows themselves, not copies.)
  const { rows } = dehydrateStore(ctrl._hydration()[0], true) as unknown as {
    rows: Record<string, Record<string, [Row]>>;
  };
  for (const key in rows) {
    out[key] = {};
    for (const pk in rows[key]) out[key]![pk] = rows[key]![pk]![0];
  }
  return out;
}

/**
 * A Controller holding `entities` (rows as given; an `INVALID` row stored, then removed).
 * `schemas` name the entity classes of rows that hold deserialized fields.
 */
export function controllerOf(entities: Entities, schemas: readonly Schema[] = []): Controller {
  const ctrl = new Controller();
  const rows: Record<string, Record<string, [Record<string, unknown>, number]>> = {};
  const removed: [string, string][] = [];
  for (const key in entities) {
    rows[key] = {};
    for (const pk in entities[key]) {
      const row = entities[key]![pk];
      if (row === undefined) continue;
      if (row === INVALID) removed.push([key, pk]);
      rows[key]![pk] = [row === INVALID ? {} : { ...(row as object) }, 0];
    }
  }
  hydrate(ctrl, withRows({ version: 4, rows: {}, converted: {}, lists: {}, responses: {} }, rows), schemas);
  for (const [key, pk] of removed) ctrl.set(new Invalidate(classOf(key)), pk);
  return ctrl;
}

/**
 * Denormalizes a stored form with `schema`, reading `entities` (or a Controller's store),
 * as the view of a response fetched with `args` does.
 */
export function denormalize(
  schema: Schema,
  input: unknown,
  entities: Entities | Controller,
  args: readonly unknown[] = [],
): any {
  const ctrl = entities instanceof Controller ? entities : controllerOf(entities);
  const ep = endpoint('denormalize', schema);
  const key = ep.key(...args);
  // (`undefined` is no response: nothing to store.)
  if (input !== undefined) {
    hydrate(ctrl, { version: 4, rows: {}, converted: {}, lists: {}, responses: { [key]: [input, 1, 2, false] } });
  }
  return ctrl.response(ep, ...args).value;
}

/** An entity class of a key, for removals (they need the key only). */
function classOf(key: string): typeof Entity {
  return class extends Entity {
    static override key = key;
  };
}
