// The numbers behind <attn-value-mix>, without any DOM, so the node tests import them too.
// Every number is the engine's: the weights and the output of one query row (engine.attention,
// single head, scores ÷ √d), each token's contribution w_j v_j (engine.matmul of the diagonal of
// the weights by the rows v_j), the same weights applied to K (engine.attention with v := k), a
// mix the student sets between two names (engine.matmul of the weight row by their K or V rows),
// and cosines (engine.cosine). Here only values are picked out and formatted.
/** @import { AttnEngine } from '../../web/attn-engine.js' */
/** @import { Matrix } from '../../web/tensor.js' */
/** @import { Roles } from '../../web/world.js' */
/** @import { CheckRow } from '../../web/check-row.js' */
/** @import { Runtime } from '../../web/runtime.js' */
import { num, pct } from '../../web/dom.js';
import { worldTensors, hasRoles, roleIndex, rolePair, roleTokens } from '../../web/world.js';
import { checkNamed } from '../../web/check-row.js';
import { worldFacts } from '../facts/world-facts.js';
import { rowOf, at, tensorFrom } from '../../web/tensor.js';
import { row, sub as msub, mi, paren } from '../../web/mathml.js';

/**
 * What this widget reads of worldTensors(rt, id): the tokens and the {shape, data} tensors.
 * @typedef {{ id: string, tokens: string[], tokensEn: string[], roles: Roles, q: Matrix, k: Matrix,
 *   v: Matrix }} World
 */

/**
 * One query row: its visible keys, scores and weights [T], output [dv], the same weights on K
 * [d], and contributions[c] = w_j v_j [dv] for the c-th visible key j.
 * @typedef {{ row: number, causal: boolean, keys: number[], scores: number[], weights: number[],
 *   output: number[], retrievedK: number[], contributions: Float32Array[] }} MixRow
 */

/**
 * One of K or V in the name split: the two names' rows, their mix, and the cosines.
 * @typedef {{ a: Float32Array, b: Float32Array, mix: Float32Array, cosToA: number,
 *   cosAB: number }} SplitPart
 */

/** @typedef {{ a: number, b: number, s: number, k: SplitPart, v: SplitPart }} NameSplit */

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
 * Keys query `row` may see: all of them, or 0 … row under the causal mask.
 * @param {number} n
 * @param {number} row
 * @param {boolean} causal
 */
export function visibleKeys(n, row, causal) {
  return Array.from({ length: causal ? row + 1 : n }, (_, j) => j);
}

/**
 * One query row of single-head attention over world w:
 *   weights [T] and output [dv] from engine.attention;
 *   contributions[c] = w_j v_j [dv] (engine.matmul diag(w_j) · [v_j]) for the visible keys;
 *   retrievedK [d]: the same weights applied to K (engine.attention with v := k).
 * @param {AttnEngine} engine
 * @param {World} w
 * @param {number} row
 * @param {boolean} causal
 * @returns {MixRow}
 */
export function mixRow(engine, w, row, causal) {
  const n = w.tokens.length;
  const rv = engine.attention({ q: w.q, k: w.k, v: w.v, causal });
  const rk = engine.attention({ q: w.q, k: w.k, v: w.k, causal });
  const weights = Array.from(rowOf(rv.weights, row));
  const scores = Array.from(rowOf(rv.scores, row));
  const output = Array.from(rowOf(rv.output, row));
  const retrievedK = Array.from(rowOf(rk.output, row));
  const keys = visibleKeys(n, row, causal);
  // Every w_j v_j at once: diag(w_j) · [v_j], one row per visible key.
  const diag = keys.map((j) => keys.map((k) => (k === j ? weights[j] : 0)));
  const products = engine.matmul(diag, tensorFrom(keys.map((j) => rowOf(w.v, j))));
  const contributions = keys.map((_, c) => rowOf(products, c));
  return { row, causal, keys, scores, weights, output, retrievedK, contributions };
}

/**
 * The largest gap between Σ_j contributions[j] and the engine's output (for the self-check).
 * @param {MixRow} m
 */
export function contributionError(m) {
  const sum = m.output.map((_, d) => m.contributions.reduce((a, c) => a + c[d], 0));
  return Math.max(...sum.map((s, d) => Math.abs(s - m.output[d])));
}

/**
 * Suppose the query attended to name a with share 1 − s and name b with share s (the world's two
 * names, zh-gift: 小明 and 小王). What does it retrieve if it takes K, and what if it takes V?
 * Both mixes from engine.matmul, and how far each is from "all on a" as a cosine (engine.cosine).
 * null when the world names no two names.
 * @param {AttnEngine} engine
 * @param {World} w
 * @param {number} s
 * @returns {NameSplit | null}
 */
