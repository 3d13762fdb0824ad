// q · k term by term: one row per product q_m k_m with a bar (positive to the right, negative
// to the left of a zero line when any term is negative) and its arithmetic.
/** @import { Expansion } from '../logic.js' */
import { h, num } from '../../../web/dom.js';
import { bar } from '../../../web/views/bar.js';
import { sub, short, term } from '../logic.js';

/**
 * The list items of the terms list.
 * @param {Expansion} ex
 * @param {(m: number, value: string) => string} termLabel the accessible name of bar m (1-based)
 * @returns {HTMLLIElement[]}
 */
export function termBars(ex, termLabel) {
  const span = Math.max(...ex.terms.map(Math.abs), 1e-9);
  const hasNeg = ex.terms.some((t) => t < 0);
  const zero = hasNeg ? 0.5 : 0;
  const half = hasNeg ? 0.5 : 1;
  return ex.terms.map((t, m) => {
    const len = (Math.abs(t) / span) * half;
    const left = t < 0 ? zero - len : zero;
    const name = `q${sub(m + 1)}k${sub(m + 1)}`;
    const text = `${name} = ${short(ex.q[m])} × ${term(short(ex.k[m]))} = ${num(t, 3)}`;
    return h('li', { 'data-m': m }, [
      h('span', {}, name),
      bar({
        share: len,
        left,
        neg: t < 0,
        attrs: { role: 'img', 'aria-label': termLabel(m + 1, num(t, 3)) },
        marksAfter: [hasNeg ? h('div', { class: 'zero', style: { left: '50%' } }) : null],
      }).el,
      h('span', { class: 'formula' }, text),
    ]);
  });
}
