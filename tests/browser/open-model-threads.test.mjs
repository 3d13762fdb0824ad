// <attn-open-model>'s threads (web/engine-threads.js). Served by scripts/serve.mjs (npm start),
// which makes the page cross-origin isolated, the element runs the threaded engine
// (dist/attn-engine-threads.*) on min(cores, 8) threads and says so; the course's own model then
// gives the same next-token logits and greedy tokens, to the bit, as the single-threaded engine
// of the same page opened from disk (file://), which says it runs one thread and why, and never
// asks for the threaded engine's files. Served without the isolation headers, the page runs one
// thread and names them. No console error anywhere.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openBrowser, openPage } from '../helpers/harness.mjs';
import { CSP } from '../../scripts/serve.mjs';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist');
const TAG = 'attn-open-model';
let browser, plain, plainUrl;

before(async () => {
  browser = await openBrowser();
  // dist/ over http as a host that sends no isolation headers would serve it.
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm' };
  plain = createServer(async (req, res) => {
    try {
      const file = join(dist, new URL(req.url, 'http://x').pathname.replace(/\.\./g, ''));
      const body = await readFile(file);
      res.writeHead(200, {
        'Content-Type': types[extname(file)] ?? 'application/octet-stream',
        'Content-Security-Policy': CSP,
      });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((ok) => plain.listen(0, '127.0.0.1', ok));
  plainUrl = `http://127.0.0.1:${plain.address().port}/`;
});
after(async () => {
  await browser?.close();
  plain?.close();
});

/**
 * open-model.html under `base`: opens the course's model, generates 6 tokens; → how it ran,
 * what it computed, which scripts it asked for, its console errors.
 */
async function courseModelRun(base) {
  const { page, errors } = await openPage(browser, base, 'open-model.html?lang=en');
  await page.locator(`${TAG} [data-role="course-model"]`).click();
  await page.waitForFunction((t) => {
    const el = document.querySelector(t);
    return (el.result && !el.busy) || el.dataset.error;
  }, TAG);
  await page.locator(`${TAG} input[type=number]`).fill('6');
  await page.locator(`${TAG} button.generate`).click();
  await page.waitForFunction((t) => document.querySelector(t).generation, TAG);
  const got = await page.evaluate((t) => {
    const el = document.querySelector(t);
    return {
      isolated: globalThis.crossOriginIsolated,
      cores: navigator.hardwareConcurrency,
      threads: el.threads,
      engineThreads: el.rt.engine.threadCount(),
      line: el.shadowRoot.querySelector('p.threads')?.textContent ?? '',
      error: el.dataset.error ?? null,
      logits: Array.from(el.result.logitsLast),
      generated: el.generation.generated,
      requested: performance
        .getEntriesByType('resource')
        .map((e) => e.name.split('/').pop().split('?')[0]),
    };
  }, TAG);
  await page.close();
  return { ...got, errors };
}

test('served isolated: the threaded engine on every core (at most 8), the same bits as one thread from disk', async () => {
  const threaded = await courseModelRun(browser.httpUrl);
  const single = await courseModelRun(browser.fileUrl);
  assert.equal(threaded.isolated, true, 'npm start serves the pages cross-origin isolated');
  assert.equal(threaded.error, null);
  const want = Math.min(8, threaded.cores);
  if (want >= 2) {
    assert.deepEqual(threaded.threads, { count: want, reason: null });
    assert.equal(threaded.engineThreads, want);
    assert.match(threaded.line, new RegExp(`^Decoding on ${want} threads`));
    assert.ok(threaded.requested.includes('attn-engine-threads.js'));
  } else assert.deepEqual(threaded.threads, { count: 1, reason: 'cores' });
  assert.deepEqual(threaded.errors, []);

  assert.deepEqual(single.threads, { count: 1, reason: 'file' });
  assert.equal(single.engineThreads, 1);
  assert.match(single.line, /^Decoding on one thread: a page opened from disk \(file:\/\/\)/);
  assert.ok(!single.requested.some((f) => f.startsWith('attn-engine-threads')));
  assert.deepEqual(single.errors, []);

  assert.deepEqual(threaded.logits, single.logits, 'next-token logits, to the bit');
  assert.deepEqual(threaded.generated, single.generated, 'greedy tokens');
  assert.equal(threaded.generated.length, 6);
});

test('served without COOP/COEP: one thread, and the page names the headers', async () => {
  const r = await courseModelRun(plainUrl);
  assert.equal(r.isolated, false);
  assert.deepEqual(r.threads, { count: 1, reason: 'isolation' });
  assert.match(r.line, /Cross-Origin-Opener-Policy: same-origin/);
  assert.match(r.line, /Cross-Origin-Embedder-Policy: require-corp/);
  assert.ok(!r.requested.some((f) => f.startsWith('attn-engine-threads')));
  assert.equal(r.generated.length, 6);
  assert.deepEqual(r.errors, []);
});
