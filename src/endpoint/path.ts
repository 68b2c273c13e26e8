/**
 * Path templates and query strings, at runtime and in types.
 *
 * The grammar is path-to-regexp 8's, as in Reactive Data Client: `:name` is a parameter
 * (`:"quoted name"` too), `*name` a wildcard filled from an array of segments
 * (`/files/*path` with `['a', 'b']` → `/files/a/b`), `{…}` an optional group left out
 * when a parameter in it has no value (`/users{/:id}`), and `\\` makes the next character
 * text (`http\\://host`, `/search\\?q=1`). `:name?` is optional as well. Values are
 * URL-encoded with `encodeURIComponent`. Arguments that are not path parameters form the
 * query string, keys sorted so equal arguments give equal URLs (and equal cache keys).
 */

import { own } from '../util/own.js';

//#region types

/** A value accepted for a path or search parameter. */
export type ParamValue = string | number | boolean;

/** Drops every backslash-escaped character: an escaped `:`, `*`, `{` or `}` is text. */
type Unescape<S extends string> = S extends `${infer Head}\\${string}${infer Tail}` ? `${Head}${Unescape<Tail>}` : S;

type Digit = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9';
type IdentChar =
  | 'a'
  | 'b'
  | 'c'
  | 'd'
  | 'e'
  | 'f'
  | 'g'
  | 'h'
  | 'i'
  | 'j'
  | 'k'
  | 'l'
  | 'm'
  | 'n'
  | 'o'
  | 'p'
  | 'q'
  | 'r'
  | 's'
  | 't'
  | 'u'
  | 'v'
  | 'w'
  | 'x'
  | 'y'
  | 'z'
  | 'A'
  | 'B'
  | 'C'
  | 'D'
  | 'E'
  | 'F'
  | 'G'
  | 'H'
  | 'I'
  | 'J'
  | 'K'
  | 'L'
  | 'M'
  | 'N'
  | 'O'
  | 'P'
  | 'Q'
  | 'R'
  | 'S'
  | 'T'
  | 'U'
  | 'V'
  | 'W'
  | 'X'
  | 'Y'
  | 'Z'
  | Digit
  | '_'
  | '$';

/** The parameter name at the start of `S` (`"quoted"` or an identifier) and what follows it. */
type ReadName<S extends string, Name extends string = ''> = S extends `"${infer Quoted}"${infer Tail}`
  ? Name extends ''
    ? [Quoted, Tail]
    : [Name, S]
  : S extends `${infer C}${infer Tail}`
    ? C extends IdentChar
      ? Name extends ''
        ? C extends Digit
          ? ['', S]
          : ReadName<Tail, C>
        : ReadName<Tail, `${Name}${C}`>
      : [Name, S]
    : [Name, ''];

/** The parameters after each `Mark` (`:` or `*`) of a path without groups, as an object type. */
type MarkParams<
  S extends string,
  Mark extends string,
  Optional extends boolean,
> = S extends `${string}${Mark}${infer Rest}`
  ? ReadName<Rest> extends [infer Name extends string, infer Tail extends string]
    ? (Name extends ''
        ? {}
        : Mark extends '*'
          ? Optional extends true
            ? { [K in Name]?: readonly ParamValue[] | undefined }
            : { [K in Name]: readonly ParamValue[] }
          : Optional extends true
            ? { [K in Name]?: ParamValue | undefined }
            : Tail extends `?${string}`
              ? { [K in Name]?: ParamValue | undefined }
              : { [K in Name]: ParamValue }) &
        MarkParams<Tail, Mark, Optional>
    : {}
  : {};

/** The parameters of a path without `{…}` groups. */
type FlatParams<S extends string, Optional extends boolean> = MarkParams<S, ':', Optional> &
  MarkParams<S, '*', Optional>;

/** Splits off `{…}` groups: their parameters are optional. */
type GroupParams<S extends string> = S extends `${infer Head}{${infer Group}}${infer Tail}`
  ? FlatParams<Head, false> & FlatParams<Group, true> & GroupParams<Tail>
  : FlatParams<S, false>;

/**
 * The parameters of a path template as an object type: `:name` (a value), `*name` (an
 * array of segments), optional inside `{…}` or as `:name?`; backslash-escaped characters
 * are text.
 * @example PathParams<'/:group/posts{/:id}'> // { group: ParamValue } & { id?: ParamValue }
 */
export type PathParams<P extends string> = string extends P ? Record<string, unknown> : GroupParams<Unescape<P>>;

/**
 * A path without its last `:param` or `*wildcard` (and what follows it), as `resource()`
 * builds the list path.
 * @example ShortenPath<'/:group/posts/:id'> // '/:group/posts'
 */
export type ShortenPath<P extends string> = string extends P
  ? string
  : P extends `${string}*${string}`
    ? P extends `${BeforeLast<P, '*'>}${infer Rest}`
      ? Rest extends `${string}:${string}`
        ? TrimSlash<BeforeLast<P, ':'>>
        : TrimSlash<BeforeLast<P, '*'>>
      : never
    : P extends `${string}:${string}`
      ? TrimSlash<BeforeLast<P, ':'>>
      : P;
/** `S` up to its last `Mark`. */
type BeforeLast<S extends string, Mark extends string> = S extends `${infer Head}${Mark}${infer Tail}`
  ? Tail extends `${string}${Mark}${string}`
    ? `${Head}${Mark}${BeforeLast<Tail, Mark>}`
    : Head
  : S;
