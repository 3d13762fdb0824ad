// One bar per output dimension: the contributions w_j v_jd stacked (positive to the right of
// zero, negative to the left), the engine's output marked where they add up, and its formula.
/** @import { MixRow } from '../logic.js' */
/** @import { Matrix } from '../../../web/tensor.js' */
import { h, num } from '../../../web/dom.js';
import { formula } from '../../../web/mathml.js';
import { sub, dimFormula } from '../logic.js';
import { colourOf } from './colours.js';

/**
 * The <li> of every output dimension (for ol.dims).
 * @param {MixRow} m
 * @param {Matrix} v the world's V (the formula's factors)
 * @param {string[]} labels
 * @param {(d: number, parts: string, total: string) => string} dimLabel the bar's accessible name
 */
export function dimensionBars(m, v, labels, dimLabel) {
  const dv = m.output.length;
  // One scale for every bar: from the most negative stack (or output) to the most positive.
  let lo = 0,
    hi = 0;
  for (let d = 0; d < dv; d++) {
    let p = 0,
      q = 0;
    for (const c of m.contributions) {
      if (c[d] >= 0) p += c[d];
      else q += c[d];
    }
    hi = Math.max(hi, p, m.output[d]);
    lo = Math.min(lo, q, m.output[d]);
  }
  const span = hi - lo || 1;
  const zero = -lo / span;
  /** @param {number} x */
  const left = (x) => `${((zero + x / span) * 100).toFixed(3)}%`;
  return Array.from({ length: dv }, (_, d) => {
    let pos = 0,
      neg = 0;
    const segs = m.keys.map((j, c) => {
      const x = m.contributions[c][d];
      let from, to;
      if (x >= 0) {
        from = pos;
        to = pos + x;
        pos = to;
      } else {
        to = neg;
        from = neg + x;
        neg = from;
      }
      return h('div', {
        class: 'seg',
        'data-j': j,
        style: {
          left: left(from),
          width: `${(((to - from) / span) * 100).toFixed(3)}%`,
          background: colourOf(j),
        },
      });
    });
    const parts = m.keys.map((j, c) => `${labels[j]} ${num(m.contributions[c][d], 3)}`).join(', ');
    return h('li', { 'data-d': d }, [
      h('span', {}, `out${sub(d + 1)}`),
      h(
        'div',
        { class: 'stack', role: 'img', 'aria-label': dimLabel(d + 1, parts, num(m.output[d], 3)) },
        [
          ...segs,
          h('div', { class: 'zero', style: { left: left(0) } }),
          h('div', { class: 'total', style: { left: left(m.output[d]) } }),
        ],
      ),
      h('span', { class: 'val' }, num(m.output[d], 3)),
      h('p', { class: 'formula' }, formula(dimFormula(m, v, d))),
    ]);
  });
}
