/**
 * Tabs share one cache: the server data one tab writes reaches the other tabs of the
 * same origin as a row patch over a `BroadcastChannel`, so one tab fetches and the others
 * re-render only the rows that changed.
 *
 * What travels (server truth only):
 * - rows whose server value a batch changed (responses, `set`, `setResponse`, deletes by
 *   `Invalidate`), with the time until which a response vouched for them;
 * - Collection lists that changed;
 * - each endpoint response written, with its fetch time, expiry and invalidation mark, so
 *   a tab that mounts a key another tab answered sends no request while it is fresh;
 * - to a tab that opens, the whole state of the tabs already open (one answers).
 *
 * What stays in its tab: optimistic layers (the server's answer travels when it comes),
 * errors, `invalidate` / `expireAll` marks, `resetEntireStore`, and what `hydrate` wrote
 * (a server render or a persisted copy may be older than what other tabs hold).
 *
 * Ordering: every server value carries a version, the time its tab wrote it (a clock
 * that never runs backwards and is ahead of every version the tab has seen), then the tab
 * id. A value older than the one a tab holds merges under it, as an older response does
 * inside one tab: it fills only missing fields, and a removed row stays removed. A
 * response older (by fetch time) than the stored one is left out.
 *
 * Applying a message writes in one batch and is not sent on (no echo); identical rows
 * notify no one. A message that is not JSON text of this protocol and app version, is
 * malformed or holds a `__proto__` key is dropped whole, and a {@link TabsError} naming the
 * problem goes to `onError`. Rows with deserialized fields of an entity key this tab has
 * no class for are left out, with the message's lists and responses (they may reach
 * those rows), and reported the same way.
 */
import { batch } from '@preact/signals-core';
import type { Controller } from '../controller/Controller.js';
import { dehydrate, entityClasses, jsonRow } from '../controller/hydrate.js';
import { deserialize, isDeserializer } from '../schema/Entity.js';
import type { Schema } from '../schema/types.js';
import { Staging } from '../store/Staging.js';
import { baseOf, type Cell, type ListCell, type ResultCell, type Row, type Store } from '../store/Store.js';
import { equalFields, equalValue } from '../util/equal.js';
import { check, decode, drop, isObject, PROTOCOL, TabsError, type ListEntry, type Message, type RowEntry, type Version } from './message.js';

/** Options of {@link shareTabs}. */
export interface ShareTabsOptions {
  /** Name of the `BroadcastChannel`: tabs share with the tabs of the same name. Default: `'signal-cache'`. */
  channel?: string;
  /**
   * Where the entity classes of deserialized fields (`Date`, `Decimal`…) are found, as for
   * `hydrate`: entities, endpoint schemas, arrays or objects of them. Default: none (rows
   * of plain JSON need no class).
   */
  schemas?: readonly Schema[];
  /**
   * Version of the app: messages from tabs running another version (an old tab after a
   * deploy) are dropped. Default: `''`.
   */
  version?: string | number;
  /**
   * Receives a {@link TabsError} for every message dropped or left out, and what a reader
   * threw while a message was written. Default: `console.error`.
   */
  onError?: (error: Error) => void;
  /**
   * Clock for the versions of values, in ms; pass the Controller's `clock` if it has one.
   * Default: `Date.now`.
   */
  clock?: () => number;
  /** How long `ready` waits for another tab's state before it resolves `false`, in ms. Default: `200`. */
  wait?: number;
}

/** A running share: call it to stop sharing (closes the channel). */
export interface TabShare {
  (): void;
  /**
   * Resolves `true` once another tab's state was applied (a tab that opens gets it), or
   * `false` when no tab answered within `wait` ms, or sharing stopped. Render after it to
   * send no request for what the other tabs hold.
   */
  readonly ready: Promise<boolean>;
}

/** A row or list written by this tab since the last message: its server value before. */
interface Written {
  readonly key: string;
  readonly sub: string;
  readonly before: unknown;
  stamp: number;
}

/** Version of a value nothing is known about. */
const NONE: Version = [0, ''];

/**
 * Shares the Controller's server data with the other tabs of the same origin that share
 * on the same channel.
 * @returns a function that stops sharing, with `ready` (see {@link TabShare})
 * @example
 * const ctrl = new Controller();
 * const stop = shareTabs(ctrl, { schemas: [Invoice] });
 * await stop.ready; // the other tabs' data is in: render
 */
