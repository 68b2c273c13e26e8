/**
 * The presentational components of the Solid pages (signal-cache, TanStack Query, plain
 * Solid). Components run once; each text reads its field, so a field that changes updates
 * its own text. The user card's derived fields are one memo per card: it re-runs when a
 * field it reads changes, or when the row is handed a different user.
 */
import { For, createMemo } from 'solid-js';
import type { Issue, User } from '../fixtures.js';
import { labelText, stateText, userCard, visible } from '../present.js';

export function UserView(props: { user: User }) {
  const card = createMemo(() => userCard(props.user));
  return (
    <span data-user="" data-user-login={props.user.login} style={{ color: card().color }}>
      <span data-initials="">{card().initials}</span>
      <span data-user-name="">{props.user.name}</span>
      <span data-bio="">{card().bio}</span>
      <span data-followers="">{card().followers}</span>
      <span data-joined="">{card().joined}</span>
    </span>
  );
}

export function IssueRow(props: { issue: Issue }) {
  return (
    <div data-issue-number={props.issue.number} data-bench-item="">
      <span data-title="">{props.issue.title}</span>
      <UserView user={props.issue.user} />
      <span data-state="">{stateText(props.issue.state)}</span>
      <span data-comments="">{props.issue.comments}</span>
      <span data-labels="">{labelText(props.issue.labels)}</span>
      <span data-body="">{props.issue.body}</span>
    </div>
  );
}

/** Rows by object identity (`<For>`); the first `limit`. */
export function IssueList(props: { issues: readonly Issue[]; limit?: number }) {
  return (
    <div>
      <For each={visible(props.issues, props.limit) as Issue[]}>{(issue) => <IssueRow issue={issue} />}</For>
    </div>
  );
}

export function ListPanel(props: { issues: readonly Issue[]; limit?: number }) {
  return (
    <div data-list="">
      <IssueList issues={props.issues} limit={props.limit} />
    </div>
  );
}

export function SortedPanel(props: { issues: readonly Issue[]; limit?: number }) {
  return (
    <div data-sorted-list="">
      <IssueList issues={props.issues} limit={props.limit} />
    </div>
  );
}

export function StatePanel(props: { state: string; issues: readonly Issue[]; limit?: number }) {
  return (
    <div data-state-list={props.state}>
      <span data-state-count="">{props.issues.length}</span>
      <IssueList issues={props.issues} limit={props.limit} />
    </div>
  );
}

export function DetailPanel(props: { issue: Issue }) {
  return (
    <div data-detail-view="" data-detail-number={props.issue.number}>
      <IssueRow issue={props.issue} />
    </div>
  );
}

export function PinnedCardView(props: { issue: Issue }) {
  return (
    <div data-pinned-number={props.issue.number} data-bench-item="">
      <span data-title="">{props.issue.title}</span>
      <UserView user={props.issue.user} />
      <span data-state="">{stateText(props.issue.state)}</span>
      <span data-comments="">{props.issue.comments}</span>
    </div>
  );
}
