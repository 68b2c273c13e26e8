/**
 * `mountDevtools(ctrl)`: the cache's devtools panel for any app (Solid, Preact, vanilla).
 *
 * What an app loads when it mounts the panel is this file: it attaches the panel's
 * manager to the Controller (so it sees every action from now on, queued until the panel
 * is ready), makes the host element, and loads the panel (./panel.ts) with a dynamic
 * `import()`, which a bundler splits into a chunk of its own. An app that imports the
 * entry and never calls `mountDevtools` (or calls it only outside production) ships none
 * of it.
 *
 * The panel's chunk imports nothing of the core: what it needs of it (the views' `idOf`,
 * the journal's `listen`) is handed over from here. A bundler that keeps the chunk of an
 * `import()` no code reaches (esbuild does) then shares no module with the app's files,
 * which stay byte for byte as they were (tests/devtools/shake.test.ts).
 */
import type { ActionTypes, Dispatch, Manager, Middleware } from '../controller/actions.js';
import type { Controller } from '../controller/Controller.js';
import { listen } from '../store/Journal.js';
import { idOf } from '../util/argsKey.js';

/** Options of {@link mountDevtools}. */
export interface DevtoolsOptions {
  /** The element the panel's host is appended to. Default: `document.body`. */
  target?: Element;
  /**
   * Whether the panel starts open. Default: as it was left in this browser (the toggle's
   * choice is kept in `localStorage`), open the first time.
   */
  open?: boolean;
  /**
   * The panel fills `target` (no toggle, no floating): for a page that gives the panel a
   * place of its own. Default: `false` (a floating toggle and a panel docked at the bottom).
   */
  inline?: boolean;
  /**
   * Names of the app's schemas and endpoints, shown as the labels of their views and of
   * the endpoints in the request timeline:
   * `{ names: { userCount, getUsers } }` (an object of exports works: `import * as api`).
   * Default: none (entity keys and schema kinds are used: `All(User)`).
   */
  names?: Readonly<Record<string, unknown>>;
}

/** What {@link mountDevtools} returns. */
export interface DevtoolsHandle {
  /** The host element (`[data-signal-cache-devtools]`); the panel is in its open shadow root. */
  readonly element: HTMLElement;
  /** Settles once the panel's code loaded and it rendered (rejects when it failed to load). */
  readonly ready: Promise<void>;
  /** Removes the panel and everything it runs: its manager, listeners, timers and effects. */
  unmount(): void;
}

/**
 * Mounts the devtools panel for `ctrl`: every cache key with its status (fresh, stale,
 * fetching, error, invalid), times, size and actions (refetch, invalidate, expire,
 * remove); the entity tables and their rows (searchable, expandable, editable); the live
 * views with the rows each reaches and its runs; the request timeline; optimistic layers
 * and their fate. Styles are isolated in an open shadow root of the host element, which
 * carries `data-signal-cache-devtools`.
 * @returns the handle: `unmount()` removes the panel and everything it listens to
 * @example
 * const ctrl = new Controller();
 * if (import.meta.env.DEV) mountDevtools(ctrl);
 */
export function mountDevtools(ctrl: Controller, options: DevtoolsOptions = {}): DevtoolsHandle {
  /** Actions seen before the panel is ready. */
  const queued: ActionTypes[] = [];
  let tap: ((action: ActionTypes, next: Dispatch) => Promise<void>) | undefined;
  let dispose: (() => void) | undefined;
  let done = false;
  const middleware: Middleware = () => (next) => (action) => {
    if (tap !== undefined) return tap(action, next);
    queued.push(action);
    return next(action);
  };
  // `ctrl.cleanup()` cleans the manager up: the panel goes with the Controller.
  const manager: Manager = { middleware, cleanup: teardown };
  const detach = ctrl._attach(manager);
  const element = document.createElement('div');
  element.setAttribute('data-signal-cache-devtools', '');
  (options.target ?? document.body).append(element);
  const ready = import('./panel.js').then(({ renderPanel }) => {
    if (done) return;
    const panel = renderPanel(ctrl, element, options, queued.splice(0), { idOf, listen });
    tap = panel.tap;
    dispose = () => panel.dispose();
  });

  /** Stops the panel and removes its element. */
  function teardown(): void {
    if (done) return;
    done = true;
    dispose?.();
    element.remove();
  }

  return {
    element,
    ready,
    unmount() {
      // Takes the manager out of the Controller's pipeline, and cleans it up (`teardown`).
      detach();
      teardown();
    },
  };
}
