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
 * response older (by fetch time) than the stored one is left out. A value newer than the
 * stored one is written as the response to a request started when it arrived (a request
 * of this tab already in flight merges under it). Versions are kept per commit, by stamp,
 * not per row: a row's version is that of the commit its stamp names.
 *
 * Applying a message writes in one batch and is not sent on (no echo); identical rows
 * notify no one. A message that is not JSON text of this protocol and app version, is
 * malformed or over a limit (checked as `hydrate` checks a state: the same limits, rows
 * that hold their pk, list items that are pks, times that are times) is dropped whole, and
 * a {@link TabsError} naming the problem goes to `onError`. Keys of any name (`__proto__`,
 * `constructor`) are ordinary keys, sent and received. Rows with deserialized fields of an entity key this tab has
 * no class for are left out, with the message's lists and responses (they may reach
 * those rows), and reported the same way.
 */
import { batch } from '@preact/signals-core';
import type { Controller } from '../controller/Controller.js';
import {
  classOf,
  dehydrateStore,
  dict,
  entityClasses,
  isDict,
  jsonRow,
  keepRaw,
  readFields,
  readList,
  readResponse,
  readRow,
  short,
  writeResponse,
  type DehydratedState,
} from '../state/hydrate.js';
import type { Schema } from '../schema/types.js';
import { Staging } from '../store/Staging.js';
import { listen, type ListChange } from '../store/Journal.js';
import { baseOf, type Cell, type ListCell, type Row } from '../store/Store.js';
import { equalFields, equalValue } from '../util/equal.js';
import { clampTime, isKey, isTime } from '../util/limits.js';
import { ensure } from '../util/map.js';
import { own } from '../util/own.js';
import {
  check,
  decode,
  drop,
  PROTOCOL,
  TabsError,
  type ListEntry,
  type Message,
  type RowEntry,
  type Version,
} from './message.js';

/** Options of {@link shareTabs}. */
export interface ShareTabsOptions {
  /** Name of the `BroadcastChannel`: tabs share with the tabs of the same name. Default: `'signal-cache'`. */
  channel?: string;
  /**
   * Entity classes whose rows' deserialized fields (`Date`, `Decimal`…) are re-created and
   * checked on arrival, as for `hydrate`: entities, endpoint schemas, arrays or objects of
   * them. Default: none (rows of other classes are deserialized by their first reader).
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

/** A row written by this tab since the last message: its key, pk and server value before. */
interface Written {
  readonly key: string;
  readonly sub: string;
  readonly before: Row | undefined;
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
  /**
   * Version of the values each commit wrote, by its stamp: a row or list holds the version
   * of the commit its `_stamp` names (an older commit merged under leaves the stamp, so
   * the version, as it was). Nothing per row. Bounded: the oldest are forgotten (values
   * that old read as unversioned, and any message is newer than them).
   */
  const versions = new Map<number, Version>();
  /** A list edited here (push, remove: its stamp stays) and the version of that edit. */
  const edits = new WeakMap<ListCell, readonly [stamp: number, v: Version]>();
  /** The stamps of this tab's commits since the last message, and the server values they replaced. */
  const commits: number[] = [];
  const rows = new Map<Cell, Written>();
  const lists = new Map<ListCell, ListChange>();
  /** Keys of the responses and meta they wrote. */
  const written = new Set<string>();
  /** Answers due to tabs that opened, by tab id. */
  const answers = new Map<string, ReturnType<typeof setTimeout>>();
  let last = 0;
  let closed = false;

  const post = (msg: Partial<Message>) =>
    channel.postMessage(JSON.stringify({ 'signal-cache': PROTOCOL, app, from: id, ...msg }));
  /** A version later than every one this tab wrote or saw. */
  const tick = () => (last = Math.max(clock(), last + 1));
  const versionOf = (cell: Cell | ListCell): Version => {
    const edit = edits.get(cell as ListCell);
    return edit !== undefined && edit[0] === cell._stamp ? edit[1] : (versions.get(cell._stamp) ?? NONE);
  };
  const remember = (stamp: number, v: Version) => {
    versions.set(stamp, v);
    if (versions.size > 4096) for (const old of [...versions.keys()].slice(0, 2048)) versions.delete(old);
  };

  //#region sending

