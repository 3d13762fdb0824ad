// The axes of a hand-drawn SVG chart: the frame (an <svg class="chart"> with its accessible
// name), the two axis lines along the plot area's left and bottom edges, value labels on the y
// axis (with optional grid lines), and the two axis titles. A chart draws its own marks (lines,
// points, bars) between them with the same ChartBox; the pieces come back as arrays of SVG
// elements so that a chart keeps its elements (and so its text) in the order it wants.
// Used by <attn-lab>'s ‖S‖ chart and its KV-heads ablation chart.
import { svg } from '../dom.js';
/** @import { Child } from '../dom.js' */

/**
 * The SVG's size and the margins around the plot area (viewBox units), the same numbers for the
 * frame, the axes and the chart's own marks.
 * @typedef {{
 *   width: number, height: number, left: number, right: number, top: number, bottom: number,
 * }} ChartBox
 */

/** The axis lines' colour. */
export const AXIS_STROKE = '#6b6b6b';
/** The labels' colour and size. */
export const LABEL_FILL = '#1b1b1b';
export const LABEL_SIZE = 11;
/** How far a grid line reaches left of the y axis (a tick mark), viewBox units. */
const TICK = 4;

/**
 * The chart's <svg>: class `chart`, the box as its viewBox, role img and `label` as its
 * accessible name (say in it what the chart shows: its numbers).
 * @param {ChartBox} box
 * @param {string} label
 * @param {Child[]} children
 */
export function chartFrame(box, label, children) {
  return svg(
    'svg',
    { class: 'chart', viewBox: `0 0 ${box.width} ${box.height}`, role: 'img', 'aria-label': label },
    children,
  );
}

/**
 * The two axis lines: y along the plot area's left edge, x along its bottom.
 * @param {ChartBox} box
 * @returns {SVGLineElement[]}
 */
export function axisLines({ width, height, left, right, top, bottom }) {
  return [
    svg('line', { x1: left, x2: left, y1: top, y2: height - bottom, stroke: AXIS_STROKE }),
    svg('line', {
      x1: left,
      x2: width - right,
      y1: height - bottom,
      y2: height - bottom,
      stroke: AXIS_STROKE,
    }),
  ];
}

/**
 * A label at each of `ticks` on the y axis, right-aligned `gap` left of it, and with `grid` (a
 * colour) a grid line across the plot area before each label.
 * @param {ChartBox} box
 * @param {number[]} ticks values
 * @param {{
 *   y: (v: number) => number, format: (v: number) => string, gap?: number, grid?: string,
 * }} options
 *   y: a value's position in viewBox units; format: its label
 * @returns {SVGElement[]}
 */
export function yTicks({ width, left, right }, ticks, { y, format, gap = 4, grid }) {
  return ticks.flatMap((v) => [
    ...(grid
      ? [svg('line', { x1: left - TICK, x2: width - right, y1: y(v), y2: y(v), stroke: grid })]
      : []),
    svg(
      'text',
      {
        x: left - gap,
        y: y(v) + 4,
        'text-anchor': 'end',
        'font-size': LABEL_SIZE,
        fill: LABEL_FILL,
      },
      format(v),
    ),
  ]);
}

/**
 * The y axis's title, turned to read upwards, centred on the plot area's height at `x`.
 * @param {ChartBox} box
 * @param {string} text
 * @param {{ x?: number }} [options]
 */
export function yAxisTitle({ height, top, bottom }, text, { x = 12 } = {}) {
  const middle = (top + height - bottom) / 2;
  return svg(
    'text',
    {
      x,
      y: middle,
      'text-anchor': 'middle',
      'font-size': LABEL_SIZE,
      fill: LABEL_FILL,
      transform: `rotate(-90 ${x} ${middle})`,
    },
    text,
  );
}

/**
 * The x axis's title, centred under the plot area, its baseline `fromBottom` above the SVG's
 * bottom edge (room for the x labels a chart draws between the axis and it).
 * @param {ChartBox} box
 * @param {string} text
 * @param {{ fromBottom: number }} options
 */
export function xAxisTitle({ width, height, left, right }, text, { fromBottom }) {
  return svg(
    'text',
    {
      x: (left + width - right) / 2,
      y: height - fromBottom,
      'text-anchor': 'middle',
      'font-size': LABEL_SIZE,
      fill: LABEL_FILL,
    },
    text,
  );
}
