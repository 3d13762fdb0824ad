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
/** @import { AttnEngine } from '../../web/attn-engine.js' */
import { worldTensors } from '../../web/world.js';

/** T of the picture (tokens drawn). The teaching world has weights for T ≤ its 5 tokens. */
export const T_PICTURE = Object.freeze({ min: 2, max: 12, initial: 5 });
/** T of the count formulas: the course's example length is 4,096. */
export const T_COUNT = Object.freeze({ min: 1, max: 1048576, initial: 4096 });
/** The course's example length (lesson 2 and branch B1). */
export const COURSE_T = 4096;
export const WORLD = 'zh-gift';

/** "4,096" */
export function grouped(n) {
  return n.toLocaleString('en-US');
}

/** An integer in [lo, hi] from user input, or `fallback` when it is not a number. */
export function clampInt(v, lo, hi, fallback) {
  const n = Math.round(Number(v));
  return Number.isFinite(n) && String(v).trim() !== '' ? Math.min(hi, Math.max(lo, n)) : fallback;
}

/**
 * What step t of an RNN needs: h_t = f(h_{t−1}, x_t) (h_0 is the initial state). Steps are
 * 1-based like the course's h_t. The dependency chain is the RNN's structure, nothing more.
 */
export function rnnDependsOn(t) {
  return { state: t - 1, token: t };
}

/** The RNN's chain in counts: T sequential steps per layer, T − 1 updates from token 1 to T. */
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
 */
export function worldWeights(rt, T, worldId = WORLD) {
  const w = worldTensors(rt, worldId);
  if (T > w.tokens.length) return null;
  const r = rt.engine.attention({
    q: w.q.slice(0, T),
    k: w.k.slice(0, T),
    v: w.v.slice(0, T),
    causal: true,
  });
  return Array.from({ length: T }, (_, i) =>
    Array.from(r.weights.data.subarray(i * T, (i + 1) * T)),
  );
}

/** Σ of a row of engine weights (display of the row sum, as the mask grid shows it). */
export function rowSum(row) {
  return row.reduce((a, b) => a + b, 0);
}

/** Labels of the picture: the world's tokens for T ≤ its length, else x₁ … x_T. */
export function pictureLabels(worldTokens, T) {
  if (T <= worldTokens.length) return worldTokens.slice(0, T);
  return Array.from({ length: T }, (_, i) => `x${subscript(i + 1)}`);
}

export function subscript(n) {
  return String(n).replace(/\d/g, (d) => '₀₁₂₃₄₅₆₇₈₉'[d]);
}
