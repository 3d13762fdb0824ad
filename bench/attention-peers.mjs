// The peers of the engine on the benchmark's cases, one runner per process:
//
//   node bench/attention-peers.mjs engine-js | onnxruntime-web | tfjs-wasm
//
//   engine-js        engine.attention() called from JavaScript with Float32Array inputs, as a
//                    page would (ATTN_ENGINE_JS, else dist/attn-engine.js; scripts/bench.sh runs
//                    it on the whole engine and on the course pages' module); with want:
//                    ['output'] when the engine takes it (feature-detected), else the full result.
//   onnxruntime-web  ONNX Runtime Web's WASM backend (SIMD, 1 thread) on a MatMul graph
//                    (onnx-attention-model.mjs).
//   tfjs-wasm        TensorFlow.js with its WASM backend (XNNPACK, SIMD, 1 thread): batched
//                    matMul, additive mask, softmax, matMul.
//
// Every runner gets the same inputs (bench-common.mjs), its output is checked against the
// float64 reference (max |difference| printed), and it prints the JSON lines of the C++
// benchmark. Peers get their inputs once in their own layout ([G, R·T, D], R = H / G query heads
// per KV head stacked along the rows, so one batched product serves MHA and GQA); the copy into
// their heap each call is theirs to make, as the engine copies its inputs each call.
import { createRequire } from 'node:module';
import { basename, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CASES,
  D,
  FLOPS_NOTE,
  H,
  caseInputs,
  maxAbsDiff,
  referenceOutput,
  timeCase,
} from './bench-common.mjs';

const require = createRequire(import.meta.url);
const here = dirname(fileURLToPath(import.meta.url));

// [T, X·D] with X = G·R heads → [G, R·T, D]: head g·R + r, row i goes to row r·T + i of block g.
function toStacked(m, T, G, R) {
  const out = new Float32Array(m.length);
  for (let g = 0; g < G; g++)
    for (let r = 0; r < R; r++)
      for (let i = 0; i < T; i++) {
        const src = i * G * R * D + (g * R + r) * D,
          dst = (g * R * T + r * T + i) * D;
        out.set(m.subarray(src, src + D), dst);
      }
  return out;
}
function fromStacked(m, T, G, R) {
  const out = new Float32Array(m.length);
  for (let g = 0; g < G; g++)
    for (let r = 0; r < R; r++)
      for (let i = 0; i < T; i++) {
        const dst = i * G * R * D + (g * R + r) * D,
          src = (g * R * T + r * T + i) * D;
        out.set(m.subarray(src, src + D), dst);
      }
  return out;
}
// [R·T, T]: 0 where key j ≤ query i (row r·T + i), −1e30 elsewhere.
function additiveCausalMask(T, R) {
  const m = new Float32Array(R * T * T);
  for (let r = 0; r < R; r++)
    for (let i = 0; i < T; i++) for (let j = i + 1; j < T; j++) m[(r * T + i) * T + j] = -1e30;
  return m;
}

async function engineRunner() {
  const path = process.env.ATTN_ENGINE_JS
    ? resolve(process.env.ATTN_ENGINE_JS)
    : resolve(here, '..', 'dist', 'attn-engine.js');
  const engine = await require(path)();
  const probe = engine.attention({
    q: { shape: [1, H * D], data: new Float32Array(H * D) },
    k: { shape: [1, H * D], data: new Float32Array(H * D) },
    v: { shape: [1, H * D], data: new Float32Array(H * D) },
    nHeads: H,
    causal: true,
    want: ['output'],
  });
  const outputOnly = probe.weights === undefined;
  return {
    label: `${basename(path)}, ${engine.simdPath()}, ${outputOnly ? "want: ['output']" : 'full result (no want option yet)'}`,
    prepare({ T, G }, { q, k, v }) {
      // Without `want`, T = 2048 would return 2 × 8 × 2048² floats of scores and weights (256 MiB).
      if (!outputOnly && T > 512) return null;
      const options = {
        q: { shape: [T, H * D], data: q },
        k: { shape: [T, G * D], data: k },
        v: { shape: [T, G * D], data: v },
        nHeads: H,
        nKvHeads: G,
        causal: true,
        ...(outputOnly ? { want: ['output'] } : {}),
      };
      return { run: () => engine.attention(options).output.data, output: (o) => o };
    },
  };
}

