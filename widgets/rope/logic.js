// The numbers behind <attn-rope>, without any DOM, so node tests import them too.
// Lesson 6: RoPE rotates Q and K, never V. Every number is the engine's: engine.rope (rotation,
// partial rotary), engine.dot and engine.scoreMatrix (scores of rotated vectors),
// engine.attention (what a row retrieves), engine.ropeFrequencies (the speed of each pair).
// This file only picks values out and names the dimension pairs for drawing.
// Vectors are Float32Array rows of the engine's tensors; they go back to the engine as
// {shape: [1, d], data} (never as nested arrays).
/** @import { Runtime } from '../../web/runtime.js' */
/** @import { AttnEngine, Tensor } from '../../web/attn-engine.js' */
import { worldTensors, roleIndex, roleTokens, COURSE_WORLD } from '../../web/world.js';
import { rowOf } from '../../web/tensor.js';
import { modelById } from '../../web/models.js';
import { num } from '../../web/dom.js';
import { check as same, checkNamed } from '../../web/check-row.js';

/** The toy's RoPE base: the engine's default, 10000. */
export const TOY_BASE = 10000;
/** The small partial-rotary example turns only the first pair of the toy's dimensions. */
export const TOY_ROTARY = 2;
/** Position slider range. */
export const POS = { min: 0, max: 15 };
/**
 * The course's points: the query 给了 at i = 3 and the key 苹果 where the sentence has it, j = 2
 * (a key before its query, as the causal mask of lesson 4 requires): (3, 2) scores like
 * (10, 9) and (1, 0); (3, 1) does not.
 * @type {[number, number][]}
 */
export const SAME = [
  [3, 2],
  [10, 9],
  [1, 0],
];
/** @type {[number, number]} */
export const DIFFERENT = [3, 1];
/** The anchor model of lesson 6. */
export const ANCHOR_ID = 'qwen3.8-27b';

/** @typedef {ReturnType<typeof worldTensors>} World */
/**
 * The lesson's vectors: q of the query token, k and v of the key token, and where they sit.
 * @typedef {{ w: World, qi: number, ki: number, q: Float32Array, k: Float32Array,
 *   v: Float32Array }} Vectors
 */
/** q and k rotated to their positions, and their score q_rot · k_rot. */
/** @typedef {{ qr: Float32Array, kr: Float32Array, score: number }} RopeScore */
/**
 * The anchor model's head as models.json gives it.
 * `family`: without a recorded base, the models whose configs it follows (models.json's
 * ropeThetaFamily; empty when it names none).
 * @typedef {{ name: string, headDim: number, rotaryDim: number, base: number,
 *   baseFromConfig: boolean, family: string[] }} AnchorHead
 */

/**
 * {w, qi, ki, q, k, v}: q of the world's query (zh-gift: 给了), k and v of its key (苹果), the
 * tokens its roles name; 4 dims each in zh-gift.
 * @param {Runtime} rt
 * @returns {Vectors}
 */
export function vectors(rt, worldId = COURSE_WORLD) {
  const w = worldTensors(rt, worldId);
  const qi = roleIndex(w, 'query'),
    ki = roleIndex(w, 'key');
  return { w, qi, ki, q: rowOf(w.q, qi), k: rowOf(w.k, ki), v: rowOf(w.v, ki) };
}

/**
 * `n` copies of the row x: an [n, d] tensor (the same vector at n positions).
 * @param {ArrayLike<number>} x
 * @param {number} n
 * @returns {Tensor}
 */
function repeated(x, n = 1) {
  const data = new Float32Array(n * x.length);
  for (let r = 0; r < n; r++) data.set(x, r * x.length);
  return { shape: [n, x.length], data };
}

/**
 * One vector rotated to position `pos` (engine.rope on a 1-row matrix).
 * @param {AttnEngine} engine
 * @param {ArrayLike<number>} x
 * @param {number} pos
 * @param {{ rotaryDim?: number, base?: number }} [options]
 * @returns {Float32Array}
 */
export function rotate(engine, x, pos, { rotaryDim, base = TOY_BASE } = {}) {
  /** @type {import('../../web/attn-engine.js').RopeOptions} */
  const opts = { positions: [pos], base };
  if (rotaryDim !== undefined) opts.rotaryDim = rotaryDim;
  return engine.rope(repeated(x), opts).data;
}

