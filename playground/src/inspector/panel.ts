/**
 * The inspector beside the preview: rows per entity type (searchable, with their values),
 * the live views (rows each read, updates), the request log and optimistic layers. It
 * reads the run's `InspectedController` (public API) and redraws at most every 150 ms.
 */
import { All, type Entity } from '../../../src/index.js';
import { walkEntities, type InspectedController, type ViewEntry } from './InspectedController.js';

type Tab = 'rows' | 'views' | 'requests' | 'layers';
const LIMIT = 100;

export class InspectorPanel {
  #ctrl: InspectedController | undefined;
  #tab: Tab = 'rows';
  #query = '';
  #timer: ReturnType<typeof setTimeout> | undefined;
  #alls = new WeakMap<typeof Entity, All<any>>();
  readonly #body: HTMLElement;
  readonly #search: HTMLInputElement;
  readonly #tabs: HTMLElement;

  constructor(readonly root: HTMLElement) {
    root.innerHTML = `
      <div class="inspector-head">
        <div class="tabs" role="tablist" data-testid="inspector-tabs">
          <button role="tab" data-tab="rows">Rows</button>
          <button role="tab" data-tab="views">Views</button>
          <button role="tab" data-tab="requests">Requests</button>
          <button role="tab" data-tab="layers">Layers</button>
        </div>
        <input type="search" placeholder="Search" aria-label="Search the inspector" data-testid="inspector-search" />
      </div>
      <div class="inspector-body" data-testid="inspector-body"></div>`;
    this.#body = root.querySelector('.inspector-body')!;
    this.#search = root.querySelector('input')!;
    this.#tabs = root.querySelector('.tabs')!;
    this.#tabs.addEventListener('click', (event) => {
      const tab = (event.target as HTMLElement).closest<HTMLElement>('[data-tab]')?.dataset.tab as Tab | undefined;
      if (tab) {
        this.#tab = tab;
        this.draw();
      }
    });
    this.#search.addEventListener('input', () => {
      this.#query = this.#search.value.trim().toLowerCase();
      this.draw();
    });
  }

  /** Follows a new run's controller. */
  attach(ctrl: InspectedController | undefined): void {
    this.#ctrl = ctrl;
    this.draw();
  }

  /** Schedules a redraw (many changes in a burst draw once). */
  changed(): void {
    this.#timer ??= setTimeout(() => {
      this.#timer = undefined;
      this.draw();
    }, 150);
  }

  draw(): void {
    for (const b of this.#tabs.querySelectorAll<HTMLElement>('[data-tab]'))
      b.setAttribute('aria-selected', String(b.dataset.tab === this.#tab));
    const ctrl = this.#ctrl;
    if (!ctrl) {
      this.#body.replaceChildren(note('Nothing running.'));
      return;
    }
    const content =
      this.#tab === 'rows'
        ? this.#rows(ctrl)
        : this.#tab === 'views'
          ? this.#views(ctrl)
          : this.#tab === 'requests'
            ? this.#requests(ctrl)
            : this.#layers(ctrl);
    this.#body.replaceChildren(...content);
  }

  #rows(ctrl: InspectedController): Node[] {
    const out: Node[] = [];
    for (const type of ctrl.entities) {
      let all = this.#alls.get(type);
      if (!all) this.#alls.set(type, (all = new All(type)));
      const rows = (ctrl.peekQuery(all) as Entity[] | undefined) ?? [];
      const matching = rows.filter(
        (row) =>
          !this.#query ||
          format(row).toLowerCase().includes(this.#query) ||
          type.key.toLowerCase().includes(this.#query),
      );
      const group = el('details', {
        class: 'group',
        'data-testid': 'entity-group',
        'data-entity': type.key || type.name,
      });
      group.open = true;
      group.append(
        el(
          'summary',
          {},
          `${type.key || type.name} `,
          el(
            'span',
            { class: 'muted' },
            `${matching.length}${matching.length === rows.length ? '' : ` of ${rows.length}`} row${rows.length === 1 ? '' : 's'}`,
          ),
        ),
      );
      for (const row of matching.slice(0, LIMIT)) {
        group.append(
          el(
            'div',
            { class: 'row', 'data-testid': 'entity-row' },
            el('b', {}, String(row.pk())),
            ' ',
            el('code', {}, format(row)),
          ),
        );
      }
      if (matching.length > LIMIT) group.append(note(`… ${matching.length - LIMIT} more (search to narrow)`));
      out.push(group);
    }
    return out.length ? out : [note('No rows cached yet.')];
  }

  #views(ctrl: InspectedController): Node[] {
    const matching = ctrl.views.filter(
      (v) => !this.#query || `${v.label} ${format(v.args)}`.toLowerCase().includes(this.#query),
    );
    const out: Node[] = [
      note(
        `${ctrl.views.length} views. Updates: distinct values a view has had (1 = never changed since its first read). The inspector subscribes to every view it lists, so none is released while the demo runs.`,
      ),
    ];
    for (const view of matching.slice(-LIMIT).reverse()) {
      const rows = rowsRead(ctrl, view);
      const item = el('details', { class: 'view', 'data-testid': 'view-entry' });
      item.append(
        el(
          'summary',
          {},
          el('b', {}, view.label),
          view.args.length ? el('code', {}, format(view.args)) : '',
          el('span', { class: 'pill', 'data-testid': 'view-updates' }, `updates ${view.updates}`),
          el('span', { class: 'pill' }, `rows ${rows.length}`),
        ),
        el(
          'div',
          { class: 'muted small' },
          rows.slice(0, 50).join(', ') + (rows.length > 50 ? ` … ${rows.length - 50} more` : '') || 'no rows read',
        ),
      );
      out.push(item);
    }
    if (matching.length > LIMIT) out.push(note(`… ${matching.length - LIMIT} older views (search to narrow)`));
    return out;
  }

  #requests(ctrl: InspectedController): Node[] {
    const table = el('table', { class: 'log', 'data-testid': 'request-log' });
    table.append(el('tr', {}, ...['endpoint', 'args', 'status', 'ms', 'dedup'].map((h) => el('th', {}, h))));
    const matching = ctrl.calls.filter(
      (c) => !this.#query || `${c.endpoint} ${format(c.args)} ${c.status}`.toLowerCase().includes(this.#query),
    );
    for (const call of matching.slice(-LIMIT).reverse()) {
      const failed = typeof call.status === 'number' ? call.status >= 400 : call.status === 'error';
      const tr = el(
        'tr',
        {
          class: failed ? 'failed' : '',
          'data-testid': 'request-entry',
          title: call.wire
            ? `${call.wire.method} ${call.wire.url}${call.wire.body === undefined ? '' : `\nbody sent: ${format(call.wire.body)}`}`
            : (call.url ?? ''),
        },
        el('td', {}, call.endpoint),
        el(
          'td',
          {},
          el('code', {}, format(call.args)),
          ...(call.wire?.body === undefined
            ? []
            : [el('div', { class: 'muted small' }, 'sent ', el('code', {}, format(call.wire.body)))]),
        ),
        el('td', {}, String(call.status)),
        el('td', {}, call.duration === undefined ? '…' : call.duration.toFixed(0)),
        el('td', {}, call.deduplicated ? 'yes' : ''),
      );
      table.append(tr);
    }
    return [
      note(
        `${ctrl.calls.length} ctrl.fetch calls; ${ctrl.calls.filter((c) => c.deduplicated).length} shared a request in flight. Hover a row for its URL.`,
      ),
      table,
    ];
  }

  #layers(ctrl: InspectedController): Node[] {
    const layers = ctrl.optimisticLayers();
    const shown = layers.filter((l) => l.status === 'pending').length;
    const out: Node[] = [
      note(
        `${shown} optimistic layer${shown === 1 ? '' : 's'} shown above the server data. A mutation with getOptimisticResponse adds one when called; the response replaces it, a failure rolls it back.`,
      ),
    ];
    for (const layer of layers.slice(0, LIMIT)) {
      const state =
        layer.status === 'pending'
          ? 'shown'
          : (typeof layer.status === 'number' && layer.status < 400) || layer.status === 'ok'
            ? 'replaced by the response'
            : `rolled back (${layer.status})`;
      out.push(
        el(
          'div',
          { class: 'row', 'data-testid': 'layer-entry' },
          el('b', {}, layer.endpoint),
          ' ',
          el('code', {}, format(layer.args)),
          ' ',
          el('span', { class: 'pill' }, state),
        ),
      );
    }
    return out;
  }
}

/** `Key:pk` of every row a view reached: its value's entities, or for a Query its input's. */
function rowsRead(ctrl: InspectedController, view: ViewEntry): string[] {
  const value = view.source === undefined ? view.signal.peek() : ctrl.peekQuery(view.source, ...view.args);
  const out = new Set<string>();
  walkEntities(value, (entity) => out.add(`${(entity.constructor as typeof Entity).key}:${entity.pk()}`), 4);
  return [...out];
}

function format(value: unknown): string {
  try {
    const text = JSON.stringify(value, (_key, v: unknown) =>
      typeof v === 'bigint' ? String(v) : v instanceof Blob ? `Blob(${v.size} bytes)` : v,
    );
    return text === undefined ? String(value) : text.length > 400 ? `${text.slice(0, 400)}…` : text;
  } catch {
    return String(value);
  }
}

function note(text: string): HTMLElement {
  return el('p', { class: 'muted small' }, text);
}

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string>,
  ...children: Array<Node | string>
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  node.append(...children);
  return node;
}
