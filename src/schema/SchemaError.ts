/**
 * Thrown when a value does not fit its schema. The message names the endpoint or
 * schema, where in the value the problem is, and what was found (the value itself in
 * development only).
 */
export class SchemaError extends Error {
  override name = 'SchemaError';
  /** Where in the response the problem is, as a dotted path (`''` for the root). */
  declare readonly path: string;
  constructor(message: string, path = '') {
    super(message);
    this.path = path;
  }
}

/**
 * @internal A short description of a value for error messages. Values are data (emails,
 * names): they are quoted in development only; production messages name the type.
 */
export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  // Development only (a production bundle drops the branch): the value itself, shortened.
  if ((typeof process < 'u' ? process.env.NODE_ENV : 'production') !== 'production') {
    if (typeof value === 'object') {
      let text: string;
      try {
        text = JSON.stringify(value);
      } catch {
        text = Object.prototype.toString.call(value);
      }
      return text.length > 80 ? `${text.slice(0, 77)}...` : text;
    }
    if (typeof value === 'string') return JSON.stringify(value.length > 60 ? value.slice(0, 57) + '...' : value);
    return String(value);
  }
  return typeof value;
}

/** @internal Formats a path for messages: `response` for the root. */
export function at(path: string): string {
  return path ? `response${path}` : 'the response';
}
