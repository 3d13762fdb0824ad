// One pair of dimensions as a plane: q and k before the turn (dashed) and after (solid).
/** @import { AttnWidget } from '../../../web/widget-base.js' */
import { h, svg, num } from '../../../web/dom.js';
import { CATEGORY } from '../../../web/color.js';

/** The plane's centre in its 160 × 160 viewBox; an arrow of length 62 reaches the circle. */
const C = 80;
const K_COLOUR = '#B35C00';

/**
 * One arrow from the centre to v, with its tip and (solid arrows) its label.
 * @param {ArrayLike<number>} v
 * @param {number} zoom drawing units per unit of the vector
 * @param {string} colour
 * @param {boolean} dashed
 * @param {string} [label]
 */
function arrow(v, zoom, colour, dashed, label) {
  const x = C + v[0] * zoom,
    y = C - v[1] * zoom;
  return [
    svg('line', {
      x1: C,
      y1: C,
      x2: x,
      y2: y,
      stroke: colour,
      'stroke-width': dashed ? 1.5 : 3,
      'stroke-dasharray': dashed ? '4 3' : undefined,
      opacity: dashed ? 0.55 : 1,
    }),
    svg('circle', {
      cx: x,
      cy: y,
      r: dashed ? 2.5 : 4.5,
      fill: colour,
      opacity: dashed ? 0.55 : 1,
    }),
    label
      ? svg(
          'text',
          {
            x: x + (x >= C ? 6 : -14),
            y: y + (y >= C ? 14 : -6),
            'font-size': 13,
            'font-weight': 700,
            fill: colour,
          },
          label,
        )
      : null,
  ];
}

/**
 * One pair's plane: the unrotated arrows dashed, the rotated ones solid.
 * @param {{ pair: [number, number], theta: number, zoom: number, q0: ArrayLike<number>,
 *   k0: ArrayLike<number>, q: ArrayLike<number>, k: ArrayLike<number> }} plane the two dimensions
 *   [a, b], their speed θ, drawing units per unit, and the 2-D arrows before and after
 * @param {AttnWidget['t']} t the widget's strings
 */
export function pairPlane({ pair: [a, b], theta, zoom, q0, k0, q, k }, t) {
  return h('figure', { class: 'panel' }, [
    svg('svg', { viewBox: '0 0 160 160', role: 'img', 'aria-label': t('pairAria', a, b) }, [
      svg('circle', { cx: C, cy: C, r: 62, fill: 'none', stroke: '#d6d6d6' }),
      svg('line', { x1: 8, y1: C, x2: 152, y2: C, stroke: '#e0e0e0' }),
      svg('line', { x1: C, y1: 8, x2: C, y2: 152, stroke: '#e0e0e0' }),
      ...arrow(q0, zoom, CATEGORY.a, true),
      ...arrow(k0, zoom, K_COLOUR, true),
      ...arrow(q, zoom, CATEGORY.a, false, t('qLabel')),
      ...arrow(k, zoom, K_COLOUR, false, t('kLabel')),
    ]),
    h('figcaption', {}, t('pair', a, b, num(theta, theta < 0.1 ? 3 : 2))),
  ]);
}
