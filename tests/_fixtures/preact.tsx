/** Preact test helpers: mounting inside a provider (and boundaries), settling renders. */
import { container, tick } from './dom.js';
import { Component, render, type ComponentChildren } from 'preact';
import { Suspense } from 'preact/compat';
import { act } from 'preact/test-utils';
import type { Controller } from '../../src/index.js';
import { CacheProvider } from '../../src/preact/index.js';
import { sleep } from './time.js';

/** Renders `error: <message>` for an error thrown below it. */
export class ErrorBoundary extends Component<{ children: ComponentChildren }, { error?: Error }> {
  static override getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <em>{`error: ${this.state.error.message}`}</em> : this.props.children;
  }
}

/**
 * Renders `children` into a fresh container inside a provider of `ctrl`; with
 * `boundaries`, inside an ErrorBoundary and a Suspense whose fallback is `loading`.
 */
export function mount(ctrl: Controller, children: ComponentChildren, { boundaries = false } = {}) {
  const root = container();
  const tree = boundaries ? (
    <ErrorBoundary>
      <Suspense fallback={<i>loading</i>}>{children}</Suspense>
    </ErrorBoundary>
  ) : (
    children
  );
  act(() => render(<CacheProvider controller={ctrl}>{tree}</CacheProvider>, root));
  return { root, unmount: () => act(() => render(null, root)) };
}

/**
 * Lets scheduled renders, effects and deferred DOM updates run. Effects of a render outside
 * `act` (a suspended component resuming) run after paint: a frame or a 35 ms timer, both
 * scheduled before this later timer.
 */
export async function settle(): Promise<void> {
  await sleep(40);
  await flush();
}

/** Runs the renders and effects scheduled so far, and one macrotask, inside `act`. */
export async function flush(): Promise<void> {
  await act(async () => {
    await tick();
  });
}
