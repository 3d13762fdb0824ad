// node --test tests/js/engine-threads.test.mjs
// The threaded engine (dist/attn-engine-threads.js: the engine linked with Emscripten's
// pthreads, which the open-model page uses when it is cross-origin isolated) under node's
// worker_threads, on tiny seeded models opened through the widget's loader: the logits of a
// prompt pass (gemm_weights) and of a 4-token pass (the decode path), and 8 greedy tokens with
// the KV cache, are the same bits on 1, 2, 3 and 4 threads, and the same bits as the
// single-threaded engine (dist/attn-engine.js) a page opened from disk runs. Its WebAssembly is
// the SIMD build: the pool's kernels are what this tests.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as tiny from '../model-files/tiny-models.js';
import { nodeFileSource } from '../model-files/node-file-source.js';
import * as it from '../model-files/integration.js';

const dist = join(it.root, 'dist');
const PROMPT = [3, 17, 101, 256, 7, 42, 199, 5, 64, 12];
let threaded, single, loader, dir;

before(async () => {
  const create = createRequire(import.meta.url)(join(dist, 'attn-engine-threads.js'));
  threaded = await create({
    attnWorkers: 3,
    wasmBinary: readFileSync(join(dist, 'attn-engine-threads.wasm')),
  });
  single = await it.engine();
  loader = await it.openModelFiles();
  dir = mkdtempSync(join(tmpdir(), 'attn-threads-'));
});
after(() => {
  threaded?.terminateWorkers();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const bits = (floats) => Buffer.from(floats.buffer, floats.byteOffset, floats.byteLength);

/** What the tests compare: a prompt pass's logits, a 4-token decode-path pass's, 8 tokens. */
function outputs(engine, id) {
  return {
    prompt: bits(engine.openModelRun(id, PROMPT).logitsLast),
    decodePath: bits(engine.openModelRun(id, PROMPT.slice(0, 4), { decodePath: true }).logitsLast),
    tokens: engine.openModelGenerate(id, PROMPT.slice(0, 5), 8).generated,
  };
}

test('the threaded engine runs threads; the page engine runs one', () => {
  // As many as the workers it started with (attnWorkers) and the caller's own thread.
  assert.equal(threaded.threadsAvailable(), 4);
  assert.equal(threaded.setThreads(4), 4);
  assert.equal(threaded.threadCount(), 4);
  assert.equal(threaded.setThreads(99), 4, 'clamped to threadsAvailable()');
  assert.equal(threaded.setThreads(1), 1);
  assert.equal(threaded.simdPath(), 'wasm-simd128');
  assert.equal(single.threadsAvailable(), 1);
  assert.equal(single.setThreads(4), 1);
  // Typed errors as from the page's engine (CMakeLists.txt says why this build's exceptions are
  // Emscripten's emulation: with WebAssembly's, every error came out as "unknown error").
  assert.throws(() => threaded.setThreads(-1), { name: 'ConfigError', message: /threads/ });
  assert.throws(() => threaded.openModelCreate({}), {
    name: 'ConfigError',
    message: /config\.arch/,
  });
});

for (const [arch, type] of [
  ['qwen3', 'q4_k'],
  ['llama', 'q6_k'],
  ['mistral', 'q8_0'],
  ['qwen2', 'f16'],
  ['gpt2', 'f32'],
]) {
  test(`${arch} ${type}: the same bits on 1, 2, 3 and 4 threads, and as the page's engine`, async () => {
    const path = tiny.writeGgufModel(join(dir, `${arch}-${type}.gguf`), tiny.tinyModel(arch), type);
    const open = (engine) => loader.openModelFromFiles(engine, [nodeFileSource(path)]);
    const mine = await open(threaded);
    const theirs = await open(single);
    try {
      const reference = outputs(single, theirs.id);
      for (const n of [1, 2, 3, 4]) {
        assert.equal(threaded.setThreads(n), n);
        const got = outputs(threaded, mine.id);
        assert.ok(got.prompt.equals(reference.prompt), `${n} threads: prompt pass logits`);
        assert.ok(got.decodePath.equals(reference.decodePath), `${n} threads: decode-path logits`);
        assert.deepEqual(got.tokens, reference.tokens, `${n} threads: greedy tokens`);
      }
    } finally {
      threaded.setThreads(1);
      threaded.openModelUnload(mine.id);
      single.openModelUnload(theirs.id);
    }
  });
}
