/**
 * The data-bound views of the Solid pages that hold no cache of their own (plain Solid,
 * and plain Solid with signal-cache's core in its path): `createResource` per view over
 * the page's loaders, and after every write each mounted view loads again (`refetch`: the
 * version every resource's source reads).
 */
import { type Component, Show, createComputed, createMemo, createResource, createSignal } from 'solid-js';
import { type Issue, type IssueState, sortByTitle } from '../fixtures.js';
import { reportList } from '../harness.js';
import type { ListArgs } from '../rest.js';
import type { Views } from './shell.js';
import { ListPanel, SortedPanel, StatePanel } from './components.js';

/** How a page loads a list and one issue. */
export interface Loaders {
  issues(args: ListArgs): Promise<Issue[]>;
  issue(number: number): Promise<Issue>;
}

/** The views over `load`, and `refetch`, which makes every mounted view load again. */
export function resourceViews(load: Loaders): { views: Views; refetch: () => void } {
  const [version, setVersion] = createSignal(0);

  function createIssues(args: () => ListArgs) {
    const [issues] = createResource(
      () => ({ ...args(), version: version() }),
      ({ count, state }) => load.issues({ count, state }),
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
      <Show when={issues.latest}>
        {(list) => <StatePanel state={props.state} issues={list()} limit={props.limit} />}
      </Show>
    );
  }

  function IssueView(props: { number: number; Panel: Component<{ issue: Issue }> }) {
    const [issue] = createResource(
      () => ({ number: props.number, version: version() }),
      ({ number }) => load.issue(number),
    );
    return <Show when={issue.latest}>{(i) => <props.Panel issue={i()} />}</Show>;
  }

  return { views: { List, Sorted, StateList, Issue: IssueView }, refetch: () => setVersion((v) => v + 1) };
}
