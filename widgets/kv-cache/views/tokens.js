// The token ids both ways generated, side by side (the generated ones marked), and whether they
// are the same position by position.
/** @import { Run, RunPair } from '../logic.js' */
/** @import { Translate } from './steps.js' */
import { h } from '../../../web/dom.js';

/**
 * The token ids of both runs (the generated ones marked), and whether they are the same.
 * @param {RunPair} full
 * @param {number} P the prompt's length
 * @param {boolean} same
 * @param {Translate} t
 * @returns {HTMLElement[]}
 */
export function tokenLanes(full, P, same, t) {
  /** @param {Run} run */
  const ids = (run) =>
    h(
      'span',
      { class: 'ids' },
      run.tokens.flatMap((tok, i) => [
        i ? ' ' : '',
        i >= P ? h('span', { class: 'gen' }, String(tok)) : String(tok),
      ]),
    );
  return [
    h('div', { class: 'lane', 'data-mode': 'without' }, [
      h('span', { class: 'lane-label' }, t('without')),
      ids(full.without),
    ]),
    h('div', { class: 'lane', 'data-mode': 'with' }, [
      h('span', { class: 'lane-label' }, t('with')),
      ids(full.with),
    ]),
    h('p', { class: same ? 'same' : 'differ' }, t(same ? 'same' : 'differ')),
  ];
}
