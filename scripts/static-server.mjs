// A static file server on loopback for the built app (dist/): what `scripts/serve.sh` serves and what
// the browser tests load. It behaves like a plain static host: files with their content types, 404 for
// anything missing, nothing outside the root. The page's Content-Security-Policy is in index.html, so it
// holds on any host.
//
//   node scripts/static-server.mjs [DIR] [--port 8080]     (DIR defaults to dist/)
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

export const DIST = resolve(fileURLToPath(new URL('.', import.meta.url)), '../dist');

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm', '.css': 'text/css; charset=utf-8', '.svg': 'image/svg+xml',
  '.json': 'application/json', '.bin': 'application/octet-stream', '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json', '.png': 'image/png',
};

async function checkBuilt(root) {
  await stat(join(root, 'index.html')).catch(() => {
    throw new Error(`no built app at ${root}: run scripts/build-app.sh first (scripts/serve.sh and scripts/test.sh do)`);
  });
}

/**
 * Serves `root` on 127.0.0.1 at `port` (0: a free one), calling `onRequest(path)` for every request.
 * Resolves to { url, close, setRoot }: `setRoot(dir)` serves another built site at the same origin
 * from then on (a new deployment, for the offline tests).
 */
export async function serveStatic(root = DIST, { port = 0, onRequest } = {}) {
  await checkBuilt(root);
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    onRequest?.(path);
    // Chromium asks for /favicon.ico on a page without an icon link (a JSON file opened as a page).
    if (path === '/favicon.ico') { res.writeHead(204).end(); return; }
    const file = normalize(join(root, path.endsWith('/') ? path + 'index.html' : path));
    if (!file.startsWith(root)) { res.writeHead(403).end(); return; }
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'content-length': body.length });
      res.end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  await new Promise((ok, fail) => {
    server.once('error', (e) => fail(e.code === 'EADDRINUSE'
      ? new Error(`port ${port} is in use: stop what is using it, or choose another with --port`)
      : e));
    server.listen(port, '127.0.0.1', ok);
  });
  const { port: bound } = server.address();
  return {
    url: `http://127.0.0.1:${bound}/`,
    close: () => new Promise((ok) => server.close(ok)),
    setRoot: async (dir) => { await checkBuilt(dir); root = resolve(dir); },
  };
}

// Run as a program: serve until stopped.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values, positionals } = parseArgs({ options: { port: { type: 'string', default: '8080' } }, allowPositionals: true });
  try {
    const site = await serveStatic(positionals[0] ? resolve(positionals[0]) : DIST, { port: Number(values.port) });
    console.log(`serving ${positionals[0] ?? 'dist/'} on ${site.url} (Ctrl-C stops)`);
  } catch (e) {
    console.error(`serve: ${e.message}`);
    process.exit(1);
  }
}
