// What every JavaScript benchmark runner shares with cpp/bench/attention_bench.cpp: the cases,
// seeded inputs, the FLOP count, the timing protocol (runs of at least 0.3 s, median of 5, or of
// 3 when one call fills a run), the JSON line per case, and a float64 reference attention to
// check every runner's output against.
//
// Dimension letters: T sequence length (Tq = Tk), H query heads, G KV heads, D head width.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

export const H = 8,
  D = 64;
const MIN_SECONDS = 0.3,
  RUNS = 5,
  RUNS_SLOW = 3;
export const CASES = [
  { name: 'causal T=5', T: 5, G: H },
  { name: 'causal T=64', T: 64, G: H },
  { name: 'causal T=512', T: 512, G: H },
  { name: 'causal T=2048', T: 2048, G: H },
  { name: 'causal GQA 8:2 T=512', T: 512, G: 2 },
];
export const FLOPS_NOTE =
  'causal visible half only: per head sum over i of (i+1) keys x (2d for q.k + 2d for the weighted v sum); softmax not counted';

export function causalFlops(T) {
  return H * ((T * (T + 1)) / 2) * (2 * D + 2 * D);
}

// Seeded inputs. Not attn::Rng (that needs 64-bit integer arithmetic): timings do not depend on
// the values, and every JS runner gets the very same arrays.
export function makeRandom(seed) {
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

// q [T, H·D], k and v [T, G·D], the engine's layout; the same arrays for every runner.
export function caseInputs({ T, G }) {
  const rand = makeRandom(20241130 + T * 16 + G);
  return {
    q: randomMatrix(rand, T, H * D),
    k: randomMatrix(rand, T, G * D),
    v: randomMatrix(rand, T, G * D),
  };
}

// q [T, H·D], k and v [T, G·D], row-major; returns out [T, H·D]. Query head h reads KV head
// h / (H / G). Arithmetic is in JS numbers (float64), storage float32.
export function causalAttention(q, k, v, T, G) {
  const out = new Float32Array(T * H * D);
  const w = new Float64Array(T);
  const acc = new Float64Array(D);
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
      acc.fill(0);
      for (let j = 0; j <= i; j++) {
        const p = w[j] / sum;
        const vOff = j * G * D + kvCol;
        for (let c = 0; c < D; c++) acc[c] += p * v[vOff + c];
      }
      const oOff = i * H * D + h * D;
      for (let c = 0; c < D; c++) out[oOff + c] = acc[c];
    }
  }
  return out;
}

// The reference output of a case: ATTN_BENCH_REF_DIR/<refFile> when the plain-JS runner wrote it,
// else computed here.
export function refFile({ T, G }) {
  return `reference-T${T}-G${G}.f32`;
}
export function referenceOutput(c, { q, k, v }) {
  const dir = process.env.ATTN_BENCH_REF_DIR;
  const file = dir && join(dir, refFile(c));
  if (file && existsSync(file)) return new Float32Array(new Uint8Array(readFileSync(file)).buffer);
  return causalAttention(q, k, v, c.T, c.G);
}

export function maxAbsDiff(a, b) {
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i] - b[i]));
  return a.length === b.length ? m : Infinity;
}

// Times `call` (sync or async) as the C++ benchmark does; returns the JSON line's fields.
export async function timeCase(call, T) {
  const timeCalls = async (reps) => {
    const start = performance.now();
    for (let i = 0; i < reps; i++) await call();
    return (performance.now() - start) / 1000;
  };
  // No separate warm-up: the growing runs give the JIT time to compile, and only the last of
  // them, at full length, is kept as a measurement.
  let reps = 1;
  let elapsed = await timeCalls(reps);
  while (elapsed < MIN_SECONDS) {
    const grow = Math.min(100, (1.2 * MIN_SECONDS) / Math.max(elapsed, 1e-9));
    reps = Math.max(reps + 1, Math.ceil(reps * grow));
    elapsed = await timeCalls(reps);
  }
  const runs = reps === 1 ? RUNS_SLOW : RUNS;
  const perCall = [elapsed / reps];
  while (perCall.length < runs) perCall.push((await timeCalls(reps)) / reps);
  perCall.sort((a, b) => a - b);
  const median = perCall[Math.floor(perCall.length / 2)];
  return {
    reps,
    runs,
    us: +(median * 1e6).toFixed(3),
    gflops: +((causalFlops(T) / median) * 1e-9).toFixed(4),
  };
}
