// The chosen query's row of engine weights as a coloured table with its row sum, or, past the
// teaching world's length, the note that the arcs show structure only.
/** @import { AttnWidget } from '../../../web/widget-base.js' */
/** @import { ColorScale } from '../../../web/color.js' */
import { h, pct, num } from '../../../web/dom.js';
import { weightColor, textOn } from '../../../web/color.js';
import { rowSum } from '../logic.js';

/**
 * @param {{ labels: string[], weights: number[][] | null, query: number, nWorld: number,
 *   worldTitle: string, scale: ColorScale, t: AttnWidget['t'] }} options the tokens, the engine's
 *   causal weights (null past the world's nWorld tokens), the query shown, the world's title in
 *   the page's language, the colour scale and the widget's strings
 * @returns {HTMLElement[]}
 */
export function weightsView({ labels, weights, query: q, nWorld, worldTitle, scale, t }) {
  if (!weights)
    return [
      h('p', { class: 'note', 'data-role': 'no-weights' }, t('noWeights', labels.length, nWorld)),
    ];
  const row = weights[q].slice(0, q + 1);
  const rows = row.map((wij, j) =>
    h('tr', { 'data-k': j }, [
      h('th', { scope: 'row' }, labels[j]),
      h(
        'td',
        { class: 'w', style: { background: weightColor(wij, scale), color: textOn(wij, scale) } },
        pct(wij),
      ),
    ]),
  );
  return [
    h('p', { class: 'muted' }, t('weightsTitle', labels[q], worldTitle)),
    h('table', { class: 'weights', 'data-role': 'weights-table' }, [
      h(
        'thead',
        {},
        h('tr', {}, [h('th', { scope: 'col' }, t('key')), h('th', { scope: 'col' }, t('weight'))]),
      ),
      h('tbody', {}, rows),
    ]),
    h(
      'p',
      { class: 'formula', 'data-role': 'row-sum' },
      t('sumLine', row.map((v) => num(v, 3)).join(' + '), num(rowSum(row), 3)),
    ),
    h('p', { class: 'muted' }, t('worldNote')),
  ];
}
