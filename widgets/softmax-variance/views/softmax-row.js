// One softmax row over the experiment's keys as columns, percentages above, with its largest
// weight and its entropy below. Drawn once per figure; a slider step sets the columns' heights
// and the texts.
/** @import { AttnWidget } from '../../../web/widget-base.js' */
import { h, svg, num } from '../../../web/dom.js';
import { formula } from '../../../web/mathml.js';
import { weightPct, columnPct, smallNum } from '../logic.js';

/**
 * One column: its coloured fill, its percentage, and its background and key label.
 * @typedef {{ fill: SVGRectElement, label: SVGTextElement, parts: SVGElement[] }} Column
 */
/**
 * The parts of a drawn row a step updates.
 * @typedef {{ cols: Column[], chart: SVGSVGElement, maxLine: HTMLParagraphElement,
 *   entropyLine: HTMLParagraphElement }} RowParts
 */

/**
 * The drawn rows, by figure: a figure the widget makes anew (a rebuild) is drawn anew.
 * @type {WeakMap<Element, RowParts>}
 */
const drawn = new WeakMap();

const W = 320,
  H = 112,
  T = 16,
  B = 18,
  gap = 6;
const ph = H - T - B;

/**
 * The chart's parts for n keys, drawn into `fig` the first time.
 * @param {Element} fig
 * @param {number} n
 * @param {{ title: string, color: string, t: AttnWidget['t'] }} options
 * @returns {RowParts}
 */
function partsOf(fig, n, { title, color, t }) {
  const known = drawn.get(fig);
  if (known) return known;
  const cw = (W - gap * (n - 1)) / n;
  const cols = Array.from({ length: n }, (_, j) => {
    const x = j * (cw + gap);
    return {
      fill: svg('rect', { x, width: cw, fill: color }),
      label: svg('text', {
        x: x + cw / 2,
        y: T - 4,
        'text-anchor': 'middle',
        'font-size': 10,
        fill: '#1b1b1b',
      }),
      parts: [
        svg('rect', { x, y: T, width: cw, height: ph, fill: '#eee' }),
        svg(
          'text',
          {
            x: x + cw / 2,
            y: H - 4,
            'text-anchor': 'middle',
            'font-size': 10,
            fill: '#1b1b1b',
          },
          t('key', j + 1),
        ),
      ],
    };
  });
  const chart = svg(
    'svg',
    { viewBox: `0 0 ${W} ${H}`, role: 'img' },
    cols.map((col) => [col.parts[0], col.fill, col.label, col.parts[1]]).flat(),
  );
  const maxLine = h('p', { class: 'formula', 'data-formula': 'max' });
  const entropyLine = h('p', { class: 'formula', 'data-formula': 'entropy' });
  fig.replaceChildren(
    h('figcaption', {}, [h('span', { class: 'swatch', style: { background: color } }), title]),
    chart,
    maxLine,
    entropyLine,
  );
  const parts = { cols, chart, maxLine, entropyLine };
  drawn.set(fig, parts);
  return parts;
}

/**
 * The engine's softmax row in `fig` (drawn the first time, updated after).
 * @param {Element} fig
 * @param {{ title: string, weights: Float32Array, entropy: number, maxWeight: number,
 *   color: string, uniform: number, t: AttnWidget['t'] }} options the caption, the engine's
 *   weights, their entropy and largest weight, the columns' colour, the entropy of a uniform row
 *   (ln K) and the widget's strings
 */
export function drawSoftmaxRow(fig, { title, weights, entropy, maxWeight, color, uniform, t }) {
  const n = weights.length;
  const c = partsOf(fig, n, { title, color, t });
  Array.from(weights, (w, j) => {
    const hgt = Math.max(w * ph, 0.5);
    c.cols[j].fill.setAttribute('y', String(T + ph - hgt));
    c.cols[j].fill.setAttribute('height', String(hgt));
    c.cols[j].label.textContent = columnPct(w);
  });
  const list = Array.from(weights, (w, j) => `${t('key', j + 1)} ${weightPct(w)}`).join(', ');
  c.chart.setAttribute('aria-label', t('rowAria', title, list));
  c.maxLine.replaceChildren(...formula(t('maxFormula', weightPct(maxWeight))));
  c.entropyLine.replaceChildren(
    ...formula(t('entropyFormula', smallNum(entropy), num(uniform, 2), n)),
  );
}
