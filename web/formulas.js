// Formulas that more than one widget writes, as MathML trees (web/mathml.js).
import { row, sub, frac, sqrt, paren, letters } from './mathml.js';

/**
 * w_ij = softmax_j(q_i·k_j / √d): the attention weight of query i on key j.
 * @param {number | string} d the head width, or the letter d
 */
export function weightMath(d) {
  return row(
    sub('w', letters('ij')),
    '=',
    sub('softmax', 'j'),
    paren(frac(row(sub('q', 'i'), '·', sub('k', 'j')), sqrt(d))),
  );
}
