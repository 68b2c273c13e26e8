/**
 * The presentational components of the React and the Preact pages: one source, built
 * twice (`vdom` is `react` in one build and `preact/compat` in the other, and the JSX
 * runtime follows). Rows and user cards are `memo` components, as either framework's docs
 * advise for long lists: a row given the same issue object is skipped.
 */
import { memo } from 'vdom';
import type { Issue, User } from '../fixtures.js';
import { labelText, stateText, userCard, visible } from '../present.js';

export const UserView = memo(function UserView({ user }: { user: User }) {
  const card = userCard(user);
  return (
    <span data-user="" data-user-login={user.login} style={{ color: card.color }}>
      <span data-initials="">{card.initials}</span>
      <span data-user-name="">{user.name}</span>
      <span data-bio="">{card.bio}</span>
      <span data-followers="">{card.followers}</span>
      <span data-joined="">{card.joined}</span>
    </span>
  );
});

export const IssueRow = memo(function IssueRow({ issue }: { issue: Issue }) {
  return (
    <div data-issue-number={issue.number} data-bench-item="">
      <span data-title="">{issue.title}</span>
      <UserView user={issue.user} />
      <span data-state="">{stateText(issue.state)}</span>
      <span data-comments="">{issue.comments}</span>
      <span data-labels="">{labelText(issue.labels)}</span>
      <span data-body="">{issue.body}</span>
    </div>
  );
});

/** Rows keyed by issue number; the first `limit`. */
export function IssueList({ issues, limit }: { issues: readonly Issue[]; limit?: number }) {
  return (
    <div>
      {visible(issues, limit).map((issue) => (
        <IssueRow key={issue.number} issue={issue} />
      ))}
    </div>
  );
}

export function ListPanel({ issues, limit }: { issues: readonly Issue[]; limit?: number }) {
  return (
    <div data-list="">
      <IssueList issues={issues} limit={limit} />
    </div>
  );
}

export function SortedPanel({ issues, limit }: { issues: readonly Issue[]; limit?: number }) {
  return (
    <div data-sorted-list="">
      <IssueList issues={issues} limit={limit} />
    </div>
  );
}

export function StatePanel({ state, issues, limit }: { state: string; issues: readonly Issue[]; limit?: number }) {
  return (
    <div data-state-list={state}>
      <span data-state-count="">{issues.length}</span>
      <IssueList issues={issues} limit={limit} />
    </div>
  );
}

export function DetailPanel({ issue }: { issue: Issue }) {
  return (
    <div data-detail-view="" data-detail-number={issue.number}>
      <IssueRow issue={issue} />
    </div>
  );
}

export const PinnedCardView = memo(function PinnedCardView({ issue }: { issue: Issue }) {
  return (
    <div data-pinned-number={issue.number} data-bench-item="">
      <span data-title="">{issue.title}</span>
      <UserView user={issue.user} />
      <span data-state="">{stateText(issue.state)}</span>
      <span data-comments="">{issue.comments}</span>
    </div>
  );
});
