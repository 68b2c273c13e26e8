import { render } from 'preact';
import { memo, Suspense } from 'preact/compat';
import { CacheProvider, ErrorBoundary, useController, useQuery, useSuspense } from 'signal-cache/preact';
import { getIssues, type Issue, openCount, setOpen } from '../api';

const IssueRow = memo(({ issue }: { issue: Issue }) => {
  const ctrl = useController();
  const toggle = () => ctrl.fetch(setOpen, { id: issue.id }, { open: !issue.open }).catch(() => {}); // a refusal rolls back
  return (
    <li>
      <input type="checkbox" checked={!issue.open} onChange={toggle} />
      {issue.title} by {issue.author?.name}
    </li>
  );
});
function Issues() {
  const issues = useSuspense(getIssues); // suspends until fetched; a failure goes to the ErrorBoundary
  const open = useQuery(openCount);
  const rows = issues.map((issue) => <IssueRow key={issue.id} issue={issue} />);
  return (
    <>
      <p id="open-count">{open} open</p>
      <ul id="issues">{rows}</ul>
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
