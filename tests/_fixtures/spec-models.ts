/**
 * Models and endpoint subclasses of the founding spec's usage patterns (tests/spec/).
 * Field lists follow the spec's entity table; where the spec leaves keys unstated the
 * obvious `id` is used.
 */
import Decimal from 'decimal.js';
import { Temporal } from 'temporal-polyfill';
import { Entity, RestEndpoint } from '../../src/index.js';

//#region entities

/** Post: id, title, group, author (a plain string). */
export class Post extends Entity {
  id = '';
  title = '';
  group = '';
  author = '';
  override pk() {
    return this.id;
  }
  static override key = 'Post';
}

/** User: id, name, isAdmin (optional: absent on some users). */
export class User extends Entity {
  id = '';
  name = '';
  isAdmin?: boolean;
  override pk() {
    return this.id;
  }
  static override key = 'User';
}

/** Todo: grouped by userId. */
export class Todo extends Entity {
  id = '';
  userId = '';
  title = '';
  completed = false;
  override pk() {
    return this.id;
  }
  static override key = 'Todo';
}

/** ExchangePrice: pk exchangePair; updatedAt an instant, price an arbitrary-precision decimal. */
export class ExchangePrice extends Entity {
  exchangePair = '';
  updatedAt = Temporal.Instant.fromEpochMilliseconds(0);
  price = new Decimal(0);
  override pk() {
    return this.exchangePair;
  }
  static override key = 'ExchangePrice';
  static override schema = {
    updatedAt: Temporal.Instant.from,
    price: Decimal,
  };
}

/** The legacy variant: a Date through a function schema `iso => new Date(iso)`. */
export class LegacyPrice extends Entity {
  exchangePair = '';
  updatedAt = new Date(0);
  price = 0;
  override pk() {
    return this.exchangePair;
  }
  static override key = 'LegacyPrice';
  static override schema = {
    updatedAt: (iso: string) => new Date(iso),
    price: Number,
  };
}

/** Stream: pk username, which the wire body lacks. */
export class Stream extends Entity {
  username = '';
  title = '';
  game = '';
  currentViewers = 0;
  live = false;
  override pk() {
    return this.username;
  }
  static override key = 'Stream';
}

/** Ticker: pk product_id; time is an instant. */
export class Ticker extends Entity {
  product_id = '';
  trade_id = 0;
  price = 0;
  size = '';
  time = Temporal.Instant.fromEpochMilliseconds(0);
  bid = '';
  ask = '';
  volume = '';
  override pk() {
    return this.product_id;
  }
  static override key = 'Ticker';
  static override schema = { time: Temporal.Instant.from };
}

/** Stats: pk product_id; `last` is the price fallback. */
export class Stats extends Entity {
  product_id = '';
  last = 0;
  override pk() {
    return this.product_id;
  }
  static override key = 'Stats';
}

//#endregion

//#region deep key-case transforms

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/** Recurses into arrays and plain objects renaming keys; null and non-objects stay as they are. */
export function deepKeys(value: unknown, rename: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((v) => deepKeys(v, rename));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) out[rename(key)] = deepKeys(value[key], rename);
  return out;
}

export const snakeCase = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
export const camelCase = (key: string) => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
export const deepSnakeCase = (value: unknown) => deepKeys(value, snakeCase);
export const deepCamelCase = (value: unknown) => deepKeys(value, camelCase);

//#endregion

//#region endpoint subclasses

/**
 * Transform rule 1: snake_case on the wire, camelCase in the client. A non-empty body is
 * deep snake_cased; an empty one is passed to the parent unchanged. Records what the
 * parent received, so tests can see it.
 */
export class CamelCaseEndpoint<
  P extends string = string,
  SP = {},
  M extends string = 'GET',
  B = unknown,
  R = any,
> extends RestEndpoint<P, SP, M, B, R> {
  /** Bodies handed to `super.getRequestInit`, in call order (shared by all instances). */
  static parentBodies: unknown[] = [];

  override getRequestInit(body?: unknown) {
    const sent = body ? deepSnakeCase(body) : body;
    CamelCaseEndpoint.parentBodies.push(sent);
    return super.getRequestInit(sent);
  }

  override process(value: any, ..._args: any[]): R {
    return deepCamelCase(value) as R;
  }
}

/** Transform rule 5: `{ link, results }` when there is a link header or the result is an array. */
export class PaginatedEndpoint<
  P extends string = string,
  SP = {},
  M extends string = 'GET',
  B = unknown,
  R = any,
> extends RestEndpoint<P, SP, M, B, R> {
  override async parseResponse(response: Response) {
    const results = await super.parseResponse(response);
    if (response.headers.has('link') || Array.isArray(results)) {
      return { link: response.headers.get('link'), results };
    }
    return results;
  }
}

/** Filename of a Content-Disposition header's `filename` parameter, else `download`. */
export function filenameOf(response: Response): string {
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const match = /filename\*?=(?:UTF-8'')?(?:"([^"]*)"|([^;]+))/i.exec(disposition);
  const name = match?.[1] ?? match?.[2]?.trim();
  return name ? decodeURIComponent(name) : 'download';
}

/** Transform rule 6: a binary body as `{ blob, filename }`. */
export class BlobDownloadEndpoint<
  P extends string = string,
  SP = {},
  M extends string = 'GET',
  B = unknown,
  R = any,
> extends RestEndpoint<P, SP, M, B, R> {
  override async parseResponse(response: Response) {
    const blob = await response.blob();
    return { blob, filename: filenameOf(response) };
  }
}

/** Transform rule 6, in-memory variant: `{ buffer, filename }` through `response.arrayBuffer()`. */
export class BufferDownloadEndpoint<
  P extends string = string,
  SP = {},
  M extends string = 'GET',
  B = unknown,
  R = any,
> extends RestEndpoint<P, SP, M, B, R> {
  override async parseResponse(response: Response) {
    const buffer = await response.arrayBuffer();
    return { buffer, filename: filenameOf(response) };
  }
}

/**
 * Transform rule 7: the client calls the field `displayName`, the server `screen_name`.
 * The request body is copied, never mutated; the response value may be.
 */
export class RenameEndpoint<
  P extends string = string,
  SP = {},
  M extends string = 'GET',
  B = unknown,
  R = any,
> extends RestEndpoint<P, SP, M, B, R> {
  override getRequestInit(body?: unknown) {
    if (isPlainObject(body) && 'displayName' in body) {
      const copy: Record<string, unknown> = { ...body };
      copy.screen_name = copy.displayName;
      delete copy.displayName;
      return super.getRequestInit(copy);
    }
    return super.getRequestInit(body);
  }

  override process(value: any, ..._args: any[]): R {
    if (isPlainObject(value) && 'screen_name' in value) {
      value.displayName = value.screen_name;
      delete value.screen_name;
    }
    return value;
  }
}

//#endregion
