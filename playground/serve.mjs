// `npm start`: builds the playground and serves playground/dist on
// http://localhost:PORT (PORT, default 5173).
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { buildPlayground, distDir } from './build.mjs';

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

/**
 * Builds the page and serves it. `port: 0` picks a free port; `build: false` serves what
 * playground/dist holds (the test runner builds it once for all browser tests).
 * @returns the page's URL and a function that stops the server
 */
export async function startPlayground({ port = Number(process.env.PORT ?? 5173), host = 'localhost', build = true } = {}) {
  if (build) await buildPlayground();
  const server = createServer(async (req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = normalize(join(distDir, pathname === '/' ? 'index.html' : pathname));
    if (!file.startsWith(distDir + sep) || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found');
      return;
    }
    try {
      const body = await readFile(file);
      res.writeHead(200, {
        'content-type': types[extname(file)] ?? 'application/octet-stream',
        'cache-control': 'no-store',
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found');
    }
  });
  await new Promise((resolve, reject) => {
    server.once('error', (error) =>
      reject(
        error.code === 'EADDRINUSE'
          ? Object.assign(new Error(`Port ${port} on ${host} is taken (another \`npm start\`?). Stop that server, or pick a free port: PORT=5174 npm start`), { code: error.code })
          : error,
      ),
    );
    server.listen(port, host, resolve);
  });
  const address = server.address();
  const url = `http://${host}:${typeof address === 'object' && address ? address.port : port}/`;
  return {
    url,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

if (process.argv[1] === import.meta.filename) {
  try {
    const { url } = await startPlayground();
    console.log(`signal-cache playground: ${url}`);
  } catch (error) {
    console.error(error.code === 'EADDRINUSE' ? error.message : error);
    process.exitCode = 1;
  }
}
