// Issue 43: the WebAssembly the pages load uses the standard exception handling (try_table,
// exnref), not the legacy instructions Emscripten 3.1.6 emits (try / catch / delegate /
// rethrow), which Firefox ESR 153 warned about on every page with widgets; the legacy form is
// kept beside it, for browsers without exnref. Counted by binaryen's own reader (wasm-opt
// --metrics) over every module a page can load: the course engine (attn-engine.wasm and
// attn-engine-wasm.js), the open-model page's whole engine (inside attn-open-model.js) and the
// trainer (inside attn-train.js's worker). That both forms compute the same bits is
// tests/browser/engine-eh.test.mjs's (node 20 has no exnref: WebAssembly.validate says so).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { EXNREF_PROBE, exnrefSupported } from '../../web/wasm-features.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const dist = (f) => join(root, 'dist', f);
const read = (f) => readFileSync(dist(f), 'utf8');
const gunzip = (base64) => gunzipSync(Buffer.from(base64, 'base64'));

/** The one module a script carries, gzip-compressed as base64 (H4sI: gzip's first bytes). */
function inline(f) {
  const found = [...read(f).matchAll(/H4sI[A-Za-z0-9+/=]{1000,}/g)];
  assert.equal(found.length, 1, `${f} carries one module`);
  return gunzip(found[0][0]);
}

/** Expression counts of a module by binaryen (wasm-opt --metrics): Try, TryTable, Rethrow … */
function metrics(bytes) {
  const dir = mkdtempSync(join(tmpdir(), 'attn-eh-'));
  try {
    writeFileSync(join(dir, 'm.wasm'), bytes);
    const text = execFileSync(
      process.execPath,
      [
        join(root, 'node_modules/binaryen/bin/wasm-opt'),
        join(dir, 'm.wasm'),
        '--enable-exception-handling',
        '--enable-reference-types',
        '--enable-multivalue',
        '--enable-simd',
        '--enable-sign-ext',
        '--enable-mutable-globals',
        '--enable-nontrapping-float-to-int',
        '--enable-bulk-memory',
        '--metrics',
      ],
      { encoding: 'utf8' },
    );
    return Object.fromEntries(
      [...text.matchAll(/^ (\w+)\s*:\s*(\d+)/gm)].map((m) => [m[1], Number(m[2])]),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('node 20 has no exnref: the probe says so, and it runs the legacy form', () => {
  assert.equal(EXNREF_PROBE.length, 35);
  assert.equal(exnrefSupported(), false);
  assert.equal(WebAssembly.validate(readFileSync(dist('attn-engine-legacy.wasm'))), true);
  assert.equal(WebAssembly.validate(readFileSync(dist('attn-engine.wasm'))), false);
});

test('every module a page loads first is in the standard form; the legacy ones beside them are not', () => {
  const standard = {
    'attn-engine.wasm': readFileSync(dist('attn-engine.wasm')),
    'attn-engine-wasm.js': inline('attn-engine-wasm.js'),
    'attn-open-model.js': inline('attn-open-model.js'),
    'attn-train.js': inline('attn-train.js'),
  };
  const legacy = {
    'attn-engine-legacy.wasm': readFileSync(dist('attn-engine-legacy.wasm')),
    'attn-engine-wasm-legacy.js': inline('attn-engine-wasm-legacy.js'),
    'attn-open-model-wasm-legacy.js': inline('attn-open-model-wasm-legacy.js'),
    'attn-train-worker-legacy.js': inline('attn-train-worker-legacy.js'),
  };
  assert.deepEqual(standard['attn-engine.wasm'], standard['attn-engine-wasm.js']);
  for (const [name, bytes] of Object.entries(standard)) {
    const m = metrics(bytes);
    assert.ok(m.TryTable > 100, `${name}: ${m.TryTable} try_table`);
    assert.equal(m.Try ?? 0, 0, `${name}: legacy try`);
    assert.equal(m.Rethrow ?? 0, 0, `${name}: legacy rethrow`);
  }
  for (const [name, bytes] of Object.entries(legacy)) {
    const m = metrics(bytes);
    assert.ok(m.Try > 100, `${name}: ${m.Try} legacy try`);
    assert.equal(m.TryTable ?? 0, 0, name);
  }
});
