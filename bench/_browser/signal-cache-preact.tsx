/**
 * W25 page: signal-cache with Preact (`signal-cache/preact`), written as its README shows:
 * `useFetch` for lists, `useSuspense` for one issue (read from the row a list cached),
 * `useQuery` for the derived views, optimistic writes through `ctrl.fetch`. A write gives
 * new objects only for the rows it changed, so the `memo` rows of the others are skipped.
 */
import type { ComponentType } from 'preact';
import { Controller } from 'signal-cache';
import { CacheProvider, useFetch, useQuery, useSuspense } from 'signal-cache/preact';
import type { Issue as IssueData, IssueState } from './fixtures.js';
import { reportList } from './harness.js';
import { IssueResource, library, sortedIssues, stateIssues } from './signal-cache.js';
import { ListPanel, SortedPanel, StatePanel } from './vdom/components.js';
import { start } from './vdom/shell.js';

const ctrl = new Controller();

function List({ count, limit }: { count: number; limit?: number }) {
  const issues = useFetch(IssueResource.getList, { count });
  if (!issues) return null;
  reportList(issues);
  return <ListPanel issues={issues} limit={limit} />;
}

function Sorted({ count, limit }: { count: number; limit?: number }) {
  useFetch(IssueResource.getList, { count });
  const sorted = useQuery(sortedIssues, { count });
  if (!sorted) return null;
  return <SortedPanel issues={sorted} limit={limit} />;
}

function StateList({ state, count, limit }: { state: IssueState; count: number; limit?: number }) {
  useFetch(IssueResource.getList, { state, count });
  const issues = useQuery(stateIssues, { state, count });
  if (!issues) return null;
  return <StatePanel state={state} issues={issues} limit={limit} />;
}

function Issue({ number, Panel }: { number: number; Panel: ComponentType<{ issue: IssueData }> }) {
  const issue = useSuspense(IssueResource.get, { number });
  return <Panel issue={issue} />;
}

start({ List, Sorted, StateList, Issue }, library(ctrl), (children) => (
  <CacheProvider controller={ctrl}>{children}</CacheProvider>
));
