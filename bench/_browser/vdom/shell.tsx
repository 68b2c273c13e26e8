/**
 * The React / Preact shell of a W25 page: renders the harness's view state with a
 * library's data-bound views, inside `[data-bench-harness]`. Built twice (see
 * ./components.tsx).
 */
import { type ComponentType, type ReactNode, Suspense, useSyncExternalStore } from 'vdom';
import { render } from 'vdom-render';
import type { Issue, IssueState } from '../fixtures.js';
import { type Library, register, views } from '../harness.js';
import { ROW_STYLE } from '../present.js';
import { DetailPanel, PinnedCardView } from './components.js';

/** A library's data-bound views. */
export interface Views {
  List: ComponentType<{ count: number; limit?: number }>;
  Sorted: ComponentType<{ count: number; limit?: number }>;
  StateList: ComponentType<{ state: IssueState; count: number; limit?: number }>;
  /** One issue by number, shown by `Panel` (a detail panel, a pinned card); may suspend. */
  Issue: ComponentType<{ number: number; Panel: ComponentType<{ issue: Issue }> }>;
}

function Loading({ children }: { children: ReactNode }) {
  return <Suspense fallback={<div>Loading…</div>}>{children}</Suspense>;
}

function Shell({ views: V }: { views: Views }) {
  const s = useSyncExternalStore(views.subscribe, views.get);
  return (
    <div data-bench-harness="">
      {s.list !== null && <V.List count={s.list} limit={s.limit} />}
      {s.sorted !== null && <V.Sorted count={s.sorted} limit={s.limit} />}
      {s.double !== null && (
        <div style={ROW_STYLE}>
          <V.StateList state="open" count={s.double} limit={s.limit} />
          <V.StateList state="closed" count={s.double} limit={s.limit} />
        </div>
      )}
      {s.detail !== null && (
        <Loading>
          <V.Issue number={s.detail} Panel={DetailPanel} />
        </Loading>
      )}
      {s.pinned.length > 0 && (
        <div data-pinned-strip="" style={ROW_STYLE}>
          {s.pinned.map((n) => (
            <Loading key={n}>
              <V.Issue number={n} Panel={PinnedCardView} />
            </Loading>
          ))}
        </div>
      )}
    </div>
  );
}

/**
 * Renders the page: the shell inside `wrap` (the library's provider), then registers
 * `window.__BENCH__` with the library's writes.
 */
export function start(V: Views, lib: Library, wrap: (children: ReactNode) => ReactNode = (c) => c): void {
  const root = document.createElement('div');
  document.body.append(root);
  render(wrap(<Shell views={V} />), root);
  register(lib);
}
