// scripts/serve.mjs (npm start, and the browser tests' http:// pages): bad requests get an
// answer and leave the server running.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serve } from '../../scripts/serve.mjs';

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
