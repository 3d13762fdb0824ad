// The cost cards: per quantity (parameters, multiply-adds of each stage, softmaxes) both
// layouts with their formulas, and whether they are the same.
/** @import { Cost } from '../logic.js' */
import { h } from '../../../web/dom.js';

/** @typedef {(key: string, ...args: any[]) => any} Text the widget's t() */

/** @type {[keyof Cost, string][]} each card: the quantity, the string key of its formula */
const CARDS = [
  ['params', 'fParams'],
  ['proj', 'fProj'],
  ['qk', 'fQk'],
  ['av', 'fAv'],
  ['total', 'fTotal'],
  ['softmaxes', 'fSoftmax'],
];

/**
 * One div.cost-item per quantity.
 * @param {{ single: Cost, split: Cost }} k
 * @param {Text} t
 */
export function costCards(k, t) {
  return CARDS.map(([key, f]) =>
    h('div', { class: key === 'total' ? 'cost-item total' : 'cost-item', 'data-cost': key }, [
      h('h4', {}, t(key)),
      h(
        'p',
        { class: 'formula', 'data-layout': 'single' },
        `${t('costCol', 1, k.single.d)}: ${t(f, k.single)}`,
      ),
      h(
        'p',
        { class: 'formula', 'data-layout': 'split' },
        `${t('costCol', 2, k.split.d)}: ${t(f, k.split)}`,
      ),
      // The softmax count is the one thing that does grow: no "the same" line under it.
      key === 'softmaxes'
        ? null
        : h(
            'p',
            { class: k.single[key] === k.split[key] ? 'equal' : undefined },
            t('same', k.single[key], k.split[key]),
          ),
    ]),
  );
}
