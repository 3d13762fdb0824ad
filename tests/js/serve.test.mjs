// scripts/serve.mjs (npm start, and the browser tests' http:// pages): bad requests get an
// answer and leave the server running.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { serve } from '../../scripts/serve.mjs';

/** One request with any method (fetch refuses TRACE): resolves to {status, headers, body}. */
function send(url, method) {
  return new Promise((resolve, reject) => {
    const req = request(url, { method }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

test('a malformed %-escape is a 400, paths out of dist/ (siblings included) a 403, and the server keeps serving', async () => {
  const { server, url } = await serve(0);
  try {
    assert.equal((await fetch(`${url}%ZZ`)).status, 400);
    assert.equal((await fetch(`${url}..%2f..%2fetc/passwd`)).status, 403);
    assert.equal((await fetch(`${url}..%2fdist-old/index.html`)).status, 403);
    const page = await fetch(`${url}index.html`);
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-security-policy'), /script-src 'self'/);
  } finally {
    server.close();
  }
});

test('every answer, whatever its status, carries X-Content-Type-Options: nosniff', async () => {
  const { server, url } = await serve(0);
  try {
    for (const [path, status] of [
      ['index.html', 200],
      ['attn-engine.js', 200],
      ['%ZZ', 400],
      ['..%2f..%2fetc/passwd', 403],
      ['no-such-file.html', 404],
    ]) {
      const res = await fetch(`${url}${path}`);
      assert.equal(res.status, status, path);
      assert.equal(res.headers.get('x-content-type-options'), 'nosniff', path);
    }
    const refused = await send(`${url}index.html`, 'POST');
    assert.equal(refused.headers['x-content-type-options'], 'nosniff');
    // Cross-origin isolation (the open-model page's threads): on the pages and on the worker.
    for (const path of ['index.html', 'open-model.html', 'attn-engine-threads.worker.js']) {
      const res = await fetch(`${url}${path}`);
      assert.equal(res.status, 200, path);
      assert.equal(res.headers.get('cross-origin-opener-policy'), 'same-origin', path);
      assert.equal(res.headers.get('cross-origin-embedder-policy'), 'require-corp', path);
    }
  } finally {
    server.close();
  }
});

test('only GET and HEAD are served: every other method is a 405 with Allow: GET, HEAD and no file', async () => {
  const { server, url } = await serve(0);
  try {
    const page = await send(`${url}index.html`, 'GET');
    assert.equal(page.status, 200);
    assert.match(page.body, /<html/i);
    const head = await send(`${url}index.html`, 'HEAD');
    assert.equal(head.status, 200);
    assert.equal(head.headers['content-type'], 'text/html; charset=utf-8');
    assert.equal(head.body, '');
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE']) {
      const res = await send(`${url}index.html`, method);
      assert.equal(res.status, 405, method);
      assert.equal(res.headers.allow, 'GET, HEAD', method);
      assert.doesNotMatch(res.body, /<html/i, method);
    }
    assert.equal((await send(`${url}index.html`, 'GET')).status, 200); // still serving
  } finally {
    server.close();
  }
});
