// The issue tracker's API and static files, on one origin.
//
//   node examples/server.mjs [root] [port]   serves root (a built app) and /api on port (default 5180)
//
// API: GET /api/issues?page=n (newest first, PAGE_SIZE a page), GET/PATCH/DELETE
// /api/issues/:id, POST /api/issues, and POST /api/fail?times=n, which makes the next n
// GET /api/issues requests answer 500 (to try the error path and its Retry).
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';

const PAGE_SIZE = 5;
const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };

/** A fresh database: three users, twelve issues. */
function seed() {
  const users = [
    { id: 'u1', name: 'Ada' },
    { id: 'u2', name: 'Grace' },
    { id: 'u3', name: 'Linus' },
  ];
  const issues = Array.from({ length: 12 }, (_, i) => ({
    id: String(i + 1),
    title: `Issue ${i + 1}`,
    open: i % 3 !== 0,
    authorId: users[i % 3].id,
  }));
  return { users, issues, next: 13, failures: 0 };
}

/**
 * Starts the server. Resolves with `{ url, close, requests }`; `requests` counts requests
 * by "METHOD path".
 */
export async function startExampleServer({ root, port = 0, host = '127.0.0.1' } = {}) {
  root = root && resolve(root);
  const db = seed();
  const requests = new Map();
  const withAuthor = (issue) => {
    const { authorId, ...rest } = issue;
    return { ...rest, author: db.users.find((u) => u.id === authorId) };
  };
  const send = (res, status, body) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const path = url.pathname;
    requests.set(`${req.method} ${path}`, (requests.get(`${req.method} ${path}`) ?? 0) + 1);
    let body = '';
    for await (const chunk of req) body += chunk;
    const input = body ? JSON.parse(body) : {};
    const id = /^\/api\/issues\/([^/]+)$/.exec(path)?.[1];
    const issue = id && db.issues.find((i) => i.id === id);
    if (path === '/api/fail' && req.method === 'POST') {
      db.failures = Number(url.searchParams.get('times') ?? 1);
      return send(res, 200, { failures: db.failures });
    }
    if (path === '/api/issues' && req.method === 'GET') {
      if (db.failures > 0) {
        db.failures--;
        return send(res, 500, { error: 'the issue list is unavailable' });
      }
      const page = Number(url.searchParams.get('page') ?? 1);
      const newest = [...db.issues].reverse();
      return send(res, 200, newest.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map(withAuthor));
    }
    if (path === '/api/issues' && req.method === 'POST') {
      const created = { id: String(db.next++), title: String(input.title ?? ''), open: true, authorId: 'u1' };
      db.issues.push(created);
      return send(res, 201, withAuthor(created));
    }
    if (id && !issue) return send(res, 404, { error: `no issue ${id}` });
    if (issue && req.method === 'GET') return send(res, 200, withAuthor(issue));
    if (issue && req.method === 'PATCH') {
      if ('title' in input) issue.title = String(input.title);
      if ('open' in input) issue.open = Boolean(input.open);
      return send(res, 200, withAuthor(issue));
    }
    if (issue && req.method === 'DELETE') {
      db.issues.splice(db.issues.indexOf(issue), 1);
      return send(res, 200, { id: issue.id });
    }
    if (path.startsWith('/api/')) return send(res, 404, { error: `no route ${req.method} ${path}` });
    if (!root) return send(res, 404, { error: 'no static root' });
    const file = normalize(join(root, path === '/' ? 'index.html' : path));
    if (!file.startsWith(root)) return send(res, 403, { error: 'outside the root' });
    try {
      const data = await readFile(file);
      res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
      res.end(data);
    } catch {
      send(res, 404, { error: `no file ${path}` });
    }
  });
  await new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, ok);
  });
  const address = server.address();
  return {
    url: `http://${host}:${address.port}`,
    requests,
    close: () => {
      server.closeAllConnections();
      return new Promise((ok) => server.close(ok));
    },
  };
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.dirname, 'server.mjs')) {
  const root = process.argv[2] ? resolve(process.argv[2]) : undefined;
  const port = Number(process.argv[3] ?? 5180);
  startExampleServer({ root, port }).then(
    ({ url }) => console.log(`issue tracker on ${url}${root ? ` (serving ${root})` : ''}`),
    (error) => {
      console.error(
        error.code === 'EADDRINUSE'
          ? `Port ${port} is taken: pass another one (node examples/server.mjs ${process.argv[2] ?? 'ROOT'} 5181).`
          : error.message,
      );
      process.exit(1);
    },
  );
}
