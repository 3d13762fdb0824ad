// An SVG histogram of the engine's dot products on a fixed axis, ±std marked. The chart is drawn
// once per figure (a bar per bin, the axis, its ticks); a slider step only moves the bars, the σ
// marks and the labels, so a step costs attribute writes, not a new SVG.
/** @import { AttnWidget } from '../../../web/widget-base.js' */
/** @import { Axis } from '../logic.js' */
import { h, svg, num } from '../../../web/dom.js';
import { histogram, BINS } from '../logic.js';

/**
 * The parts of a drawn histogram a step updates.
 * @typedef {{ bars: SVGRectElement[], sd: SVGLineElement[], stdLabel: SVGTextElement,
 *   chart: SVGSVGElement, outside: HTMLParagraphElement }} HistogramParts
 */

/**
 * The drawn histograms, by figure: a figure the widget makes anew (a rebuild) is drawn anew.
 * @type {WeakMap<Element, HistogramParts>}
 */
const drawn = new WeakMap();

const W = 320,
  H = 130,
  L = 8,
  R = 8,
  T = 16,
  B = 22;
const pw = W - L - R,
  ph = H - T - B;

/**
 * The chart's parts, drawn into `fig` the first time.
 * @param {Element} fig
 * @param {{ title: string, axis: Axis, color: string }} options
 * @returns {HistogramParts}
 */
function partsOf(fig, { title, axis, color }) {
  const known = drawn.get(fig);
  if (known) return known;
  /** @param {number} v */
  const x = (v) => L + ((v - axis.lo) / (axis.hi - axis.lo)) * pw;
  const bw = pw / BINS;
  const bars = Array.from({ length: BINS }, (_, i) =>
    svg('rect', { x: L + i * bw, width: Math.max(bw - 0.6, 0.6), fill: color }),
  );
  const ticks = axis.ticks
    .map((t) => [
      svg('line', { x1: x(t), x2: x(t), y1: T + ph, y2: T + ph + 4, stroke: '#1b1b1b' }),
      svg(
        'text',
        {
          x: x(t),
          y: H - 6,
          'text-anchor': t === axis.lo ? 'start' : t === axis.hi ? 'end' : 'middle',
          'font-size': 11,
          fill: '#1b1b1b',
        },
        num(t, 0),
      ),
    ])
    .flat();
  const sd = [0, 1].map(() =>
    svg('line', {
      y1: T - 2,
      y2: T + ph,
      stroke: '#1b1b1b',
      'stroke-dasharray': '3 2',
      'stroke-width': 1,
    }),
  );
  const stdLabel = svg('text', {
    x: W - R,
    y: 11,
    'text-anchor': 'end',
    'font-size': 11,
    fill: '#1b1b1b',
  });
  const chart = svg('svg', { viewBox: `0 0 ${W} ${H}`, role: 'img' }, [
    ...bars,
    svg('line', { x1: L, x2: W - R, y1: T + ph, y2: T + ph, stroke: '#1b1b1b' }),
    ...ticks,
    ...sd,
    stdLabel,
  ]);
  const outside = h('p', { class: 'muted', hidden: true });
  fig.replaceChildren(
    h('figcaption', {}, [h('span', { class: 'swatch', style: { background: color } }), title]),
    chart,
    outside,
  );
  const parts = { bars, sd, stdLabel, chart, outside };
  drawn.set(fig, parts);
  return parts;
}

/**
 * The histogram of `dots` × factor in `fig` (drawn the first time, updated after).
 * @param {Element} fig
 * @param {{ title: string, dots: Float32Array, factor: number, axis: Axis, std: number,
 *   color: string, d: number, t: AttnWidget['t'] }} options the caption, the engine's dot
 *   products, what multiplies them (1/√d on the scaled axis), the axis, the engine's std, the
 *   bars' colour, the head width and the widget's strings
 */
export function drawHistogram(fig, { title, dots, factor, axis, std, color, d, t }) {
  const hist = histogram(dots, { ...axis, bins: BINS, factor });
  /** @param {number} v */
  const x = (v) => L + ((v - axis.lo) / (axis.hi - axis.lo)) * pw;
  const c = partsOf(fig, { title, axis, color });
  hist.counts.forEach((n, i) => {
    const hgt = n ? (n / hist.max) * ph : 0;
    c.bars[i].setAttribute('y', String(T + ph - hgt));
    c.bars[i].setAttribute('height', String(hgt));
  });
  [-std, std].forEach((v, i) => {
    const inside = v > axis.lo && v < axis.hi;
    c.sd[i].setAttribute('visibility', inside ? 'visible' : 'hidden');
    c.sd[i].setAttribute('x1', String(inside ? x(v) : 0));
    c.sd[i].setAttribute('x2', String(inside ? x(v) : 0));
  });
  const sdText = num(std, 2);
  c.stdLabel.textContent = `±σ = ±${sdText}`;
  const out = hist.below + hist.above;
  c.chart.setAttribute(
    'aria-label',
    t('histAria', title, d, sdText, num(axis.lo, 0), num(axis.hi, 0), out),
  );
  c.outside.hidden = !out;
  c.outside.textContent = out ? t('outside', out) : '';
}
