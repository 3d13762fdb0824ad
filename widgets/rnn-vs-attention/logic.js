// The DOM-free half of <attn-rnn-vs-attention> (branch B1): the stepper's ranges, the structural
// counts of an RNN's dependency chain against attention's single step, and the engine calls.
//
// Two kinds of number live here, kept apart on purpose:
//   structure  an RNN's h_t = f(h_{t−1}, x_t) is a chain: T steps that must run one after the
//              other, and token 1 reaches token T through T − 1 updates. These are counts of the
//              chain's links, not attention math, and no RNN is run (the engine has none).
//   engine     attention's side: which keys each query reaches is engine.causalMask; the
//              weights are engine.attention (causal, one head) on the zh-gift teaching world.
/** @import { Runtime } from '../../web/runtime.js' */
/** @import { AttnEngine, Tensor } from '../../web/attn-engine.js' */
/** @import { CheckRow } from '../../web/check-row.js' */
import { worldTensors, roleIndex, roleTokens, COURSE_WORLD } from '../../web/world.js';
import { grouped, pct } from '../../web/dom.js';
import { check as same, checkNamed } from '../../web/check-row.js';
import { worldFacts } from '../facts/world-facts.js';

/** T of the picture (tokens drawn). The teaching world has weights for T ≤ its 5 tokens. */
export const T_PICTURE = Object.freeze({ min: 2, max: 12, initial: 5 });
/** T of the count formulas: the course's example length is 4,096. */
export const T_COUNT = Object.freeze({ min: 1, max: 1048576, initial: 4096 });
/** The course's example length (lesson 2 and branch B1). */
export const COURSE_T = 4096;
export const WORLD = COURSE_WORLD;

/**
 * An integer in [lo, hi] from user input, or `fallback` when it is not a number.
 * @template {number | null} F
 * @param {string | number} v
 * @param {number} lo
 * @param {number} hi
 * @param {F} fallback
 * @returns {number | F}
 */
export function clampInt(v, lo, hi, fallback) {
  const n = Math.round(Number(v));
  return Number.isFinite(n) && String(v).trim() !== '' ? Math.min(hi, Math.max(lo, n)) : fallback;
}

/**
 * What step t of an RNN needs: h_t = f(h_{t−1}, x_t) (h_0 is the initial state). Steps are
 * 1-based like the course's h_t. The dependency chain is the RNN's structure, nothing more.
 * @param {number} t
 */
export function rnnDependsOn(t) {
  return { state: t - 1, token: t };
}

/**
 * The RNN's chain in counts: T sequential steps per layer, T − 1 updates from token 1 to T.
 * @param {number} T
 */
export function rnnCounts(T) {
  return { sequentialSteps: T, pathLength: T - 1 };
}

/**
 * Attention's side of the same T, asked from the engine's causal mask (only the last query's row,
 * so T = 4,096 costs 4,096 numbers): how many keys token T reads directly, whether token 1 is one
 * of them (path length 1, or 0 when T = 1 and token 1 is token T), and the sequential steps
 * (1: every query's row is computed at once, none waits for another). `pairs` is the number of
 * (query, key) pairs the mask lets through, 1 + 2 + … + T, summed over the rows for small T and
 * by the closed form beyond (a count, like the RNN's).
 * @param {AttnEngine} engine
 * @param {number} T
 */
export function attentionCounts(engine, T) {
  const last = engine.causalMask(1, T).data; // [1, T]: the last query's row
  let keys = 0;
  for (let j = 0; j < T; j++) keys += last[j];
  const seesFirst = last[0] === 1;
  return {
    sequentialSteps: 1,
    pathLength: T === 1 ? 0 : seesFirst ? 1 : null,
    keysOfLast: keys,
    pairs: (T * (T + 1)) / 2,
  };
}

/**
 * engine.causalMask(T, T) as rows of booleans: the arcs of the picture (query i → key j).
 * @param {AttnEngine} engine
 * @param {number} T
 * @returns {boolean[][]}
 */
export function causalPattern(engine, T) {
  const m = engine.causalMask(T, T);
  return Array.from({ length: T }, (_, i) =>
    Array.from({ length: T }, (_, j) => m.data[i * T + j] === 1),
  );
}

