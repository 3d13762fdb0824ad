// The numbers behind <attn-rope>, without any DOM, so node tests import them too.
// Lesson 6: RoPE rotates Q and K, never V. Every number is the engine's: engine.rope (rotation,
// partial rotary), engine.dot and engine.scoreMatrix (scores of rotated vectors),
// engine.attention (what a row retrieves), engine.ropeFrequencies (the speed of each pair).
// This file only picks values out and names the dimension pairs for drawing.
/** @import { Runtime } from '../../web/runtime.js' */
/** @import { AttnEngine } from '../../web/attn-engine.js' */
import { worldTensors } from '../../web/world.js';
import { rowsOf } from '../../web/tensor.js';
import { modelById } from '../../web/models.js';

/** The toy's RoPE base: the engine's default, 10000. */
export const TOY_BASE = 10000;
/** Position slider range. */
export const POS = { min: 0, max: 15 };
/** The course's points: (3, 5) scores like (10, 12) and (0, 2); (3, 6) does not. */
export const SAME = [
  [3, 5],
  [10, 12],
  [0, 2],
];
export const DIFFERENT = [3, 6];
/** The anchor model of lesson 6. */
export const ANCHOR_ID = 'qwen3.8-27b';

function index(w, token) {
  const i = w.tokens.indexOf(token);
  if (i < 0) throw new Error(`teaching-world.json: world "${w.id}" has no token "${token}"`);
  return i;
}

/**
 * {w, qi, ki, q, k, v}: q of 给了 (the query), k and v of 苹果 (the key), 4 dims each.
 * @param {Runtime} rt
 */
export function vectors(rt, worldId = 'zh-gift', query = '给了', key = '苹果') {
  const w = worldTensors(rt, worldId);
  const qi = index(w, query),
    ki = index(w, key);
  return { w, qi, ki, q: w.q[qi], k: w.k[ki], v: w.v[ki] };
}

/**
 * One vector rotated to position `pos` (engine.rope on a 1-row matrix).
 * @param {AttnEngine} engine
 * @param {number[]} x
 * @param {number} pos
 * @param {{ rotaryDim?: number, base?: number }} [options]
 */
export function rotate(engine, x, pos, { rotaryDim, base = TOY_BASE } = {}) {
  const opts = { positions: [pos], base };
  if (rotaryDim !== undefined) opts.rotaryDim = rotaryDim;
  return Array.from(engine.rope([x], opts).data);
}

/** q at position i, k at position j, and their score q_rot · k_rot (engine.dot). */
export function ropeScore(rt, i, j, vecs = vectors(rt)) {
  const qr = rotate(rt.engine, vecs.q, i);
  const kr = rotate(rt.engine, vecs.k, j);
  return { qr, kr, score: rt.engine.dot(qr, kr) };
}

/**
 * Score of q at every position 0..n−1 against k at every position 0..n−1: [n][n] (one rope per
 * side, one scoreMatrix).
 */
export function scoreGrid(rt, n = 8, vecs = vectors(rt)) {
  const positions = Array.from({ length: n }, (_, p) => p);
  const e = rt.engine;
  const Q = e.rope(
    positions.map(() => vecs.q),
    { positions, base: TOY_BASE },
  );
  const K = e.rope(
    positions.map(() => vecs.k),
    { positions, base: TOY_BASE },
  );
  return rowsOf(e.scoreMatrix(Q, K, { scale: 1 }));
}

/**
 * Dimension pairs that rotate together in a head of width d with rotaryDim r, in the engine's
 * "rotate half" layout (cpp/include/attn/rope.hpp): dim p pairs with dim p + r/2, for p < r/2.
 */
export function pairs(rotaryDim) {
  const half = rotaryDim / 2;
  return Array.from({ length: half }, (_, p) => [p, p + half]);
}

/**
 * Why V is not rotated: the query row (给了) of a causal attention over the whole sentence placed
 * at positions s, s+1, …, with RoPE on Q and K. With V left alone the retrieved output is the
 * same for every shift s; rotate V too and the output depends on where the sentence sits.
 * Returns {plain, rotatedV} output rows (dv numbers each).
 */
export function retrieved(rt, s, vecs = vectors(rt)) {
  const { w, qi } = vecs;
  const e = rt.engine;
  const positions = w.tokens.map((_, p) => p + s);
  const q = e.rope(w.q, { positions, base: TOY_BASE });
  const k = e.rope(w.k, { positions, base: TOY_BASE });
  const vRot = e.rope(w.v, { positions, base: TOY_BASE });
  const row = (r) =>
    Array.from(r.output.data.subarray(qi * r.output.shape[1], (qi + 1) * r.output.shape[1]));
  return {
    plain: row(e.attention({ q, k, v: w.v, causal: true })),
    rotatedV: row(e.attention({ q, k, v: vRot, causal: true })),
  };
}

/**
 * The anchor head: {name, headDim, rotaryDim, base, baseFromConfig} read from models.json.
 * @param {Runtime} rt
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
  };
}

/** θ_p of each rotating pair of the anchor head (engine.ropeFrequencies). */
export function anchorFrequencies(rt, head = anchorHead(rt)) {
  return Array.from(rt.engine.ropeFrequencies(head.rotaryDim, head.base));
}

/** The partial-rotary toy: q of 给了 at position `pos` with only the first 2 of 4 dims rotating. */
export function partialToy(rt, pos, vecs = vectors(rt)) {
  return { before: vecs.q, after: rotate(rt.engine, vecs.q, pos, { rotaryDim: 2 }) };
}

/**
 * Every course number of lesson 6, computed now (for selfCheck and the node test).
 * @param {Runtime} rt
 */
export function courseChecks(rt, worldId = 'zh-gift', modelId = ANCHOR_ID) {
  const vecs = vectors(rt, worldId);
  const s = SAME.map(([i, j]) => ropeScore(rt, i, j, vecs).score);
  const diff = ropeScore(rt, ...DIFFERENT, vecs).score;
  const spread = Math.max(...s) - Math.min(...s);
  const r0 = retrieved(rt, 0, vecs),
    r7 = retrieved(rt, 7, vecs);
  const maxDiff = (a, b) => Math.max(...a.map((x, k) => Math.abs(x - b[k])));
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
