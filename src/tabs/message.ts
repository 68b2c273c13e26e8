/**
 * What travels between tabs: JSON text in the row format of `dehydrate` (see
 * ../state/hydrate.ts), inside an envelope that names the protocol, the app version
 * and the sending tab. Text rather than structured-cloned objects: the receiver parses a
 * fresh tree of plain JSON (no shared references, cycles or foreign classes) that it
 * checks completely before anything is written.
 *
 * ```text
 * { "signal-cache": 1, "kind": "patch", "app": "", "from": "k3x9", "time": 1700000000123,
 *   "rows": { "User": { "1": [{ "id": "1", "name": "Ada" }, 1700000060123],
 *                       "2": [null, 0] } },                     (null: removed)
 *   "converted": { "Invoice": ["amount"] },
 *   "lists": { "[Todo]": { "[…]": [[{ "userId": 1 }], ["1", "2"]] } },
 *   "responses": { "GET /users": [["1"], fetchedAt, expiresAt, invalidated] } }
 * ```
 *
 * A row or list entry may end with the version of the value when it is not the message's
 * own (`time`, then `tab`): a value a tab merged under newer data keeps the version it had.
 */
import { isDict, type DehydratedState } from '../state/hydrate.js';
import type { Row } from '../store/Store.js';
import { isKey, isTime } from '../util/limits.js';

/** @internal Protocol of the messages; a message of another protocol is dropped. */
export const PROTOCOL = 1;

/**
 * Reported (to `onError`) for a message that was dropped: not JSON text, not of this
 * protocol or app version, malformed or over a limit (see `hydrate`: the same checks and
 * limits). Nothing of a dropped message is written.
 */
export class TabsError extends Error {
  /** Always `'TabsError'`; stable across minification. */
  override name = 'TabsError';
}

/** @internal The version of a server value across tabs: write time, then tab id. */
export type Version = readonly [time: number, tab: string];

/** @internal A row entry: value (`null`: removed), expiry, and its version when not the message's. */
export type RowEntry = readonly [row: Row | null, expiresAt: number, time?: number, tab?: string];

/** @internal A list entry: arguments, items, and its version when not the message's. */
export type ListEntry = readonly [args: readonly unknown[], items: unknown, time?: number, tab?: string];

/** @internal A message between tabs, parsed and checked. */
export interface Message {
  readonly 'signal-cache': number;
  readonly kind: 'hello' | 'patch' | 'state';
  readonly app: string | number;
  readonly from: string;
  /** The only tab that applies a `state` answer. */
  readonly to?: string;
  /** Version of the values in the message (`0` in a `state` answer: older than any). */
  readonly time: number;
  readonly rows: { readonly [key: string]: { readonly [pk: string]: RowEntry } };
  readonly converted: DehydratedState['converted'];
  readonly lists: { readonly [key: string]: { readonly [argsKey: string]: ListEntry } };
  readonly responses: DehydratedState['responses'];
}

/** @internal Throws the TabsError of a dropped message. */
export function drop(detail: string): never {
  throw new TabsError(`shareTabs: message dropped: ${detail}`);
}

/** @internal Throws unless `ok`, naming where the message is malformed. */
export function check(ok: boolean, detail: string): asserts ok {
  if (!ok) drop(`malformed at ${detail}`);
}

/**
 * @internal Parses and checks a message's envelope and the shape of its parts; entries
 * are checked one by one when they are read (still before anything is written). Every
 * check is made on the parsed value, never on the text: a key of any name is an own key
 * of a parsed object, read as such.
 */
export function decode(data: unknown, app: string | number): Message {
  if (typeof data !== 'string') drop('not JSON text');
  let msg: unknown;
  try {
    msg = JSON.parse(data);
  } catch {
    drop('not JSON text');
  }
  if (!isDict(msg) || msg['signal-cache'] !== PROTOCOL) drop(`not of protocol ${PROTOCOL}`);
  if (msg.app !== app) drop(`from app version ${JSON.stringify(msg.app)}, this tab runs ${JSON.stringify(app)}`);
  check(isKey(msg.from) && isTime(msg.time) && (msg.to === undefined || isKey(msg.to)), 'envelope');
  check(msg.kind === 'hello' || msg.kind === 'patch' || (msg.kind === 'state' && msg.to !== undefined), 'kind');
  for (const part of ['rows', 'converted', 'lists', 'responses']) {
    msg[part] ??= {};
    check(isDict(msg[part]), part);
  }
  return msg as unknown as Message;
}
