// How many K/V rows each way computed: the table (this step, up to it, the whole generation),
// the sums written out, and the rows the cache saves.
/** @import { Run, RunPair } from '../logic.js' */
/** @import { Translate } from './steps.js' */
import { h } from '../../../web/dom.js';
import { formula } from '../../../web/mathml.js';
import { termsText } from '../logic.js';

/**
 * The counts table's head and body.
 * @param {RunPair} full the whole generation
 * @param {RunPair} upTo the generation stopped at step s
 * @param {number} s
 * @param {number} G
 * @param {Translate} t
 * @returns {HTMLElement[]}
 */
export function countsTable(full, upTo, s, G, t) {
  /**
   * @param {'without' | 'with'} mode
   * @param {Run} whole
   * @param {Run} part
   */
  const row = (mode, whole, part) =>
    h('tr', { 'data-mode': mode }, [
      h('th', { scope: 'row' }, t(mode)),
      h('td', { class: 'this-step' }, String(whole.steps[s - 1].computed.length)),
      h('td', { class: 'so-far' }, h('span', { class: 'big' }, String(part.kvComputed))),
      h('td', { class: 'total' }, h('span', { class: 'big' }, String(whole.kvComputed))),
    ]);
  return [
    h(
      'thead',
      {},
      h('tr', {}, [
        h('th', { scope: 'col' }, t('colMode')),
        h('th', { scope: 'col' }, t('colThis')),
        h('th', { scope: 'col' }, t('colSoFar', s)),
        h('th', { scope: 'col' }, t('colTotal', G)),
      ]),
    ),
    h('tbody', {}, [row('without', full.without, upTo.without), row('with', full.with, upTo.with)]),
  ];
}

/**
 * The running sums up to step s, and both whole sums in general and with these P and G.
 * @param {RunPair} full
 * @param {RunPair} upTo
 * @param {{ P: number, G: number, s: number }} at
 * @param {Translate} t
 * @returns {HTMLElement[]}
 */
export function countFormulas(full, upTo, { P, G, s }, t) {
  return [
    h(
      'p',
      { class: 'formula so-far-line' },
      t(
        'soFarLine',
        s,
        `${termsText(upTo.without)} = ${upTo.without.kvComputed}`,
        `${termsText(upTo.with)} = ${upTo.with.kvComputed}`,
      ),
    ),
    h(
      'p',
      { class: 'formula total-without' },
      formula(t('formulaWithout', P, G, termsText(full.without), full.without.kvComputed)),
    ),
    h(
      'p',
      { class: 'formula total-with' },
      formula(t('formulaWith', P, G, termsText(full.with), full.with.kvComputed)),
    ),
  ];
}
