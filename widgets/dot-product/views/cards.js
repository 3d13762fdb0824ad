// The same pair scored two ways, side by side: the dot product (this lesson) and Bahdanau's
// additive score v · tanh(q W1 + k W2) with the illustrative constants.
import { h, num } from '../../../web/dom.js';
import { row, sub as msub, paren, number, formula } from '../../../web/mathml.js';
import { ADDITIVE, short } from '../logic.js';

/**
 * The dot-product card's contents.
 * @param {number} total q·k
 * @param {(key: string) => string} t the widget's strings
 * @returns {HTMLElement[]}
 */
export function dotCard(total, t) {
  return [
    h('h4', {}, t('dotCard')),
    h('p', { class: 'formula' }, `score = q · k = ${num(total)}`),
    h('p', { class: 'score', 'data-role': 'dot-score' }, num(total)),
    h('p', { class: 'muted' }, t('dotWork')),
  ];
}

/**
 * The additive card's contents: q W1, k W2, v and the score.
 * @param {{ qW1: number[], kW2: number[], score: number }} a logic.js additive()
 * @param {(key: string) => string} t the widget's strings
 * @returns {HTMLElement[]}
 */
export function additiveCard(a, t) {
  /** @param {number[]} r */
  const v3 = (r) => `[${r.map((x) => num(x, 3)).join(', ')}]`;
  return [
    h('h4', {}, [t('addCard'), h('span', { class: 'tag' }, t('illustrative'))]),
    h('p', { class: 'formula' }, `q W1 = ${v3(a.qW1)}`),
    h('p', { class: 'formula' }, `k W2 = ${v3(a.kW2)}`),
    h('p', { class: 'formula' }, `v = [${ADDITIVE.v.map((x) => short(x)).join(', ')}]`),
    h(
      'p',
      { class: 'formula' },
      formula(
        row(
          'score',
          '=',
          'v',
          '·',
          'tanh',
          paren(row('q', msub('W', 1)), '+', row('k', msub('W', 2))),
          '=',
          number(a.score, 3),
        ),
      ),
    ),
    h('p', { class: 'score', 'data-role': 'additive-score' }, num(a.score, 3)),
    h('p', { class: 'muted' }, t('addWork')),
    h('p', { class: 'muted' }, t('addHelp')),
  ];
}
