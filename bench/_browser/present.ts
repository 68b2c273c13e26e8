/**
 * What the presentational components show, computed the same way in every framework. The
 * user card does deliberate work per render (a string hash, splitting, a date parse), as in
 * data-client's browser benchmark: a library that hands a row the same user object lets
 * the framework skip it; one that hands new objects pays it for every row.
 */
import type { Issue, Label, User } from './fixtures.js';

export interface UserCard {
  color: string;
  initials: string;
  bio: string;
  followers: string;
  joined: number;
}

/** The derived fields of a user card. */
export function userCard(user: User): UserCard {
  const seed = user.login + user.email + user.bio;
  let hash = 5381;
  for (let i = 0; i < seed.length; i++) hash = ((hash << 5) + hash + seed.charCodeAt(i)) | 0;
  const words = user.bio.split(/\s+/);
  return {
    color: `hsl(${(hash >>> 0) % 360}, 60%, 40%)`,
    initials: user.name
      .split(' ')
      .map((word) => word.charAt(0))
      .join('')
      .toUpperCase(),
    bio: words.length > 12 ? `${words.slice(0, 12).join(' ')}…` : user.bio,
    followers: user.followers >= 1000 ? `${(user.followers / 1000).toFixed(1)}k` : String(user.followers),
    joined: new Date(user.createdAt).getUTCFullYear(),
  };
}

/** The state column. */
export function stateText(state: Issue['state']): string {
  return state === 'open' ? 'open ●' : 'closed ○';
}

/** The labels column. */
export function labelText(labels: readonly Label[]): string {
  return labels.map((label) => label.name).join(', ');
}

/** The first `limit` issues (all when `limit` is undefined). */
export function visible<T>(issues: readonly T[], limit: number | undefined): readonly T[] {
  return limit !== undefined && issues.length > limit ? issues.slice(0, limit) : issues;
}

/** Style of the two state lists side by side, and of the pinned strip. */
export const ROW_STYLE = { display: 'flex', gap: '8px' } as const;
