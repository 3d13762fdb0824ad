// An attention output as a table: one row per token, one column per output element, labelled by
// head ("A·1", "A·2", "B·1", …), numbers to 3 decimals.
import { h, num } from '../../../web/dom.js';
import { rowOf } from '../../../web/tensor.js';
/** @import { Tensor } from '../../../web/attn-engine.js' */

/**
 * @param {{ caption: string, output: Pick<Tensor, 'shape' | 'data'>, cls: string,
 *   labels: string[], nHeads: number, corner: string,
 *   column: (j: number, perHead: number) => string }} options
 *   column: a column's header from its index and the head width
 */
export function outputTable({ caption, output, cls, labels, nHeads, corner, column }) {
  const [rows, cols] = output.shape;
  return h('table', { class: cls }, [
    h('caption', {}, caption),
    h(
      'thead',
      {},
      h('tr', {}, [
        h('th', { scope: 'col' }, corner),
        ...Array.from({ length: cols }, (_, j) =>
          h('th', { scope: 'col' }, column(j, cols / nHeads)),
        ),
      ]),
    ),
    h(
      'tbody',
      {},
      Array.from({ length: rows }, (_, i) =>
        h('tr', {}, [
          h('th', { scope: 'row' }, labels[i]),
          ...Array.from(rowOf(output, i), (x) => h('td', {}, num(x, 3))),
        ]),
      ),
    ),
  ]);
}
