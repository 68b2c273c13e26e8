/**
 * An error boundary for the fetching hooks, with a `reset` that retries.
 */
import { Component, type ComponentChildren } from 'preact';
import { retries } from './base.js';

/** Props of {@link ErrorBoundary}. */
export interface ErrorBoundaryProps {
  /** What to show instead of the children after an error; `reset` retries and shows them again. */
  fallback: (error: Error, reset: () => void) => ComponentChildren;
  children?: ComponentChildren;
}

/**
 * Catches an error thrown below it (a failed `useSuspense` / `useLive` fetch, a
 * `NetworkError` with its `status`) and renders `fallback(error, reset)`. `reset` refetches
 * the key whose error was thrown, at once (even within its `errorExpiryLength`), and
 * renders the children again: they suspend on that request and show its data, or come
 * back here with its error. For any other error `reset` just renders the children again.
 *
 * @example
 * <ErrorBoundary fallback={(error, reset) => <p>{error.message} <button onClick={reset}>Retry</button></p>}>
 *   <Suspense fallback={<p>Loading…</p>}><Issues /></Suspense>
 * </ErrorBoundary>
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { error?: Error | undefined }> {
  static override getDerivedStateFromError(error: Error): { error: Error } {
    return { error };
  }

  override render(): ComponentChildren {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    return this.props.fallback(error, () => {
      retries.get(error)?.();
      this.setState({ error: undefined });
    });
  }
}