async function ortRunner() {
  const ort = await import('onnxruntime-web');
  const { causalAttentionModel } = await import('./onnx-attention-model.mjs');
  ort.env.wasm.numThreads = 1;
  ort.env.wasm.simd = true;
  return {
    label: `onnxruntime-web ${ort.env.versions?.web ?? ''} wasm, 1 thread, MatMul graph`,
    async prepare({ T, G }, { q, k, v }) {
      const R = H / G;
      const session = await ort.InferenceSession.create(
        causalAttentionModel({ G, R, T, d: D, scale: 1 / Math.sqrt(D) }),
        { executionProviders: ['wasm'], graphOptimizationLevel: 'all' },
      );
      const feeds = {
        q: new ort.Tensor('float32', toStacked(q, T, G, R), [G, R * T, D]),
        k: new ort.Tensor('float32', toStacked(k, T, G, 1), [G, T, D]),
        v: new ort.Tensor('float32', toStacked(v, T, G, 1), [G, T, D]),
        mask: new ort.Tensor('float32', additiveCausalMask(T, R), [R * T, T]),
      };
      return {
        run: async () => (await session.run(feeds)).out.data,
        output: (o) => fromStacked(o, T, G, R),
      };
    },
  };
}

async function tfjsRunner() {
  const tf = await import('@tensorflow/tfjs-core');
  const wasm = await import('@tensorflow/tfjs-backend-wasm');
  wasm.setWasmPaths(
    dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-simd.wasm')) +
      '/',
  );
  wasm.setThreadsCount(1);
  await tf.setBackend('wasm');
  await tf.ready();
  const simd = tf.env().getBool('WASM_HAS_SIMD_SUPPORT');
  return {
    label: `tfjs-backend-wasm ${wasm.version_wasm}, ${simd ? 'SIMD' : 'no SIMD'}, 1 thread`,
    prepare({ T, G }, { q, k, v }) {
      const R = H / G;
      const tq = tf.tensor3d(toStacked(q, T, G, R), [G, R * T, D]);
      const tk = tf.tensor3d(toStacked(k, T, G, 1), [G, T, D]);
      const tv = tf.tensor3d(toStacked(v, T, G, 1), [G, T, D]);
      const mask = tf.tensor2d(additiveCausalMask(T, R), [R * T, T]);
      const scale = tf.scalar(1 / Math.sqrt(D));
      return {
        run: () => {
          const out = tf.tidy(() =>
            tf.matMul(tf.softmax(tf.add(tf.mul(tf.matMul(tq, tk, false, true), scale), mask)), tv),
          );
          const data = out.dataSync();
          out.dispose();
          return data;
        },
        output: (o) => fromStacked(o, T, G, R),
      };
    },
  };
}

const RUNNERS = {
  'engine-js': engineRunner,
  'onnxruntime-web': ortRunner,
  'tfjs-wasm': tfjsRunner,
};
const name = process.argv[2];
if (!RUNNERS[name]) {
  console.error(`usage: node bench/attention-peers.mjs ${Object.keys(RUNNERS).join(' | ')}`);
  process.exit(2);
}
const runner = await RUNNERS[name]();
console.log(JSON.stringify({ engine: name, kernel_path: runner.label, flops: FLOPS_NOTE }));
for (const c of CASES) {
  const inputs = caseInputs(c);
  const job = await runner.prepare(c, inputs);
  if (!job) {
    console.log(JSON.stringify({ case: c.name, skipped: 'too large without want' }));
    continue;
  }
  const diff = maxAbsDiff(job.output(await job.run()), referenceOutput(c, inputs));
  const t = await timeCase(job.run, c.T);
  console.log(
    JSON.stringify({ case: c.name, T: c.T, H, kv_heads: c.G, d: D, ...t, max_abs_diff: diff }),
  );
}
