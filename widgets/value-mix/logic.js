// The numbers behind <attn-value-mix>, without any DOM, so the node tests import them too.
// Every number is the engine's: the weights and the output of one query row (engine.attention,
// single head, scores ÷ √d), each token's contribution w_j v_j (engine.matmul of the 1×1 weight
// by the 1×d row v_j), the same weights applied to K (engine.attention with v := k), a mix the
// student sets between two names (engine.matmul of the weight row by their K or V rows), and
// cosines (engine.cosine). Here only values are picked out and formatted.
// w is worldTensors(rt, id): {tokens, q, k, v} with matrices as number[][].
/** @import { AttnEngine } from '../../web/attn-engine.js' */
import { num, pct } from '../../web/dom.js';
import { rowsOf } from '../../web/tensor.js';
import { row, sub as msub, mi, paren } from '../../web/mathml.js';

/** The two names whose keys are nearly parallel in zh-gift. */
export const NAMES = ['小明', '小王'];

const SUB = '₀₁₂₃₄₅₆₇₈₉';
/** 12 → "₁₂" */
export function sub(i) {
  return String(i)
    .split('')
    .map((c) => SUB[Number(c)])
    .join('');
}

/** Keys query `row` may see: all of them, or 0 … row under the causal mask. */
export function visibleKeys(n, row, causal) {
  return Array.from({ length: causal ? row + 1 : n }, (_, j) => j);
}

/**
 * One query row of single-head attention over world w:
 *   weights [T] and output [dv] from engine.attention;
 *   contributions[j] = w_j v_j [dv] (engine.matmul [[w_j]] · [v_j]) for the visible keys;
 *   retrievedK [d]: the same weights applied to K (engine.attention with v := k).
 * @param {AttnEngine} engine
 */
export function mixRow(engine, w, row, causal) {
  const n = w.tokens.length;
  const rv = engine.attention({ q: w.q, k: w.k, v: w.v, causal });
  const rk = engine.attention({ q: w.q, k: w.k, v: w.k, causal });
  const dv = rv.output.shape[1],
    dk = rk.output.shape[1];
  const weights = Array.from(rv.weights.data.subarray(row * n, (row + 1) * n));
  const scores = Array.from(rv.scores.data.subarray(row * n, (row + 1) * n));
  const output = Array.from(rv.output.data.subarray(row * dv, (row + 1) * dv));
  const retrievedK = Array.from(rk.output.data.subarray(row * dk, (row + 1) * dk));
  const keys = visibleKeys(n, row, causal);
  // Every w_j v_j at once: diag(w_j) · [v_j], one row per visible key.
  const diag = keys.map((j) => keys.map((k) => (k === j ? weights[j] : 0)));
  const contributions = rowsOf(
    engine.matmul(
      diag,
      keys.map((j) => w.v[j]),
    ),
  );
  return { row, causal, keys, scores, weights, output, retrievedK, contributions };
}

/** Σ_j contributions[j] (for the self-check against the engine's output) and the largest gap. */
export function contributionError(m) {
  const sum = m.output.map((_, d) => m.contributions.reduce((a, c) => a + c[d], 0));
  return Math.max(...sum.map((s, d) => Math.abs(s - m.output[d])));
}

/**
 * Suppose the query attended to name a with share 1 − s and name b with share s. What does it
 * retrieve if it takes K, and what if it takes V? Both mixes from engine.matmul, and how far each
 * is from "all on a" as a cosine (engine.cosine). null when the world lacks a name.
 * @param {AttnEngine} engine
 */
export function nameSplit(engine, w, s, names = NAMES) {
  const a = w.tokens.indexOf(names[0]),
    b = w.tokens.indexOf(names[1]);
  if (a < 0 || b < 0) return null;
  const weights = [[1 - s, s]];
  const mixK = Array.from(engine.matmul(weights, [w.k[a], w.k[b]]).data);
  const mixV = Array.from(engine.matmul(weights, [w.v[a], w.v[b]]).data);
  return {
    a,
    b,
    s,
    k: {
      a: w.k[a],
      b: w.k[b],
      mix: mixK,
      cosToA: engine.cosine(mixK, w.k[a]),
      cosAB: engine.cosine(w.k[a], w.k[b]),
    },
    v: {
      a: w.v[a],
      b: w.v[b],
      mix: mixV,
      cosToA: engine.cosine(mixV, w.v[a]),
      cosAB: engine.cosine(w.v[a], w.v[b]),
    },
  };
}

/** [a, b, c] → "[0.10, −0.20, 0.30]" */
export function vec(row, digits = 2) {
  return `[${row.map((x) => num(x, digits)).join(', ')}]`;
}

/**
 * out_d = Σ_j w_j v_jd with the numbers, as MathML (String(): "out_1 = 0.565 × 1.20 + 0.394 ×
 * (−0.30) + … = 0.550"). `d` is the output dimension; terms use the visible keys, each at the
 * top level of the row so that a phone wraps the line between terms.
 */
export function dimFormula(m, v, d, digits = 2) {
  const factor = (x) => (x < 0 ? paren(num(x, digits)) : num(x, digits));
  const terms = m.keys.flatMap((j, k) => [
    ...(k ? ['+'] : []),
    row(num(m.weights[j], 3), '×', factor(v[j][d])),
  ]);
  return row(msub(mi('out'), d + 1), '=', ...terms, '=', num(m.output[d], 3));
}

const checkRow = (name, expected, actual, ok = expected === actual) => ({
  name,
  expected,
  actual,
  ok,
});

/**
 * The course's lesson-5 numbers (and the widget's own consistency) through the engine, whatever
 * the widget currently shows. Compares the printed text.
 * @param {AttnEngine} engine
 */
export function courseChecks(engine, w) {
  const ix = (t) => w.tokens.indexOf(t);
  const gave = ix('给了');
  const causal = mixRow(engine, w, gave, true);
  const full = mixRow(engine, w, gave, false);
  let maxErr = 0;
  for (let i = 0; i < w.tokens.length; i++) {
    for (const c of [true, false])
      maxErr = Math.max(maxErr, contributionError(mixRow(engine, w, i, c)));
  }
  const split = nameSplit(engine, w, 1);
  const cosV = split.v.cosAB;
  return [
    checkRow('causal, row 给了: weight on 苹果', '56.5%', pct(causal.weights[ix('苹果')])),
    checkRow('causal, row 给了: weight on 小明', '39.4%', pct(causal.weights[ix('小明')])),
    checkRow('no mask, row 给了: weight on 小王', '32.5%', pct(full.weights[ix('小王')])),
    {
      name: 'Σ_j w_j v_j = engine output, every row, both masks (±1e-5)',
      expected: '≤ 1e-5',
      actual: maxErr.toExponential(1),
      ok: maxErr <= 1e-5,
    },
    checkRow('cos(K_小明, K_小王)', '0.995', num(split.k.cosAB, 3)),
    checkRow('cos(V_小明, V_小王) clearly lower', '< 0.5', num(cosV, 3), cosV < 0.5),
    checkRow(
      'all weight moved 小明 → 小王: retrieved K keeps cos 0.995 with the start',
      '0.995',
      num(split.k.cosToA, 3),
    ),
  ];
}