  // The server data this tab's own commits wrote (a response, `set`, `setResponse`), from
  // the store's journal once each settled: not what `hydrate` or another tab's message
  // wrote, nor marks, errors and optimistic layers.
  // A row removed here stays remembered while sharing (until the sweep, not freed once
  // unread): another tab's older copy may still be on its way.
  const unhold = store._hold(1);
  const unlisten = listen(store, (commit) => {
    const { origin } = commit;
    if (closed || (origin !== 'fetch' && origin !== 'set' && origin !== 'setResponse')) return;
    if (commits.push(commit.stamp) === 1) queueMicrotask(flush);
    // The first value each row and list had since the last message.
    for (const row of commit.rows)
      if (!rows.has(row._rowCell)) rows.set(row._rowCell, { key: row.key, sub: row.pk, before: row.before });
    for (const list of commit.lists) if (!lists.has(list._list)) lists.set(list._list, list);
    for (const key of [...commit.responses, ...commit.meta]) written.add(key);
  });

  /** Sends what this tab's commits changed since the last message (after its transactions settled), as one patch. */
  function flush(): void {
    if (closed) return;
    try {
      const time = tick();
      const out = patch([time, id]);
      if (Object.values(out).some((part) => Object.keys(part).length)) post({ kind: 'patch', time, ...out });
    } catch (error) {
      onError(new TabsError(`shareTabs: could not send a patch: ${(error as Error)?.message ?? error}`));
    } finally {
      commits.length = 0;
      rows.clear();
      lists.clear();
      written.clear();
    }
  }

