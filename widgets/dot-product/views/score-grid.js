// The whole score matrix QKᵀ as a grid of buttons (the shared heatmap's pressed cells), each
// picking its (query, key) pair, coloured from the lowest score in the matrix to the highest on
// the page's colour scale.
/** @import { Tensor } from '../../../web/attn-engine.js' */
/** @import { ColorScale } from '../../../web/color.js' */
import { num, namedNumber } from '../../../web/dom.js';
import { heatmapParts } from '../../../web/views/heatmap-table.js';

/**
 * The head and body of the grid: a header row of keys, then one row per query.
 * @param {{ S: Tensor, labels: string[], query: number, key: number, scale: ColorScale,
 *   corner: string, cellName: (query: string, key: string) => string,
 *   onPick: (i: number, j: number) => void }} options
 * @returns {[HTMLTableSectionElement, HTMLTableSectionElement]}
 */
export function scoreGrid({ S, labels, query, key, scale, corner, cellName, onPick }) {
  const [rows, cols] = S.shape;
  let lo = Infinity,
    hi = -Infinity;
  for (const s of S.data) {
    lo = Math.min(lo, s);
    hi = Math.max(hi, s);
  }
  const on = (/** @type {number} */ i, /** @type {number} */ j) => i === query && j === key;
  return heatmapParts({
    weights: S.data,
    rows: labels.slice(0, rows),
    cols: labels.slice(0, cols),
    corner,
    scale,
    pick: {
      pressed: on,
      cursor: [query, key],
      shade: (i, j, s) => (hi > lo ? (s - lo) / (hi - lo) : 0.5),
      content: (i, j, s) => namedNumber(cellName(labels[i], labels[j]), num(s), num(s, 1)),
      onPick,
    },
  });
}
