/**
 * Incremental persistence (DESIGN rule 14): a Controller's server data saved entry by
 * entry — one per row, Collection list, response and response meta — so a write of one
 * row saves one row, not the whole cache; restored on start with its fetch times and
 * expiry, so fresh data is shown without a request.
 *
 * ## What is saved, and when
 *
 * - Server truth only: each row's and list's value under its optimistic layers (a pending
 *   optimistic change is never saved), each retained response and its meta (fetch time,
 *   expiry, invalidation). Errors are not saved.
 * - Every write of the store is noted from the store's commit journal, once its
 *   transaction settled (a response, `set`, `setResponse`, `hydrate`, another tab's data:
 *   the rows, lists and responses it changed; `invalidate`, `invalidateAll`, `expireAll`:
 *   the meta; a garbage-collection sweep: what it dropped), and the notes of one task are
 *   compared with what the storage holds at the end of it (a microtask): one
 *   `storage.write` per task, holding the entries whose value changed and removing those
 *   that are gone. Writes never overlap; a write started while another runs waits, and
 *   takes every change made meanwhile.
 * - Removals are saved: a row removed by `Invalidate`, what a garbage-collection sweep
 *   drops, and `resetEntireStore` (which clears the storage).
 * - A row's expiry is saved with its value. A refetch that returns equal data writes no
 *   row: it saves the response's new meta and one expiry entry (`x`) listing the ids of
 *   the rows it now vouches for longer, so a restored row is as fresh as in memory (an
 *   Entity endpoint reading it, garbage collection keeping it). An expiry entry whose
 *   rows all moved on (rewritten, extended again, removed) is removed.
 *
 * ## Restoring
 *
 * On start the storage is loaded and, through `hydrate`, fills only what the Controller
 * does not hold yet: data fetched (or removed) before the restore finished is newer and is
 * kept, and a restored row is stamped older than any request of this session, so a
 * response arriving afterwards overwrites it. A saved state of another format or
 * `version`, or one that does not restore, is dropped whole: the storage is cleared, the
 * Controller keeps what it had (never half-filled) and the error is reported.
 */
import type { Controller } from '../controller/Controller.js';
import { classOf, dict, entityClasses, hydrateStore, isDict, jsonRow, type DehydratedState } from '../state/hydrate.js';
import { isDeserializer } from '../schema/visit.js';
import type { Schema } from '../schema/types.js';
import { listen, type Commit } from '../store/Journal.js';
import { baseOf, type Cell, type ListCell, type Meta, type Store } from '../store/Store.js';
import { clampTime, isKey, isTime } from '../util/limits.js';
import { ensure } from '../util/map.js';
import { own as ownField } from '../util/own.js';
import type { PersistEntry, PersistStorage } from './storage.js';

/** Format of the saved entries; a storage holding another is dropped. */
const FORMAT = 1;
/** Id of the entry naming the format and the app's `version`. */
const VERSION_ID = 'v';
/** A saved value the store no longer matches (restore left it behind): written or removed on the next flush. */
const STALE = {};

/**
 * Reported through `onError` (and never thrown): a saved state that was dropped (another
 * format or version, malformed, not restorable), or a storage call that failed. Cached
 * data is never lost by it; `cause` holds the underlying error when there is one.
 */
export class PersistError extends Error {
  /** Always `'PersistError'`; stable across minification. */
  override name = 'PersistError';
}

/** Options of {@link persist}. */
export interface PersistOptions {
  /**
   * Entity classes whose restored rows are deserialized (`Date`, `Decimal`, Temporal) and
   * checked at once, as in `hydrate`: entities, endpoint schemas, arrays or objects of
   * them. Default: none (rows of other classes are deserialized by their first reader).
   */
  schemas?: readonly Schema[];
  /**
   * The app's version of its saved data: a saved state of another version is dropped.
   * Change it when entities change shape. Default: `0`.
   */
  version?: string | number;
  /** Receives each {@link PersistError}. Default: `console.error`. */
  onError?: (error: PersistError) => void;
}