/**
 * The causal single-head weights of the teaching world's first T tokens (engine.attention, scores
 * ÷ √d), as rows; null when T is longer than the world (the picture then shows structure only).
 * @param {Runtime} rt
 * @param {number} T
 * @returns {number[][] | null} [T][T], row i the weights of query i (0 past i)
 */
export function worldWeights(rt, T, worldId = WORLD) {
  const w = worldTensors(rt, worldId);
  if (T > w.tokens.length) return null;
  const r = rt.engine.attention({
    q: firstRows(w.q, T),
    k: firstRows(w.k, T),
    v: firstRows(w.v, T),
    causal: true,
  });
  return Array.from({ length: T }, (_, i) =>
    Array.from(r.weights.data.subarray(i * T, (i + 1) * T)),
  );
}

/**
 * The first n rows of a 2-D tensor (a view, no copy).
 * @param {Tensor} t
 * @param {number} n
 * @returns {Tensor}
 */
function firstRows(t, n) {
  const c = t.shape[1];
  return { shape: [n, c], data: t.data.subarray(0, n * c) };
}

/**
 * Σ of a row of engine weights (display of the row sum, as the mask grid shows it).
 * @param {number[]} row
 */
export function rowSum(row) {
  return row.reduce((a, b) => a + b, 0);
}

/**
 * Labels of the picture: the world's tokens for T ≤ its length, else x₁ … x_T.
 * @param {string[]} worldTokens
 * @param {number} T
 * @returns {string[]}
 */
export function pictureLabels(worldTokens, T) {
  if (T <= worldTokens.length) return worldTokens.slice(0, T);
  return Array.from({ length: T }, (_, i) => `x${subscript(i + 1)}`);
}

/**
 * 12 → "₁₂"
 * @param {number} n
 */
export function subscript(n) {
  return String(n).replace(/\d/g, (d) => '₀₁₂₃₄₅₆₇₈₉'[Number(d)]);
}

/**
 * The rows of <attn-rnn-vs-attention>'s self-check: the course's counts at T = 4,096 and the
 * teaching world's causal weights.
 * @param {Runtime} rt
 * @returns {CheckRow[]}
 */
export function courseCheckRows(rt) {
  const r = rnnCounts(COURSE_T);
  const a = attentionCounts(rt.engine, COURSE_T);
  const w = worldTensors(rt, WORLD);
  const n = w.tokens.length;
  const weights = /** @type {number[][]} */ (worldWeights(rt, n));
  const maxErr = Math.max(...weights.map((row) => Math.abs(rowSum(row) - 1)));
  const f = worldFacts(rt, WORLD);
  const [query, object, giver] = /** @type {const} */ (['query', 'object', 'giver']).map((r) =>
    roleIndex(w, r),
  );
  const vars = { ...roleTokens(w), world: w.id, title: w.title['zh-CN'], n: String(n) };
  return [
    same(
      'T = 4,096: RNN steps per layer that cannot run in parallel',
      '4,096',
      grouped(r.sequentialSteps),
    ),
    same('T = 4,096: updates from token 1 to token T', '4,095', grouped(r.pathLength)),
    same('T = 4,096: attention sequential steps per layer', '1', String(a.sequentialSteps)),
    same(
      'T = 4,096: attention path length token 1 → token T (causal mask row T, key 1)',
      '1',
      String(a.pathLength),
    ),
    same(
      'T = 4,096: keys token T reads directly (ones in the causal mask row)',
      '4,096',
      grouped(a.keysOfLast),
    ),
    same('T = 4,096: query → key pairs under the causal mask', '8,390,656', grouped(a.pairs)),
    checkNamed(
      '{world} causal: {query} → {object} / {giver}',
      vars,
      `${pct(f.queryOnObject)} / ${pct(f.queryOnGiver)}`,
      `${pct(weights[query][object])} / ${pct(weights[query][giver])}`,
    ),
    checkNamed(
      '{world} causal weights: each of the {n} rows sums to 1 (±1e-6)',
      vars,
      '≤ 1e-6',
      maxErr.toExponential(1),
      maxErr <= 1e-6,
    ),
  ];
}
