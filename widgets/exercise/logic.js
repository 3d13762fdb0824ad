// The checker of <attn-exercise>: the inputs a student's function is tried on, the right answers
// (the engine's, one engine.attention call per input), and the diagnosis of a wrong answer. A
// wrong output is compared with what each classic mistake gives on the same input (MISTAKES: no
// ÷√d, ÷d instead of ÷√d, the mask after softmax, masked scores set to 0 instead of −∞, a causal
// mask written by hand instead of `allowed`, no mask at all, K summed instead of V, softmax over
// the wrong axis), each also computed by the engine, so the hint names the mistake the student
// actually made. DOM-free: the node tests run it with the real engine.
/** @import { Runtime } from '../../web/runtime.js' */
/** @import { AttnEngine, AttentionOptions } from '../../web/attn-engine.js' */
import { worldTensors } from '../../web/world.js';

/** Each task's number on the practice page (its title and starter say "Exercise n"). */
export const EXERCISE_NUMBER = { attention: 1, gqa: 2 };

/** An output counts as right within this absolute difference (float32 engine, float64 JS). */
export const TOLERANCE = 1e-4;

/**
 * One input of the attention exercise: Q [T, d], K [T, d], V [T, dv] as arrays of rows, and
 * `allowed` [T, T] (true: query i may attend to key j).
 * @typedef {{ name: string, Q: number[][], K: number[][], V: number[][], allowed: boolean[][] }}
 *   AttentionCase
 * @typedef {'no-scale' | 'divide-by-d' | 'mask-after-softmax' | 'mask-with-zero'
 *   | 'own-causal-mask' | 'no-mask' | 'sum-k' | 'wrong-axis'} Mistake
 * @typedef {{ ok: true, maxDiff: number }
 *   | { ok: false, maxDiff: number, row: number }
 *   | { ok: false, shape: string }} Verdict row: the first wrong row, counted from 1 (a student's
 *   "row 1" is Q[0]); shape: what came back instead, its rows counted from 1 too
 */

/**
 * Every mistake the hints name, in the order a wrong output is matched against them (the first
 * that gives exactly the student's output wins).
 * @type {Mistake[]}
 */
export const MISTAKES = [
  'no-scale',
  'divide-by-d',
  'mask-after-softmax',
  'mask-with-zero',
  'own-causal-mask',
  'no-mask',
  'sum-k',
  'wrong-axis',
];

/** Rows of a {shape, data} tensor. @param {{ shape: number[], data: Float32Array }} t */
const rows = (t) =>
  Array.from({ length: t.shape[0] }, (_, i) =>
    Array.from(t.data.subarray(i * t.shape[1], (i + 1) * t.shape[1])),
  );

/**
 * Small numbers from a fixed seed (a linear congruential generator), two decimals.
 * @param {number} seed
 */
function seeded(seed) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return Math.round(((s / 2 ** 32) * 4 - 2) * 100) / 100;
  };
}
/** @param {number} r @param {number} c @param {() => number} next */
const matrix = (r, c, next) => Array.from({ length: r }, () => Array.from({ length: c }, next));
/** @param {number} T @param {(i: number, j: number) => boolean} rule */
const maskOf = (T, rule) =>
  Array.from({ length: T }, (_, i) => Array.from({ length: T }, (_, j) => rule(i, j)));

/**
 * The inputs: the teaching world's two sentences (causal), a window mask (each token sees
 * itself and the one before) and a row of no mask at all, of other sizes.
 * @param {Runtime} rt
 * @returns {AttentionCase[]}
 */
export function attentionCases(rt) {
  /** @type {AttentionCase[]} */
  const cases = ['en-the-cat', 'zh-gift'].map((id) => {
    const w = worldTensors(rt, id);
    const T = w.tokens.length;
    return {
      name: id,
      Q: rows(w.q),
      K: rows(w.k),
      V: rows(w.v),
      allowed: maskOf(T, (i, j) => j <= i),
    };
  });
  const next = seeded(7);
  cases.push({
    name: 'window',
    Q: matrix(5, 3, next),
    K: matrix(5, 3, next),
    V: matrix(5, 2, next),
    allowed: maskOf(5, (i, j) => j <= i && j >= i - 1),
  });
  cases.push({
    name: 'no-mask',
    Q: matrix(4, 8, next),
    K: matrix(4, 8, next),
    V: matrix(4, 3, next),
    allowed: maskOf(4, () => true),
  });
  return cases;
}

