/**
 * W25 page: signal-cache with Solid (`signal-cache/solid`), written as its README shows:
 * `createFetch` for lists, `createSuspense` for one issue (read from the row a list cached),
 * `createQuery` for the derived views, optimistic writes through `ctrl.fetch`. Rows are
 * Solid's stable objects: a write updates the one text that reads the changed field.
 */
import { Controller } from 'signal-cache';
import { CacheProvider, createFetch, createQuery, createSuspense } from 'signal-cache/solid';
import { type Component, Show, createComputed } from 'solid-js';
import type { Issue as IssueData, IssueState } from './fixtures.js';
import { reportList } from './harness.js';
import { IssueResource, library, sortedIssues, stateIssues } from './signal-cache.js';
import { ListPanel, SortedPanel, StatePanel } from './solid/components.js';
import { start } from './solid/shell.js';

const ctrl = new Controller();

function List(props: { count: number; limit?: number }) {
  const issues = createFetch(IssueResource.getList, () => ({ count: props.count }));
  createComputed(() => {
    const list = issues();
    if (list) reportList(list);
  });
  return <Show when={issues()}>{(list) => <ListPanel issues={list()} limit={props.limit} />}</Show>;
}

function Sorted(props: { count: number; limit?: number }) {
  createFetch(IssueResource.getList, () => ({ count: props.count }));
  const sorted = createQuery(sortedIssues, () => ({ count: props.count }));
  return <Show when={sorted()}>{(list) => <SortedPanel issues={list()} limit={props.limit} />}</Show>;
}

function StateList(props: { state: IssueState; count: number; limit?: number }) {
  const args = () => ({ state: props.state, count: props.count });
  createFetch(IssueResource.getList, args);
  const issues = createQuery(stateIssues, args);
  return (
    <Show when={issues()}>{(list) => <StatePanel state={props.state} issues={list()} limit={props.limit} />}</Show>
  );
}

function Issue(props: { number: number; Panel: Component<{ issue: IssueData }> }) {
  const issue = createSuspense(IssueResource.get, () => ({ number: props.number }));
  return <Show when={issue()}>{(i) => <props.Panel issue={i()} />}</Show>;
}

start({ List, Sorted, StateList, Issue }, library(ctrl), (children) => (
  <CacheProvider controller={ctrl}>{children()}</CacheProvider>
));
