// The numbers behind <attn-dot-product>, without any DOM, so the node tests import them too.
// Every attention number is the engine's: q and k rows (worldTensors: x · Wq, x · Wk), each
// term q_i k_i (engine.dot of the two one-element vectors), the total q·k (engine.dot), cos θ
// (engine.cosine), the whole score matrix QKᵀ (engine.scoreMatrix) and the additive score
// (engine.additiveScore, with q W1 and k W2 from engine.matmul), and the bytes of the score
// tensors T × T × d_a × 2 B and T × T × 2 B (engine.scoreMemory).
// Computed here in JS, each shown with its formula: |q| = √(q·q) and θ = arccos(cos θ) for the
// drawing.
/** @import { AttnEngine, Tensor } from '../../web/attn-engine.js' */
/** @import { CheckRow } from '../../web/check-row.js' */
/** @import { Runtime } from '../../web/runtime.js' */
/** @import { Roles } from '../../web/world.js' */
import { grouped, num } from '../../web/dom.js';
import { worldTensors, hasRoles, roleIndex, roleTokens } from '../../web/world.js';
import { check, checkNamed } from '../../web/check-row.js';
import { worldFacts } from '../facts/world-facts.js';
import { rowOf } from '../../web/tensor.js';
import { line, row, frac, sqrt, norm, times, number } from '../../web/mathml.js';

/**
 * Bahdanau's additive score v · tanh(q W1 + k W2) needs learned W1 [d, d_a], W2 [d, d_a] and
 * v [d_a]. These are ILLUSTRATIVE teaching constants, chosen by hand (d_a = 4), not learned:
 * the point is what the score costs, not its value.
 */
export const ADDITIVE = Object.freeze({
  dA: 4,
  W1: [
    [0.5, -0.3, 0.2, 0.1],
    [0.1, 0.4, -0.2, 0.3],
    [-0.2, 0.1, 0.5, -0.1],
    [0.3, 0.2, 0.1, 0.4],
  ],
  W2: [
    [0.4, 0.1, -0.3, 0.2],
    [-0.1, 0.5, 0.2, 0.1],
    [0.2, -0.2, 0.4, 0.3],
    [0.1, 0.3, 0.1, -0.4],
  ],
  v: [1.0, -0.5, 0.8, 0.6],
});

/**
 * The course's memory example: T = 4,096, d_a = 256, BF16 (2 bytes a number), one head, one layer.
 */
export const COURSE = Object.freeze({ T: 4096, dA: 256, bytesPer: 2 });
/** Preset lengths for the memory comparison. */
export const T_PRESETS = [512, 4096, 32768];
/** The length input's range; the slider moves in powers of two between 2^5 and 2^20. */
export const T_RANGE = Object.freeze({ min: 1, max: 1048576, minExp: 5, maxExp: 20 });

/**
 * The part of a teaching world (web/world.js worldTensors) this widget reads: its tokens and the
 * projected queries and keys [T, d].
 * @typedef {{ id: string, tokens: string[], tokensEn: string[], roles: Roles, q: Tensor,
 *   k: Tensor }} PairWorld
 */

/**
 * One (query, key) pair worked out (expansion): the rows, each term q_m k_m, and the totals.
 * @typedef {{ q: Float32Array, k: Float32Array, terms: number[], total: number, qq: number,
 *   kk: number, cos: number, qNorm: number, kNorm: number, theta: number }} Expansion
 */

const SUB = '₀₁₂₃₄₅₆₇₈₉';
/**
 * 12 → "₁₂"
 * @param {number} i
 */
export function sub(i) {
  return String(i)
    .split('')
    .map((c) => SUB[Number(c)])
    .join('');
}

/**
 * Up to `digits` decimals with trailing zeros dropped and a real minus sign: 0.900 → "0.9".
 * @param {number} x
 */
export function short(x, digits = 3) {
  let s = num(x, digits);
  if (s.includes('.')) s = s.replace(/0+$/, '').replace(/\.$/, '');
  return s === '−0' ? '0' : s;
}

/**
 * A negative number in a sum gets brackets: "(−0.08)".
 * @param {string} s
 */
export const term = (s) => (s.startsWith('−') ? `(${s})` : s);

/**
 * The pair (query i, key j) of world w: its q and k rows, the terms q_m k_m, q·k, q·q, k·k and
 * cos θ, all from the engine; |q|, |k|, θ (degrees) from those for the drawing.
 * @param {AttnEngine} engine
 * @param {PairWorld} w
 * @param {number} i
 * @param {number} j
 * @returns {Expansion}
 */
