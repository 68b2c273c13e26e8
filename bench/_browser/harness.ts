/**
 * W25's in-page harness, the same for every library and framework: what is mounted (a
 * small store the framework shell renders from), the actions the runner calls through
 * `window.__BENCH__`, and the measurement.
 *
 * A measurement starts right before the action and ends in the `MutationObserver`
 * callback that first sees the expected DOM (a title, a name, a row gone…) inside
 * `[data-bench-harness]`: the time a user waits from the action to the screen showing it
 * (data-client's method: examples/benchmark-react). Every action resolves with that time
 * in ms; the runner turns it into ops/s.
 *
 * A library supplies its writes (`Library`); the framework shell renders the view state
 * with the library's data-bound components and the framework's presentational ones.
 */
import { FIXTURE_ISSUES, type Issue, type IssueState, type User } from './fixtures.js';
import { afterPaint, seedServer, setNetworkSim, settle } from './server.js';

/** What is mounted. `null`: not mounted. */
export interface ViewState {
  /** A list of `count` issues (`GET /issues?count=`). */
  list: number | null;
  /** The same list sorted by title (a derived view). */
  sorted: number | null;
  /** Two lists side by side: open and closed issues, `count` each. */
  double: number | null;
  /** One issue's detail panel. */
  detail: number | null;
  /** Cards of these issues, each read by its own request/key. */
  pinned: number[];
  /** Rows rendered per list (the data has more). */
  limit: number | undefined;
}

/** The writes a library implements; each starts the write and returns (the harness observes the DOM). */
export interface Library {
  updateIssueTitle(number: number, title: string): void;
  updateUserName(login: string, name: string): void;
  createIssue(title: string, login: string): void;
  deleteIssue(number: number): void;
  /** Moves an issue to the other state list (`count`: the lists' count argument). */
  moveIssue(number: number, state: IssueState, count: number): void;
  /** Clears the cache, so the next mount fetches. */
  resetStore(): void;
  /** Collects what no mounted view holds (the memory scenario), when the library has such a call. */
  gc?(): void;
}

const EMPTY: ViewState = { list: null, sorted: null, double: null, detail: null, pinned: [], limit: undefined };

let state: ViewState = EMPTY;
const listeners = new Set<(s: ViewState) => void>();

