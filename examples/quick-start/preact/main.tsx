import { render } from 'preact';
import { Suspense } from 'preact/compat';
import { CacheProvider, ErrorBoundary, useController, useQuery, useSuspense } from 'signal-cache/preact';
import { getIssues, openCount, setOpen } from '../api';

function Issues() {
  const ctrl = useController();
  const issues = useSuspense(getIssues); // suspends until fetched; a failure goes to the ErrorBoundary
  const open = useQuery(openCount);
  const toggle = (id: string, open: boolean) => ctrl.fetch(setOpen, { id }, { open }).catch(() => {}); // a refusal rolls back
  return (
    <>
      <p id="open-count">{open} open</p>
      <ul id="issues">
        {issues.map((issue) => (
          <li key={issue.id}>
            <input type="checkbox" checked={!issue.open} onChange={() => toggle(issue.id, !issue.open)} />
            {issue.title} by {issue.author?.name}
          </li>
        ))}
      </ul>
    </>
  );
}

render(
  <CacheProvider>
    <ErrorBoundary
      fallback={(error, retry) => (
        <p role="alert">
          {error.message} <button onClick={retry}>Retry</button>
        </p>
      )}
    >
      <Suspense fallback={<p>Loading…</p>}>
        <Issues />
      </Suspense>
    </ErrorBoundary>
  </CacheProvider>,
  document.getElementById('app')!,
);
