// The counts for any length T: sequential steps, path length, what token T reads, and the pairs
// scored, RNN against attention, each cell a big number and the formula behind it.
/** @import { AttnWidget } from '../../../web/widget-base.js' */
/** @import { MathLine } from '../../../web/mathml.js' */
import { grouped, h } from '../../../web/dom.js';
import { formula as mathFormula } from '../../../web/mathml.js';

/**
 * @param {string} big
 * @param {string | MathLine} [formula]
 */
const cell = (big, formula) =>
  h('td', {}, [
    h('span', { class: 'big' }, big),
    formula ? h('span', { class: 'formula' }, mathFormula(formula)) : null,
  ]);

/**
 * The table's rows, filled in place of `table`'s.
 * @param {HTMLTableElement} table
 * @param {{ T: number, rnn: ReturnType<typeof import('../logic.js').rnnCounts>,
 *   attention: ReturnType<typeof import('../logic.js').attentionCounts>,
 *   t: AttnWidget['t'] }} options the length, the two sides' counts, the widget's strings
 */
export function fillCountsTable(table, { T, rnn: r, attention: a, t }) {
  table.replaceChildren(
    h(
      'thead',
      {},
      h('tr', {}, [
        h('td', {}, t('colWhat')),
        h('th', { scope: 'col' }, t('colRnn')),
        h('th', { scope: 'col' }, t('colAttn')),
      ]),
    ),
    h('tbody', {}, [
      h('tr', { 'data-row': 'steps' }, [
        h('th', { scope: 'row' }, t('rowSteps')),
        cell(grouped(r.sequentialSteps), t('rnnSteps', grouped(T))),
        cell(String(a.sequentialSteps), t('attnSteps', grouped(T))),
      ]),
      h('tr', { 'data-row': 'path' }, [
        h('th', { scope: 'row' }, t('rowPath')),
        cell(grouped(r.pathLength), t('rnnPath', grouped(T), grouped(r.pathLength))),
        cell(String(a.pathLength), t('attnPath', T > 1)),
      ]),
      h('tr', { 'data-row': 'reads' }, [
        h('th', { scope: 'row' }, t('rowReads')),
        cell(t('rnnReadsBig'), t('rnnReads')),
        cell(grouped(a.keysOfLast), t('attnReads', grouped(a.keysOfLast))),
      ]),
      h('tr', { 'data-row': 'pairs' }, [
        h('th', { scope: 'row' }, t('rowPairs')),
        cell('—', t('rnnPairs')),
        cell(grouped(a.pairs), t('attnPairs', grouped(T), grouped(a.pairs))),
      ]),
    ]),
  );
}
