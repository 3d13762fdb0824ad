// node --test tests/js/open-model-runtime.test.mjs
// Which engine <attn-open-model> runs (widgets/open-model/runtime.js, web/engine-threads.js):
// where the page may run threads, the threaded engine (here the real one, under node's
// worker_threads) with its thread count; where it may not, the single-threaded engine and the
// reason; and when the threaded engine fails or never starts (Emscripten's start never settles
// when a worker cannot load), the single-threaded engine with reason 'failed', a late start's
// workers ended.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openModelRuntime } from '../../widgets/open-model/runtime.js';
import { threadsUnavailable, threadsFor } from '../../web/engine-threads.js';
import * as it from '../model-files/integration.js';

const dist = join(it.root, 'dist');
const require = createRequire(import.meta.url);
const single = () => require(join(dist, 'attn-engine.js'))();
const started = [];
const threaded = async () => {
  const e = await require(join(dist, 'attn-engine-threads.js'))({
    attnWorkers: 1,
    wasmBinary: readFileSync(join(dist, 'attn-engine-threads.wasm')),
  });
  started.push(e);
  e.setThreads(2);
  return e;
};
after(() => {
  for (const e of started) e.terminateWorkers();
});

/** A page's globals: served over `protocol`, isolated or not, with `cores`. */
function page(protocol, isolated, cores) {
  Object.assign(globalThis, { location: { protocol }, crossOriginIsolated: isolated });
  Object.defineProperty(globalThis, 'navigator', {
    value: { hardwareConcurrency: cores },
    configurable: true,
  });
}

test('where a page may run threads: http(s), isolated, more than one core', () => {
  const g = (protocol, isolated, cores) => ({
    location: { protocol },
    crossOriginIsolated: isolated,
    SharedArrayBuffer,
    navigator: { hardwareConcurrency: cores },
  });
  assert.equal(threadsUnavailable(g('https:', true, 4)), null);
  assert.equal(threadsUnavailable(g('http:', true, 2)), null);
  assert.equal(threadsUnavailable(g('file:', true, 4)), 'file');
  assert.equal(threadsUnavailable(g('http:', false, 4)), 'isolation');
  // Isolated, and no SharedArrayBuffer all the same (WebKitGTK 2.50 serves pages so).
  assert.equal(
    threadsUnavailable({ ...g('http:', true, 4), SharedArrayBuffer: undefined }),
    'shared-memory',
  );
  assert.equal(threadsUnavailable(g('http:', true, 1)), 'cores');
  assert.deepEqual([1, 2, 8, 64, undefined, 0].map(threadsFor), [1, 2, 8, 8, 1, 1]);
});

test('isolated: the threaded engine and its thread count', async () => {
  page('http:', true, 2);
  const rt = await openModelRuntime(single, threaded)();
  assert.deepEqual(rt.threads, { count: 2, reason: null });
  assert.equal(rt.engine.threadsAvailable(), 2);
  assert.throws(() => rt.world, /no course data/);
});

test('from disk or not isolated: the single-threaded engine, the reason kept', async () => {
  for (const [protocol, isolated, reason] of [
    ['file:', false, 'file'],
    ['http:', false, 'isolation'],
  ]) {
    page(protocol, isolated, 4);
    const rt = await openModelRuntime(single, threaded)();
    assert.deepEqual(rt.threads, { count: 1, reason });
    assert.equal(rt.engine.threadsAvailable(), 1);
  }
});

test('a threaded engine that fails, or never starts, leaves the page one thread', async () => {
  page('http:', true, 4);
  const warn = console.warn;
  console.warn = () => {};
  try {
    const failing = () => Promise.reject(new Error('no worker'));
    const failed = await openModelRuntime(single, failing)();
    assert.deepEqual(failed.threads, { count: 1, reason: 'failed' });
    const never = () => new Promise(() => {});
    const stuck = await openModelRuntime(single, never, 20)();
    assert.deepEqual(stuck.threads, { count: 1, reason: 'failed' });
    assert.equal(typeof stuck.engine.openModelCreate, 'function');
    // One that starts after the limit: its workers are ended, the page keeps one thread.
    let ended = false;
    const late = () =>
      new Promise((resolve) =>
        setTimeout(() => resolve({ terminateWorkers: () => (ended = true) }), 60),
      );
    const slow = await openModelRuntime(single, late, 20)();
    assert.deepEqual(slow.threads, { count: 1, reason: 'failed' });
    await new Promise((r) => setTimeout(r, 100));
    assert.equal(ended, true);
  } finally {
    console.warn = warn;
  }
});
