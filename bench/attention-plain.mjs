// The same causal attention as the engine's attention_output, written the way one would in plain
// JavaScript: Float32Array storage, straightforward loops, two-pass softmax (max, then exp and
// sum), masked keys skipped. Timed on the shapes of cpp/bench/attention_bench.cpp, the same way
// (runs of at least 0.3 s, median of 5, or of 3 when one call fills a run), printing the same
// JSON lines so scripts/bench.sh can put it in one table with the engine builds.
//
// Before timing, it checks its output against the WASM engine's attention() on small cases, so
// the comparison is of the same computation. The engine is ATTN_ENGINE_JS if set, otherwise
// dist/attn-engine.js; without either the check is reported as skipped.
//
// Dimension letters: T sequence length (Tq = Tk), H query heads, G KV heads, D head width.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';

const H = 8,
  D = 64;
const MIN_SECONDS = 0.3,
  RUNS = 5,
  RUNS_SLOW = 3;
const CASES = [
  { name: 'causal T=5', T: 5, G: H },
  { name: 'causal T=64', T: 64, G: H },
  { name: 'causal T=512', T: 512, G: H },
  { name: 'causal T=2048', T: 2048, G: H },
  { name: 'causal GQA 8:2 T=512', T: 512, G: 2 },
];

// q [T, H·D], k and v [T, G·D], row-major; returns out [T, H·D]. Query head h reads KV head
// h / (H / G). Arithmetic is in JS numbers (float64), storage float32.
export function causalAttention(q, k, v, T, G) {
  const out = new Float32Array(T * H * D);
  const w = new Float32Array(T);
  const scale = 1 / Math.sqrt(D);
  const group = H / G;
  for (let h = 0; h < H; h++) {
    const kvCol = Math.floor(h / group) * D;
    for (let i = 0; i < T; i++) {
      const qOff = i * H * D + h * D;
      let max = -Infinity;
      for (let j = 0; j <= i; j++) {
        const kOff = j * G * D + kvCol;
        let s = 0;
        for (let c = 0; c < D; c++) s += q[qOff + c] * k[kOff + c];
        s *= scale;
        w[j] = s;
        if (s > max) max = s;
      }
      let sum = 0;
      for (let j = 0; j <= i; j++) {
        const e = Math.exp(w[j] - max);
        w[j] = e;
        sum += e;
      }
      const inv = 1 / sum;
      const oOff = i * H * D + h * D;
      for (let j = 0; j <= i; j++) {
        const p = w[j] * inv;
        const vOff = j * G * D + kvCol;
        for (let c = 0; c < D; c++) out[oOff + c] += p * v[vOff + c];
      }
    }
  }
  return out;
}

// Seeded inputs. Not attn::Rng (that needs 64-bit integer arithmetic): timings do not depend on
// the values, and the check below hands the very same arrays to the engine.
function makeRandom(seed) {
  let a = seed >>> 0;
  return () => {
    // mulberry32, mapped to a uniform with variance 1
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((((t ^ (t >>> 14)) >>> 0) / 4294967296) * 2 - 1) * Math.sqrt(3);
  };
}

function randomMatrix(rand, rows, cols) {
  const m = new Float32Array(rows * cols);
  for (let i = 0; i < m.length; i++) m[i] = rand();
  return m;
}

function causalFlops(T) {
  return H * ((T * (T + 1)) / 2) * (2 * D + 2 * D);
}

async function loadEngine() {
  const here = dirname(fileURLToPath(import.meta.url));
  const path = process.env.ATTN_ENGINE_JS
    ? resolve(process.env.ATTN_ENGINE_JS)
    : resolve(here, '..', 'dist', 'attn-engine.js');
  if (!existsSync(path))
    return { path, engine: null, note: `no engine at ${path} (set ATTN_ENGINE_JS)` };
  const create = createRequire(import.meta.url)(path);
  // Emscripten's output is CommonJS; under the repository's "type": "module" it needs a
  // package.json saying "commonjs" next to it (the builds write one), or it exports nothing.
  if (typeof create !== 'function')
    return {
      path,
      engine: null,
      note: `${path} exports no factory (missing {"type": "commonjs"} package.json beside it?)`,
    };
  return { path, engine: await create() };
}

async function checkAgainstEngine(rand) {
  const { path, engine, note } = await loadEngine();
  if (!engine) {
    console.log(JSON.stringify({ check: 'skipped', note }));
    return;
  }
  for (const { name, T, G } of [
    { name: 'causal T=17', T: 17, G: H },
    { name: 'causal GQA 8:2 T=9', T: 9, G: 2 },
  ]) {
    const q = randomMatrix(rand, T, H * D),
      k = randomMatrix(rand, T, G * D),
      v = randomMatrix(rand, T, G * D);
    const mine = causalAttention(q, k, v, T, G);
    const theirs = engine.attention({
      q: { shape: [T, H * D], data: q },
      k: { shape: [T, G * D], data: k },
      v: { shape: [T, G * D], data: v },
      nHeads: H,
      nKvHeads: G,
      causal: true,
    }).output.data;
    let maxAbsDiff = 0;
    for (let i = 0; i < mine.length; i++)
      maxAbsDiff = Math.max(maxAbsDiff, Math.abs(mine[i] - theirs[i]));
    console.log(
      JSON.stringify({
        check: name,
        engine: path,
        engine_path: engine.simdPath(),
        max_abs_diff: maxAbsDiff,
      }),
    );
  }
}

function runCase({ name, T, G }, rand) {
  const q = randomMatrix(rand, T, H * D),
    k = randomMatrix(rand, T, G * D),
    v = randomMatrix(rand, T, G * D);
  const timeCalls = (reps) => {
    const start = performance.now();
    for (let i = 0; i < reps; i++) causalAttention(q, k, v, T, G);
    return (performance.now() - start) / 1000;
  };
  // No separate warm-up: the growing runs below give the JIT time to compile the loops, and
  // only the last of them, at full length, is kept as a measurement.
  let reps = 1;
  let elapsed = timeCalls(reps);
  while (elapsed < MIN_SECONDS) {
    const grow = Math.min(100, (1.2 * MIN_SECONDS) / Math.max(elapsed, 1e-9));
    reps = Math.max(reps + 1, Math.ceil(reps * grow));
    elapsed = timeCalls(reps);
  }
  const runs = reps === 1 ? RUNS_SLOW : RUNS;
  const perCall = [elapsed / reps];
  while (perCall.length < runs) perCall.push(timeCalls(reps) / reps);
  perCall.sort((a, b) => a - b);
  const median = perCall[Math.floor(perCall.length / 2)];
  console.log(
    JSON.stringify({
      case: name,
      T,
      H,
      kv_heads: G,
      d: D,
      reps,
      runs,
      us: +(median * 1e6).toFixed(3),
      gflops: +((causalFlops(T) / median) * 1e-9).toFixed(4),
    }),
  );
}

const rand = makeRandom(20241130);
console.log(
  JSON.stringify({
    engine: 'plain-js',
    kernel_path: `node ${process.version}`,
    flops:
      'causal visible half only: per head sum over i of (i+1) keys x (2d for q.k + 2d for the weighted v sum); softmax not counted',
  }),
);
await checkAgainstEngine(rand);
for (const c of CASES) runCase(c, rand);
