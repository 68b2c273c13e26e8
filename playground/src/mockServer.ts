/**
 * An in-page mock of a small users API, so the playground needs no network. It answers
 * with real `Response` objects after a short delay, so the library's whole pipeline
 * (parseResponse → process → normalize) runs as it would against a server.
 *
 *   GET   /users        the list
 *   POST  /users        { name } → the new user
 *   PATCH /users/:id    { isAdmin?, name? } → the updated user
 */
export interface UserData {
  id: string;
  name: string;
  isAdmin: boolean;
}

const DELAY_MS = 120;

const users: UserData[] = [
  { id: '1', name: 'Ada Lovelace', isAdmin: true },
  { id: '2', name: 'Grace Hopper', isAdmin: false },
  { id: '3', name: 'Alan Turing', isAdmin: false },
];
let nextId = users.length + 1;

/** Number of requests answered so far. */
export let requestCount = 0;

/** A `fetchResponse` replacement: routes the request to the in-memory users. */
export async function mockFetch(input: string, init: RequestInit): Promise<Response> {
  await new Promise((resolve) => setTimeout(resolve, DELAY_MS));
  requestCount++;
  const method = (init.method ?? 'GET').toUpperCase();
  const path = new URL(input, location.href).pathname;
  const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;

  if (path === '/users' && method === 'GET') return json(200, users);
  if (path === '/users' && method === 'POST') {
    const user: UserData = { id: String(nextId++), name: String(body?.name ?? 'Anonymous'), isAdmin: false };
    users.push(user);
    return json(201, user);
  }
  const match = /^\/users\/([^/]+)$/.exec(path);
  const user = match ? users.find((u) => u.id === decodeURIComponent(match[1])) : undefined;
  if (user && method === 'PATCH') {
    if (typeof body?.isAdmin === 'boolean') user.isAdmin = body.isAdmin;
    if (typeof body?.name === 'string') user.name = body.name;
    return json(200, user);
  }
  return json(404, { error: `no route for ${method} ${path}` });
}

function json(status: number, value: unknown): Response {
  return new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
}