export function expansion(engine, w, i, j) {
  const q = rowOf(w.q, i),
    k = rowOf(w.k, j);
  // The terms q_m k_m are the diagonal of the outer product qᵀk: one engine call for all of them.
  const outer = engine.matmul({ shape: [q.length, 1], data: q }, { shape: [1, k.length], data: k });
  const terms = Array.from(q, (_, m) => outer.data[m * k.length + m]);
  const total = engine.dot(q, k);
  const qq = engine.dot(q, q),
    kk = engine.dot(k, k);
  const cos = engine.cosine(q, k);
  const qNorm = Math.sqrt(qq),
    kNorm = Math.sqrt(kk);
  const theta = (Math.acos(Math.max(-1, Math.min(1, cos))) * 180) / Math.PI;
  return { q, k, terms, total, qq, kk, cos, qNorm, kNorm, theta };
}

/**
 * The three lines of the expansion, e.g.
 *   "q·k = q₁k₁ + q₂k₂ + q₃k₃ + q₄k₄"
 *   "= (0.9×1.1) + (−0.2×0.4) + …"
 *   "= 0.99 + (−0.08) + … = 2.31"
 * @param {Expansion} e
 */
export function expansionLines(e) {
  const d = e.q.length;
  const symbolic = `q·k = ${Array.from({ length: d }, (_, m) => `q${sub(m + 1)}k${sub(m + 1)}`).join(' + ')}`;
  const products = `= ${Array.from(e.q, (qm, m) => `(${short(qm)}×${term(short(e.k[m]))})`).join(' + ')}`;
  const sums = `= ${e.terms.map((t) => term(num(t, 3))).join(' + ')} = ${num(e.total)}`;
  return [symbolic, products, sums];
}

/**
 * "q·k = |q| |k| cos θ = 1.52 × 1.60 × 0.950 = 2.31" and the lines behind |q|, |k|, θ, as
 * MathML (web/mathml.js; String() of each is the text above).
 * @param {Expansion} e
 */
export function geometryLines(e) {
  const qk = row('q', '·', 'k');
  const q = norm('q'),
    k = norm('k');
  return {
    main: row(
      qk,
      '=',
      q,
      times(),
      k,
      times(),
      'cos',
      'θ',
      '=',
      number(e.qNorm),
      '×',
      number(e.kNorm),
      '×',
      number(e.cos, 3),
      '=',
      number(e.qNorm * e.kNorm * e.cos),
    ),
    norms: line(
      row(q, '=', sqrt(row('q', '·', 'q')), '=', sqrt(num(e.qq, 3)), '=', number(e.qNorm)),
      '; ',
      row(k, '=', sqrt(row('k', '·', 'k')), '=', sqrt(num(e.kk, 3)), '=', number(e.kNorm)),
    ),
    angle: row(
      'cos',
      'θ',
      '=',
      frac(qk, row(q, times(), k)),
      '=',
      number(e.cos, 3),
      '→',
      'θ',
      '=',
      `${e.theta.toFixed(1)}°`,
    ),
  };
}

/**
 * The whole score matrix QKᵀ [T, T] (unscaled, as in the expansion) in one engine call.
 * @param {AttnEngine} engine
 * @param {PairWorld} w
 * @returns {Tensor}
 */
export function scoreMatrix(engine, w) {
  return engine.scoreMatrix(w.q, w.k, { scale: 1 });
}

/**
 * Token indices of one row from the highest score to the lowest (ties keep token order).
 * @param {ArrayLike<number>} row
 * @returns {number[]}
 */
export function ranking(row) {
  return Array.from(row, (_, j) => j).sort((a, b) => row[b] - row[a] || a - b);
}

/**
 * The additive score of the pair with the teaching constants: {qW1, kW2, score}.
 * @param {AttnEngine} engine
 * @param {ArrayLike<number>} q
 * @param {ArrayLike<number>} k
 * @returns {{ qW1: number[], kW2: number[], score: number }}
 */
export function additive(engine, q, k, c = ADDITIVE) {
  /** @param {ArrayLike<number>} r one row [1, d] */
  const asRow = (r) => ({ shape: [1, r.length], data: r });
  return {
    qW1: Array.from(engine.matmul(asRow(q), c.W1).data),
    kW2: Array.from(engine.matmul(asRow(k), c.W2).data),
    score: engine.additiveScore({ q, k, W1: c.W1, W2: c.W2, v: c.v }),
  };
}

/**
 * The length T typed or slid by the student, clamped to an integer in T_RANGE.
 * @param {string | number} t
 */
export function clampT(t) {
  const n = Math.round(Number(t));
  if (!Number.isFinite(n)) return COURSE.T;
  return Math.max(T_RANGE.min, Math.min(T_RANGE.max, n));
}

/**
 * Bytes of the per-head, per-layer score tensors at length T, from engine.scoreMemory (exact up
 * to 2^53; at T = 2^20 and d_a = 256 in BF16 this is 2^49):
 *   additive (naive): T × T × d_a × bytes — every pair keeps its d_a-wide tanh(q W1 + k W2)
 *   dot product:      T × T × bytes       — one score per pair
 * @param {AttnEngine} engine
 * @param {number} T
 */