/**
 * q at position i, k at position j, and their score q_rot · k_rot (engine.dot).
 * @param {Runtime} rt
 * @param {number} i
 * @param {number} j
 * @param {Vectors} [vecs]
 * @returns {RopeScore}
 */
export function ropeScore(rt, i, j, vecs = vectors(rt)) {
  const qr = rotate(rt.engine, vecs.q, i);
  const kr = rotate(rt.engine, vecs.k, j);
  return { qr, kr, score: rt.engine.dot(qr, kr) };
}

/**
 * Score of q at every position 0..n−1 against k at every position 0..n−1: n rows of n (views
 * into one engine.scoreMatrix result; one rope per side).
 * @param {Runtime} rt
 * @param {Vectors} [vecs]
 * @returns {Float32Array[]} row i: q at position i against k at 0..n−1
 */
export function scoreGrid(rt, n = 8, vecs = vectors(rt)) {
  const positions = Array.from({ length: n }, (_, p) => p);
  const e = rt.engine;
  const Q = e.rope(repeated(vecs.q, n), { positions, base: TOY_BASE });
  const K = e.rope(repeated(vecs.k, n), { positions, base: TOY_BASE });
  const scores = e.scoreMatrix(Q, K, { scale: 1 });
  return positions.map((p) => rowOf(scores, p));
}

/**
 * Dimension pairs that rotate together in a head of width d with rotaryDim r, in the engine's
 * "rotate half" layout (cpp/include/attn/ops/rope.hpp): dim p pairs with dim p + r/2, for p < r/2.
 * @param {number} rotaryDim
 * @returns {[number, number][]}
 */
export function pairs(rotaryDim) {
  const half = rotaryDim / 2;
  return Array.from({ length: half }, (_, p) => [p, p + half]);
}

/**
 * Why V is not rotated: the query row (给了) of a causal attention over the whole sentence placed
 * at positions s, s+1, …, with RoPE on Q and K. With V left alone the retrieved output is the
 * same for every shift s; rotate V too and the output depends on where the sentence sits.
 * @param {Runtime} rt
 * @param {number} s
 * @param {Vectors} [vecs]
 * @returns {{ plain: Float32Array, rotatedV: Float32Array }} output rows, dv numbers each
 */
export function retrieved(rt, s, vecs = vectors(rt)) {
  const { w, qi } = vecs;
  const e = rt.engine;
  const positions = Array.from({ length: w.q.shape[0] }, (_, p) => p + s);
  const q = e.rope(w.q, { positions, base: TOY_BASE });
  const k = e.rope(w.k, { positions, base: TOY_BASE });
  const vRot = e.rope(w.v, { positions, base: TOY_BASE });
  /** @param {Tensor} v */
  const outputRow = (v) => rowOf(e.attention({ q, k, v, causal: true }).output, qi);
  return { plain: outputRow(w.v), rotatedV: outputRow(vRot) };
}

/**
 * The RoPE bases models.json records, smallest first, each with the models that use it: the
 * real spread the assumed-base note quotes (models without a recorded ropeTheta are left out).
 * @param {Runtime} rt
 * @returns {{ base: number, names: string[] }[]}
 */
export function recordedBases(rt) {
  /** @type {Map<number, string[]>} */
  const byBase = new Map();
  for (const m of rt.models.models)
    if (m.ropeTheta !== undefined)
      byBase.set(m.ropeTheta, [...(byBase.get(m.ropeTheta) ?? []), m.name]);
  return [...byBase].sort((a, b) => a[0] - b[0]).map(([base, names]) => ({ base, names }));
}

/**
 * The anchor head: {name, headDim, rotaryDim, base, baseFromConfig, family} read from models.json.
 * @param {Runtime} rt
 * @returns {AnchorHead}
 */
export function anchorHead(rt, id = ANCHOR_ID) {
  const m = modelById(rt.models, id);
  const a = m.attention;
  if (!a)
    throw new Error(
      `models.json: model "${id}" has no attention config (only a reported KV figure)`,
    );
  if (a.rotaryDim === 0)
    throw new Error(`models.json: model "${id}" has no RoPE (attention.rotaryDim 0)`);
  return {
    name: m.name,
    headDim: a.headDim,
    rotaryDim: a.rotaryDim ?? a.headDim,
    base: m.ropeTheta ?? TOY_BASE,
    baseFromConfig: m.ropeTheta !== undefined,
    family: m.ropeTheta === undefined ? (m.ropeThetaFamily ?? []) : [],
  };
}

