/**
 * The devtools panel (loaded lazily by `mountDevtools`): a shadow root holding a toggle
 * and a panel with five tabs — Cache (every key with its status, times, size and actions;
 * every entity table with its rows, searchable, expandable, editable), Views (the live
 * views, the rows each reaches, its runs), Requests (the timeline), Layers (optimistic
 * layers and their fate) and Journal (what each settled write changed).
 *
 * Rendering: statuses and counts (the DOM contract: `data-status`, `data-count`) follow
 * every action, request start and settle, and expiry within a microtask; the rest (rows,
 * the other tabs) is redrawn at most every 120 ms, and only what is open.
 *
 * The DOM contract, for tests and tools (the shadow root is open: `host.shadowRoot`, and
 * Playwright's CSS selectors pierce it): the host has `data-signal-cache-devtools`; each
 * cache key is `[data-key="<key>"]` with `data-status` (`fresh|stale|fetching|error|invalid`)
 * holding `[data-action="refetch|invalidate|expire|remove"]` buttons; each entity table
 * is `[data-entity="<key>"]` with `data-count`.
 */
import type { ActionTypes, Dispatch } from '../controller/actions.js';
import type { Controller } from '../controller/Controller.js';
import type { Schema } from '../schema/types.js';
import type { Commit } from '../store/Journal.js';
import type { Store } from '../store/Store.js';
import { GC, INVALIDATE } from './kinds.js';
import { bytes, el, format, span, toJson, tree } from './dom.js';
import { type KeyInfo, Model, type TableInfo } from './model.js';
import type { DevtoolsOptions } from './mount.js';
import { Recorder, type RequestRecord } from './Recorder.js';
import { styles } from './styles.js';

type Tab = 'cache' | 'views' | 'requests' | 'layers' | 'journal';
const TABS: readonly (readonly [Tab, string])[] = [
  ['cache', 'Cache'],
  ['views', 'Views'],
  ['requests', 'Requests'],
  ['layers', 'Layers'],
  ['journal', 'Journal'],
];

/** The key actions, in the order of their buttons, with what each does. */
const ACTIONS = [
  ['refetch', 'Fetch the key again now'],
  ['invalidate', 'Mark it invalid: a shown key refetches now, any other on its next read'],
  ['expire', 'Make it stale: a shown key refetches now, any other on its next read'],
  ['remove', 'Drop it from the cache as garbage collection would (a key a reader shows is kept, and refetched)'],
] as const;

/** localStorage item remembering whether the panel was left open. */
const STORAGE = 'signal-cache-devtools';
/** Rows shown per table, requests and commits shown (search narrows). */
const LIMIT = 100;
/** Most time between a change and the redraw of rows and the other tabs, in ms. */
const SLOW = 120;

/** What the panel uses of the core, handed over by mount.ts (its chunk imports none of it). */
export interface Kit {
  /** The id the views key a schema by (util/argsKey). */
  readonly idOf: (schema: object) => number;
  /** Listens to a store's commit journal (store/Journal). */
  readonly listen: (store: Store, listener: (commit: Commit) => void) => () => void;
}

/** What `mountDevtools` gets back from the lazily loaded panel. */
export interface Panel {
  readonly tap: (action: ActionTypes, next: Dispatch) => Promise<void>;
  dispose(): void;
}

/** Renders the panel into `host` (its shadow root) and starts following `ctrl`. */
export function renderPanel(
  ctrl: Controller,
  host: HTMLElement,
  options: DevtoolsOptions,
  queued: readonly ActionTypes[],
  kit: Kit,
): Panel {
  const panel = new DevtoolsPanel(ctrl, host, options, kit);
  panel.recorder.replay(queued);
  return { tap: panel.recorder.tap, dispose: () => panel.dispose() };
}

interface KeyView {
  readonly root: HTMLElement;
  readonly status: HTMLElement;
  readonly when: HTMLElement;
  readonly size: HTMLElement;
  readonly refetch: HTMLButtonElement;
  readonly detail: HTMLElement;
  info: KeyInfo | undefined;
  /** What the detail shows (redrawn when it changes). */
  shown: unknown;
}