/** @param {number[][]} m */
const flat = (m) => ({ shape: [m.length, m[0].length], data: Float32Array.from(m.flat()) });
/** @param {boolean[][]} a */
const maskIn = (a) => a.map((r) => r.map((x) => (x ? 1 : 0)));

/**
 * The right output of `c`: the engine's attention, [T, dv] rows.
 * @param {AttnEngine} engine
 * @param {AttentionCase} c
 */
export function expectedOutput(engine, c) {
  const r = engine.attention({
    q: flat(c.Q),
    k: flat(c.K),
    v: flat(c.V),
    mask: maskIn(c.allowed),
    want: ['output'],
  });
  return rows(r.output);
}

/**
 * What each classic mistake gives on `c`, from the engine: no scaling (scale 1), ÷d (scale 1/d),
 * the mask after softmax (the course's zero-after-softmax mode), masked scores set to 0 (then
 * softmax over every key), a causal mask of its own (`allowed` unused), no mask, the weights
 * applied to K's rows instead of V's, and softmax down the columns (over the queries of each key,
 * masked cells left out) instead of along the rows. Softmax rows are engine.softmax's, weighted
 * sums engine.matmul's.
 * @param {AttnEngine} engine
 * @param {AttentionCase} c
 * @returns {Record<Mistake, number[][]>}
 */
export function mistakeOutputs(engine, c) {
  const qkv = { q: flat(c.Q), k: flat(c.K), v: flat(c.V) };
  const base = { ...qkv, mask: maskIn(c.allowed) };
  const out = (/** @type {AttentionOptions} */ o) =>
    rows(engine.attention({ ...o, want: ['output'] }).output);
  const d = c.Q[0].length;
  // Scores [1, T, T] (scaled, before masking).
  const scores = engine.attention({ ...base, want: ['scores'] }).scores;
  const T = c.Q.length;
  // Masked scores as 0: every key in the softmax, the masked ones with score 0.
  const zeroed = c.allowed.map((r, i) =>
    Array.from(
      engine.softmax(
        r.map((ok, j) => (ok ? scores.data[i * T + j] : 0)),
        {},
      ).weights,
    ),
  );
  const withZero = rows(engine.matmul(zeroed, qkv.v));
  // Each column's allowed cells through softmax.
  const weights = maskOf(T, () => false).map((r) => r.map(() => 0));
  for (let j = 0; j < T; j++) {
    const who = c.allowed.map((r, i) => (r[j] ? i : -1)).filter((i) => i >= 0);
    if (!who.length) continue;
    const w = engine.softmax(
      who.map((i) => scores.data[i * T + j]),
      {},
    ).weights;
    who.forEach((i, k) => (weights[i][j] = w[k]));
  }
  return {
    'no-scale': out({ ...base, scale: 1 }),
    'divide-by-d': out({ ...base, scale: 1 / d }),
    'mask-after-softmax': out({ ...base, maskMode: 'zero-after-softmax' }),
    'mask-with-zero': withZero,
    'own-causal-mask': out({ ...qkv, causal: true }),
    'no-mask': out(qkv),
    'sum-k': out({ ...base, v: qkv.k }),
    'wrong-axis': rows(engine.matmul(weights, qkv.v)),
  };
}

/**
 * `got` against `want`: the same shape and every entry within TOLERANCE.
 * @param {unknown} got what the student's function returned (as reported from the worker)
 * @param {number[][]} want
 * @returns {Verdict}
 */
