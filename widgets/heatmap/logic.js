// <attn-heatmap>'s logic without the DOM: a page's inline weights read and checked, one head of
// a teaching world's attention from the engine, and the self-check's rows over the weights
// shown. Node runs this file as it is (tests/js/heatmap.test.mjs).
/** @import { AttnEngine, Tensor } from '../../web/attn-engine.js' */
/** @import { CheckRow } from '../../web/check-row.js' */
import { check } from '../../web/check-row.js';

/**
 * A page's inline data, as the heatmap draws it.
 * @typedef {{ labels: string[], labelsEn: string[], weights: number[][],
 *   note?: Record<string, string> }} InlineData
 */

/**
 * The inline JSON a page wrote inside the element, read and checked: its labels, and weights of
 * n × n finite numbers (n labels). `problem` says what is wrong otherwise (the widget shows it in
 * its bad-data message), with the parser's error as `cause`.
 * @param {string} text
 * @returns {{ data: InlineData } | { problem: string, cause?: unknown }}
 */
export function readInlineData(text) {
  /** @type {any} whatever the page wrote: checked below */
  let d;
  try {
    d = JSON.parse(text);
  } catch (e) {
    return { problem: /** @type {Error} */ (e).message, cause: e };
  }
  const n = d.labels?.length ?? 0;
  if (
    !n ||
    !Array.isArray(d.weights) ||
    d.weights.length !== n ||
    d.weights.some(
      (/** @type {unknown} */ r) =>
        !Array.isArray(r) ||
        r.length !== n ||
        r.some((x) => typeof x !== 'number' || !Number.isFinite(x)),
    )
  )
    return { problem: `"weights" must be ${n}×${n} finite numbers, one row per label` };
  return {
    data: { labels: d.labels, labelsEn: d.labelsEn ?? d.labels, weights: d.weights, note: d.note },
  };
}

/**
 * Head `head`'s T × T weights (row-major) of a world's attention over `heads` heads, from the
 * engine; null when `head` is not one of them (the engine has vetted `heads` by then).
 * @param {AttnEngine} engine
 * @param {{ q: Tensor, k: Tensor, v: Tensor, tokens: string[] }} w the world's projections
 * @param {{ heads: number, head: number, causal: boolean }} o
 * @returns {Float32Array | null}
 */
export function headWeights(engine, w, { heads, head, causal }) {
  const r = engine.attention({ q: w.q, k: w.k, v: w.v, nHeads: heads, causal });
  if (!Number.isInteger(head) || head < 0 || head >= heads) return null;
  const n = w.tokens.length;
  return r.weights.data.subarray(head * n * n, (head + 1) * n * n);
}

/**
 * The self-check over weights the engine computed: every row sums to 1, and under the causal
 * mask no weight reaches a later token.
 * @param {ArrayLike<number>} weights n × n, row-major
 * @param {number} n
 * @param {boolean} causal
 * @returns {CheckRow[]}
 */
export function heatmapChecks(weights, n, causal) {
  let worst = 0;
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let j = 0; j < n; j++) s += weights[i * n + j];
    worst = Math.max(worst, Math.abs(s - 1));
  }
  /** @type {CheckRow[]} */
  const out = [
    {
      name: 'rows sum to 1 (±1e-6)',
      expected: '≤ 1e-6',
      actual: worst.toExponential(1),
      ok: worst <= 1e-6,
    },
  ];
  if (causal) {
    let future = 0;
    for (let i = 0; i < n; i++)
      for (let j = i + 1; j < n; j++) future = Math.max(future, weights[i * n + j]);
    out.push(check('future weights exactly 0', '0', String(future)));
  }
  return out;
}