interface TableView {
  readonly root: HTMLDetailsElement;
  readonly count: HTMLElement;
  readonly rows: HTMLElement;
  /** Row elements by pk, with the row value each shows. */
  readonly made: Map<string, { el: HTMLDetailsElement; row: object; editing: boolean }>;
  info: TableInfo;
}

class DevtoolsPanel {
  readonly model: Model;
  readonly recorder: Recorder;
  readonly #ctrl: Controller;
  readonly #root: ShadowRoot;
  readonly #panel: HTMLElement;
  readonly #toggle: HTMLButtonElement | undefined;
  readonly #tabs = new Map<Tab, HTMLButtonElement>();
  readonly #bodies = new Map<Tab, HTMLElement>();
  readonly #keysBox: HTMLElement;
  readonly #tablesBox: HTMLElement;
  readonly #keys = new Map<string, KeyView>();
  readonly #tables = new Map<string, TableView>();
  /** Ids of details elements left open in the redrawn tabs. */
  readonly #open = new Set<string>();
  #tab: Tab = 'cache';
  #query = '';
  #isOpen: boolean;
  #fastDue = false;
  #slowTimer: ReturnType<typeof setTimeout> | undefined;
  #expiry: unknown;
  #tick: ReturnType<typeof setInterval> | undefined;
  #stopFlights: () => void;
  /** Starts the commit journal (when the Journal tab is first shown: see `#show`). */
  readonly #listen: () => () => void;
  #stopJournal: (() => void) | undefined;
  #disposed = false;