export function compare(got, want) {
  const T = want.length,
    dv = want[0].length;
  if (!Array.isArray(got) || got.length !== T)
    return { ok: false, shape: Array.isArray(got) ? `${got.length} rows` : typeof got };
  // Rows are counted from 1 in what the student reads: row 1 is the first query, Q[0].
  let maxDiff = 0,
    row = -1;
  for (let i = 0; i < T; i++) {
    const r = got[i];
    if (!Array.isArray(r) || r.length !== dv)
      return { ok: false, shape: `row ${i + 1}: ${Array.isArray(r) ? r.length : typeof r}` };
    for (let e = 0; e < dv; e++) {
      const d = typeof r[e] === 'number' ? Math.abs(r[e] - want[i][e]) : Infinity;
      if (d > maxDiff) maxDiff = d;
      if (d > TOLERANCE && row < 0) row = i + 1;
    }
  }
  return row < 0 ? { ok: true, maxDiff } : { ok: false, maxDiff, row };
}

/**
 * Which classic mistake gives exactly what the student got (null: none of them).
 * @param {AttnEngine} engine
 * @param {AttentionCase} c
 * @param {unknown} got
 * @returns {Mistake | null}
 */
export function diagnose(engine, c, got) {
  const mistakes = mistakeOutputs(engine, c);
  for (const m of MISTAKES) if (compare(got, mistakes[m]).ok) return m;
  return null;
}

// ---- exercise 2: which K/V head a query head reads under GQA -----------------------------------

/** The configurations tried: [query heads, KV heads]. MHA, GQA and MQA. */
export const GQA_CONFIGS = [
  [8, 8],
  [8, 2],
  [8, 4],
  [8, 1],
  [6, 3],
];

/**
 * The engine's head grouping for (n, g): which K/V head each query head attends with, read off
 * the engine's own GQA attention (each K/V head's keys point one way; the query head's weights
 * show which one it read).
 * @param {AttnEngine} engine
 * @param {number} n query heads
 * @param {number} g K/V heads
 * @returns {number[]}
 */
export function engineGrouping(engine, n, g) {
  // Two keys per K/V head; K/V head m's values are [m, m]. One query per head, all the same:
  // each head's output is then the value of the K/V head it reads.
  const d = 2;
  const q = { shape: [1, n * d], data: new Float32Array(n * d).fill(1) };
  const k = { shape: [1, g * d], data: new Float32Array(g * d).fill(1) };
  const v = {
    shape: [1, g * d],
    data: Float32Array.from({ length: g * d }, (_, i) => Math.floor(i / d)),
  };
  const out = engine.attention({ q, k, v, nHeads: n, nKvHeads: g, want: ['output'] }).output;
  return Array.from({ length: n }, (_, h) => Math.round(out.data[h * d]));
}

/**
 * The student's table for each configuration against the engine's; the first wrong one, and
 * whether it is the interleaved grouping h mod g (the usual mistake).
 * @param {AttnEngine} engine
 * @param {unknown} got [config][query head] → K/V head, as reported
 */
export function checkGrouping(engine, got) {
  return GQA_CONFIGS.map(([n, g], c) => {
    const want = engineGrouping(engine, n, g);
    const mine = Array.isArray(got) ? got[c] : undefined;
    const ok = Array.isArray(mine) && mine.length === n && mine.every((x, h) => x === want[h]);
    const interleaved =
      Array.isArray(mine) && mine.length === n && mine.every((x, h) => x === h % g);
    return { n, g, want, got: Array.isArray(mine) ? mine : null, ok, interleaved };
  });
}

// ---- what runs in the worker ------------------------------------------------------------------

/**
 * The code the worker runs: the student's, then a harness that calls their function on every
 * input and report()s what it returned (an error as null, with its message printed).
 * @param {'attention' | 'gqa'} task
 * @param {string} student
 * @param {AttentionCase[]} cases
 */
export function harness(task, student, cases) {
  const call =
    task === 'attention'
      ? `__cases.map((c) => attention(c.Q, c.K, c.V, c.allowed))`
      : `__configs.map(([n, g]) => Array.from({ length: n }, (_, h) => kvHeadFor(h, n, g)))`;
  const data =
    task === 'attention'
      ? `const __cases = ${JSON.stringify(cases)};`
      : `const __configs = ${JSON.stringify(GQA_CONFIGS)};`;
  // The student's code first, on its own lines (an error's line number is theirs).
  return `${student}\n;{\n${data}\nreport(${call});\n}\n`;
}