/** What {@link persist} returns. */
export interface Persister {
  /**
   * Settles once the saved state is restored, or dropped (the error then goes to
   * `onError`); never rejects.
   */
  readonly restored: Promise<void>;
  /** Saves what changed now; settles when the storage has it (or reported a failure). */
  flush(): Promise<void>;
  /** Saves what changed, then stops saving; settles like `flush`. */
  stop(): Promise<void>;
}

/**
 * Saves the Controller's server data into `storage` as it changes, entry by entry, and
 * restores what the storage holds. Call it right after creating the Controller.
 * @example
 * const ctrl = new Controller();
 * const persister = persist(ctrl, indexedDBStorage(), { schemas: [Invoice], version: 2 });
 * await persister.restored; // optional: fresh saved data is then shown without a request
 */
export function persist(ctrl: Controller, storage: PersistStorage, options: PersistOptions = {}): Persister {
  return new Saver(ctrl, storage, options);
}

/**
 * The parts of an entry id (`kind\0key\0sub`): kind (`r` row, `l` list, `q` response, `m`
 * meta, `x` expiry), key (entity or Collection key, which hold no NUL; an endpoint key or
 * expiry sequence number runs to the end), pk or args key.
 */
function parseId(id: string): [kind: string, key: string, sub: string] {
  const end = id[0] === 'r' || id[0] === 'l' ? id.indexOf('\0', 2) : -1;
  return end < 0 ? [id[0]!, id.slice(2), ''] : [id[0]!, id.slice(2, end), id.slice(end + 1)];
}

/** Whether a row or list holds data of this session (written, or removed, by a request): newer than any saved copy. */
function held(cell: Cell | ListCell | undefined): boolean {
  return cell !== undefined && (cell._stamp > 0 || baseOf<unknown>(cell) !== undefined);
}

/**
 * Saved rows (entity key → pk → [row, expiresAt]) as a state's rows (`DehydratedRows`):
 * each row its object under its pk, with its own run of expiry, checked one by one.
 */
function byValues(rows: Record<string, Record<string, unknown[]>>): Record<string, unknown> {
  const out = dict<unknown>();
  for (const key in rows) {
    const pks = Object.keys(rows[key]!);
    const entries = pks.map((pk) => rows[key]![pk]!);
    out[key] = {
      fields: [],
      pks,
      columns: [],
      // (A row that is no object is refused as one, not read as the values of no field.)
      objects: entries.map((e, i) => [i, isDict(e[0]) ? e[0] : undefined]),
      expires: entries.flatMap((e) => [e[1], 1]),
    };
  }
  return out;
}

/** What the storage holds of a row: its value (by reference), its expiry, the expiry entry extending it (0: none). */
interface Saved {
  value: unknown;
  expiresAt: number;
  entry: number;
}

/** A response meta as its saved value. */
const metaOf = (m: Meta) => [clampTime(m.fetchedAt), clampTime(m.expiresAt), m.invalidated] as const;

class Saver implements Persister {
  declare readonly restored: Promise<void>;
  readonly #ctrl: Controller;
  readonly #store: Store;
  readonly #storage: PersistStorage;
  readonly #options: PersistOptions;
  /** Last saved value per entry, by reference (the store's own objects): key → pk / args key → value. */
  readonly #rows = new Map<string, Map<string, Saved>>();
  readonly #lists = new Map<string, Map<string, unknown>>();
  /** Endpoint key → saved response; → saved meta (`[fetchedAt, expiresAt, invalidated]`). */
  readonly #data = new Map<string, unknown>();
  readonly #meta = new Map<string, unknown>();
  /** Written since the last flush: entity key → pks; Collection keys; whether responses changed; everything. */
  readonly #dirtyRows = new Map<string, Set<string>>();
  readonly #dirtyLists = new Set<string>();
  #dirtyResults = false;
  #full = false;
  /**
   * Expiry entries (`x` + sequence number) → how many saved rows they still extend; an
   * entry no row needs any more is removed. A row's expiry only grows while it is stored,
   * and a row that garbage collection drops has expired: so an expiry entry may list rows
   * rewritten or removed since (the larger expiry wins on restore) without ever making a
   * row look fresher than it is.
   */
  readonly #xs = new Map<number, number>();
  #seq = 0;
  /** Removals whose write failed: tried again by the next write. */
  readonly #retry = new Set<string>();
  /** The last storage call; every call waits for the one before. Never rejects. */
  #chain: Promise<void>;
  #queued = false;
  #restoring = true;
  /** Stops listening to the store's journal. */
  readonly #unlisten: () => void;
  #versionSaved = false;
  #stopped = false;
  /** Bumped by `resetEntireStore`: a restore that started before it writes nothing. */
  #epoch = 0;