/**
 * θ_p of each rotating pair of the anchor head (engine.ropeFrequencies).
 * @param {Runtime} rt
 * @param {AnchorHead} [head]
 * @returns {number[]}
 */
export function anchorFrequencies(rt, head = anchorHead(rt)) {
  return Array.from(rt.engine.ropeFrequencies(head.rotaryDim, head.base));
}

/**
 * The partial-rotary toy: q of 给了 at position `pos` with only the first 2 of 4 dims rotating.
 * @param {Runtime} rt
 * @param {number} pos
 * @param {Vectors} [vecs]
 * @returns {{ before: Float32Array, after: Float32Array }}
 */
export function partialToy(rt, pos, vecs = vectors(rt)) {
  return {
    before: vecs.q,
    after: rotate(rt.engine, vecs.q, pos, { rotaryDim: TOY_ROTARY }),
  };
}

/**
 * The largest |a_k − b_k|.
 * @param {ArrayLike<number>} a
 * @param {ArrayLike<number>} b
 */
function maxDiff(a, b) {
  let m = -Infinity;
  for (let k = 0; k < a.length; k++) m = Math.max(m, Math.abs(a[k] - b[k]));
  return m;
}

/**
 * Every course number of lesson 6, computed now (for selfCheck and the node test).
 * @param {Runtime} rt
 */
export function courseChecks(rt, worldId = COURSE_WORLD, modelId = ANCHOR_ID) {
  const vecs = vectors(rt, worldId);
  const s = SAME.map(([i, j]) => ropeScore(rt, i, j, vecs).score);
  const diff = ropeScore(rt, ...DIFFERENT, vecs).score;
  const spread = Math.max(...s) - Math.min(...s);
  const r0 = retrieved(rt, 0, vecs),
    r7 = retrieved(rt, 7, vecs);
  const toy = partialToy(rt, 5, vecs);
  const head = anchorHead(rt, modelId);
  return {
    same: s,
    spread,
    diff,
    diffGap: Math.abs(diff - s[0]),
    plainShift: maxDiff(r0.plain, r7.plain),
    rotatedShift: maxDiff(r0.rotatedV, r7.rotatedV),
    toyUntouched: toy.after[2] === toy.before[2] && toy.after[3] === toy.before[3],
    toyRotated: toy.after[0] !== toy.before[0] || toy.after[1] !== toy.before[1],
    head,
    nPairs: anchorFrequencies(rt, head).length,
  };
}

/**
 * The rows of <attn-rope>'s self-check: lesson 6's numbers, for the page's world. The course's
 * head figures are the anchor's, whichever model the page shows.
 * @param {Runtime} rt
 * @returns {import('../../web/check-row.js').CheckRow[]}
 */
export function courseCheckRows(rt, worldId = COURSE_WORLD) {
  const c = courseChecks(rt, worldId, ANCHOR_ID);
  /** @param {number} x */
  const f4 = (x) => num(x, 4);
  return [
    {
      name: 'score (3, 2) = (10, 9) = (1, 0) (±1e-4)',
      expected: '≤ 1e-4',
      actual: `${c.same.map(f4).join(' / ')} (Δ ${c.spread.toExponential(1)})`,
      ok: c.spread <= 1e-4,
    },
    {
      name: 'score (3, 1) differs from (3, 2)',
      expected: '> 1e-4',
      actual: `${f4(c.diff)} vs ${f4(c.same[0])}`,
      ok: c.diffGap > 1e-4,
    },
    checkNamed(
      'V not rotated: {query} retrieves the same when the sentence shifts by 7 (±1e-5)',
      roleTokens(worldTensors(rt, worldId)),
      '≤ 1e-5',
      c.plainShift.toExponential(1),
      c.plainShift <= 1e-5,
    ),
    {
      name: 'V rotated would change with the shift',
      expected: '> 1e-3',
      actual: c.rotatedShift.toExponential(1),
      ok: c.rotatedShift > 1e-3,
    },
    same(
      'rotaryDim 2 of 4: dims 2–3 identical, dims 0–1 turned',
      'true / true',
      `${c.toyUntouched} / ${c.toyRotated}`,
    ),
    same(
      `${c.head.name}: rotating dims / dims per head`,
      '64 / 256',
      `${c.head.rotaryDim} / ${c.head.headDim}`,
    ),
    same('anchor: rotating pairs (engine.ropeFrequencies(64, base))', '32', String(c.nPairs)),
  ];
}
