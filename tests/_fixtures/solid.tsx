/** @jsxImportSource solid-js */
/** Solid test helpers: mounting inside a provider and boundaries. */
import { container } from './dom.js';
import { ErrorBoundary, Suspense, type JSX } from 'solid-js';
import { render } from 'solid-js/web';
import type { Controller } from '../../src/index.js';
import { CacheProvider } from '../../src/solid/index.js';

/**
 * Renders `view` into a fresh container inside a provider of `ctrl`; with `boundaries`
 * (the default), inside an ErrorBoundary (`error: <message>`) and a Suspense whose
 * fallback is `loading`.
 */
export function mount(ctrl: Controller, view: () => JSX.Element, { boundaries = true } = {}) {
  const root = container();
  const dispose = render(
    () => (
      <CacheProvider controller={ctrl}>
        {boundaries ? (
          <ErrorBoundary fallback={(error: Error) => <em>{`error: ${error.message}`}</em>}>
            <Suspense fallback={<i>loading</i>}>{view()}</Suspense>
          </ErrorBoundary>
        ) : (
          view()
        )}
      </CacheProvider>
    ),
    root,
  );
  return { root, dispose };
}
