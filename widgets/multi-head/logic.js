// The numbers behind <attn-multi-head>, without any DOM, so node tests import them too.
// Lesson 7: one head over all 4 columns of Q/K/V (scores ÷ √4) against the same projections
// split by output columns into two heads (head A = cols 0–1, head B = cols 2–3, each ÷ √2),
// causal. Weights and scores are the engine's (engine.attention with nHeads 1 and 2); this file
// picks rows out and counts parameters and multiply-adds from the shapes.
// Dimensions: T tokens, d the width of one head, H·d the projection width (4 in zh-gift).
/** @import { Runtime } from '../../web/runtime.js' */
/** @import { Tensor } from '../../web/attn-engine.js' */
/** @import { Matrix } from '../../web/tensor.js' */
/** @import { CheckRow } from '../../web/check-row.js' */
/** @import { Roles } from '../../web/world.js' */
import { worldTensors, roleIndex, roleTokens, COURSE_WORLD } from '../../web/world.js';
import { rowOf, at } from '../../web/tensor.js';
import { modelById } from '../../web/models.js';
import { pct } from '../../web/dom.js';
import { check, checkNamed } from '../../web/check-row.js';
import { worldFacts } from '../facts/world-facts.js';

/** @typedef {'single' | 'A' | 'B'} View */

/** @type {View[]} The three views: the single head, and heads A and B of the two-head split. */
export const VIEWS = ['single', 'A', 'B'];
export const ANCHOR_ID = 'qwen3.8-27b';

/**
 * What this widget reads of worldTensors(rt, id).
 * @typedef {{ id: string, tokens: string[], tokensEn: string[], roles: Roles, dModel: number,
 *   q: Matrix, k: Matrix, v: Matrix }} World
 */

/**
 * One view: its weights and (scaled) scores [T, T], its head count, head width and the columns
 * [from, to) of Q/K/V it uses.
 * @typedef {{ weights: Matrix, scores: Matrix, heads: number, dHead: number,
 *   cols: [number, number] }} HeadView
 */

/** @typedef {{ w: World, width: number, T: number, views: Record<View, HeadView> }} MultiHead */

/**
 * The shapes the widget's sentences quote: tokens T, model width D, head width d.
 * @param {MultiHead} m
 */
export const shapeOf = (m) => ({ T: m.T, D: m.width, d: m.views.A.dHead });

/**
 * Head `head` of a [H, T, Tk] engine result, as a [T, Tk] view of its data (no copy).
 * @param {Tensor} t
 * @param {number} head
 * @returns {Matrix}
 */
function perHead(t, head) {
  const [, T, Tk] = t.shape;
  return { shape: [T, Tk], data: t.data.subarray(head * T * Tk, (head + 1) * T * Tk) };
}

/**
 * {w, width, T, views: {single, A, B}} where each view is
 * {weights [T, T], scores [T, T] (scaled), heads, dHead, cols [from, to)}.
 * @param {Runtime} rt
 * @returns {MultiHead}
 */
export function multiHead(rt, worldId = COURSE_WORLD) {
  /** @type {World} */
  const w = worldTensors(rt, worldId);
  const e = rt.engine;
  const width = w.q.shape[1];
  const one = e.attention({ q: w.q, k: w.k, v: w.v, nHeads: 1, causal: true });
  const two = e.attention({ q: w.q, k: w.k, v: w.v, nHeads: 2, causal: true });
  const half = width / 2;
  return {
    w,
    width,
    T: w.tokens.length,
    views: {
      single: {
        weights: perHead(one.weights, 0),
        scores: perHead(one.scores, 0),
        heads: 1,
        dHead: width,
        cols: [0, width],
      },
      A: {
        weights: perHead(two.weights, 0),
        scores: perHead(two.scores, 0),
        heads: 2,
        dHead: half,
        cols: [0, half],
      },
      B: {
        weights: perHead(two.weights, 1),
        scores: perHead(two.scores, 1),
        heads: 2,
        dHead: half,
        cols: [half, width],
      },
    },
  };
}

/**
 * The unscaled q·k of one view's column block for query i and key j (engine.dot).
 * @param {Runtime} rt
 * @param {MultiHead} m
 * @param {View} view
 * @param {number} i
 * @param {number} j
 */
export function headDot(rt, m, view, i, j) {
  const [a, b] = m.views[view].cols;
  return rt.engine.dot(rowOf(m.w.q, i).subarray(a, b), rowOf(m.w.k, j).subarray(a, b));
}

/**
 * The counts of one layout (cost()).
 * @typedef {{ T: number, dModel: number, H: number, d: number, params: number, proj: number,
 *   qk: number, av: number, total: number, softmaxes: number }} Cost
 */