  /** The rows, lists and responses this tab's commits changed; `now` versions the commits. */
  function patch(now: Version): Pick<Message, 'rows' | 'converted' | 'lists' | 'responses'> {
    // Prototype-free: an entity key or pk of any name (`__proto__`, `constructor`) is an own key.
    const out = {
      rows: dict<Record<string, RowEntry>>(),
      converted: dict<string[]>(),
      lists: dict<Record<string, ListEntry>>(),
      responses: dict<Message['responses'][string]>(),
    };
    for (const stamp of commits) remember(stamp, now);
    const fields = new Map<string, Set<string>>();
    for (const [cell, w] of rows) {
      const base = baseOf(cell);
      // Rows a settled optimistic layer covered are written unchanged; an undone write is as before.
      if (base === w.before || (base !== undefined && w.before !== undefined && equalFields(base, w.before as Row)))
        continue;
      const row =
        base === undefined
          ? null
          : jsonRow(w.key, w.sub, base, ensure(fields, w.key, Set<string>), store._tables.get(w.key)?._raw);
      // Merged under a newer value, the row keeps that value's version.
      const v = versionOf(cell);
      const t = clampTime(cell._exp._until);
      (out.rows[w.key] ??= dict())[w.sub] = v === now ? [row, t] : [row, t, ...v];
    }
    for (const [key, f] of fields) if (f.size) out.converted[key] = [...f];
    for (const [list, { key, argsKey, before }] of lists) {
      const base = baseOf(list);
      if (base === before || base === undefined || (before !== undefined && equalValue(base, before))) continue;
      // A list changed here (set, or edited by a push / remove) is this tab's newest.
      if (versionOf(list) !== now) edits.set(list, [list._stamp, now]);
      (out.lists[key] ??= dict())[argsKey] = [list._args, base];
    }
    // A response takes the stamp of its fetch, which committed its rows: the responses of
    // this tab's commits (not those hydrate or a message wrote since, nor an error or a mark).
    const stamps = new Set(commits);
    for (const key of written) {
      const result = store._results.get(key);
      if (result === undefined || !stamps.has(result._stamp)) continue;
      const data = result._sig.peek();
      const meta = result._meta.peek();
      if (data !== undefined && meta.fetchedAt !== 0)
        out.responses[key] = [data, clampTime(meta.fetchedAt), clampTime(meta.expiresAt), meta.invalidated];
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
          const { version: _, ...state } = dehydrateStore(store, true);
          post({ kind: 'state', to, time: 0, ...(state as unknown as Partial<Message>) });
        } catch (error) {
          onError(new TabsError(`shareTabs: could not send this tab's state: ${(error as Error)?.message ?? error}`));
        }
      }, Math.random() * 20),
    );
  }

  /**
   * Writes a patch or state in one batch: each value newer than the one stored over it
   * (a new fetch stamp per version), each older one under it (stamp 0). Everything is
   * checked and deserialized first: a malformed message throws and writes nothing.
   */
  function apply(msg: Message): void {
    const older = new Staging('tabs', []);
    const newer = new Map<string, [Version, Staging]>();
    /** Where a value of version `v` goes: over the stored one when newer, else under it. */
    const into = (v: Version, cell: Cell | ListCell | undefined): Staging => {
      const mine = cell === undefined ? NONE : versionOf(cell);
      if (!(v[0] > mine[0] || (v[0] === mine[0] && v[0] !== 0 && v[1] > mine[1]))) return older;
      const k = `${v[0]} ${v[1]}`;
      let group = newer.get(k);
      if (group === undefined) newer.set(k, (group = [v, new Staging('tabs', [])]));
      return group[1];
    };
    const expiries: [key: string, pk: string, expiresAt: number][] = [];
    /** Entity key → fields its rows keep in their JSON form: no class to deserialize them yet. */
    const raw = new Map<string, readonly string[]>();
    // Own keys only (`Object.keys`), each checked as `hydrate` checks a state's.
    for (const key of Object.keys(msg.rows)) {
      const byPk = msg.rows[key];
      check(isKey(key) && key !== '' && isDict(byPk), `rows.${short(key)}`);
      const fields = readFields(own(msg.converted, key), () => drop(`malformed at converted.${short(key)}`));
      const cls = classOf(classes, store, key);
      if (fields.length && cls === undefined) raw.set(key, fields);
      const table = store._tables.get(key);
      for (const pk of Object.keys(byPk)) {
        const entry = byPk[pk];
        const at = `rows.${short(key)}.${short(pk)}`;
        check(Array.isArray(entry) && isTime(entry[1]), at);
        const staging = into(versionIn(msg, entry[2], entry[3], at), table?._cells.get(pk));
        const value = entry[0];
        if (value === null) {
          check(isKey(pk) && pk !== '', at);
          ensure(staging._removals, key, Set<string>).add(pk);
        } else {
          ensure(staging._rows, key, Map<string, Row>).set(
            pk,
            readRow(cls, key, pk, value, cls === undefined ? [] : fields, drop),
          );
        }
        expiries.push([key, pk, entry[1]]);
      }
    }
    for (const key of Object.keys(msg.lists)) {
      const byArgs = msg.lists[key];
      check(isKey(key) && isDict(byArgs), `lists.${short(key)}`);
      for (const argsKey of Object.keys(byArgs)) {
        const entry = byArgs[argsKey];
        const at = `lists.${short(key)}.${short(argsKey)}`;
        const [args, items] = readList(entry, argsKey, (detail) => drop(`malformed at ${at}${detail}`));
        into(versionIn(msg, entry[2], entry[3], at), store._lists.get(key)?.get(argsKey)).collection(
          { key, accepts: () => false },
          { mode: 'set', argsKey, args, items },
        );
      }
    }
    const responses: [key: string, entry: DehydratedState['responses'][string]][] = [];
    for (const key of Object.keys(msg.responses)) {
      const read = readResponse(key, msg.responses[key], (detail) =>
        drop(`malformed at responses.${short(key)}${detail}`),
      );
      responses.push([key, read]);
    }
    // Everything is checked: from here on nothing throws but readers (reported below).
    // One batch, one record of the journal (by 'tabs': not sent on, no echo).
    batch(() =>
      store._record('tabs', 0, () => {
        store._commit(older, 0);
        for (const [v, staging] of newer.values()) {
          const stamp = ctrl._hydration()[1];
          remember(stamp, v);
          store._commit(staging, stamp);
        }
        keepRaw(store, raw);
        for (const [key, pk, t] of expiries) {
          const cell = store._table(key)._cell(pk);
          if (t > cell._exp._until) cell._exp = { _until: t };
        }
        for (const [key, entry] of responses) writeResponse(store, key, entry, ctrl._hydration()[1]);
      }),
    );
  }

  //#endregion

  post({ kind: 'hello', time: 0 });
  const stop = () => {
    if (closed) return;
    closed = true;
    channel.close();
    clearTimeout(timer);
    for (const t of answers.values()) clearTimeout(t);
    unlisten();
    unhold();
    settle(false);
  };
  return Object.assign(stop, { ready });
}

/** The version of an entry: its own when given, else the message's. */
function versionIn(msg: Message, time: unknown, tab: unknown, at: string): Version {
  if (time === undefined) return [msg.time, msg.from];
  check(isTime(time) && isKey(tab), `${at} (version)`);
  return [time, tab];
}