  constructor(ctrl: Controller, host: HTMLElement, options: DevtoolsOptions, kit: Kit) {
    this.#ctrl = ctrl;
    this.model = new Model(ctrl, kit.idOf, options.names);
    this.recorder = new Recorder(this.model, () => this.#changed());
    // Every settled write, those that pass no action too (hydrate, another tab), from when
    // the Journal tab is first shown: a store with a journal listener records each write's
    // rows before and after, which costs time on a large write (100,000 rows: a third more).
    this.#listen = () => kit.listen(ctrl._inspect()[0]._store, this.recorder.commit);
    const root = (this.#root = host.shadowRoot ?? host.attachShadow({ mode: 'open' }));
    const inline = options.inline === true;
    if (inline) host.setAttribute('data-inline', '');
    this.#isOpen = inline || (options.open ?? remembered() ?? true);

    const search = el('input', { type: 'search', placeholder: 'Search', 'aria-label': 'Search the cache' });
    search.addEventListener('input', () => {
      this.#query = search.value.trim().toLowerCase();
      this.#changed();
    });
    const tabs = el('nav', { class: 'tabs', role: 'tablist' });
    for (const [tab, label] of TABS) {
      const button = el('button', { role: 'tab', 'data-tab': tab }, label);
      button.addEventListener('click', () => this.#show(tab));
      this.#tabs.set(tab, button);
      tabs.append(button);
      this.#bodies.set(tab, el('div', { class: 'body', role: 'tabpanel', 'data-panel': tab }));
    }
    const close = el('button', { class: 'close', title: 'Close the panel', 'aria-label': 'Close' }, '×');
    close.addEventListener('click', () => this.#setOpen(false));
    this.#keysBox = el('div', { class: 'keys' });
    this.#tablesBox = el('div', { class: 'tables' });
    this.#bodies.get('cache')!.append(el('h3', {}, 'Keys'), this.#keysBox, el('h3', {}, 'Entities'), this.#tablesBox);
    this.#panel = el(
      'section',
      { class: 'panel', 'aria-label': 'signal-cache devtools' },
      el('header', {}, el('span', { class: 'title' }, 'signal-cache'), tabs, search, ...(inline ? [] : [close])),
      ...this.#bodies.values(),
    );
    this.#panel.addEventListener('click', (event) => this.#click(event));
    root.replaceChildren(el('style', {}, styles), this.#panel);
    if (!inline) {
      const toggle = (this.#toggle = el('button', { class: 'toggle', title: 'signal-cache devtools' }, 'cache'));
      toggle.addEventListener('click', () => this.#setOpen(!this.#isOpen));
      root.append(toggle);
    }
    this.#show('cache');
    this.#setOpen(this.#isOpen, false);
    // A request starting or settling (the Controller bumps this signal) changes a status.
    this.#stopFlights = this.model.flights.subscribe(() => this.#changed());
  }

  //#region scheduling

  /** Something changed: statuses and counts within a microtask, the rest soon. */
  #changed(): void {
    if (this.#disposed) return;
    if (!this.#fastDue) {
      this.#fastDue = true;
      queueMicrotask(() => {
        this.#fastDue = false;
        if (!this.#disposed) this.#fast();
      });
    }
    this.#slowTimer ??= setTimeout(() => {
      this.#slowTimer = undefined;
      if (!this.#disposed) this.#slow();
    }, SLOW);
  }

  /** Keys and tables with their status and count (the contract), and the expiry timer. */
  #fast(): void {
    const keys = this.model.keys();
    const now = this.model.now();
    const seen = new Set<string>();
    let at: Element | null = this.#keysBox.firstElementChild;
    for (const info of keys) {
      seen.add(info.key);
      let view = this.#keys.get(info.key);
      if (view === undefined) this.#keys.set(info.key, (view = this.#makeKey(info.key)));
      this.#updateKey(view, info, now);
      if (at === view.root) at = at.nextElementSibling;
      else this.#keysBox.insertBefore(view.root, at);
    }
    for (const [key, view] of this.#keys) {
      if (!seen.has(key)) {
        view.root.remove();
        this.#keys.delete(key);
      }
    }
    const tables = this.model.tables();
    const present = new Set<string>();
    at = this.#tablesBox.firstElementChild;
    for (const info of tables) {
      present.add(info.key);
      let view = this.#tables.get(info.key);
      if (view === undefined) this.#tables.set(info.key, (view = this.#makeTable(info)));
      view.info = info;
      view.root.setAttribute('data-count', String(info.count));
      view.count.textContent = `${info.count} row${info.count === 1 ? '' : 's'}`;
      if (at === view.root) at = at.nextElementSibling;
      else this.#tablesBox.insertBefore(view.root, at);
    }
    for (const [key, view] of this.#tables) {
      if (!present.has(key)) {
        view.root.remove();
        this.#tables.delete(key);
      }
    }
    // Stale on time: a fresh key turns stale without any action; redraw then.
    const timers = this.#ctrl._timers;
    timers.clearTimeout(this.#expiry as never);
    const next = this.model.nextExpiry(keys);
    if (next !== Infinity) this.#expiry = timers.setTimeout(() => this.#changed(), Math.max(0, next - now) + 1);
  }

  /** Rows of open tables, open key details, and the tab shown. */
  #slow(): void {
    if (!this.#isOpen) return;
    if (this.#tab === 'cache') {
      for (const view of this.#keys.values()) this.#keyDetail(view);
      for (const view of this.#tables.values()) this.#tableRows(view);
      this.#filterCache();
    } else this.#bodies.get(this.#tab)!.replaceChildren(...this.#render(this.#tab));
  }

  //#endregion

  //#region keys

  #makeKey(key: string): KeyView {
    const status = el('span', { class: 'status' });
    const name = el('button', { class: 'name', title: key, 'data-open': key }, key);
    const when = el('span', { class: 'when' });
    const size = el('span', { class: 'size' });
    const buttons = ACTIONS.map(([action, title]) => el('button', { 'data-action': action, title }, action));
    const detail = el('div', { class: 'detail', hidden: '' });
    const root = el(
      'div',
      { class: 'key', 'data-key': key },
      el('div', { class: 'line' }, status, name, when, size, el('span', { class: 'actions' }, ...buttons)),
      detail,
    );
    return { root, status, when, size, refetch: buttons[0]!, detail, info: undefined, shown: undefined };
  }

  #updateKey(view: KeyView, info: KeyInfo, now: number): void {
    view.info = info;
    if (view.root.getAttribute('data-status') !== info.status) {
      view.root.setAttribute('data-status', info.status);
      view.status.className = `status ${info.status}`;
      view.status.textContent = info.status;
    }
    const parts: string[] = [];
    if (info.fetchedAt > 0) parts.push(`fetched ${span(now - info.fetchedAt)} ago`);
    if (info.stored !== undefined && info.expiresAt > 0)
      parts.push(
        now < info.expiresAt ? `fresh for ${span(info.expiresAt - now)}` : `stale ${span(now - info.expiresAt)}`,
      );
    if (info.mounts > 0) parts.push(`${info.mounts} reader${info.mounts === 1 ? '' : 's'}`);
    view.when.textContent = parts.join(' · ');
    view.size.textContent = info.stored === undefined ? '' : bytes(sizeOf(info.stored));
    view.refetch.disabled = info.source === undefined;
    view.refetch.title =
      info.source === undefined
        ? 'The endpoint of this key is unknown (it was written before the panel was mounted and is not shown)'
        : ACTIONS[0][1];
    if (info.error !== undefined) view.status.title = info.error.message;
    else view.status.removeAttribute('title');
  }

  #keyDetail(view: KeyView): void {
    const info = view.info;
    if (info === undefined || !this.#open.has(`key:${info.key}`)) return;
    const shown = [info.stored, info.fetchedAt, info.expiresAt, info.error, info.invalidated, info.status];
    if (Array.isArray(view.shown) && shown.every((v, i) => v === (view.shown as unknown[])[i])) return;
    view.shown = shown;
    const time = (t: number) => (t > 0 ? new Date(t).toISOString().slice(11, 23) : '—');
    view.detail.replaceChildren(
      el(
        'div',
        { class: 'small muted' },
        `${info.source === undefined ? '' : `${info.source[0].name} ${format(info.source[1], 120)} · `}fetched ${time(info.fetchedAt)} · expires ${time(info.expiresAt)}${info.invalidated ? ' · invalidated' : ''}`,
      ),
      ...(info.error === undefined
        ? []
        : [el('div', { class: 'failed' }, `${info.error.name}: ${info.error.message}`)]),
      info.stored === undefined
        ? el('div', { class: 'muted' }, 'no response stored')
        : tree(info.stored, 'response', true),
    );
  }

  /** Runs a key action. */
  #act(action: string, key: string): void {
    const ctrl = this.#ctrl;
    const info = this.#keys.get(key)?.info;
    const quiet = (promise: Promise<unknown>) => promise.catch(noop);
    if (action === 'refetch' && info?.source !== undefined) quiet(ctrl.fetch(info.source[0], ...info.source[1]));
    else if (action === 'invalidate') quiet(ctrl.dispatch({ type: INVALIDATE, key }));
    else if (action === 'expire') ctrl.expireAll((k) => k === key);
    else if (action === 'remove') {
      // Collectable only once expired; a key in flight, shown or read stays (see `Controller.gc`).
      ctrl.expireAll((k) => k === key);
      quiet(ctrl.dispatch({ type: GC, entities: [], endpoints: [key] }));
    }
    this.#changed();
  }

  //#endregion

  //#region entity tables

  #makeTable(info: TableInfo): TableView {
    const count = el('span', { class: 'count' });
    const rows = el('div', { class: 'rows' });
    const root = el('details', { class: 'entity', 'data-entity': info.key }, el('summary', {}, info.key, count), rows);
    const view: TableView = { root, count, rows, made: new Map(), info };
    root.addEventListener('toggle', () => {
      if (root.open) this.#tableRows(view);
    });
    return view;
  }

  /** The rows of an open table matching the search (the first `LIMIT`), each a row element. */
  #tableRows(view: TableView): void {
    if (!view.root.open) return;
    const query = this.#query;
    const matchKey = query === '' || view.info.key.toLowerCase().includes(query);
    const shown: [string, object][] = [];
    let matching = 0;
    for (const [pk, row] of this.model.rows(view.info.key)) {
      if (!matchKey && !textOf(row).toLowerCase().includes(query)) continue;
      if (matching++ < LIMIT) shown.push([pk, row]);
    }
    const keep = new Set<string>();
    const out: Node[] = [];
    for (const [pk, row] of shown) {
      keep.add(pk);
      let made = view.made.get(pk);
      if (made !== undefined && made.row !== row && !made.editing) made = undefined;
      if (made === undefined) {
        made = { el: this.#makeRow(view, pk, row), row, editing: false };
        view.made.set(pk, made);
      }
      out.push(made.el);
    }
    for (const pk of view.made.keys()) if (!keep.has(pk)) view.made.delete(pk);
    if (matching > LIMIT)
      out.push(el('div', { class: 'muted small' }, `… ${matching - LIMIT} more (search to narrow)`));
    if (matching === 0) out.push(el('div', { class: 'muted small' }, query ? 'no row matches' : 'no rows'));
    replaceIfChanged(view.rows, out);
  }

  #makeRow(view: TableView, pk: string, row: object): HTMLDetailsElement {
    const id = `row:${view.info.key}\0${pk}`;
    const body = el('div', { class: 'fields' });
    const node = el(
      'details',
      { class: 'row', 'data-pk': pk },
      el('summary', {}, el('span', { class: 'pk' }, pk), format(row, 160)),
      body,
    );
    const fill = () => {
      const edit = el('button', { title: 'Edit the row: written with ctrl.set' }, 'edit');
      edit.disabled = view.info.schema === undefined;
      edit.addEventListener('click', () => this.#edit(view, pk, row, body));
      body.replaceChildren(...Object.entries(row).map(([k, v]) => tree(v, k)), el('div', { class: 'edit' }, edit));
    };
    node.addEventListener('toggle', () => {
      if (node.open) {
        this.#open.add(id);
        fill();
      } else this.#open.delete(id);
    });
    if (this.#open.has(id)) {
      node.open = true;
      fill();
    }
    return node;
  }

  /** Edits a row as JSON: its own fields (nested rows are edited where they are stored), written with `ctrl.set`. */
  #edit(view: TableView, pk: string, row: object, body: HTMLElement): void {
    const schema = view.info.schema!;
    const made = view.made.get(pk);
    if (made !== undefined) made.editing = true;
    const own = ownFields(schema, row);
    const text = el('textarea', { 'aria-label': `Edit ${view.info.key} ${pk}`, spellcheck: 'false' });
    text.value = toJson(own);
    const message = el('div', { class: 'error small' });
    const save = el('button', {}, 'save');
    const cancel = el('button', {}, 'cancel');
    const done = () => {
      if (made !== undefined) made.editing = false;
      made?.el.remove();
      view.made.delete(pk);
      this.#tableRows(view);
    };
    save.addEventListener('click', () => {
      try {
        this.#ctrl.set(schema as Schema, JSON.parse(text.value));
        done();
      } catch (error) {
        message.textContent = error instanceof Error ? error.message : String(error);
      }
    });
    cancel.addEventListener('click', done);
    body.replaceChildren(el('div', { class: 'edit' }, text, el('div', {}, save, ' ', cancel), message));
  }

  /** Hides keys and tables that do not match the search. */
  #filterCache(): void {
    const query = this.#query;
    for (const [key, view] of this.#keys) view.root.hidden = query !== '' && !key.toLowerCase().includes(query);
    for (const [key, view] of this.#tables) {
      let match = query === '' || key.toLowerCase().includes(query);
      if (!match) {
        for (const [, row] of this.model.rows(key)) {
          if (textOf(row).toLowerCase().includes(query)) {
            match = true;
            break;
          }
        }
      }
      view.root.hidden = !match;
    }
  }

  //#endregion

  //#region other tabs

  #render(tab: Tab): Node[] {
    if (tab === 'views') return this.#views();
    if (tab === 'requests') return this.#requests();
    if (tab === 'layers') return this.#layers();
    return this.#journal();
  }

  #views(): Node[] {
    const query = this.#query;
    const views = this.model
      .views()
      .filter((v) => query === '' || `${v.label} ${v.args}`.toLowerCase().includes(query));
    const out: Node[] = [
      el(
        'p',
        { class: 'note' },
        `${views.length} live view${views.length === 1 ? '' : 's'}. Runs: times the view computed since the panel was mounted; rows: the rows its value reaches now (a Query's whose value reaches none: its input's).`,
      ),
    ];
    for (const view of views.slice(0, LIMIT * 2)) {
      const id = `view:${view.key}`;
      const item = el(
        'details',
        { class: 'view', 'data-view': view.label },
        el(
          'summary',
          {},
          el('b', {}, view.label),
          view.args === '' ? '' : el('code', {}, ` ${view.args}`),
          el('span', { class: 'pill', 'data-runs': String(view.runs) }, `runs ${view.runs}`),
          el('span', { class: 'pill', 'data-rows': String(view.rows.length) }, `rows ${view.rows.length}`),
        ),
        el(
          'div',
          { class: 'small mono' },
          view.rows.length === 0
            ? 'reaches no row'
            : (view.input ? 'through its input: ' : '') +
                view.rows.slice(0, 200).join(', ') +
                (view.rows.length > 200 ? ` … ${view.rows.length - 200} more` : ''),
        ),
      );
      this.#keepOpen(item, id);
      out.push(item);
    }
    return out;
  }

  #requests(): Node[] {
    const query = this.#query;
    const all = this.recorder.requests;
    const matching = all.filter(
      (r) => query === '' || `${r.endpoint} ${format(r.args)} ${statusText(r)}`.toLowerCase().includes(query),
    );
    const table = el(
      'table',
      { class: 'log' },
      el('tr', {}, ...['time', 'endpoint', 'args', 'status', 'ms', ''].map((h) => el('th', {}, h))),
    );
    for (const r of matching.slice(-LIMIT).reverse()) {
      table.append(
        el(
          'tr',
          {
            class: r.status === 'error' ? 'failed' : undefined,
            'data-request': r.endpoint,
            title: `${r.method} ${r.url ?? r.key}`.trim(),
          },
          el('td', { class: 'muted' }, new Date(r.at).toISOString().slice(11, 23)),
          el('td', {}, r.endpoint),
          el('td', {}, el('code', {}, format(r.args, 160))),
          el('td', { 'data-status': r.status }, statusText(r)),
          el('td', {}, r.duration === undefined ? '…' : String(Math.round(r.duration))),
          el(
            'td',
            {},
            [r.joined ? 'joined a request in flight' : '', r.optimistic ? 'optimistic' : ''].join(' ').trim(),
          ),
        ),
      );
    }
    const joined = all.filter((r) => r.joined).length;
    return [
      el(
        'p',
        { class: 'note' },
        `${all.length} ctrl.fetch call${all.length === 1 ? '' : 's'}; ${joined} joined a request already in flight (deduplicated: nothing sent). Newest first; hover a row for its URL.`,
      ),
      table,
    ];
  }