type TrimSlash<S extends string> = S extends `${infer Head}/` ? Head : S;

//#endregion

//#region runtime

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

/**
 * A parsed template: literal text, a parameter (`:name`, `*name` for a wildcard,
 * `:name?` optional) or an optional group `{…}` of tokens.
 */
type Token = string | { readonly name: string; readonly wildcard: boolean; readonly optional: boolean } | Token[];

/** A parsed path template. */
export interface CompiledPath {
  /** Names of every parameter of the template. */
  readonly names: ReadonlySet<string>;
  /**
   * Fills the template.
   * @returns The path, or `{ missing }` naming the first required parameter without a value.
   */
  build(params: Readonly<Record<string, unknown>>): string | { missing: string };
  /** Whether a path (and query string) is one this template builds. */
  test(path: string): boolean;
}

// Paths are few and fixed (one per endpoint definition): caching them is bounded.
const compiled = new Map<string, CompiledPath>();

/** @internal Parses a path template once; later calls share the result. */
export function compilePath(path: string): CompiledPath {
  let found = compiled.get(path);
  if (found === undefined) compiled.set(path, (found = compile(path)));
  return found;
}

/**
 * One token of a template: `\\` and the character it makes text, a brace, a parameter
 * (`:` or `*`, then `"quoted"` or a name not starting with a digit, then `?` for
 * optional), or any other character (text).
 */
const TOKEN = /\\(.)|([{}])|([:*])(?:"([^"]+)"|([a-z_$][\w$]*))(\?)?|./gis;

/**
 * The grammar of path-to-regexp 8, as Reactive Data Client's paths use it, plus `:name?`:
 * `\\` makes the next character text (`http\\://host`, `/search\\?q=1`); `:` or `*`
 * not followed by a name is text too (`http://host:8080`).
 */
function compile(path: string): CompiledPath {
  const names = new Set<string>();
  const matches = [...path.matchAll(TOKEN)];
  let i = 0;
  const parse = (group: boolean): Token[] => {
    const tokens: Token[] = [];
    while (i < matches.length) {
      const [char, escaped, brace, mark, quoted, name = quoted!, optional] = matches[i++]!;
      if (brace === '{') tokens.push(parse(true));
      else if (brace === '}' && group) break;
      else if (mark) {
        names.add(name);
        tokens.push({ name, wildcard: mark === '*', optional: !!optional });
      } else tokens.push(escaped ?? char);
    }
    return tokens;
  };
  const tokens = parse(false);
  const pattern = new RegExp(`^${source(tokens)}(?:\\?.*)?$`);
  return { names, build: (params) => fill(tokens, params), test: (url) => pattern.test(url) };
}

/** A regular expression source matching what the tokens build. */
function source(tokens: readonly Token[]): string {
  let out = '';
  for (const token of tokens) {
    if (typeof token === 'string') out += token.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    else if (Array.isArray(token)) out += `(?:${source(token)})?`;
    else if (token.wildcard) out += '.+';
    else if (token.optional) out = `${out.replace(/\\\/$/, '')}(?:/[^/?]+)?`;
    else out += '[^/?]+';
  }
  return out;
}

/** The tokens filled from `params`; a group with a parameter missing is left out. */
function fill(tokens: readonly Token[], params: Readonly<Record<string, unknown>>): string | { missing: string } {
  let out = '';
  for (const token of tokens) {
    if (typeof token === 'string') out += token;
    else if (Array.isArray(token)) {
      const group = fill(token, params);
      if (typeof group === 'string') out += group;
    } else {
      // Own members only: `:constructor` must not read Object.prototype.constructor.
      const value = own(params, token.name);
      const values = token.wildcard && Array.isArray(value) ? value : [value];
      if (values.length === 0 || values.some((v) => v === undefined || v === null || v === '')) {
        if (!token.optional) return { missing: token.name };
        // An absent optional segment takes its leading slash with it: /files/:name? → /files
        if (out.endsWith('/')) out = out.slice(0, -1);
      } else out += values.map((v) => encodeURIComponent(String(v))).join('/');
    }
  }
  return out;
}

/**
 * @internal The parameters not in `exclude` and not `undefined`, or `undefined` when none
 * remain (most keys are computed for reads with path parameters only: no object then).
 */
export function searchParamsOf(
  params: Readonly<Record<string, unknown>>,
  exclude: ReadonlySet<string>,
): Record<string, unknown> | undefined {
  let search: Record<string, unknown> | undefined;
  for (const key of Object.keys(params)) {
    if (!exclude.has(key) && params[key] !== undefined) (search ??= {})[key] = params[key];
  }
  return search;
}

/**
 * @internal The query string (without `?`): keys sorted, `undefined` dropped, arrays
 * repeated (`a=1&a=2`).
 */
export function searchString(params: Readonly<Record<string, unknown>>): string {
  const search = new URLSearchParams();
  for (const key of Object.keys(params).sort()) {
    // An array is the key repeated; `undefined` (a member or the value) is left out.
    const value = params[key];
    for (const item of Array.isArray(value) ? value : [value]) if (item !== undefined) search.append(key, String(item));
  }
  return search.toString();
}

//#endregion