export function shareTabs(ctrl: Controller, options: ShareTabsOptions = {}): TabShare {
  const { channel: name = 'signal-cache', schemas = [], version: app = '', wait = 200 } = options;
  const clock = options.clock ?? Date.now;
  const onError = options.onError ?? ((error: Error) => console.error(error));
  const [store] = ctrl._hydration();
  const classes = entityClasses(schemas);
  const id = Math.random().toString(36).slice(2, 10);
  const channel = new BroadcastChannel(name);
  /** Version of each server value this tab holds (written, or applied from a message). */
  const versions = new WeakMap<Cell | ListCell, Version>();
  /** The stamp of each response when last seen: a new stamp is a response written. */
  const seen = new WeakMap<ResultCell, number>();
  for (const result of store._results.values()) seen.set(result, result._stamp);
  const rows = new Map<Cell, Written>();
  const lists = new Map<ListCell, Written>();
  /** Answers due to tabs that opened, by tab id. */
  const answers = new Map<string, ReturnType<typeof setTimeout>>();
  let last = 0;
  let applying = false;
  let closed = false;
  let flushing = false;

  const post = (msg: Partial<Message>) => channel.postMessage(JSON.stringify({ 'signal-cache': PROTOCOL, app, from: id, ...msg }));
  /** A version later than every one this tab wrote or saw. */
  const tick = () => (last = Math.max(clock(), last + 1));
  const versionOf = (cell: Cell | ListCell): Version => (cell._stamp !== 0 && versions.get(cell)) || NONE;

  //#region sending

  const commit = store._commit;
  const hooked: Store['_commit'] = function (this: Store, staging, stamp, expiresAt) {
    if (!closed && !applying && staging.source !== 'hydrate') record(staging, stamp);
    return commit.call(this, staging, stamp, expiresAt);
  };
  store._commit = hooked;

  /** Notes the rows and lists a commit may change, with their server value before it. */
  function record(staging: Staging, stamp: number): void {
    const note = <C extends Cell | ListCell>(map: Map<C, Written>, cell: C | undefined, key: string, sub: string) => {
      if (cell === undefined) return;
      const known = map.get(cell);
      if (known !== undefined) known.stamp = stamp;
      else map.set(cell, { key, sub, before: baseOf<unknown>(cell), stamp });
    };
    for (const [key, staged] of staging._rows) {
      const table = store._table(key);
      for (const pk of staged.keys()) note(rows, table._cell(pk), key, pk);
    }
    for (const [key, pks] of staging._removals) for (const pk of pks) note(rows, store._tables.get(key)?._cells.get(pk), key, pk);
    for (const { collection, write } of staging._collections) {
      if (write.mode === 'set' || write.mode === 'page') store._list(collection.key, write.argsKey);
      for (const [argsKey, list] of store._lists.get(collection.key)!) note(lists, list, collection.key, argsKey);
    }
    if (!flushing) {
      flushing = true;
      // After the task's batches (and any undone transaction): what stands is sent.
      queueMicrotask(flush);
    }
  }

  /** Sends what this tab's commits changed since the last message, as one patch. */
  function flush(): void {
    flushing = false;
    if (closed) return;
    try {
      const time = tick();
      const out = patch([time, id]);
      if (Object.values(out).some((part) => Object.keys(part).length)) post({ kind: 'patch', time, ...out });
    } catch (error) {
      onError(new TabsError(`shareTabs: could not send a patch: ${(error as Error)?.message ?? error}`));
    } finally {
      rows.clear();
      lists.clear();
    }
  }

  /** The rows, lists and responses this tab's commits changed; `now` versions what they won. */
  function patch(now: Version): Pick<Message, 'rows' | 'converted' | 'lists' | 'responses'> {
    const out = { rows: {} as Record<string, Record<string, RowEntry>>, converted: {} as Record<string, string[]>, lists: {} as Record<string, Record<string, ListEntry>>, responses: {} as Record<string, Message['responses'][string]> };
    const fields = new Map<string, Set<string>>();
    for (const [cell, w] of rows) {
      // A commit that stands and was not older than the value stored sets its version.
      if (cell._stamp === w.stamp) versions.set(cell, now);
      const base = baseOf(cell);
      if (base === w.before || (base !== undefined && w.before !== undefined && equalFields(base, w.before as Row))) continue;
      let f = fields.get(w.key);
      if (f === undefined) fields.set(w.key, (f = new Set()));
      const row = base === undefined ? null : jsonRow(w.key, w.sub, base, f);
      // Merged under a newer value, the row keeps that value's version.
      const v = versionOf(cell);
      (out.rows[w.key] ??= {})[w.sub] = v === now ? [row, cell._expiresAt] : [row, cell._expiresAt, ...v];
    }
    for (const [key, f] of fields) if (f.size) out.converted[key] = [...f];
    for (const [list, w] of lists) {
      const base = baseOf(list);
      if (base === w.before || base === undefined || (w.before !== undefined && equalValue(base, w.before))) continue;
      // A list changed here (set, or edited by a push / remove) is this tab's newest.
      versions.set(list, now);
      (out.lists[w.key] ??= {})[w.sub] = [list._args, base];
    }
    for (const [key, result] of store._results) {
      // Only a response written moves the stamp: an error or a mark alone stays here.
      if (result._stamp === seen.get(result)) continue;
      seen.set(result, result._stamp);
      const data = result._sig.peek();
      const meta = result._meta.peek();
      if (data !== undefined && meta.fetchedAt !== 0) out.responses[key] = [data, meta.fetchedAt, meta.expiresAt, meta.invalidated];
    }
    return out;
  }

  //#endregion

  //#region receiving

  let settle!: (joined: boolean) => void;
  const ready = new Promise<boolean>((resolve) => (settle = resolve));
  const timer = setTimeout(() => settle(false), wait);

  channel.onmessage = (event: MessageEvent) => {
    try {
      const msg = decode(event.data, app);
      last = Math.max(last, msg.time);
      if (msg.kind === 'hello') return answer(msg.from);
      if (msg.kind === 'state') {
        // Another tab answered: this one need not.
        clearTimeout(answers.get(msg.to!));
        answers.delete(msg.to!);
        if (msg.to !== id) return;
      }
      apply(msg);
      if (msg.kind === 'state') {
        clearTimeout(timer);
        settle(true);
      }
    } catch (error) {
      onError(error as Error);
    }
  };

  /** Sends this tab's state to a tab that opened, unless another tab does it first. */
  function answer(to: string): void {
    if (answers.has(to)) return;
    // Spread over a few ms: the first answer seen cancels the others.
    answers.set(
      to,
      setTimeout(() => {
        answers.delete(to);
        try {
          const { version: _, ...state } = dehydrate(ctrl);
          post({ kind: 'state', to, time: 0, ...state });
        } catch (error) {
          onError(new TabsError(`shareTabs: could not send this tab's state: ${(error as Error)?.message ?? error}`));
        }
      }, Math.random() * 20),
    );
  }

  /**
   * Writes a patch or state in one batch: each value newer than the one stored over it
   * (a new fetch stamp), each older one under it (stamp 0). Everything is checked and
   * deserialized first: a malformed message throws and writes nothing.
   */
  function apply(msg: Message): void {
    const newer = new Staging('tabs', []);
    const older = new Staging('tabs', []);
    const written: [key: string, pk: string, expiresAt: number, v: Version | undefined][] = [];
    const listVersions: [key: string, argsKey: string, v: Version][] = [];
    const unknown: string[] = [];
    const own = (v: Version, cell: Cell | ListCell | undefined) => {
      const mine = cell === undefined ? NONE : versionOf(cell);
      return v[0] > mine[0] || (v[0] === mine[0] && v[0] !== 0 && v[1] > mine[1]) ? v : undefined;
    };
    for (const key in msg.rows) {
      const byPk = msg.rows[key];
      const fields = msg.converted[key] ?? [];
      check(isObject(byPk) && Array.isArray(fields) && fields.every((f) => typeof f === 'string'), `rows.${key}`);
      const cls = classes.get(key);
      if (fields.length && cls === undefined) {
        unknown.push(key);
        continue;
      }
      const table = store._tables.get(key);
      for (const pk in byPk) {
        const entry = byPk[pk];
        const at = `rows.${key}.${pk}`;
        check(Array.isArray(entry) && (entry[0] === null || isObject(entry[0])) && typeof entry[1] === 'number', at);
        const v = version(msg, entry[2], entry[3], at);
        const wins = own(v, table?._cells.get(pk));
        const staging = wins ? newer : older;
        const value = entry[0];
        if (value === null) {
          let pks = staging._removals.get(key);
          if (pks === undefined) staging._removals.set(key, (pks = new Set()));
          pks.add(pk);
        } else {
          const row: Row = { ...value };
          for (const field of fields) {
            const fn = cls!.schema[field];
            if (!isDeserializer(fn)) drop(`${key}.${field} has no deserializer`);
            try {
              if (row[field] != null) row[field] = deserialize(fn, row[field], key, field, `${key} ${pk}`, '');
            } catch (error) {
              drop((error as Error).message);
            }
          }
          let staged = staging._rows.get(key);
          if (staged === undefined) staging._rows.set(key, (staged = new Map()));
          staged.set(pk, row);
        }
        written.push([key, pk, entry[1], wins]);
      }
    }
    // Lists and responses may reach rows left out: they are left out too.
    const whole = unknown.length === 0;
    for (const key in whole ? msg.lists : {}) {
      const byArgs = msg.lists[key];
      check(isObject(byArgs), `lists.${key}`);
      for (const argsKey in byArgs) {
        const entry = byArgs[argsKey];
        const at = `lists.${key}.${argsKey}`;
        check(Array.isArray(entry) && Array.isArray(entry[0]) && (Array.isArray(entry[1]) || isObject(entry[1])), at);
        const v = version(msg, entry[2], entry[3], at);
        const wins = own(v, store._lists.get(key)?.get(argsKey));
        if (wins) listVersions.push([key, argsKey, v]);
        (wins ? newer : older).collection({ key, accepts: () => false }, { mode: 'set', argsKey, args: entry[0], items: entry[1] as unknown[] });
      }
    }
    for (const key in whole ? msg.responses : {}) {
      const entry = msg.responses[key];
      check(Array.isArray(entry) && entry[0] !== undefined && typeof entry[1] === 'number' && typeof entry[2] === 'number', `responses.${key}`);
    }
    // Everything is checked: from here on nothing throws but readers (reported below).
    try {
      batch(() => {
        applying = true;
        try {
          store._commit(older, 0);
          store._commit(newer, ctrl._hydration()[1]);
          for (const [key, pk, expiresAt, v] of written) {
            const cell = store._table(key)._cell(pk);
            cell._expiresAt = Math.max(cell._expiresAt, expiresAt);
            if (v !== undefined) versions.set(cell, v);
          }
          for (const [key, argsKey, v] of listVersions) versions.set(store._list(key, argsKey), v);
          for (const key in whole ? msg.responses : {}) writeResponse(key, msg.responses[key]);
        } finally {
          applying = false;
        }
      });
    } finally {
      if (!whole) onError(new TabsError(`shareTabs: left out rows of ${unknown.join(', ')} and the message's lists and responses: pass the entity classes in schemas`));
    }
  }

  function writeResponse(key: string, [data, fetchedAt, expiresAt, invalidated]: Message['responses'][string]): void {
    const result = store._result(key);
    const meta = result._meta.peek();
    if (result._sig.peek() !== undefined && meta.fetchedAt > fetchedAt) return;
    result._stamp = ctrl._hydration()[1];
    if (invalidated) result._invalidated = result._stamp;
    if (!equalValue(result._sig.peek(), data)) result._sig.value = data;
    result._meta.value = { fetchedAt, expiresAt, error: undefined, errorExpiresAt: 0, invalidated: !!invalidated };
    seen.set(result, result._stamp);
  }

  //#endregion

  post({ kind: 'hello', time: 0 });
  const stop = () => {
    if (closed) return;
    closed = true;
    channel.close();
    clearTimeout(timer);
    for (const t of answers.values()) clearTimeout(t);
    if (store._commit === hooked) store._commit = commit;
    settle(false);
  };
  return Object.assign(stop, { ready });
}

/** The version of an entry: its own when given, else the message's. */
function version(msg: Message, time: unknown, tab: unknown, at: string): Version {
  if (time === undefined) return [msg.time, msg.from];
  check(typeof time === 'number' && typeof tab === 'string', `${at} (version)`);
  return [time, tab];
}
