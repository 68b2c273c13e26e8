/**
 * W25 page: plain Solid, no data library: `createResource` per view, and after every
 * write each mounted view fetches again (a shared version signal is part of every
 * resource's source). The baseline for the Solid pages.
 */
import { type Component, Show, createComputed, createMemo, createResource, createSignal } from 'solid-js';
import { type Issue as IssueData, type IssueState, sortByTitle } from './fixtures.js';
import { reportList } from './harness.js';
import { api, refetching } from './rest.js';
import { ListPanel, SortedPanel, StatePanel } from './solid/components.js';
import { start } from './solid/shell.js';

const [version, setVersion] = createSignal(0);
const refetch = () => setVersion((v) => v + 1);

function createIssues(args: () => { count: number; state?: IssueState }) {
  const [issues] = createResource(
    () => ({ ...args(), version: version() }),
    ({ count, state }) => api.issues({ count, state }),
  );
  return issues;
}

function List(props: { count: number; limit?: number }) {
  const issues = createIssues(() => ({ count: props.count }));
  createComputed(() => {
    const list = issues.latest;
    if (list) reportList(list);
  });
  return <Show when={issues.latest}>{(list) => <ListPanel issues={list()} limit={props.limit} />}</Show>;
}

function Sorted(props: { count: number; limit?: number }) {
  const issues = createIssues(() => ({ count: props.count }));
  const sorted = createMemo(() => (issues.latest ? sortByTitle(issues.latest) : undefined));
  return <Show when={sorted()}>{(list) => <SortedPanel issues={list()} limit={props.limit} />}</Show>;
}

function StateList(props: { state: IssueState; count: number; limit?: number }) {
  const issues = createIssues(() => ({ state: props.state, count: props.count }));
  return (
    <Show when={issues.latest}>{(list) => <StatePanel state={props.state} issues={list()} limit={props.limit} />}</Show>
  );
}

function Issue(props: { number: number; Panel: Component<{ issue: IssueData }> }) {
  const [issue] = createResource(
    () => ({ number: props.number, version: version() }),
    ({ number }) => api.issue(number),
  );
  return <Show when={issue.latest}>{(i) => <props.Panel issue={i()} />}</Show>;
}

start({ List, Sorted, StateList, Issue }, refetching(refetch));
