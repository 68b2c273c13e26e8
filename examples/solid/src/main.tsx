import { ErrorBoundary, For, Show, Suspense, createSignal } from 'solid-js';
import { render } from 'solid-js/web';
import {
  CacheProvider,
  createError,
  createFetch,
  createKeepPrevious,
  createMutation,
  createQuery,
  createSuspense,
  useController,
} from 'signal-cache/solid';
import { type Issue, IssueResource, PAGE_SIZE, getIssues, isIssueList, openCount, toggleIssue } from '../../shared/api';
import '../../shared/style.css';

/** One row. `issue` is one object for as long as it is listed: read its fields in JSX. */
function IssueRow(props: { issue: Issue; onSelect: (id: string) => void }) {
  const ctrl = useController();
  const toggle = () => ctrl.fetch(toggleIssue, { id: props.issue.id }, { open: !props.issue.open }).catch(() => {});
  return (
    <li>
      <input type="checkbox" class="toggle" title="closed" checked={!props.issue.open} onChange={toggle} />
      <button class="title" onClick={() => props.onSelect(props.issue.id)}>
        {props.issue.title}
      </button>{' '}
      <span class="author">{props.issue.author?.name}</span> <span>{props.issue.open ? 'open' : 'closed'}</span>
    </li>
  );
}

/** A page of issues; the previous page stays (dimmed) while the next one loads. */
function IssueList(props: { onSelect: (id: string) => void }) {
  const ctrl = useController();
  const [page, setPage] = createSignal(1);
  const args = () => ({ page: page() });
  const [issues, previous] = createKeepPrevious(createFetch(getIssues, args));
  const error = createError(getIssues, args);
  const retry = () => ctrl.fetch(getIssues, args()).catch(() => {});
  return (
    <section>
      <Show when={error()}>
        {(e) => (
          <p role="alert" class="list-error">
            {e().message} <button onClick={retry}>Retry</button>
          </p>
        )}
      </Show>
      <ul id="issues" classList={{ previous: previous() }}>
        <For each={issues()}>{(issue) => <IssueRow issue={issue} onSelect={props.onSelect} />}</For>
      </ul>
      <nav>
        <button id="prev" disabled={page() === 1} onClick={() => setPage(page() - 1)}>
          Previous
        </button>
        <span id="page">Page {page()}</span>
        <button id="next" disabled={(issues()?.length ?? 0) < PAGE_SIZE} onClick={() => setPage(page() + 1)}>
          Next
        </button>
      </nav>
    </section>
  );
}

/** The selected issue: read from the row the list cached (no request), edited in place. */
function Detail(props: { id: string; onDelete: (id: string) => void }) {
  const ctrl = useController();
  const issue = createSuspense(IssueResource.get, () => ({ id: props.id }));
  const [title, setTitle] = createSignal('');
  const save = createMutation((title: string) => ctrl.fetch(IssueResource.partialUpdate, { id: props.id }, { title }));
  return (
    <Show when={issue()}>
      {(issue) => (
        <article id="detail">
          <h2>{issue().title}</h2>
          <p>by {issue().author?.name}</p>
          <input id="edit-title" value={issue().title} onInput={(e) => setTitle(e.currentTarget.value)} />
          <button id="save" disabled={save.pending()} onClick={() => save.run(title() || issue().title)}>
            {save.pending() ? 'Saving…' : 'Save'}
          </button>
          <button id="delete" onClick={() => props.onDelete(props.id)}>
            Delete
          </button>
          <Show when={save.error()}>{(e) => <p role="alert">{e().message}</p>}</Show>
        </article>
      )}
    </Show>
  );
}

function NewIssue() {
  const ctrl = useController();
  const [title, setTitle] = createSignal('');
  const create = createMutation(async (title: string) => {
    const issue = await ctrl.fetch(IssueResource.create, { title });
    ctrl.invalidateAll(isIssueList); // the page on screen refetches and shows it
    return issue;
  });
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        create.run(title()).then((issue) => issue && setTitle(''));
      }}
    >
      <input id="new-title" placeholder="New issue" value={title()} onInput={(e) => setTitle(e.currentTarget.value)} />
      <button id="create" disabled={create.pending() || title() === ''}>
        Create
      </button>
      <Show when={create.error()}>{(e) => <p role="alert">{e().message}</p>}</Show>
    </form>
  );
}

function App() {
  const ctrl = useController();
  const [selected, setSelected] = createSignal<string>();
  const open = createQuery(openCount);
  const remove = createMutation(async (id: string) => {
    setSelected(undefined); // close the detail first: a view of a deleted issue refetches it
    await ctrl.fetch(IssueResource.delete, { id });
    ctrl.invalidateAll(isIssueList);
  });
  return (
    <main>
      <h1>Issues</h1>
      <p id="open-count">{open() ?? 0} open (cached)</p>
      <NewIssue />
      <Show when={remove.error()}>{(e) => <p role="alert">{e().message}</p>}</Show>
      <IssueList onSelect={setSelected} />
      <Show when={selected()} keyed>
        {(id) => (
          <ErrorBoundary
            fallback={(error: Error, reset) => (
              <p role="alert">
                {error.message} <button onClick={reset}>Retry</button>
              </p>
            )}
          >
            <Suspense fallback={<p>Loading…</p>}>
              <Detail id={id} onDelete={(id) => remove.run(id)} />
            </Suspense>
          </ErrorBoundary>
        )}
      </Show>
    </main>
  );
}

render(
  () => (
    <CacheProvider>
      <App />
    </CacheProvider>
  ),
  document.getElementById('app')!,
);
