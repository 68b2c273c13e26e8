/**
 * W25's REST server: an in-memory issue tracker in a Web Worker of the page, so the
 * server's work (filtering, copying, `JSON.stringify`) stays off the main thread, as in
 * data-client's browser benchmark. The page's `fetch` is routed here (./server.ts); every
 * library talks to it through ordinary `fetch` calls.
 *
 * Routes: `GET /issues?state=&count=`, `GET|PATCH|PUT|DELETE /issues/:number`,
 * `POST /issues`, `GET|PATCH|PUT /users/:login`. A list is in the server's order
 * (`serverOrder`: issues created during the run first, newest first); an issue embeds its
 * author's latest version. With network simulation on, each answer waits
 * `baseLatencyMs + ceil(records / recordsPerMs)` ms (records: the items of a list, else 1).
 */
import { CREATED_FROM, FIXTURE_ISSUES, FIXTURE_USERS, type Issue, type User } from './fixtures.js';

declare const self: { postMessage(message: unknown): void; onmessage: ((e: MessageEvent) => void) | null };

export interface NetworkSim {
  baseLatencyMs: number;
  recordsPerMs: number;
}

/** A request from the page. */
export interface Request {
  id: number;
  method: string;
  url: string;
  body?: string;
}

/** Stored issues keep their author by login; answers embed the user's current row. */
type Stored = Omit<Issue, 'user'> & { login: string };

let sim: NetworkSim | null = null;
const issues = new Map<number, Stored>();
const users = new Map<string, User>();
/** Issue numbers in the server's order. */
let order: number[] = [];
let created = 0;

/** Resets the server to the first `count` fixture issues and their users. */
function seed(count: number): void {
  issues.clear();
  users.clear();
  for (const user of FIXTURE_USERS) users.set(user.login, { ...user });
  order = [];
  for (const issue of FIXTURE_ISSUES.slice(0, count)) {
    const { user, ...rest } = issue;
    issues.set(issue.number, { ...rest, labels: issue.labels.map((l) => ({ ...l })), login: user.login });
    order.push(issue.number);
  }
  created = 0;
}

function out(stored: Stored): Issue {
  const { login, ...rest } = stored;
  return { ...rest, user: users.get(login)! };
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function issueOf(number: number): Stored {
  const issue = issues.get(number);
  if (issue === undefined) throw new HttpError(404, `no issue ${number}`);
  return issue;
}

function route(method: string, url: URL, body: any): unknown {
  const parts = url.pathname.split('/').filter(Boolean);
  if (parts[0] === 'issues' && parts.length === 1) {
    if (method === 'GET') {
      const state = url.searchParams.get('state');
      const count = Number(url.searchParams.get('count') ?? Infinity);
      const list: Issue[] = [];
      for (const n of order) {
        if (list.length >= count) break;
        const issue = issues.get(n)!;
        if (state === null || issue.state === state) list.push(out(issue));
      }
      return list;
    }
    if (method === 'POST') {
      const number = CREATED_FROM + created++;
      const now = new Date(Date.UTC(2026, 0, 1, 0, 0, created)).toISOString();
      const login: string = body.user?.login ?? 'user0';
      if (!users.has(login)) throw new HttpError(422, `no user ${login}`);
      issues.set(number, {
        id: 900_000 + number,
        number,
        title: String(body.title),
        body: '',
        state: 'open',
        locked: false,
        comments: 0,
        labels: [],
        login,
        htmlUrl: `https://git.example.com/owner/repo/issues/${number}`,
        authorAssociation: 'NONE',
        createdAt: now,
        updatedAt: now,
        closedAt: null,
      });
      order.unshift(number);
      return out(issues.get(number)!);
    }
  }
  if (parts[0] === 'issues' && parts.length === 2) {
    const number = Number(parts[1]);
    const issue = issueOf(number);
    if (method === 'GET') return out(issue);
    if (method === 'PATCH' || method === 'PUT') {
      const { user, number: _number, id: _id, ...fields } = body ?? {};
      const next: Stored = { ...issue, ...fields, login: user?.login ?? issue.login };
      if (next.state !== issue.state) next.closedAt = next.state === 'closed' ? '2026-01-01T00:00:00.000Z' : null;
      issues.set(number, next);
      return out(next);
    }
    if (method === 'DELETE') {
      issues.delete(number);
      order = order.filter((n) => n !== number);
      return { id: issue.id, number };
    }
  }
  if (parts[0] === 'users' && parts.length === 2) {
    const user = users.get(parts[1]);
    if (user === undefined) throw new HttpError(404, `no user ${parts[1]}`);
    if (method === 'GET') return user;
    if (method === 'PATCH' || method === 'PUT') {
      const { login: _login, id: _id, ...fields } = body ?? {};
      const next = { ...user, ...fields };
      users.set(user.login, next);
      return next;
    }
  }
  throw new HttpError(404, `${method} ${url.pathname}: no such route`);
}

function answer(id: number, status: number, value: unknown): void {
  const text = JSON.stringify(value);
  const delay =
    sim === null ? 0 : sim.baseLatencyMs + Math.ceil((Array.isArray(value) ? value.length : 1) / sim.recordsPerMs);
  if (delay === 0) self.postMessage({ id, status, text });
  else setTimeout(() => self.postMessage({ id, status, text }), delay);
}

seed(FIXTURE_ISSUES.length);

self.onmessage = (e: MessageEvent) => {
  const message = e.data as Request | { control: 'seed'; count: number } | { control: 'sim'; sim: NetworkSim | null };
  if ('control' in message) {
    if (message.control === 'seed') seed(message.count);
    else sim = message.sim;
    return;
  }
  const { id, method, url, body } = message;
  try {
    answer(id, 200, route(method, new URL(url, 'http://bench.local'), body ? JSON.parse(body) : undefined));
  } catch (error) {
    answer(id, error instanceof HttpError ? error.status : 500, { message: String((error as Error).message) });
  }
};
