// The whole score matrix QKᵀ as a grid of buttons, each picking its (query, key) pair, coloured
// from the lowest score in the matrix to the highest on the page's colour scale.
/** @import { Tensor } from '../../../web/attn-engine.js' */
/** @import { ColorScale } from '../../../web/color.js' */
import { h, num, namedNumber } from '../../../web/dom.js';
import { weightColor, textOn } from '../../../web/color.js';
import { at } from '../../../web/tensor.js';
import { labelHeader } from '../../../web/views/table-labels.js';

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
  const head = h('tr', {}, [
    h('th', { scope: 'col', class: 'hm-corner' }, corner),
    ...labels.map((l) => labelHeader(l, 'col', 'hm-col')),
  ]);
  const body = Array.from({ length: rows }, (_, i) =>
    h('tr', {}, [
      labelHeader(labels[i], 'row'),
      ...Array.from({ length: cols }, (_, j) => {
        const s = at(S, i, j);
        const v = hi > lo ? (s - lo) / (hi - lo) : 0.5;
        const on = i === query && j === key;
        return h(
          'td',
          { role: 'gridcell' },
          h(
            'button',
            {
              type: 'button',
              class: 'cell',
              'data-i': i,
              'data-j': j,
              'aria-pressed': String(on),
              tabindex: on ? '0' : '-1',
              style: { background: weightColor(v, scale), color: textOn(v, scale) },
              onclick: () => onPick(i, j),
            },
            namedNumber(cellName(labels[i], labels[j]), num(s), num(s, 1)),
          ),
        );
      }),
    ]),
  );
  return [h('thead', {}, head), h('tbody', {}, body)];
}