/** The view state and its changes, for the framework shells. */
export const views = {
  get: (): ViewState => state,
  set(patch: Partial<ViewState>): void {
    state = { ...state, ...patch };
    for (const listener of listeners) listener(state);
  },
  subscribe(listener: (s: ViewState) => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

//#region ref stability

let current: readonly Issue[] = [];
let snapshot: Map<number, { issue: Issue; user: User }> | null = null;

/** Called by a list view with the array it renders (the objects its rows receive). */
export function reportList(issues: readonly Issue[]): void {
  current = issues;
}

//#endregion

//#region measuring

const OBSERVE: MutationObserverInit = { childList: true, subtree: true, characterData: true, attributes: true };

function root(): HTMLElement {
  const el = document.querySelector<HTMLElement>('[data-bench-harness]');
  if (el === null) throw new Error('no [data-bench-harness] in the page');
  return el;
}

/**
 * Runs `action` and resolves with the ms until a mutation of the harness leaves `ready()`
 * true. Rejects after 30 s (what the DOM showed is in the message).
 */
function measure(what: string, action: () => void, ready: () => boolean): Promise<number> {
  const el = root();
  return new Promise<number>((resolve, reject) => {
    let start = 0;
    const observer = new MutationObserver(() => {
      if (!ready()) return;
      const end = performance.now();
      observer.disconnect();
      clearTimeout(timer);
      resolve(end - start);
    });
    observer.observe(el, OBSERVE);
    const timer = setTimeout(() => {
      observer.disconnect();
      reject(new Error(`${what}: the expected DOM did not show within 30 s; shown: ${el.textContent?.slice(0, 300)}`));
    }, 30_000);
    start = performance.now();
    action();
  });
}

/** Resolves when `ready()` holds (at once, or at the mutation that makes it true). */
function until(what: string, ready: () => boolean): Promise<unknown> {
  return ready() ? Promise.resolve() : measure(what, () => {}, ready);
}

const $ = (selector: string, scope: ParentNode = document) => scope.querySelector<HTMLElement>(selector);
const $$ = (selector: string, scope: ParentNode = document) => scope.querySelectorAll<HTMLElement>(selector);
const text = (el: Element | null) => el?.textContent ?? null;

/** The fixture issues the server was seeded with (the harness's own creates and deletes are not counted). */
let seeded = FIXTURE_ISSUES.length;

/** Rows a list of `count` (of issues in `state`) shows: the render limit, and what the server has. */
function shown(count: number, state?: IssueState): number {
  let available = seeded;
  if (state !== undefined) available = FIXTURE_ISSUES.slice(0, seeded).filter((i) => i.state === state).length;
  return Math.min(count, available, views.get().limit ?? count);
}

function listReady(selector: string, count: number, state?: IssueState): boolean {
  const list = $(selector);
  return list !== null && $$('[data-issue-number]', list).length === shown(count, state);
}

function seed(count: number): void {
  seeded = count;
  seedServer(count);
}

//#endregion

/** Registers `window.__BENCH__` for a library; call once the shell is rendered. */
export function register(lib: Library): void {
  let version = 0;
  let created = 0;
  /** Where `moveItem` sends an issue next, per issue. */
  const moveTo = new Map<number, IssueState>();

  const api = {
    setNetworkSim,
    setRenderLimit(limit: number | undefined) {
      views.set({ limit });
    },
    settle,
    /** Resets the server to the first `count` fixture issues (default: all). */
    seed(count = FIXTURE_ISSUES.length) {
      seed(count);
    },

    init(count: number) {
      return measure(
        `init(${count})`,
        () => views.set({ list: count }),
        () => listReady('[data-list]', count),
      );
    },
    async mountSortedView(count: number) {
      seed(count);
      return measure(
        `mountSortedView(${count})`,
        () => views.set({ sorted: count }),
        () => listReady('[data-sorted-list]', count),
      );
    },
    initDoubleList(count: number) {
      return measure(
        `initDoubleList(${count})`,
        () => views.set({ double: count }),
        () =>
          listReady('[data-state-list="open"]', count, 'open') &&
          listReady('[data-state-list="closed"]', count, 'closed'),
      );
    },
    async initMultiView(count: number) {
      seed(count);
      const pinned = Array.from({ length: 10 }, (_, i) => i + 1);
      const ms = await measure(
        `initMultiView(${count})`,
        () => views.set({ list: count, detail: 1, pinned }),
        () =>
          listReady('[data-list]', count) &&
          $('[data-detail-view] [data-title]') !== null &&
          $$('[data-pinned-number]').length === pinned.length,
      );
      return ms;
    },
    /**
     * Switches `navigations` times from a sorted list of `seedCount` issues to an issue's
     * detail and back; resolves with the time of the switches (one warm-up switch first).
     */
    async listDetailSwitch(navigations: number, seedCount: number) {
      seed(seedCount);
      const sortedShown = () => listReady('[data-sorted-list]', seedCount);
      const detailShown = (n: number) => () => $(`[data-detail-view][data-detail-number="${n}"] [data-title]`) !== null;
      await measure('listDetailSwitch mount', () => views.set({ sorted: seedCount }), sortedShown);
      const go = (n: number) => measure(`detail ${n}`, () => views.set({ sorted: null, detail: n }), detailShown(n));
      const back = () => measure('back to the list', () => views.set({ detail: null, sorted: seedCount }), sortedShown);
      await go(1);
      await back();
      let total = 0;
      for (let i = 0; i < navigations; i++) {
        total += await go(i + 2);
        total += await back();
      }
      return total;
    },
    async unmountAll() {
      views.set({ ...EMPTY, limit: state.limit });
      await until('unmountAll', () => root().childElementCount === 0);
      await afterPaint();
    },
    async reset() {
      await api.unmountAll();
      lib.resetStore();
    },
    /** Mounts a list of `count` and unmounts it, `cycles` times. */
    async mountUnmountCycle(count: number, cycles: number) {
      for (let i = 0; i < cycles; i++) {
        await api.init(count);
        await api.unmountAll();
        await settle();
      }
    },
    gc() {
      lib.gc?.();
    },

    updateEntity(number: number) {
      const title = `${FIXTURE_ISSUES[number - 1].title} (v${++version})`;
      return measure(
        `updateEntity(${number})`,
        () => lib.updateIssueTitle(number, title),
        () => {
          const titles = $$(`[data-issue-number="${number}"] [data-title]`);
          return titles.length > 0 && [...titles].every((el) => el.textContent === title);
        },
      );
    },
    updateEntityMultiView(number: number) {
      const title = `${FIXTURE_ISSUES[number - 1].title} (v${++version})`;
      return measure(
        `updateEntityMultiView(${number})`,
        () => lib.updateIssueTitle(number, title),
        () =>
          text($(`[data-list] [data-issue-number="${number}"] [data-title]`)) === title &&
          text($(`[data-detail-view][data-detail-number="${number}"] [data-title]`)) === title &&
          text($(`[data-pinned-number="${number}"] [data-title]`)) === title,
      );
    },
    updateUser(login: string) {
      const name = `${login} renamed (v${++version})`;
      return measure(
        `updateUser(${login})`,
        () => lib.updateUserName(login, name),
        () => {
          const names = $$(`[data-user-login="${login}"] [data-user-name]`);
          return names.length > 0 && [...names].every((el) => el.textContent === name);
        },
      );
    },
    unshiftItem() {
      const title = `New issue ${++created}`;
      return measure(
        'unshiftItem()',
        () => lib.createIssue(title, 'user0'),
        () => text($('[data-list] [data-issue-number] [data-title]')) === title,
      );
    },
    deleteEntity(number: number) {
      return measure(
        `deleteEntity(${number})`,
        () => lib.deleteIssue(number),
        () => $(`[data-issue-number="${number}"]`) === null,
      );
    },
    moveItem(number: number) {
      const to: IssueState = moveTo.get(number) ?? (FIXTURE_ISSUES[number - 1].state === 'open' ? 'closed' : 'open');
      moveTo.set(number, to === 'open' ? 'closed' : 'open');
      const from = to === 'open' ? 'closed' : 'open';
      return measure(
        `moveItem(${number} → ${to})`,
        () => lib.moveIssue(number, to, state.double ?? 0),
        () =>
          $(`[data-state-list="${from}"] [data-issue-number="${number}"]`) === null &&
          $(`[data-state-list="${to}"] [data-issue-number="${number}"]`) !== null,
      );
    },

    captureRefSnapshot() {
      snapshot = new Map(current.map((issue) => [issue.number, { issue, user: issue.user }]));
    },
    /** Of the issues in the snapshot still listed: how many rows got a new issue / user object. */
    getRefStabilityReport() {
      const report = { issueRefChanged: 0, issueRefUnchanged: 0, userRefChanged: 0, userRefUnchanged: 0 };
      for (const issue of current) {
        const before = snapshot?.get(issue.number);
        if (before === undefined) continue;
        if (before.issue === issue) report.issueRefUnchanged++;
        else report.issueRefChanged++;
        if (before.user === issue.user) report.userRefUnchanged++;
        else report.userRefChanged++;
      }
      return report;
    },
    /** The harness's DOM in a canonical text form (see canonical). */
    dom() {
      return canonical(root());
    },
  };
  (window as unknown as { __BENCH__: typeof api }).__BENCH__ = api;
  document.body.setAttribute('data-app-ready', '');
  // `?startup=n[&sim=base,perMs]`: the startup scenario shows a list of n at once and
  // records when it is on screen, in ms since navigation start.
  const params = new URLSearchParams(location.search);
  const startup = params.get('startup');
  if (startup !== null) {
    const sim = params.get('sim')?.split(',').map(Number);
    if (sim) setNetworkSim({ baseLatencyMs: sim[0], recordsPerMs: sim[1] });
    const go = () =>
      api.init(Number(startup)).then(() => {
        (window as unknown as { __STARTUP__: number }).__STARTUP__ = performance.now();
      });
    // React renders the shell in a later task.
    if ($('[data-bench-harness]')) go();
    else {
      const wait = new MutationObserver(() => {
        if ($('[data-bench-harness]') === null) return;
        wait.disconnect();
        go();
      });
      wait.observe(document.body, { childList: true, subtree: true });
    }
  }
}

/**
 * An element as text that does not depend on how a framework builds it: tag, attributes
 * sorted (`style` as the browser normalizes it), adjacent text merged and trimmed,
 * comments left out.
 */
export function canonical(el: Element): string {
  const attrs = [...el.attributes]
    .filter((a) => a.name !== 'style')
    .map((a) => `${a.name}="${a.value}"`)
    .sort();
  const style = (el as HTMLElement).style?.cssText;
  if (style) attrs.push(`style="${style}"`);
  let out = `<${el.tagName.toLowerCase()}${attrs.length ? ` ${attrs.join(' ')}` : ''}>`;
  let pending = '';
  const flush = () => {
    if (pending.trim()) out += pending.trim();
    pending = '';
  };
  for (const node of el.childNodes) {
    if (node.nodeType === Node.TEXT_NODE) pending += node.textContent;
    else if (node.nodeType === Node.ELEMENT_NODE) {
      flush();
      out += canonical(node as Element);
    }
  }
  flush();
  return `${out}</${el.tagName.toLowerCase()}>`;
}
