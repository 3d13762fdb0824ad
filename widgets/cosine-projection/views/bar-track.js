// One bar on a track that holds 0 (a value may be negative: then a hatched bar left of a zero
// line), as the ranked scores and the K / V cosines draw it; positions from logic.js's barSpan.
import { h } from '../../../web/dom.js';
import { bar } from '../../../web/views/bar.js';
import { barSpan } from '../logic.js';

/**
 * The track of value v on [lo, hi] (lo ≤ 0 ≤ hi), hidden from screen readers (its row says the
 * number).
 * @param {number} v
 * @param {number} lo
 * @param {number} hi
 */
export function barTrack(v, lo, hi) {
  const span = barSpan(v, lo, hi);
  return bar({
    tag: 'span',
    share: span.width,
    left: span.left,
    neg: v < 0,
    attrs: { 'aria-hidden': 'true' },
    fillStyle: { right: 'auto' },
    marks: [
      lo < 0
        ? h('span', { class: 'zero', style: { left: `${(span.zero * 100).toFixed(2)}%` } })
        : null,
    ],
  }).el;
}
