/**
 * The Solid shell of a W25 page: renders the harness's view state with a library's
 * data-bound views, inside `[data-bench-harness]`.
 */
import { type Component, For, type JSX, Show, Suspense, createSignal, onCleanup } from 'solid-js';
import { render } from 'solid-js/web';
import type { Issue, IssueState } from '../fixtures.js';
import { type Library, register, views } from '../harness.js';
import { ROW_STYLE } from '../present.js';
import { DetailPanel, PinnedCardView } from './components.js';

/** A library's data-bound views. */
export interface Views {
  List: Component<{ count: number; limit?: number }>;
  Sorted: Component<{ count: number; limit?: number }>;
  StateList: Component<{ state: IssueState; count: number; limit?: number }>;
  /** One issue by number, shown by `Panel` (a detail panel, a pinned card); may suspend. */
  Issue: Component<{ number: number; Panel: Component<{ issue: Issue }> }>;
}

function Loading(props: { children: JSX.Element }) {
  return <Suspense fallback={<div>Loading…</div>}>{props.children}</Suspense>;
}

function Shell(props: { views: Views }) {
  const [s, setS] = createSignal(views.get());
  onCleanup(views.subscribe(setS));
  const V = props.views;
  return (
    <div data-bench-harness="">
      <Show when={s().list !== null}>
        <V.List count={s().list!} limit={s().limit} />
      </Show>
      <Show when={s().sorted !== null}>
        <V.Sorted count={s().sorted!} limit={s().limit} />
      </Show>
      <Show when={s().double !== null}>
        <div style={ROW_STYLE}>
          <V.StateList state="open" count={s().double!} limit={s().limit} />
          <V.StateList state="closed" count={s().double!} limit={s().limit} />
        </div>
      </Show>
      <Show when={s().detail} keyed>
        {(number) => (
          <Loading>
            <V.Issue number={number} Panel={DetailPanel} />
          </Loading>
        )}
      </Show>
      <Show when={s().pinned.length > 0}>
        <div data-pinned-strip="" style={ROW_STYLE}>
          <For each={s().pinned}>
            {(n) => (
              <Loading>
                <V.Issue number={n} Panel={PinnedCardView} />
              </Loading>
            )}
          </For>
        </div>
      </Show>
    </div>
  );
}

/**
 * Renders the page: the shell inside `wrap` (the library's provider), then registers
 * `window.__BENCH__` with the library's writes.
 */
export function start(V: Views, lib: Library, wrap: (children: () => JSX.Element) => JSX.Element = (c) => c()): void {
  const root = document.createElement('div');
  document.body.append(root);
  render(() => wrap(() => <Shell views={V} />), root);
  register(lib);
}
