// The anchor model's head under partial rotary: a strip of its dims (the rotating ones coloured
// by their pair's speed) with its legend, and the pairs' speeds θ_p as bars on a log scale.
/** @import { AttnWidget } from '../../../web/widget-base.js' */
/** @import { ColorScale } from '../../../web/color.js' */
/** @import { AnchorHead } from '../logic.js' */
import { h, svg } from '../../../web/dom.js';
import { weightColor } from '../../../web/color.js';

/** The colour of the dims that do not turn. */
const PASS_COLOUR = '#d9d9d9';

/**
 * The colour of pair p of n: the fastest (p = 0) brightest.
 * @param {number} p
 * @param {number} n
 * @param {ColorScale} scale
 */
const speedColour = (p, n, scale) => weightColor(1 - (p / Math.max(1, n - 1)) * 0.85, scale);

/**
 * headDim cells, 32 to a row; the rotating ones coloured by their pair's speed. Then its legend.
 * @param {AnchorHead} head
 * @param {number} nPairs
 * @param {ColorScale} scale
 * @param {AttnWidget['t']} t the widget's strings
 */
export function rotaryStrip(head, nPairs, scale, t) {
  const cols = 32,
    cell = 10,
    gap = 1;
  const rowsN = Math.ceil(head.headDim / cols);
  const cells = Array.from({ length: head.headDim }, (_, dim) => {
    const rot = dim < head.rotaryDim;
    const p = dim % (head.rotaryDim / 2);
    return svg('rect', {
      x: (dim % cols) * (cell + gap),
      y: Math.floor(dim / cols) * (cell + gap),
      width: cell,
      height: cell,
      rx: 1.5,
      fill: rot ? speedColour(p, nPairs, scale) : PASS_COLOUR,
      'data-dim': dim,
      'data-rot': rot ? '1' : '0',
    });
  });
  const W = cols * (cell + gap),
    H = rowsN * (cell + gap);
  return [
    svg(
      'svg',
      {
        viewBox: `0 0 ${W} ${H}`,
        role: 'img',
        'aria-label': t('stripAria', head.rotaryDim, head.headDim),
        'data-role': 'strip',
      },
      cells,
    ),
    h('div', { class: 'legend' }, [
      h('span', {}, [
        h('span', { class: 'swatch', style: { background: weightColor(1, scale) } }),
        h('span', { class: 'swatch', style: { background: weightColor(0.15, scale) } }),
        t('legendRot', head.rotaryDim),
      ]),
      h('span', {}, [
        h('span', { class: 'swatch', style: { background: PASS_COLOUR } }),
        t('legendPass', head.headDim - head.rotaryDim),
      ]),
    ]),
  ];
}

/**
 * θ_p as bars on a log scale, fastest (p = 0) on the left.
 * @param {number[]} freqs
 * @param {ColorScale} scale
 * @param {string} label the chart's accessible name
 */
export function frequencyChart(freqs, scale, label) {
  const W = 340,
    H = 130,
    left = 34,
    bottom = 16,
    top = 6;
  const logs = freqs.map((f) => Math.log10(f));
  const lo = Math.floor(Math.min(...logs)),
    hi = 0;
  /** @param {number} l */
  const y = (l) => top + ((hi - l) / (hi - lo)) * (H - top - bottom);
  const bw = (W - left - 4) / freqs.length;
  const ticks = [];
  for (let t = hi; t >= lo; t--) {
    ticks.push(
      svg('line', { x1: left, x2: W, y1: y(t), y2: y(t), stroke: '#e6e6e6' }),
      svg(
        'text',
        { x: left - 4, y: y(t) + 4, 'font-size': 10, 'text-anchor': 'end', fill: '#3d3d3d' },
        t === 0 ? '1' : `1e${t}`,
      ),
    );
  }
  const bars = logs.map((l, p) =>
    svg('rect', {
      x: left + p * bw + 1,
      y: y(l),
      width: Math.max(1, bw - 2),
      height: Math.max(1, H - bottom - y(l)),
      fill: speedColour(p, freqs.length, scale),
      stroke: '#6b6b6b',
      'stroke-width': 0.3,
    }),
  );
  const last = freqs.length - 1;
  const xl = [0, Math.floor(freqs.length / 2), last].map((p) =>
    svg(
      'text',
      {
        x: left + p * bw + bw / 2,
        y: H - 3,
        'font-size': 10,
        'text-anchor': p === last ? 'end' : p === 0 ? 'start' : 'middle',
        fill: '#3d3d3d',
      },
      `p = ${p}`,
    ),
  );
  return svg('svg', { viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': label }, [
    ...ticks,
    ...bars,
    ...xl,
  ]);
}
