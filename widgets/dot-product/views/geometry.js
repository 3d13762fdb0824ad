// The geometric reading of q·k: q along the x axis, k at angle θ, and k's shadow |k| cos θ on
// q's line (dashed drop, thick segment), in a 300 × 150 SVG box.
/** @import { Expansion } from '../logic.js' */
import { svg, num } from '../../../web/dom.js';
import { CATEGORY } from '../../../web/color.js';

/**
 * @typedef {{ W: number, y0: number, x0: number, qx: number, kx: number, ky: number,
 *   cos: number, sin: number, arcR: number, arcEnd: [number, number], phi: number }} Layout
 */

/**
 * The drawing's shapes and labels (children of the svg).
 * @param {Expansion} ex
 * @returns {SVGElement[]}
 */
export function geometryDrawing(ex) {
  const g = geometryLayout(ex);
  return [...geometryShapes(g), ...geometryLabels(ex, g)];
}

/**
 * Where the drawing of q and k goes in the 300 × 150 box: q along +x from (x0, y0), k at θ above
 * the axis, scaled to fit with 10 px margins and 84 px of height; the θ arc and its label angle.
 * @param {Expansion} ex
 * @returns {Layout}
 */
function geometryLayout(ex) {
  const W = 300,
    y0 = 100;
  const cos = ex.cos,
    sin = Math.sqrt(Math.max(0, 1 - cos * cos));
  // fit q (along +x) and k (at θ above the axis) into the box: 10 px margins, 84 px of height
  const right = Math.max(ex.qNorm, ex.kNorm * cos, 0),
    left = Math.max(0, -ex.kNorm * cos),
    up = ex.kNorm * sin;
  const s = Math.min((W - 30) / Math.max(right + left, 1e-9), up > 0 ? 84 / up : Infinity);
  const x0 = 12 + left * s;
  const qx = x0 + ex.qNorm * s;
  const kx = x0 + ex.kNorm * s * cos,
    ky = y0 - ex.kNorm * s * sin;
  const arcR = 22;
  /** @type {[number, number]} */
  const arcEnd = [x0 + arcR * cos, y0 - arcR * sin];
  // the θ label: inside the angle when it is wide, just above k when it is narrow
  const phi = ((ex.theta >= 40 ? ex.theta / 2 : ex.theta + 25) * Math.PI) / 180;
  return { W, y0, x0, qx, kx, ky, cos, sin, arcR, arcEnd, phi };
}

/**
 * The axis, k's drop onto q's line, the shadow |k| cos θ, the θ arc, and the two arrows.
 * @param {Layout} layout
 * @returns {SVGElement[]}
 */
function geometryShapes({ W, y0, x0, qx, kx, ky, arcR, arcEnd }) {
  /**
   * @param {string} id
   * @param {string} colour
   */
  const marker = (id, colour) =>
    svg(
      'marker',
      {
        id,
        viewBox: '0 0 10 10',
        refX: 8,
        refY: 5,
        markerWidth: 6,
        markerHeight: 6,
        orient: 'auto-start-reverse',
      },
      svg('path', { d: 'M0,0 L10,5 L0,10 z', fill: colour }),
    );
  return [
    svg('defs', {}, [marker('mq', CATEGORY.a), marker('mk', CATEGORY.b)]),
    svg('line', { x1: 4, y1: y0, x2: W - 4, y2: y0, stroke: '#c8c8c8', 'stroke-width': 1 }),
    svg('line', {
      x1: kx,
      y1: ky,
      x2: kx,
      y2: y0,
      stroke: '#6b6b6b',
      'stroke-width': 1.5,
      'stroke-dasharray': '4 3',
    }),
    svg('line', {
      x1: x0,
      y1: y0 + 5,
      x2: kx,
      y2: y0 + 5,
      stroke: CATEGORY.c,
      'stroke-width': 5,
    }),
    svg('path', {
      d: `M${x0 + arcR},${y0} A${arcR},${arcR} 0 0 0 ${arcEnd[0].toFixed(1)},${arcEnd[1].toFixed(1)}`,
      fill: 'none',
      stroke: '#1b1b1b',
      'stroke-width': 1,
    }),
    svg('line', {
      x1: x0,
      y1: y0,
      x2: qx,
      y2: y0,
      stroke: CATEGORY.a,
      'stroke-width': 3,
      'marker-end': 'url(#mq)',
    }),
    svg('line', {
      x1: x0,
      y1: y0,
      x2: kx,
      y2: ky,
      stroke: CATEGORY.b,
      'stroke-width': 3,
      'marker-end': 'url(#mk)',
    }),
  ];
}

/**
 * The θ and k labels and the key of the three colours.
 * @param {Expansion} ex
 * @param {Layout} layout
 * @returns {SVGElement[]}
 */
function geometryLabels(ex, { W, y0, x0, kx, ky, cos, arcR, phi }) {
  /**
   * @param {number} x
   * @param {number} y
   * @param {string} t
   */
  const text = (x, y, t, anchor = 'start') =>
    svg('text', { x, y, 'text-anchor': anchor, fill: '#1b1b1b', 'font-size': 13 }, t);
  /**
   * @param {number} x
   * @param {number} y
   * @param {string} colour
   * @param {string} t
   */
  const key = (x, y, colour, t) => [
    svg('line', { x1: x, y1: y - 4, x2: x + 18, y2: y - 4, stroke: colour, 'stroke-width': 4 }),
    text(x + 24, y, t),
  ];
  return [
    text(
      x0 + (arcR + 6) * Math.cos(phi),
      y0 - (arcR + 6) * Math.sin(phi),
      `θ = ${ex.theta.toFixed(1)}°`,
      Math.cos(phi) < -0.3 ? 'end' : 'start',
    ),
    text(
      Math.min(W - 4, Math.max(4, kx + (cos < 0 ? -4 : 4))),
      Math.max(13, ky - 4),
      'k',
      cos < 0 ? 'end' : 'start',
    ),
    ...key(8, y0 + 24, CATEGORY.a, `q: |q| = ${num(ex.qNorm)}`),
    ...key(150, y0 + 24, CATEGORY.b, `k: |k| = ${num(ex.kNorm)}`),
    ...key(8, y0 + 42, CATEGORY.c, `|k| cos θ = ${num(ex.kNorm * cos)}`),
  ];
}