export function scoreBytes(engine, T, dA = COURSE.dA, bytesPer = COURSE.bytesPer) {
  const m = engine.scoreMemory({ T, dA, dtypeBytes: bytesPer });
  return { additive: m.additiveBytes, dot: m.dotBytes };
}

/**
 * Binary units at the course's precision: one decimal below 10 ("8.0 GiB"), whole above ("32 MiB").
 * @param {number} b
 */
export function courseBytes(b) {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];
  let i = 0,
    v = b;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  if (i === 0) return `${v} B`;
  const s = v < 10 ? v.toFixed(1) : grouped(Math.round(v));
  const exact = Number(v < 10 ? v.toFixed(1) : Math.round(v)) === v;
  return `${exact ? '' : '≈ '}${s} ${units[i]}`;
}

/**
 * "4,096 × 4,096 × 256 × 2 B = 8,589,934,592 B = 8.0 GiB" and the same for the dot product.
 * @param {AttnEngine} engine
 * @param {number} T
 */
export function memoryFormulas(engine, T, dA = COURSE.dA, bytesPer = COURSE.bytesPer) {
  const b = scoreBytes(engine, T, dA, bytesPer);
  return {
    additive: `T × T × dₐ × ${bytesPer} B = ${grouped(T)} × ${grouped(T)} × ${grouped(dA)} × ${bytesPer} B = ${grouped(b.additive)} B = ${courseBytes(b.additive)}`,
    dot: `T × T × ${bytesPer} B = ${grouped(T)} × ${grouped(T)} × ${bytesPer} B = ${grouped(b.dot)} B = ${courseBytes(b.dot)}`,
    bytes: b,
  };
}

/**
 * The course's lesson-2 numbers (and the widget's own consistency) through the engine,
 * whatever the widget currently shows; the query · key pair and the query's ranking where the
 * world names them (its roles), against the world's facts. Compares the printed text.
 * @param {Runtime} rt
 * @param {string} worldId
 * @returns {CheckRow[]}
 */
export function courseChecks(rt, worldId) {
  const engine = rt.engine;
  /** @type {PairWorld} */
  const w = worldTensors(rt, worldId);
  const m = scoreBytes(engine, COURSE.T, COURSE.dA, COURSE.bytesPer);
  // every pair: Σ_m q_m k_m (terms from the engine) against engine.dot
  let maxErr = 0,
    maxGeo = 0;
  for (let i = 0; i < w.q.shape[0]; i++) {
    for (let j = 0; j < w.k.shape[0]; j++) {
      const e = expansion(engine, w, i, j);
      maxErr = Math.max(maxErr, Math.abs(e.terms.reduce((a, b) => a + b, 0) - e.total));
      maxGeo = Math.max(maxGeo, Math.abs(e.qNorm * e.kNorm * e.cos - e.total));
    }
  }
  const rows = [
    check(
      'additive, naive: T×T×d_a × 2 B at T = 4,096, d_a = 256 (BF16)',
      '8.0 GiB',
      courseBytes(m.additive),
    ),
    check('dot product: T×T × 2 B at T = 4,096 (BF16)', '32 MiB', courseBytes(m.dot)),
    {
      name: 'every pair: Σ_m q_m k_m = engine.dot (±1e-6)',
      expected: '≤ 1e-6',
      actual: maxErr.toExponential(1),
      ok: maxErr <= 1e-6,
    },
    {
      name: 'every pair: |q| |k| cos θ = q·k (±1e-4)',
      expected: '≤ 1e-4',
      actual: maxGeo.toExponential(1),
      ok: maxGeo <= 1e-4,
    },
  ];
  if (!hasRoles(w, ['query', 'key'])) return rows; // only the shape-independent checks
  const query = roleIndex(w, 'query'),
    key = roleIndex(w, 'key');
  const f = worldFacts(rt, worldId);
  const pair = expansion(engine, w, query, key);
  const pairSum = pair.terms.reduce((a, b) => a + b, 0);
  const rank = ranking(rowOf(scoreMatrix(engine, w), query))
    .map((j) => w.tokens[j])
    .join(' > ');
  const vars = roleTokens(w);
  return [
    ...rows,
    checkNamed(
      'q[{query}]·k[{key}]: Σ terms = engine.dot (±1e-6)',
      vars,
      num(f.rawScore(query, key), 6),
      num(pairSum, 6),
      Math.abs(pairSum - pair.total) <= 1e-6,
    ),
    checkNamed(
      'row {query} of QKᵀ (engine.scoreMatrix): ranking',
      vars,
      f.projectedRanking.map((j) => w.tokens[j]).join(' > '),
      rank,
    ),
  ];
}
