/**
 * W25 page: plain Preact or plain React (built twice, see ./components.tsx), no data
 * library: `useState` + `useEffect` per view, and after every write each mounted view
 * fetches again (a shared version is a dependency of every effect). The baseline for the
 * Preact and React pages.
 */
import { type ComponentType, useEffect, useMemo, useState, useSyncExternalStore } from 'vdom';
import { type Issue, type IssueState, sortByTitle } from '../fixtures.js';
import { reportList } from '../harness.js';
import { api, refetching } from '../rest.js';
import { ListPanel, SortedPanel, StatePanel } from './components.js';
import { start } from './shell.js';

let version = 0;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const refetch = () => {
  version++;
  for (const listener of listeners) listener();
};

/** The value `load` resolves with; loaded again when `key` or the version changes. */
function useData<T>(key: string, load: () => Promise<T>): T | null {
  const [data, setData] = useState<T | null>(null);
  const v = useSyncExternalStore(subscribe, () => version);
  useEffect(() => {
    let live = true;
    load().then((value) => live && setData(() => value));
    return () => {
      live = false;
    };
  }, [key, v]);
  return data;
}

function List({ count, limit }: { count: number; limit?: number }) {
  const issues = useData(`${count}`, () => api.issues({ count }));
  if (!issues) return null;
  reportList(issues);
  return <ListPanel issues={issues} limit={limit} />;
}

function Sorted({ count, limit }: { count: number; limit?: number }) {
  const issues = useData(`${count}`, () => api.issues({ count }));
  const sorted = useMemo(() => (issues ? sortByTitle(issues) : null), [issues]);
  if (!sorted) return null;
  return <SortedPanel issues={sorted} limit={limit} />;
}

function StateList({ state, count, limit }: { state: IssueState; count: number; limit?: number }) {
  const issues = useData(`${state} ${count}`, () => api.issues({ state, count }));
  if (!issues) return null;
  return <StatePanel state={state} issues={issues} limit={limit} />;
}

function IssueView({ number, Panel }: { number: number; Panel: ComponentType<{ issue: Issue }> }) {
  const issue = useData<Issue>(`${number}`, () => api.issue(number));
  if (!issue) return null;
  return <Panel issue={issue} />;
}

start({ List, Sorted, StateList, Issue: IssueView }, refetching(refetch));
