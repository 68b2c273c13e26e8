import { ErrorBoundary, For, Suspense } from 'solid-js';
import { render } from 'solid-js/web';
import { CacheProvider, createQuery, createSuspense, useController } from 'signal-cache/solid';
import { getIssues, openCount, setOpen } from '../api';

function Issues() {
  const ctrl = useController();
  const issues = createSuspense(getIssues); // suspends until fetched; a failure goes to the ErrorBoundary
  const open = createQuery(openCount);
  const toggle = (id: string, open: boolean) => ctrl.fetch(setOpen, { id }, { open }).catch(() => {}); // a refusal rolls back
  return (
    <>
      <p id="open-count">{open()} open</p>
      <ul id="issues">
        <For each={issues()}>
          {(issue) => (
            <li>
              <input type="checkbox" checked={!issue.open} onChange={() => toggle(issue.id, !issue.open)} />
              {issue.title} by {issue.author?.name}
            </li>
          )}
        </For>
      </ul>
    </>
  );
}

render(
  () => (
    <CacheProvider>
      <ErrorBoundary
        fallback={(error: Error, retry) => (
          <p role="alert">
            {error.message} <button onClick={retry}>Retry</button>
          </p>
        )}
      >
        <Suspense fallback={<p>Loading…</p>}>
          <Issues />
        </Suspense>
      </ErrorBoundary>
    </CacheProvider>
  ),
  document.getElementById('app')!,
);
