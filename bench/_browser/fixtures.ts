/**
 * W25's fixtures: GitHub-like issues, each with a nested author (one of 20 users, so many
 * issues share one) and 0–3 labels, generated deterministically. The shapes and sizes
 * follow data-client's browser benchmark (examples/benchmark-react): 10,000 issues, 20
 * users, 10 labels. Every library's page and the in-page server read these same objects.
 */

export interface Label {
  id: number;
  name: string;
  color: string;
  description: string;
  default: boolean;
}

export interface User {
  id: number;
  login: string;
  name: string;
  avatarUrl: string;
  htmlUrl: string;
  type: string;
  siteAdmin: boolean;
  company: string;
  blog: string;
  location: string;
  email: string;
  bio: string;
  publicRepos: number;
  followers: number;
  following: number;
  createdAt: string;
  updatedAt: string;
}

export type IssueState = 'open' | 'closed';

export interface Issue {
  id: number;
  number: number;
  title: string;
  body: string;
  state: IssueState;
  locked: boolean;
  comments: number;
  labels: Label[];
  user: User;
  htmlUrl: string;
  authorAssociation: string;
  createdAt: string;
  updatedAt: string;
  closedAt: string | null;
}

/** Issues in the fixture. */
export const ISSUE_COUNT = 10_000;
/** Users the issues share (issue i is by user i mod 20). */
export const USER_COUNT = 20;

const LABELS: [string, string][] = [
  ['bug', 'd73a4a'],
  ['enhancement', 'a2eeef'],
  ['documentation', '0075ca'],
  ['good first issue', '7057ff'],
  ['help wanted', '008672'],
  ['performance', 'fbca04'],
  ['breaking change', 'e11d48'],
  ['dependencies', '0366d6'],
  ['refactor', 'c5def5'],
  ['testing', 'bfd4f2'],
];

const VERBS = ['Add', 'Cache', 'Document', 'Fix', 'Guard', 'Inline', 'Measure', 'Rename', 'Split', 'Test'];
const TOPICS = [
  'the retry loop of failed requests',
  'nested entity merging',
  'list pagination by cursor',
  'the optimistic rollback path',
  'server-rendered hydration',
  'query-string ordering',
  'socket reconnection',
  'stale data after focus',
  'tree shaking of the bindings',
  'strict type inference',
  'error boundaries on refetch',
  'the manager pipeline',
  'request deduplication',
  'schema validation on write',
  'offline persistence',
  'the devtools inspector',
  'memory of unmounted views',
  'sorted windows over lists',
  'concurrent updates of one row',
  'polling while hidden',
];

const CITIES = ['Lisbon', 'Osaka', 'Toronto', 'Nairobi', 'Oslo'];

const iso = (year: number, month: number, day: number) => new Date(Date.UTC(year, month, day)).toISOString();

export const FIXTURE_LABELS: Label[] = LABELS.map(([name, color], i) => ({
  id: i + 1,
  name,
  color,
  description: `Issues about ${name}`,
  default: i < 3,
}));

export const FIXTURE_USERS: User[] = Array.from({ length: USER_COUNT }, (_, i) => ({
  id: 1000 + i,
  login: `user${i}`,
  name: `User ${i}`,
  avatarUrl: `https://avatars.example.com/u/${1000 + i}`,
  htmlUrl: `https://git.example.com/user${i}`,
  type: 'User',
  siteAdmin: i === 0,
  company: i % 3 === 0 ? 'Example Corp' : '',
  blog: i % 4 === 0 ? `https://user${i}.example.com` : '',
  location: CITIES[i % CITIES.length],
  email: `user${i}@example.com`,
  bio: `Maintainer number ${i}; reviews caches, writes benchmarks and drinks tea while the suite runs.`,
  publicRepos: (i * 13 + 5) % 180,
  followers: (i * 379 + 11) % 9000,
  following: (i * 17 + 3) % 400,
  createdAt: iso(2016, i % 12, 1 + (i % 27)),
  updatedAt: iso(2025, i % 12, 1 + (i % 27)),
}));

/** Issue `number` (1-based) of the fixture. */
export function fixtureIssue(number: number): Issue {
  const i = number - 1;
  const state: IssueState = i % 3 === 2 ? 'closed' : 'open';
  return {
    id: 500_000 + number,
    number,
    title: `${VERBS[i % VERBS.length]} ${TOPICS[i % TOPICS.length]}`,
    body: `Issue ${number}: a paragraph of text long enough that storing, copying and serializing it costs something.`,
    state,
    locked: i % 25 === 0,
    comments: i % 17,
    labels: Array.from({ length: i % 4 }, (_, k) => FIXTURE_LABELS[(i + k) % FIXTURE_LABELS.length]),
    user: FIXTURE_USERS[i % USER_COUNT],
    htmlUrl: `https://git.example.com/owner/repo/issues/${number}`,
    authorAssociation: i % 6 === 0 ? 'MEMBER' : 'NONE',
    createdAt: iso(2024, i % 12, 1 + (i % 28)),
    updatedAt: iso(2025, i % 12, 1 + (i % 28)),
    closedAt: state === 'closed' ? iso(2025, i % 12, 2 + (i % 27)) : null,
  };
}

export const FIXTURE_ISSUES: Issue[] = Array.from({ length: ISSUE_COUNT }, (_, i) => fixtureIssue(i + 1));

/** The sorted view's order: by title, then by number (titles repeat every 20 issues). */
export function byTitle(a: { title: string; number: number }, b: { title: string; number: number }): number {
  return a.title < b.title ? -1 : a.title > b.title ? 1 : a.number - b.number;
}

/** A sorted copy by title; the first `limit` when given. */
export function sortByTitle<T extends { title: string; number: number }>(issues: readonly T[], limit?: number): T[] {
  const sorted = [...issues].sort(byTitle);
  return limit === undefined ? sorted : sorted.slice(0, limit);
}

/** Numbers of issues created during a run start here (above every fixture number). */
export const CREATED_FROM = 90_000;

/**
 * The order the server lists issues in: issues created during the run first, newest first,
 * then the others by number.
 */
export function serverOrder(a: { number: number }, b: { number: number }): number {
  const rank = (n: number) => (n >= CREATED_FROM ? -n : n);
  return rank(a.number) - rank(b.number);
}