export function nameSplit(engine, w, s) {
  if (!hasRoles(w, ['names'])) return null;
  const [a, b] = rolePair(w, 'names');
  const weights = [[1 - s, s]];
  /** @param {Matrix} m K or V @returns {SplitPart} */
  const part = (m) => {
    const ra = rowOf(m, a),
      rb = rowOf(m, b);
    const mix = engine.matmul(weights, tensorFrom([ra, rb])).data;
    return { a: ra, b: rb, mix, cosToA: engine.cosine(mix, ra), cosAB: engine.cosine(ra, rb) };
  };
  return { a, b, s, k: part(w.k), v: part(w.v) };
}

/**
 * [a, b, c] → "[0.10, −0.20, 0.30]"
 * @param {ArrayLike<number>} row
 */
export function vec(row, digits = 2) {
  return `[${Array.from(row, (x) => num(x, digits)).join(', ')}]`;
}

/**
 * out_d = Σ_j w_j v_jd with the numbers, as MathML (String(): "out_1 = 0.565 × 1.20 + 0.394 ×
 * (−0.30) + … = 0.550"). `d` is the output dimension; terms use the visible keys, each at the
 * top level of the row so that a phone wraps the line between terms.
 * @param {MixRow} m
 * @param {Matrix} v
 * @param {number} d
 */
export function dimFormula(m, v, d, digits = 2) {
  /** @param {number} x */
  const factor = (x) => (x < 0 ? paren(num(x, digits)) : num(x, digits));
  const terms = m.keys.flatMap((j, k) => [
    ...(k ? ['+'] : []),
    row(num(m.weights[j], 3), '×', factor(at(v, j, d))),
  ]);
  return row(msub(mi('out'), d + 1), '=', ...terms, '=', num(m.output[d], 3));
}

/** The roles lesson 5's numbers need; a world without them has no course checks. */
export const ROLES = /** @type {const} */ (['query', 'answer', 'object', 'giver', 'names']);

/**
 * The course's lesson-5 numbers (and the widget's own consistency) through the engine, whatever
 * the widget currently shows, against the world's facts. Compares the printed text. The world
 * must give the roles of ROLES.
 * @param {Runtime} rt
 * @param {string} worldId
 * @returns {CheckRow[]}
 */
export function courseChecks(rt, worldId) {
  const engine = rt.engine;
  /** @type {World} */
  const w = worldTensors(rt, worldId);
  const f = worldFacts(rt, worldId);
  const query = roleIndex(w, 'query');
  const causal = mixRow(engine, w, query, true);
  const full = mixRow(engine, w, query, false);
  let maxErr = 0;
  for (let i = 0; i < w.tokens.length; i++) {
    for (const c of [true, false])
      maxErr = Math.max(maxErr, contributionError(mixRow(engine, w, i, c)));
  }
  const split = nameSplit(engine, w, 1);
  if (!split) throw new Error(`teaching-world.json: world "${worldId}" names no two names`);
  const cosV = split.v.cosAB;
  const kCos = num(f.namesCosine.k, 3);
  const vars = { ...roleTokens(w), kCos };
  return [
    checkNamed(
      'causal, row {query}: weight on {object}',
      vars,
      pct(f.queryOnObject),
      pct(causal.weights[roleIndex(w, 'object')]),
    ),
    checkNamed(
      'causal, row {query}: weight on {giver}',
      vars,
      pct(f.queryOnGiver),
      pct(causal.weights[roleIndex(w, 'giver')]),
    ),
    checkNamed(
      'no mask, row {query}: weight on {answer}',
      vars,
      pct(f.queryOnAnswerNoMask),
      pct(full.weights[roleIndex(w, 'answer')]),
    ),
    {
      name: 'Σ_j w_j v_j = engine output, every row, both masks (±1e-5)',
      expected: '≤ 1e-5',
      actual: maxErr.toExponential(1),
      ok: maxErr <= 1e-5,
    },
    checkNamed('cos(K[{names.0}], K[{names.1}])', vars, kCos, num(split.k.cosAB, 3)),
    checkNamed(
      'cos(V[{names.0}], V[{names.1}]) clearly lower',
      vars,
      '< 0.5',
      num(cosV, 3),
      cosV < 0.5,
    ),
    checkNamed(
      'all weight moved {names.0} → {names.1}: retrieved K keeps cos {kCos} with the start',
      vars,
      kCos,
      num(split.k.cosToA, 3),
    ),
  ];
}
