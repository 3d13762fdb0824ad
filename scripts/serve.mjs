// Serves dist/ on http://127.0.0.1:8080 (PORT overrides) with the Content-Security-Policy each
// page carries in its <meta> (the strict one below on every page but the playground, whose
// lessons.json entry relaxes it), also as a header, so what works here works embedded elsewhere.
// Every answer says X-Content-Type-Options: nosniff (a browser takes the Content-Type as given,
// never guesses script from a data file) and makes the pages cross-origin isolated
// (Cross-Origin-Opener-Policy: same-origin, Cross-Origin-Embedder-Policy: require-corp: every
// resource of a page is its own origin's): only such a page gets SharedArrayBuffer, which the
// open-model page's threaded engine needs (web/engine-threads.js, docs/embedding.md). Only GET
// and HEAD are served, anything else is a 405.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, dirname, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm',
};
export const CSP =
  "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; connect-src 'self' data:";

/** The headers that make a page cross-origin isolated (crossOriginIsolated: true). */
export const ISOLATION = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

/** The policy of a page's <meta http-equiv="Content-Security-Policy">, or the strict one. */
export function pageCsp(html) {
  const m = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/i.exec(html);
  return m
    ? m[1]
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&')
    : CSP;
}

/**
 * Starts the server; resolves to {server, url}. port 0 picks a free port (tests); root is the
 * folder served (dist/, or a test site built elsewhere).
 */
export function serve(port = Number(process.env.PORT || 8080), host = '127.0.0.1', root = dist) {
  const server = createServer(async (req, res) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    for (const [name, value] of Object.entries(ISOLATION)) res.setHeader(name, value);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res
        .writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain' })
        .end('method not allowed');
      return;
    }
    let path;
    try {
      path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    } catch {
      res.writeHead(400).end(); // a malformed %-escape must not end the server
      return;
    }
    const file = normalize(join(root, path.endsWith('/') ? `${path}index.html` : path));
    // root + sep: a sibling such as dist-old/ also starts with dist.
    if (!file.startsWith(root + sep)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const body = await readFile(file);
      const csp = extname(file) === '.html' ? pageCsp(body.toString('utf8')) : CSP;
      res.writeHead(200, {
        'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
        'Content-Security-Policy': csp,
      });
      res.end(body);
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
    }
  });
  return new Promise((resolve) =>
    server.listen(port, host, () => {
      resolve({ server, url: `http://${host}:${server.address().port}/` });
    }),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { url } = await serve();
  console.log(`Serving the course at ${url}  (Ctrl+C stops)`);
}
