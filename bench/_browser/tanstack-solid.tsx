/**
 * W25 page: `@tanstack/solid-query` (`useQuery` with a query key per list and per issue),
 * written as its docs show for mutations: send the write, then `invalidateQueries`, so the
 * mounted queries refetch. Data is not normalized: a list holds its own copy of each issue.
 */
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/solid-query';
import { type Component, Show, createComputed, createMemo } from 'solid-js';
import { type Issue as IssueData, type IssueState, sortByTitle } from './fixtures.js';
import { reportList } from './harness.js';
import { api, refetching } from './rest.js';
import { ListPanel, SortedPanel, StatePanel } from './solid/components.js';
import { start } from './solid/shell.js';

const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, gcTime: Infinity } } });

function useIssues(args: () => { count: number; state?: IssueState }) {
  return useQuery(() => ({ queryKey: ['issues', args()], queryFn: () => api.issues(args()) }));
}

function List(props: { count: number; limit?: number }) {
  const query = useIssues(() => ({ count: props.count }));
  createComputed(() => {
    if (query.data) reportList(query.data);
  });
  return <Show when={query.data}>{(list) => <ListPanel issues={list()} limit={props.limit} />}</Show>;
}

function Sorted(props: { count: number; limit?: number }) {
  const query = useIssues(() => ({ count: props.count }));
  const sorted = createMemo(() => (query.data ? sortByTitle(query.data) : undefined));
  return <Show when={sorted()}>{(list) => <SortedPanel issues={list()} limit={props.limit} />}</Show>;
}

function StateList(props: { state: IssueState; count: number; limit?: number }) {
  const query = useIssues(() => ({ state: props.state, count: props.count }));
  return (
    <Show when={query.data}>{(list) => <StatePanel state={props.state} issues={list()} limit={props.limit} />}</Show>
  );
}

function Issue(props: { number: number; Panel: Component<{ issue: IssueData }> }) {
  const query = useQuery(() => ({ queryKey: ['issue', props.number], queryFn: () => api.issue(props.number) }));
  return <Show when={query.data}>{(issue) => <props.Panel issue={issue()} />}</Show>;
}

/** Every issue query: lists and single issues. */
const refresh = () =>
  Promise.all([client.invalidateQueries({ queryKey: ['issues'] }), client.invalidateQueries({ queryKey: ['issue'] })]);

start(
  { List, Sorted, StateList, Issue },
  refetching(refresh, () => client.clear()),
  (children) => <QueryClientProvider client={client}>{children()}</QueryClientProvider>,
);
