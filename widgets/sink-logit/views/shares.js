// How a row's weight is shared out: a stacked bar (one segment per key, then the sink's) and
// the legend under it (each key's swatch and its softmax share with the engine's numbers).
// The colours are categorical (Okabe–Ito, colour-blind safe), not the weight scale: a segment
// is a key, not a weight.
import { h, pct } from '../../../web/dom.js';
import { CATEGORY } from '../../../web/color.js';
import { formula } from '../../../web/mathml.js';

/** @type {[string, string][]} each key's segment colour and the text colour that contrasts */
export const KEY_COLOURS = [
  [CATEGORY.a, '#fff'],
  [CATEGORY.b, '#000'],
  [CATEGORY.c, '#000'],
  [CATEGORY.d, '#000'],
];
/** @type {[string, string]} the sink's segment colour and its text colour */
export const SINK_COLOUR = ['#3d3d3d', '#fff'];

/**
 * The stacked bar's segments and its accessible name's list ("小明 30.0%, …").
 * @param {string[]} labels the keys
 * @param {number[]} weights
 * @param {{ label: string, weight: number }} [sink] the sink's segment, if the row has one
 * @returns {{ segments: HTMLDivElement[], parts: string }}
 */
export function weightStack(labels, weights, sink) {
  const parts = weights.map((w, j) => ({
    label: labels[j],
    w,
    colours: KEY_COLOURS[j % KEY_COLOURS.length],
    sink: false,
  }));
  if (sink) parts.push({ label: sink.label, w: sink.weight, colours: SINK_COLOUR, sink: true });
  const segments = parts.map((p) =>
    h(
      'div',
      {
        class: p.sink ? 'seg sink' : 'seg',
        style: {
          'flex-basis': `${(p.w * 100).toFixed(3)}%`,
          'flex-grow': '0',
          'flex-shrink': '0',
          background: p.colours[0],
          color: p.colours[1],
        },
      },
      p.w >= 0.08 ? pct(p.w, 0) : '',
    ),
  );
  return { segments, parts: parts.map((p) => `${p.label} ${pct(p.w)}`).join(', ') };
}

/**
 * One legend line: a colour swatch and what follows it (a formula or a sentence).
 * @param {string} colour
 * @param {import('../../../web/mathml.js').MathNode | string} content
 */
export function legendItem(colour, content) {
  return h('li', {}, [
    h('span', { class: 'swatch', 'aria-hidden': 'true', style: { background: colour } }),
    ...formula(content),
  ]);
}

/**
 * The colour of key j's swatch.
 * @param {number} j
 */
export const keyColour = (j) => KEY_COLOURS[j][0];
