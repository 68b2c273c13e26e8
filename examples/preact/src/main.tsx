import { render } from 'preact';
import { memo, Suspense } from 'preact/compat';
import { useState } from 'preact/hooks';
import {
  CacheProvider,
  ErrorBoundary,
  useController,
  useError,
  useFetch,
  useKeepPrevious,
  useMutation,
  useQuery,
  useSuspense,
} from 'signal-cache/preact';
import { type Issue, IssueResource, PAGE_SIZE, getIssues, isIssueList, openCount, toggleIssue } from '../../shared/api';
import '../../shared/style.css';

/**
 * One row, memoized: it renders again only when this issue (or its author) changes. An
 * unchanged issue is the same object in every new list, and `onSelect` is a state setter
 * (stable), so the other rows of a new list are skipped.
 */
const IssueRow = memo(function IssueRow({ issue, onSelect }: { issue: Issue; onSelect: (id: string) => void }) {
  const ctrl = useController();
  const toggle = () => ctrl.fetch(toggleIssue, { id: issue.id }, { open: !issue.open }).catch(() => {});
  return (
    <li>
      <input type="checkbox" class="toggle" title="closed" checked={!issue.open} onChange={toggle} />
      <button class="title" onClick={() => onSelect(issue.id)}>
        {issue.title}
      </button>{' '}
      <span class="author">{issue.author?.name}</span> <span>{issue.open ? 'open' : 'closed'}</span>
    </li>
  );
});

/** A page of issues; the previous page stays (dimmed) while the next one loads. */
function IssueList({ onSelect }: { onSelect: (id: string) => void }) {
  const ctrl = useController();
  const [page, setPage] = useState(1);
  const [issues, previous] = useKeepPrevious(useFetch(getIssues, { page }));
  const error = useError(getIssues, { page });
  return (
    <section>
      {error && (
        <p role="alert" class="list-error">
          {error.message} <button onClick={() => ctrl.fetch(getIssues, { page }).catch(() => {})}>Retry</button>
        </p>
      )}
      <ul id="issues" class={previous ? 'previous' : ''}>
        {issues?.map((issue) => (
          <IssueRow key={issue.id} issue={issue} onSelect={onSelect} />
        ))}
      </ul>
      <nav>
        <button id="prev" disabled={page === 1} onClick={() => setPage(page - 1)}>
          Previous
        </button>
        <span id="page">Page {page}</span>
        <button id="next" disabled={(issues?.length ?? 0) < PAGE_SIZE} onClick={() => setPage(page + 1)}>
          Next
        </button>
      </nav>
    </section>
  );
}

/** The selected issue: read from the row the list cached (no request), edited in place. */
function Detail({ id, onDelete }: { id: string; onDelete: (id: string) => void }) {
  const ctrl = useController();
  const issue = useSuspense(IssueResource.get, { id });
  const [title, setTitle] = useState('');
  const save = useMutation((title: string) => ctrl.fetch(IssueResource.partialUpdate, { id }, { title }));
  return (
    <article id="detail">
      <h2>{issue.title}</h2>
      <p>by {issue.author?.name}</p>
      <input id="edit-title" value={title || issue.title} onInput={(e) => setTitle(e.currentTarget.value)} />
      <button id="save" disabled={save.pending} onClick={() => save.run(title || issue.title)}>
        {save.pending ? 'Saving…' : 'Save'}
      </button>
      <button id="delete" onClick={() => onDelete(id)}>
        Delete
      </button>
      {save.error && <p role="alert">{save.error.message}</p>}
    </article>
  );
}

function NewIssue() {
  const ctrl = useController();
  const [title, setTitle] = useState('');
  const create = useMutation(async (title: string) => {
    const issue = await ctrl.fetch(IssueResource.create, { title });
    ctrl.invalidateAll(isIssueList); // the page on screen refetches and shows it
    return issue;
  });
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        create.run(title).then((issue) => issue && setTitle(''));
      }}
    >
      <input id="new-title" placeholder="New issue" value={title} onInput={(e) => setTitle(e.currentTarget.value)} />
      <button id="create" disabled={create.pending || title === ''}>
        Create
      </button>
      {create.error && <p role="alert">{create.error.message}</p>}
    </form>
  );
}

function App() {
  const ctrl = useController();
  const [selected, setSelected] = useState<string>();
  const open = useQuery(openCount);
  const remove = useMutation(async (id: string) => {
    setSelected(undefined); // close the detail first: a view of a deleted issue refetches it
    await ctrl.fetch(IssueResource.delete, { id });
    ctrl.invalidateAll(isIssueList);
  });
  return (
    <main>
      <h1>Issues</h1>
      <p id="open-count">{open ?? 0} open (cached)</p>
      <NewIssue />
      {remove.error && <p role="alert">{remove.error.message}</p>}
      <IssueList onSelect={setSelected} />
      {selected && (
        <ErrorBoundary
          key={selected}
          fallback={(error, reset) => (
            <p role="alert">
              {error.message} <button onClick={reset}>Retry</button>
            </p>
          )}
        >
          <Suspense fallback={<p>Loading…</p>}>
            <Detail id={selected} onDelete={(id) => remove.run(id)} />
          </Suspense>
        </ErrorBoundary>
      )}
    </main>
  );
}

render(
  <CacheProvider>
    <App />
  </CacheProvider>,
  document.getElementById('app')!,
);
