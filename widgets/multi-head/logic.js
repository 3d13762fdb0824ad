// The numbers behind <attn-multi-head>, without any DOM, so node tests import them too.
// Lesson 7: one head over all 4 columns of Q/K/V (scores ÷ √4) against the same projections
// split by output columns into two heads (head A = cols 0–1, head B = cols 2–3, each ÷ √2),
// causal. Weights and scores are the engine's (engine.attention with nHeads 1 and 2); this file
// picks rows out and counts parameters and multiply-adds from the shapes.
// Dimensions: T tokens, d the width of one head, H·d the projection width (4 in zh-gift).
/** @import { Runtime } from '../../web/runtime.js' */
/** @import { Tensor } from '../../web/attn-engine.js' */
/** @import { Matrix } from '../../web/tensor.js' */
import { worldTensors } from '../../web/world.js';
import { rowOf, at } from '../../web/tensor.js';
import { modelById } from '../../web/models.js';

/** @typedef {'single' | 'A' | 'B'} View */

/** @type {View[]} The three views: the single head, and heads A and B of the two-head split. */
export const VIEWS = ['single', 'A', 'B'];
export const ANCHOR_ID = 'qwen3.8-27b';

/**
 * What this widget reads of worldTensors(rt, id).
 * @typedef {{ id: string, tokens: string[], tokensEn: string[], dModel: number, q: Matrix,
 *   k: Matrix, v: Matrix }} World
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
export function multiHead(rt, worldId = 'zh-gift') {
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
 * The course's numbers for row 给了, as printed (1 decimal).
 * @param {Runtime} rt
 */
export function courseNumbers(rt, worldId = 'zh-gift') {
  const m = multiHead(rt, worldId);
  /** @param {string} t */
  const ix = (t) => {
    const i = m.w.tokens.indexOf(t);
    if (i < 0) throw new Error(`teaching-world.json: world "${worldId}" has no token "${t}"`);
    return i;
  };
  const gave = ix('给了');
  /** @param {View} view @param {string} key */
  const share = (view, key) => `${(at(m.views[view].weights, gave, ix(key)) * 100).toFixed(1)}%`;
  const c = costs(m);
  return {
    headA: share('A', '小明'),
    headB: share('B', '苹果'),
    single: `${share('single', '苹果')} / ${share('single', '小明')}`,
    costs: c,
  };
}
