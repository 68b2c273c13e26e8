/**
 * The panel's DOM helpers: elements from a tag, attributes and children; values as short
 * text; values as expandable trees (children made when a node is first opened, so a
 * 10,000-row response costs one line until it is opened).
 */

/** An element with attributes (`undefined` ones left out) and children. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Readonly<Record<string, string | undefined>> = {},
  ...children: readonly (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const name in attrs) {
    const value = attrs[name];
    if (value !== undefined) node.setAttribute(name, value);
  }
  node.append(...children);
  return node;
}

/** A value as one line of JSON-like text, cut after `max` characters. */
export function format(value: unknown, max = 200): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v));
  } catch {
    text = undefined;
  }
  text ??= String(value);
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** A value as editable JSON text (pretty-printed). */
export function toJson(value: unknown): string {
  try {
    return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? String(v) : v), 2) ?? 'null';
  } catch {
    return String(value);
  }
}

/** Children shown per opened node; the rest behind a "more" line. */
const PAGE = 100;

/**
 * A value as a tree: a primitive as one line; an object or array as a `<details>` whose
 * summary previews it and whose children are made on first open.
 * @param name the field name or index shown before the value
 * @param open whether it starts open (its children made at once)
 */
export function tree(value: unknown, name?: string, open = false): Node {
  const label = name === undefined ? [] : [el('span', { class: 'k' }, name), ': '];
  if (value === null || typeof value !== 'object' || value instanceof Date) {
    return el('div', { class: 'leaf' }, ...label, leaf(value));
  }
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  const kind = Array.isArray(value) ? `Array(${value.length})` : (value.constructor?.name ?? 'Object');
  const node = el(
    'details',
    { class: 'node' },
    el('summary', {}, ...label, el('span', { class: 'muted' }, `${kind} `), format(value, 80)),
  );
  let made = false;
  const make = () => {
    if (made) return;
    made = true;
    node.append(...entries.slice(0, PAGE).map(([k, v]) => tree(v, k)));
    if (entries.length > PAGE) node.append(el('div', { class: 'muted' }, `… ${entries.length - PAGE} more`));
  };
  node.addEventListener('toggle', make);
  if (open) {
    node.open = true;
    make();
  }
  return node;
}

function leaf(value: unknown): Node {
  const type = value === null ? 'null' : value instanceof Date ? 'date' : typeof value;
  const text =
    type === 'string'
      ? JSON.stringify(value)
      : value instanceof Date
        ? value.toISOString()
        : type === 'bigint'
          ? `${value}n`
          : String(value);
  return el('span', { class: `v ${type}` }, text);
}

/** A clock difference as short text: `450 ms`, `12 s`, `3 min`, `2 h`. */
export function span(ms: number): string {
  const abs = Math.abs(ms);
  if (abs < 1000) return `${Math.round(abs)} ms`;
  if (abs < 60_000) return `${Math.round(abs / 1000)} s`;
  if (abs < 3_600_000) return `${Math.round(abs / 60_000)} min`;
  return `${Math.round(abs / 3_600_000)} h`;
}

/** A size in bytes as short text. */
export function bytes(n: number): string {
  return n < 1024 ? `${n} B` : `${(n / 1024).toFixed(1)} KiB`;
}