/**
 * Parameters and multiply-adds of one attention layer from its shapes: T tokens, model width
 * dModel, H heads of width d (H·d = the projection width), value heads as wide as d.
 *   params  Wq, Wk, Wv:         3 · dModel · (H·d)
 *   proj    x·Wq, x·Wk, x·Wv:   3 · T · dModel · (H·d)
 *   qk      Q Kᵀ per head:      H · T · T · d
 *   av      weights · V:        H · T · T · d
 *   softmaxes (rows of length T): H · T
 * @param {{ T: number, dModel: number, H: number, d: number }} shape
 * @returns {Cost}
 */
export function cost({ T, dModel, H, d }) {
  const params = 3 * dModel * (H * d);
  const proj = 3 * T * dModel * (H * d);
  const qk = H * T * T * d;
  const av = H * T * T * d;
  return { T, dModel, H, d, params, proj, qk, av, total: proj + qk + av, softmaxes: H * T };
}

/**
 * The two layouts of the lesson: 1 head of d = 4 and 2 heads of d = 2, for world `m`.
 * @param {MultiHead} m
 * @returns {{ single: Cost, split: Cost }}
 */
export function costs(m) {
  const dModel = m.w.dModel;
  return {
    single: cost({ T: m.T, dModel, H: 1, d: m.width }),
    split: cost({ T: m.T, dModel, H: 2, d: m.width / 2 }),
  };
}

/**
 * {name, nHeads, headDim, hiddenSize, product} of the anchor model, from models.json.
 * @param {Runtime} rt
 */
export function anchorHeads(rt, id = ANCHOR_ID) {
  const mdl = modelById(rt.models, id);
  const a = mdl.attention;
  if (!a)
    throw new Error(
      `models.json: model "${id}" has no attention config (only a reported KV figure)`,
    );
  return {
    name: mdl.name,
    nHeads: a.nHeads,
    headDim: a.headDim,
    hiddenSize: mdl.hiddenSize,
    product: a.nHeads * a.headDim,
  };
}

/**
 * The course's numbers for the query's row (zh-gift: 给了), as printed (1 decimal): head A's
 * weight on the giver, head B's on the object, one head's on the object and the giver.
 * @param {Runtime} rt
 */
export function courseNumbers(rt, worldId = COURSE_WORLD) {
  const m = multiHead(rt, worldId);
  const [query, object, giver] = /** @type {const} */ (['query', 'object', 'giver']).map((r) =>
    roleIndex(m.w, r),
  );
  /** @param {View} view @param {number} key */
  const share = (view, key) => `${(at(m.views[view].weights, query, key) * 100).toFixed(1)}%`;
  const c = costs(m);
  return {
    headA: share('A', giver),
    headB: share('B', object),
    single: `${share('single', object)} / ${share('single', giver)}`,
    costs: c,
    width: m.width,
  };
}

/**
 * The rows of <attn-multi-head>'s self-check: the query's row through the widget's path against
 * the world's facts, the costs of the two layouts, and the anchor's heads × head_dim.
 * @param {Runtime} rt
 * @returns {CheckRow[]}
 */
export function courseCheckRows(rt, worldId = COURSE_WORLD) {
  const c = courseNumbers(rt, worldId);
  const k = c.costs;
  const f = worldFacts(rt, worldId);
  const vars = roleTokens(f.w);
  // The course's figure is the anchor's, whichever model the page shows.
  const a = anchorHeads(rt, ANCHOR_ID);
  /** @param {number} x @param {number | undefined} y */
  const same = (x, y) => `${x} ${x === y ? '=' : '≠'} ${y}`;
  const d = c.width;
  return [
    checkNamed('{query} row, head A → {giver}', vars, pct(f.headAQueryOnGiver), c.headA),
    checkNamed('{query} row, head B → {object}', vars, pct(f.headBQueryOnObject), c.headB),
    checkNamed(
      '{query} row, one head → {object} / {giver}',
      vars,
      `${pct(f.queryOnObject)} / ${pct(f.queryOnGiver)}`,
      c.single,
    ),
    // The claim is the equality; the count is whatever the world's shape gives.
    checkNamed(
      'multiply-adds: 1 head d={d} vs 2 heads d={dHalf}',
      { d: String(d), dHalf: String(d / 2) },
      same(k.single.total, k.single.total),
      same(k.single.total, k.split.total),
    ),
    check(
      'parameters Wq, Wk, Wv: 1 head vs 2 heads',
      same(k.single.params, k.single.params),
      same(k.single.params, k.split.params),
    ),
    check(
      `${a.name}: heads × head_dim vs hidden_size`,
      '24 × 256 = 6144 ≠ 5120',
      `${a.nHeads} × ${a.headDim} = ${same(a.product, a.hiddenSize)}`,
    ),
  ];
}