  constructor(ctrl: Controller, storage: PersistStorage, options: PersistOptions) {
    this.#ctrl = ctrl;
    this.#storage = storage;
    this.#options = options;
    const store = (this.#store = ctrl._hydration()[0]);
    // What the store's transactions changed, once each settled; `stop()` stops listening.
    this.#unlisten = listen(store, (commit) => this.#note(commit));
    // A row removed before the restore finished stays remembered (its saved copy is older).
    this.restored = this.#chain = this.#restore(this.#epoch)
      .finally(store._hold(1))
      .then(() => {
        this.#restoring = false;
        // What the Controller held before the restore, and what the storage holds that was
        // not restored, is compared once in full.
        this.#full = true;
        this.#schedule();
      });
  }

  flush(): Promise<void> {
    // After a restore in progress, whose end queues a flush of its own.
    return this.#chain.then(() => {
      this.#write();
      return this.#chain;
    });
  }

  stop(): Promise<void> {
    const done = this.flush();
    done.then(() => {
      this.#stopped = true;
      this.#unlisten();
    });
    return done;
  }

  #report(message: string, cause?: unknown): void {
    const error = new PersistError(`persist: ${message}`, cause === undefined ? undefined : { cause });
    (this.#options.onError ?? console.error)(error);
  }

  //#region noting writes

  /** A record of the store's journal: its rows, lists and responses are compared at the end of the task. */
  #note(commit: Commit): void {
    if (this.#stopped) return;
    // `resetEntireStore`: the storage is cleared. Optimistic layers change no server value.
    if (commit.origin === 'reset') return this.#reset();
    if (commit.origin === 'optimistic' || commit.origin === 'rollback') return;
    for (const row of commit.rows) ensure(this.#dirtyRows, row.key, Set<string>).add(row.pk);
    for (const list of commit.lists) this.#dirtyLists.add(list.key);
    if (commit.responses.length + commit.meta.length > 0) this.#dirtyResults = true;
    this.#schedule();
  }

  #noteRows(key: string, pks: Iterable<string>): void {
    const set = ensure(this.#dirtyRows, key, Set<string>);
    for (const pk of pks) set.add(pk);
  }

  /** One write per task: at the end of the task that wrote first. */
  #schedule(): void {
    if (this.#queued || this.#restoring) return;
    this.#queued = true;
    queueMicrotask(() => this.#write());
  }

  //#endregion

  //#region saving

  /** Compares what was noted with what the storage holds, and writes the difference. */
  #write(): void {
    this.#queued = false;
    if (this.#restoring || this.#stopped) return;
    const puts: PersistEntry[] = [];
    const deletes = [...this.#retry];
    this.#retry.clear();
    const store = this.#store;
    if (this.#full) {
      for (const [key, table] of store._tables) this.#noteRows(key, table._cells.keys());
      for (const [key, saved] of this.#rows) this.#noteRows(key, saved.keys());
      for (const key of store._lists.keys()) this.#dirtyLists.add(key);
      for (const key of this.#lists.keys()) this.#dirtyLists.add(key);
    }
    /** Expiry → saved rows that a response now vouches for until then, unchanged, and their ids. */
    const longer = new Map<number, [Saved[], string[]]>();
    for (const [key, pks] of this.#dirtyRows) {
      const cells = store._tables.get(key)?._cells;
      const saved = ensure(this.#rows, key, Map<string, Saved>);
      for (const pk of pks) {
        const cell = cells?.get(pk);
        const row = cell && baseOf(cell);
        const was = saved.get(pk);
        if (row === was?.value) {
          // Unchanged (or still missing); vouched for longer by a refetch of equal data.
          if (row !== undefined && cell!._exp._until > was!.expiresAt) {
            const group = longer.get(cell!._exp._until) ?? [[], []];
            longer.set(cell!._exp._until, group);
            group[0].push(was!);
            group[1].push(`r\0${key}\0${pk}`);
          }
          continue;
        }
        const id = `r\0${key}\0${pk}`;
        if (row === undefined) {
          saved.delete(pk);
          deletes.push(id);
          this.#unextend(was!, deletes);
          continue;
        }
        const fields = new Set<string>();
        const expiresAt = cell!._exp._until;
        try {
          const json = jsonRow(key, pk, row, fields, store._tables.get(key)?._raw);
          const t = clampTime(expiresAt);
          puts.push([id, fields.size ? [json, t, [...fields]] : [json, t]]);
        } catch (error) {
          this.#report(`${key} ${pk} not saved`, error);
          continue;
        }
        if (was === undefined) saved.set(pk, { value: row, expiresAt: expiresAt, entry: 0 });
        else {
          this.#unextend(was, deletes);
          was.value = row;
          was.expiresAt = expiresAt;
        }
      }
    }
    if (longer.size) {
      // One entry for the rows a refetch of equal data vouched for longer: their ids, not their values.
      const seq = ++this.#seq;
      const groups: [number, string[]][] = [];
      let count = 0;
      for (const [expiresAt, [records, ids]] of longer) {
        for (const record of records) {
          this.#unextend(record, deletes);
          record.expiresAt = expiresAt;
          record.entry = seq;
        }
        count += records.length;
        groups.push([clampTime(expiresAt), ids]);
      }
      this.#xs.set(seq, count);
      puts.push([`x\0${seq}`, groups]);
    }
    for (const key of this.#dirtyLists) {
      const saved = ensure(this.#lists, key, Map<string, unknown>);
      const seen = new Set(saved.keys());
      for (const [argsKey, list] of store._lists.get(key) ?? []) {
        seen.delete(argsKey);
        const items = baseOf(list);
        this.#diff(saved, argsKey, `l\0${key}\0${argsKey}`, items, puts, deletes, () => [list._args, items]);
      }
      for (const argsKey of seen) this.#diff(saved, argsKey, `l\0${key}\0${argsKey}`, undefined, puts, deletes);
    }
    if (this.#dirtyResults || this.#full) {
      const seen = new Set(this.#data.keys());
      for (const [key, result] of store._results) {
        seen.delete(key);
        this.#result(key, result._sig.peek(), result._meta.peek(), puts, deletes);
      }
      for (const key of seen) this.#result(key, undefined, undefined, puts, deletes);
    }
    this.#dirtyRows.clear();
    this.#dirtyLists.clear();
    this.#dirtyResults = this.#full = false;
    if (puts.length === 0 && deletes.length === 0) return;
    if (!this.#versionSaved) {
      puts.push([VERSION_ID, [FORMAT, this.#options.version ?? 0]]);
      this.#versionSaved = true;
    }
    const epoch = this.#epoch;
    this.#chain = this.#chain.then(() =>
      this.#storage.write(puts, deletes).then(undefined, (error) => {
        this.#report(`writing ${puts.length} entries and ${deletes.length} removals failed`, error);
        if (epoch === this.#epoch) this.#forget(puts, deletes);
      }),
    );
  }

  /** A response and its meta against what is saved. */
  #result(key: string, data: unknown, meta: Meta | undefined, puts: PersistEntry[], deletes: string[]): void {
    if (data === undefined) meta = undefined;
    this.#diff(this.#data, key, `q\0${key}`, data, puts, deletes, () => data);
    const saved = this.#meta.get(key) as ReturnType<typeof metaOf> | undefined;
    const now = meta && metaOf(meta);
    // Meta objects are new on every write (an error, a refetch): compared by value.
    const same = now !== undefined && saved !== undefined && saved !== STALE && now.every((v, i) => v === saved[i]);
    this.#diff(this.#meta, key, `m\0${key}`, same ? saved : now, puts, deletes, () => now);
  }

  /**
   * One entry against what is saved (by reference): put when it changed, removed when it
   * is gone; the saved reference follows.
   */
  #diff(
    saved: Map<string, unknown>,
    sub: string,
    id: string,
    value: unknown,
    puts: PersistEntry[],
    deletes: string[],
    entry?: () => unknown,
  ): void {
    if (value === saved.get(sub)) return;
    if (value === undefined) {
      saved.delete(sub);
      deletes.push(id);
    } else {
      puts.push([id, entry!()]);
      saved.set(sub, value);
    }
  }

  /** A saved row no longer extended by its expiry entry; an entry left with no row is removed. */
  #unextend(record: Saved, deletes: string[] | Set<string>): void {
    const seq = record.entry;
    if (seq === 0) return;
    record.entry = 0;
    const left = this.#xs.get(seq)! - 1;
    if (left > 0) this.#xs.set(seq, left);
    else {
      this.#xs.delete(seq);
      const id = `x\0${seq}`;
      if (Array.isArray(deletes)) deletes.push(id);
      else deletes.add(id);
    }
  }

  /** After a failed write: its entries are saved again by the next write, its removals tried again. */
  #forget(puts: readonly PersistEntry[], deletes: readonly string[]): void {
    for (const id of deletes) this.#retry.add(id);
    for (const [id] of puts) {
      const [kind, key, sub] = parseId(id);
      if (kind === 'r') {
        const record = this.#rows.get(key)?.get(sub);
        if (record !== undefined) this.#unextend(record, this.#retry);
        this.#rows.get(key)?.delete(sub);
        this.#noteRows(key, [sub]);
      } else if (kind === 'l') {
        this.#lists.get(key)?.delete(sub);
        this.#dirtyLists.add(key);
      } else if (kind === 'v') this.#versionSaved = false;
      else if (kind === 'x') {
        // Its rows are extended again by the next write.
        for (const [k, saved] of this.#rows) {
          for (const [pk, record] of saved) {
            if (record.entry !== +key) continue;
            record.entry = record.expiresAt = 0;
            this.#noteRows(k, [pk]);
          }
        }
        this.#xs.delete(+key);
      } else {
        (kind === 'q' ? this.#data : this.#meta).delete(key);
        this.#dirtyResults = true;
      }
    }
  }

  /** `resetEntireStore`: the storage is cleared, and what is written afterwards saved anew. */
  #reset(): void {
    this.#epoch++;
    for (const map of [this.#rows, this.#lists, this.#data, this.#meta, this.#dirtyRows, this.#dirtyLists, this.#xs])
      map.clear();
    this.#retry.clear();
    this.#versionSaved = false;
    this.#chain = this.#chain.then(() =>
      this.#storage.clear().then(undefined, (error) => this.#report('clearing the storage failed', error)),
    );
  }

  //#endregion

  //#region restoring

  async #restore(epoch: number): Promise<void> {
    let byId: Map<string, unknown>;
    try {
      byId = new Map(await this.#storage.load());
    } catch (error) {
      // Nothing is known of what the storage holds: it is cleared by the first write.
      return this.#drop('loading the saved state failed', error);
    }
    // `resetEntireStore` ran meanwhile: the saved state is older than it.
    if (epoch !== this.#epoch || byId.size === 0) return;
    const version = byId.get(VERSION_ID) as unknown[] | undefined;
    const want = this.#options.version ?? 0;
    if (!Array.isArray(version) || version[0] !== FORMAT || version[1] !== want) {
      const found = Array.isArray(version)
        ? `format ${version[0]}, version ${JSON.stringify(version[1])}`
        : 'no version';
      return this.#drop(
        `the saved state has ${found}, expected format ${FORMAT}, version ${JSON.stringify(want)}: dropped`,
      );
    }
    const store = this.#store;
    // Prototype-free: an entity key, pk or endpoint key of any name is an own key.
    const rows = dict<Record<string, unknown[]>>();
    const fields = dict<Set<string>>();
    const lists = dict<Record<string, unknown>>();
    const responses = dict<unknown>();
    /** Entries the store holds newer data for: saved as STALE, so the first write replaces or removes them. */
    const stale: [Map<string, unknown>, string][] = [];
    const xs: [number, [number, string[]][]][] = [];
    /** Restored row id → the expiry entry its expiry came from. */
    const extendedBy = new Map<string, number>();
    const staleRows: [string, string][] = [];
    /**
     * A response may reach a row left out: once one is, every response restored is stale
     * (shown, and refetched). Restore reads rows before responses: those are still as saved.
     */
    let lost = false;
    const expireAll = () => {
      lost = true;
      for (const key in responses) (responses[key] as unknown[])[2] = 0;
    };
    /** Entries that do not restore: left out, removed from the storage by the first write, and reported. */
    const dropped: [id: string, error: Error][] = [];
    const drop = (id: string, why: string | Error) => {
      dropped.push([id, typeof why === 'string' ? new PersistError(why) : why]);
      this.#retry.add(id);
      if (id[0] === 'r') expireAll();
    };
    const classes = entityClasses(this.#options.schemas ?? []);
    for (const [id, value] of byId) {
      if (typeof id !== 'string' || id === VERSION_ID) continue;
      const [kind, key, sub] = parseId(id);
      if (kind === 'r') {
        // Its converted fields, each one the entity class deserializes (else the rows of its key would fail).
        const converts: unknown = Array.isArray(value) ? (value[2] ?? []) : undefined;
        const cls = classOf(classes, store, key);
        if (!Array.isArray(converts) || !converts.every(isKey)) drop(id, 'not [row, expiresAt, fields]');
        else if (cls !== undefined && converts.some((field) => !isDeserializer(ownField(cls.schema, field))))
          drop(id, `a field of ${key} ${sub} has no deserializer`);
        // A row removed meanwhile may have no cell: the removal is known by its note.
        else if (held(store._tables.get(key)?._cells.get(sub)) || this.#dirtyRows.get(key)?.has(sub))
          staleRows.push([key, sub]);
        else {
          (rows[key] ??= dict())[sub] = (value as unknown[]).slice(0, 2);
          for (const field of converts) (fields[key] ??= new Set()).add(field);
        }
      } else if (kind === 'l') {
        if (held(store._lists.get(key)?.get(sub))) stale.push([ensure(this.#lists, key, Map<string, unknown>), sub]);
        else (lists[key] ??= dict())[sub] = value;
      } else if (kind === 'q') {
        const meta = byId.get(`m\0${key}`);
        const result = store._results.get(key);
        if (!Array.isArray(meta)) drop(id, `no meta for the response ${key}`);
        else if (result !== undefined && (result._stamp > 0 || result._sig.peek() !== undefined))
          stale.push([this.#data, key], [this.#meta, key]);
        else responses[key] = [value, meta[0], lost ? 0 : meta[1], meta[2]];
      } else if (kind === 'x') {
        const seq = Number(key);
        if (
          Number.isSafeInteger(seq) &&
          seq > 0 &&
          Array.isArray(value) &&
          value.every((g) => Array.isArray(g) && isTime(g[0]) && Array.isArray(g[1]) && g[1].every(isKey))
        )
          xs.push([seq, value]);
        else drop(id, 'malformed expiry entry');
      } else if (kind !== 'm') drop(id, 'unknown entry');
    }
    for (const [seq, groups] of xs) {
      for (const [expiresAt, ids] of groups) {
        for (const id of ids) {
          const [, key, pk] = parseId(id);
          const entry = rows[key]?.[pk];
          if (entry === undefined || !(expiresAt >= (entry[1] as number))) continue;
          // The latest entry extending a row is the one it needs.
          entry[1] = expiresAt;
          extendedBy.set(id, seq);
        }
      }
      this.#seq = Math.max(this.#seq, seq);
    }
    const converted = dict<string[]>();
    for (const key in fields) converted[key] = [...fields[key]!];
    try {
      hydrateStore(
        store,
        () => this.#ctrl._hydration()[1],
        { version: 3, rows: byValues(rows), converted, lists, responses } as unknown as DehydratedState,
        this.#options.schemas ?? [],
        (part, key, sub, error) => {
          if (part === 'rows') {
            delete rows[key]![sub];
            drop(`r\0${key}\0${sub}`, error);
          } else if (part === 'lists') {
            delete lists[key]![sub];
            drop(`l\0${key}\0${sub}`, error);
          } else {
            delete responses[key];
            drop(`q\0${key}`, error);
            drop(`m\0${key}`, error);
          }
        },
      );
    } catch (error) {
      // Not a refusal of an entry (those are left out): the state as a whole.
      return this.#drop('the saved state does not restore: dropped', error);
    }
    if (dropped.length) {
      const named = dropped.slice(0, 5).map(([id, error]) => `${JSON.stringify(id)} (${error.message})`);
      if (dropped.length > 5) named.push(`and ${dropped.length - 5} more`);
      this.#report(`${dropped.length} saved entries do not restore, left out: ${named.join(', ')}`, dropped[0]![1]);
    }
    this.#versionSaved = true;
    for (const [map, sub] of stale) map.set(sub, STALE);
    for (const [key, pk] of staleRows)
      ensure(this.#rows, key, Map<string, Saved>).set(pk, { value: STALE, expiresAt: 0, entry: 0 });
    // An expiry entry no restored row needs (they were rewritten, or written this session) is removed.
    for (const [seq] of xs) this.#xs.set(seq, 0);
    // Restored: saved as it is, and older than every request of this session (stamp 0),
    // so a response that arrives afterwards replaces it.
    for (const key in rows) {
      const cells = store._tables.get(key)?._cells;
      const saved = ensure(this.#rows, key, Map<string, Saved>);
      for (const pk in rows[key]) {
        const cell = cells!.get(pk)!;
        cell._stamp = 0;
        const x = extendedBy.get(`r\0${key}\0${pk}`) ?? 0;
        if (x) this.#xs.set(x, this.#xs.get(x)! + 1);
        saved.set(pk, { value: baseOf(cell), expiresAt: cell._exp._until, entry: x });
      }
    }
    for (const [seq, count] of this.#xs) {
      if (count > 0) continue;
      this.#xs.delete(seq);
      this.#retry.add(`x\0${seq}`);
    }
    for (const key in lists) {
      const saved = ensure(this.#lists, key, Map<string, unknown>);
      for (const argsKey in lists[key]) {
        const list = store._lists.get(key)!.get(argsKey)!;
        list._stamp = 0;
        saved.set(argsKey, baseOf(list));
      }
    }
    for (const key in responses) {
      const result = store._results.get(key)!;
      result._stamp = result._invalidated = 0;
      this.#data.set(key, result._sig.peek());
      this.#meta.set(key, metaOf(result._meta.peek()));
    }
  }

  /** A saved state that does not restore: reported, and the storage cleared (by the next write when clearing fails). */
  async #drop(message: string, cause?: unknown): Promise<void> {
    this.#report(message, cause);
    try {
      await this.#storage.clear();
    } catch (error) {
      this.#report('clearing the storage failed', error);
    }
  }

  //#endregion
}
