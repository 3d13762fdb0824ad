// Issue 43: the engine's WebAssembly in both forms of exception handling. Emscripten 3.1.6 emits
// the legacy instructions (try / catch / delegate), which browsers are retiring (Firefox ESR
// 153 warned on every page with widgets); the build ships each module translated to the
// standard form (try_table / exnref) too, and the loaders pick by feature detection
// (web/wasm-features.js). Here, in Chromium 156 (which has exnref), from file:// and over http:
// a course page loads the standard form and nothing of the legacy one; with exnref hidden from
// the probe (a browser without it), the legacy form and nothing of the standard one; and both
// compute the same bits as the engine in node (node 20 runs only the legacy form), errors
// crossing the boundary with their names and messages.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { openBrowser, dist, waitForWidgets } from '../helpers/harness.mjs';

/**
 * A fixed set of engine calls, whose every number and error is compared bit for bit: attention
 * with every part (a mask, a sink, GQA, a gate), the streaming output, matmul, softmax, the tiny
 * decoder's generation, and errors thrown from C++ through the boundary. Runs in node and in
 * the page (passed as its source), so it uses nothing but the engine.
 * @param {any} engine
 */
async function battery(engine) {
  const m = (r, c, s) => ({
    shape: [r, c],
    data: Float32Array.from({ length: r * c }, (_, i) => Math.sin(i * s + 0.3) * 1.7),
  });
  const out = [];
  const keep = (x) =>
    out.push(JSON.parse(JSON.stringify(x, (_, v) => (ArrayBuffer.isView(v) ? [...v] : v))));
  const q = m(9, 16, 0.37);
  const k = m(9, 8, 0.11);
  const v = m(9, 8, 0.23);
  keep(engine.attention({ q, k, v, nHeads: 4, nKvHeads: 2, causal: true, sinkLogit: 0.25 }));
  keep(
    engine.attention({
      q,
      k,
      v,
      nHeads: 4,
      nKvHeads: 2,
      gateLogits: m(9, 16, 0.5),
      want: ['output'],
    }),
  );
  const mask = { shape: [9, 9], data: Uint8Array.from({ length: 81 }, (_, i) => (i % 4 ? 1 : 0)) };
  keep(engine.attention({ q, k, v, nHeads: 4, nKvHeads: 2, mask, maskMode: 'zero-after-softmax' }));
  const big = m(300, 64, 0.013);
  keep(engine.attention({ q: big, k: big, v: big, causal: true, want: ['output'] }));
  keep(engine.matmul(m(33, 70, 0.7), m(70, 19, 0.3)));
  keep(engine.softmax([1, 2, 3, -Infinity, 0.5], { sinkLogit: 0 }));
  keep(engine.tinyDecoderGenerate({ prompt: [1, 2, 3], steps: 4 }));
  for (const bad of [
    () => engine.attention({ q: m(2, 3, 1), k: m(2, 4, 1), v: m(2, 4, 1) }),
    () => engine.matmul([[1, 2]], [[1, 2]]),
    () => engine.softmax([NaN]),
    () =>
      engine.attention({
        q: m(2, 2, 1),
        k: m(2, 2, 1),
        v: m(2, 2, 1),
        mask: [
          [0, 0],
          [1, 1],
        ],
      }),
  ])
    try {
      bad();
      out.push('no error');
    } catch (e) {
      out.push(`${e.name}: ${e.message}`);
    }
  keep({ heap: engine.heapBytesInUse() > 0 });
  return out;
}

let browser;
let expected;
before(async () => {
  browser = await openBrowser();
  const engine = await createRequire(import.meta.url)(join(dist, 'attn-engine.js'))();
  expected = await battery(engine);
});
after(() => browser?.close());

/** A browser without exnref, played by the probe of web/wasm-features.js failing. */
function hideExnref() {
  const validate = WebAssembly.validate;
  // The probe is the one 35-byte module validated; every other module validates as usual.
  WebAssembly.validate = (bytes) =>
    /** @type {ArrayBufferView} */ (bytes).byteLength === 35 ? false : validate(bytes);
}

/** Opens a course page under base; returns the engine files it loaded and the battery's result. */
async function run(base, legacy) {
  const page = await browser.context.newPage();
  if (legacy) await page.addInitScript(hideExnref);
  const loaded = new Set();
  const errors = [];
  page.on('request', (r) => loaded.add(r.url().split('/').pop().split('?')[0]));
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${base}04-causal-mask.html?lang=en&teacher=1`);
  await waitForWidgets(page);
  // (A string: the battery's source runs as the page's own code would; the page's CSP has no
  // 'unsafe-eval', so it could not be rebuilt from a string inside the page.)
  const result = await page.evaluate(
    `(async () => (${battery.toString()})(await globalThis.createAttnEngine()))()`,
  );
  await page.close();
  return { loaded: [...loaded].filter((f) => /wasm/.test(f)).sort(), result, errors };
}

for (const scheme of ['file', 'http'])
  test(`${scheme}: the standard form where exnref is, the legacy form where not, the same bits as node`, async () => {
    const base = scheme === 'file' ? browser.fileUrl : browser.httpUrl;
    const standard = await run(base, false);
    const legacy = await run(base, true);
    assert.deepEqual(
      standard.loaded,
      scheme === 'file' ? ['attn-engine-wasm.js'] : ['attn-engine.wasm'],
    );
    assert.deepEqual(
      legacy.loaded,
      scheme === 'file' ? ['attn-engine-wasm-legacy.js'] : ['attn-engine-legacy.wasm'],
    );
    assert.deepEqual(standard.errors, []);
    assert.deepEqual(legacy.errors, []);
    assert.deepEqual(standard.result, expected);
    assert.deepEqual(legacy.result, expected);
    assert.ok(expected.filter((x) => typeof x === 'string' && /Error: /.test(x)).length === 4);
  });
