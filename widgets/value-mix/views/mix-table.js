// The table of one query row's mix: per key token its weight w_j, its value v_j and its share
// w_j·v_j, the engine's output as the sum row; and the colour legend of the bars below it.
/** @import { MixRow } from '../logic.js' */
/** @import { Matrix } from '../../../web/tensor.js' */
import { h, num, pct } from '../../../web/dom.js';
import { line, row, sub as msub, formula } from '../../../web/mathml.js';
import { rowOf } from '../../../web/tensor.js';
import { shortLabel } from '../../../web/world.js';
import { labelHeader } from '../../../web/views/table-labels.js';
import { vec } from '../logic.js';
import { swatch } from './colours.js';

/** @typedef {(key: string, ...args: any[]) => any} Text the widget's t() */

/**
 * The thead, tbody and tfoot of table.mix.
 * @param {MixRow} m
 * @param {Matrix} v the world's V (the rows v_j shown)
 * @param {string[]} labels
 * @param {Text} t
 */
export function mixTableParts(m, v, labels, t) {
  const visible = new Set(m.keys);
  const ci = new Map(m.keys.map((j, c) => [j, c]));
  /** @param {number} j @param {string} l */
  const rowHeader = (j, l) => {
    const th = labelHeader(l, 'row');
    th.prepend(swatch(j));
    return th;
  };
  /** @param {number} j */
  const vCell = (j) =>
    h('td', { class: 'formula vc' }, [
      // the vectors stay text beside the formula: a narrow table cell wraps them
      h(
        'span',
        {},
        formula(line(row(msub('v', shortLabel(labels[j])), '='), ` ${vec(rowOf(v, j))}`)),
      ),
      h(
        'span',
        { class: 'contrib', 'data-role': 'contrib' },
        formula(
          line(
            row(num(m.weights[j], 3), '×', msub('v', shortLabel(labels[j])), '='),
            ` ${vec(m.contributions[/** @type {number} */ (ci.get(j))], 3)}`,
          ),
        ),
      ),
    ]);
  return [
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        [t('key'), t('weight'), t('vecs')].map((c) => h('th', { scope: 'col' }, c)),
      ),
    ),
    h(
      'tbody',
      {},
      labels.map((l, j) =>
        h(
          'tr',
          { 'data-j': j },
          visible.has(j)
            ? [rowHeader(j, l), h('td', { 'data-role': 'weight' }, pct(m.weights[j])), vCell(j)]
            : [rowHeader(j, l), h('td', { class: 'masked', colspan: 2 }, t('masked'))],
        ),
      ),
    ),
    h(
      'tfoot',
      {},
      h('tr', {}, [
        h('th', { scope: 'row' }, t('sumRow')),
        h('td', {}, pct(m.keys.reduce((a, j) => a + m.weights[j], 0))),
        h(
          'td',
          { class: 'formula vc' },
          h('span', { class: 'contrib', 'data-role': 'output' }, vec(m.output, 3)),
        ),
      ]),
    ),
  ];
}

/**
 * The legend of the colours: each visible key with its weight, the output tick, the zero line.
 * @param {MixRow} m
 * @param {string[]} labels
 * @param {Text} t
 */
export function mixLegend(m, labels, t) {
  return [
    ...m.keys.map((j) => h('span', {}, [swatch(j), `${labels[j]} ${pct(m.weights[j])}`])),
    h('span', {}, [h('span', { class: 'key-total' }), t('totalKey')]),
    h('span', {}, [h('span', { class: 'key-zero' }), '0']),
  ];
}