  #layers(): Node[] {
    const layers = this.recorder.layers();
    const shown = this.model.layers;
    const out: Node[] = [
      el(
        'p',
        { class: 'note' },
        `${shown} optimistic layer${shown === 1 ? '' : 's'} shown above the server data. A mutation with getOptimisticResponse adds one when called; its response replaces it, a failure rolls it back.`,
      ),
    ];
    for (const layer of layers.slice(0, LIMIT)) {
      const fate =
        layer.status === 'pending'
          ? 'shown'
          : layer.status === 'ok'
            ? 'replaced by the response'
            : `rolled back (${layer.code ?? layer.status})`;
      out.push(
        el(
          'div',
          { class: 'row', 'data-layer': layer.endpoint },
          el('b', {}, layer.endpoint),
          ' ',
          el('code', {}, format(layer.args, 160)),
          el('span', { class: 'pill' }, fate),
        ),
      );
    }
    return out;
  }

  #journal(): Node[] {
    const query = this.#query;
    const all = this.recorder.commits;
    const matching = all.filter(({ commit }) => query === '' || journalText(commit).toLowerCase().includes(query));
    const out: Node[] = [
      el(
        'p',
        { class: 'note' },
        `${all.length} commit${all.length === 1 ? '' : 's'} since this tab was first opened: one per settled write, with each row's server value before → after. Newest first.`,
      ),
    ];
    for (const { id, at, commit } of matching.slice(-LIMIT).reverse()) {
      const parts = [
        commit.rows.length ? `${commit.rows.length} row${commit.rows.length === 1 ? '' : 's'}` : '',
        commit.lists.length ? `${commit.lists.length} list${commit.lists.length === 1 ? '' : 's'}` : '',
        commit.responses.length ? `responses: ${commit.responses.join(', ')}` : '',
        commit.meta.length && !commit.responses.length ? `meta: ${commit.meta.join(', ')}` : '',
      ].filter(Boolean);
      const item = el(
        'details',
        { class: 'commit', 'data-commit': commit.origin },
        el(
          'summary',
          {},
          el('span', { class: 'muted' }, new Date(at).toISOString().slice(11, 23)),
          ' ',
          el('b', {}, commit.origin),
          ' ',
          parts.join(' · '),
        ),
        ...commit.rows.slice(0, LIMIT).map((row) => rowDiff(`${row.key} ${row.pk}`, row.before, row.after)),
        ...commit.lists.map((list) =>
          el(
            'div',
            { class: 'diff small mono' },
            `${list.key} ${list.argsKey || '(no args)'}: ${count(list.before)} → ${count(list.after)} items`,
          ),
        ),
      );
      this.#keepOpen(item, `commit:${id}`);
      out.push(item);
    }
    return out;
  }

  /** Keeps a redrawn details element open when it was. */
  #keepOpen(item: HTMLDetailsElement, id: string): void {
    item.open = this.#open.has(id);
    item.addEventListener('toggle', () => (item.open ? this.#open.add(id) : this.#open.delete(id)));
  }

  //#endregion

  //#region chrome

  #click(event: Event): void {
    const target = event.target as HTMLElement;
    const action = target.closest<HTMLElement>('[data-action]');
    const key = target.closest<HTMLElement>('[data-key]')?.getAttribute('data-key');
    if (key == null) return;
    if (action !== null) return this.#act(action.getAttribute('data-action')!, key);
    if (target.closest('[data-open]') !== null) {
      const view = this.#keys.get(key)!;
      const id = `key:${key}`;
      const open = !this.#open.has(id);
      if (open) this.#open.add(id);
      else this.#open.delete(id);
      view.detail.hidden = !open;
      view.shown = undefined;
      this.#keyDetail(view);
    }
  }

  #show(tab: Tab): void {
    this.#tab = tab;
    if (tab === 'journal') this.#stopJournal ??= this.#listen();
    for (const [each, button] of this.#tabs) button.setAttribute('aria-selected', String(each === tab));
    for (const [each, body] of this.#bodies) body.hidden = each !== tab;
    this.#changed();
  }

  #setOpen(open: boolean, remember = true): void {
    this.#isOpen = open;
    this.#panel.hidden = !open;
    // Open, the panel's own × closes it: the toggle shows only while it is closed.
    if (this.#toggle !== undefined) this.#toggle.hidden = open;
    if (remember) {
      try {
        localStorage.setItem(STORAGE, open ? 'open' : 'closed');
      } catch {
        // No storage (a sandboxed frame): the choice lasts as long as the page.
      }
    }
    clearInterval(this.#tick);
    // Ages ("fetched 3 s ago") move while the panel is open.
    this.#tick = open ? setInterval(() => this.#changed(), 1000) : undefined;
    this.#changed();
  }

  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    this.#stopFlights();
    this.#stopJournal?.();
    clearTimeout(this.#slowTimer);
    clearInterval(this.#tick);
    this.#ctrl._timers.clearTimeout(this.#expiry as never);
    this.model.dispose();
    this.#root.replaceChildren();
  }

  //#endregion
}

function noop(): void {}

/** Whether the panel was left open in this browser (`undefined`: never chosen). */
function remembered(): boolean | undefined {
  try {
    const item = localStorage.getItem(STORAGE);
    return item === null ? undefined : item === 'open';
  } catch {
    return undefined;
  }
}

const texts = new WeakMap<object, string>();
/** A row's text for search, cached per row value (stored rows never change in place). */
function textOf(row: object): string {
  let text = texts.get(row);
  if (text === undefined) texts.set(row, (text = format(row, Infinity)));
  return text;
}

const sizes = new WeakMap<object, number>();
/** The JSON size of a stored value in bytes (UTF-16 units), cached per value. */
function sizeOf(value: unknown): number {
  if (value === null || typeof value !== 'object') return format(value, Infinity).length;
  let size = sizes.get(value);
  if (size === undefined) sizes.set(value, (size = format(value, Infinity).length));
  return size;
}

/** A row's own fields: nested schema fields are left out (their rows are edited in their own table). */
function ownFields(schema: { schema?: Record<string, unknown> }, row: object): Record<string, unknown> {
  const fields = schema.schema ?? {};
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) if (!isNested(fields[key])) out[key] = value;
  return out;
}

/** Whether a `static schema` field holds other rows (an Entity, a list or object of schemas, a schema class). */
function isNested(field: unknown): boolean {
  if (field == null) return false;
  if (typeof field === 'function') return (field as { _isEntity?: boolean })._isEntity === true;
  return typeof field === 'object';
}

/** A row's change as its fields before → after (a new row: its fields; a removed one: said so). */
function rowDiff(name: string, before: object | undefined, after: object | undefined): Node {
  const line = el('div', { class: 'diff small mono' }, el('b', {}, name), ' ');
  if (before === undefined) line.append(el('span', { class: 'after' }, `new ${format(after, 160)}`));
  else if (after === undefined) line.append(el('span', { class: 'before' }, 'removed'));
  else {
    const b = before as Record<string, unknown>;
    const a = after as Record<string, unknown>;
    const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => format(b[k]) !== format(a[k]));
    if (fields.length === 0) line.append(el('span', { class: 'muted' }, 'unchanged (its expiry moved)'));
    for (const field of fields)
      line.append(
        el('span', { class: 'k' }, field),
        ': ',
        el('span', { class: 'before' }, format(b[field], 60)),
        ' → ',
        el('span', { class: 'after' }, format(a[field], 60)),
        ' ',
      );
  }
  return line;
}

function count(list: unknown): number | string {
  return list === undefined ? 'none' : Array.isArray(list) ? list.length : Object.keys(list as object).length;
}

/** What the journal's search reads of a commit. */
function journalText(commit: Commit): string {
  return `${commit.origin} ${commit.rows.map((r) => `${r.key} ${r.pk}`).join(' ')} ${commit.responses.join(' ')} ${commit.meta.join(' ')}`;
}

function statusText(r: RequestRecord): string {
  return r.status === 'error' ? String(r.code ?? 'error') : r.status;
}

/** Replaces the children of `parent` unless they are those nodes already, in order. */
function replaceIfChanged(parent: Element, nodes: readonly Node[]): void {
  const now = parent.childNodes;
  if (now.length === nodes.length && nodes.every((node, i) => now[i] === node)) return;
  parent.replaceChildren(...nodes);
}
