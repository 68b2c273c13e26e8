/**
 * Path templates (`/users/:id`, `/files/:name?`) and query strings, at runtime and in
 * types.
 *
 * A parameter is `:` followed by letters, digits or `_`; a trailing `?` makes it
 * optional. Values are URL-encoded with `encodeURIComponent`. Arguments that are not
 * path parameters form the query string, keys sorted so equal arguments give equal
 * URLs (and equal cache keys).
 */

import { own } from '../util/own.js';

//#region types

/** A value accepted for a path or search parameter. */
export type ParamValue = string | number | boolean;

type ParamObject<Name extends string> = Name extends `${infer Optional}?`
  ? { [K in Optional]?: ParamValue | undefined }
  : { [K in Name]: ParamValue };

/**
 * The parameters of a path template as an object type.
 * @example PathParams<'/:group/posts/:id?'> // { group: ParamValue } & { id?: ParamValue }
 */
export type PathParams<P extends string> = string extends P
  ? Record<string, unknown>
  : P extends `${string}:${infer Rest}`
    ? Rest extends `${infer Name}/${infer Tail}`
      ? ParamObject<Name> & PathParams<Tail>
      : ParamObject<Rest>
    : {};

/**
 * A path without its last `:param` segment (and what follows it), as `resource()` builds
 * the list path.
 * @example ShortenPath<'/:group/posts/:id'> // '/:group/posts'
 */
export type ShortenPath<P extends string> = P extends `${infer Head}/:${infer Tail}`
  ? Tail extends `${string}/:${string}`
    ? `${Head}/:${ShortenPath<Tail>}`
    : Head
  : P;

//#endregion

//#region runtime

const PARAM = /:(\w+)(\??)/g;
/**
 * What no URL may carry: a lone surrogate (not part of a pair), an invalid Date; in a
 * path (tested with a leading `/`) also `.` and `..`, which a URL resolves (their encoded
 * forms too), climbing the path.
 */
const UNSENDABLE = /[\uD800-\uDFFF]|^\/?Invalid Date$|^\/\.\.?$/u;

/**
 * @internal True when a parameter value cannot go into a URL: a function, a symbol, an
 * invalid Date, a string with a lone surrogate, and in the path also `.` or `..`.
 */
export function unsendable(value: unknown, inPath: boolean): boolean {
  return Array.isArray(value)
    ? value.some((item) => unsendable(item, inPath))
    : typeof value === 'function' || typeof value === 'symbol' || UNSENDABLE.test((inPath ? '/' : '') + String(value));
}

interface Token {
  readonly name: string;
  readonly optional: boolean;
  /** Index of the `:` in the template. */
  readonly start: number;
  readonly end: number;
}

/** A parsed path template. */
export interface CompiledPath {
  /** Names of every parameter of the template. */
  readonly names: ReadonlySet<string>;
  /**
   * Fills the template.
   * @returns The path, or `{ missing }` naming the first required parameter without a value.
   */
  build(params: Readonly<Record<string, unknown>>): string | { missing: string };
}

// Paths are few and fixed (one per endpoint definition): caching them is bounded.
const compiled = new Map<string, CompiledPath>();

/** @internal Parses a path template once; later calls share the result. */
export function compilePath(path: string): CompiledPath {
  let found = compiled.get(path);
  if (found === undefined) compiled.set(path, (found = compile(path)));
  return found;
}

function compile(path: string): CompiledPath {
  const tokens: Token[] = [];
  for (const match of path.matchAll(PARAM)) {
    const start = match.index;
    tokens.push({ name: match[1]!, optional: match[2] === '?', start, end: start + match[0].length });
  }
  return {
    names: new Set(tokens.map((t) => t.name)),
    build(params) {
      let out = '';
      let from = 0;
      for (const token of tokens) {
        let literal = path.slice(from, token.start);
        from = token.end;
        // Own members only: `:constructor` must not read Object.prototype.constructor.
        const value = own(params, token.name);
        if (value === undefined || value === null || value === '') {
          if (!token.optional) return { missing: token.name };
          // An absent optional segment takes its leading slash with it: /files/:name? → /files
          if (literal.endsWith('/')) literal = literal.slice(0, -1);
        } else literal += encodeURIComponent(String(value));
        out += literal;
      }
      return out + path.slice(from);
    },
  };
}

/**
 * @internal The query string (without `?`) of the parameters not in `exclude`: keys
 * sorted, `undefined` dropped, arrays repeated (`a=1&a=2`). `''` when none remain.
 */
export function searchString(params: Readonly<Record<string, unknown>>, exclude: ReadonlySet<string>): string {
  const keys = Object.keys(params);
  // Most keys are computed for reads with path parameters only: no URLSearchParams then.
  if (keys.every((key) => exclude.has(key) || params[key] === undefined)) return '';
  const search = new URLSearchParams();
  for (const key of keys.sort()) {
    if (exclude.has(key)) continue;
    // An array is the key repeated; `undefined` (a member or the value) is left out.
    const value = params[key];
    for (const item of Array.isArray(value) ? value : [value]) if (item !== undefined) search.append(key, String(item));
  }
  return search.toString();
}

//#endregion
