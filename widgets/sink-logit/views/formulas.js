// The formulas <attn-sink-logit> prints, as MathML trees (web/mathml.js): the softmax with and
// without a sink term, one key's share with the engine's numbers, the gate g = σ(z), and the
// output's length. The strings (strings.js) and the legends (views/shares.js) build on these.
/** @import { MathChild, MathNode } from '../../../web/mathml.js' */
import { row, sub, sup, frac, sqrt, sum, paren, norm, text } from '../../../web/mathml.js';
import { num } from '../../../web/dom.js';

/**
 * e^a + e^b + … of a row of scores (and e^sink), the denominator the softmax formulas print.
 * @param {number[]} scores
 * @param {number} [sinkLogit] absent: no sink term
 * @returns {MathChild[]}
 */
export const expTerms = (scores, sinkLogit) =>
  [...scores.map((s) => num(s)), ...(sinkLogit === undefined ? [] : [num(sinkLogit, 1)])].flatMap(
    (x, k) => (k ? ['+', sup('e', x)] : [sup('e', x)]),
  );

/**
 * name = e^score / (denominator) = share: one key's weight with the engine's numbers.
 * @param {MathChild} name
 * @param {string} score
 * @param {MathChild[]} denominator expTerms
 * @param {string} share
 */
export const shareMath = (name, score, denominator, share) =>
  row(name, '=', frac(sup('e', score), row(...denominator)), '=', share);

/**
 * w_j = e^{s_j} / (Σ_k e^{s_k} [+ e^{sink}])
 * @param {boolean} withSink
 */
export const softmaxMath = (withSink) =>
  row(
    sub('w', 'j'),
    '=',
    frac(
      sup('e', sub('s', 'j')),
      row(sum('k'), sup('e', sub('s', 'k')), ...(withSink ? ['+', sup('e', 'sink')] : [])),
    ),
  );

/**
 * g = σ(z) = e^z / (e^z + e^0) = σ(z value) = g value
 * @param {string} z
 * @param {string} g
 */
export const gateMath = (z, g) =>
  row(
    'g',
    '=',
    'σ',
    paren('z'),
    '=',
    frac(sup('e', 'z'), row(sup('e', 'z'), '+', sup('e', 0))),
    '=',
    'σ',
    paren(z),
    '=',
    g,
  );

/** s_j = q·k_j / √4 */
export const SCORE_MATH = row(sub('s', 'j'), '=', frac(row('q', '·', sub('k', 'j')), sqrt(4)));
/** Σ_j w_j v_j: the row's weights on the rows of V. */
export const MIXED = row(sum('j'), sub('w', 'j'), sub('v', 'j'));

/**
 * |o| = √(o·o) = n
 * @param {string} n
 */
export const normMath = (n) => row(norm('o'), '=', sqrt(row('o', '·', 'o')), '=', n);

/**
 * o_gated = g · Σ_j w_j v_j, name the subscript ("gated", "门").
 * @param {string} name
 * @returns {MathNode}
 */
export const gatedMath = (name) => row(sub('o', text(name)), '=', 'g', '·', MIXED);

/**
 * |o_gated| = n = g × base
 * @param {string} name
 * @param {string} n
 * @param {string} g
 * @param {string} base
 */
export const gatedNormMath = (name, n, g, base) =>
  row(norm(sub('o', text(name))), '=', n, '=', g, '×', base);
