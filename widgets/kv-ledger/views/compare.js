// The comparison of every model's own attention per token: a table row per model (a
// reported-only one labelled so, a pasted one badged), and the DeepSeek-V2 comparisons.
/** @import { CompareEntry, V2Comparison } from '../logic.js' */
/** @import { Translate } from './format.js' */
import { h, exactBytes } from '../../../web/dom.js';
import { variantLabel, isPasted } from '../logic.js';
import { amount } from './format.js';
import { REPORTED } from '../../evolution-map/logic.js';

/**
 * A table with the models' column heads around `tbody`.
 * @param {HTMLTableSectionElement} tbody
 * @param {Translate} t
 */
export function modelsTable(tbody, t) {
  return h('table', { class: 'models' }, [
    h(
      'thead',
      {},
      h('tr', {}, [
        h('th', { scope: 'col' }, t('colModel')),
        h('th', { scope: 'col' }, t('colPerToken')),
      ]),
    ),
    tbody,
  ]);
}

/**
 * One model's row: its own attention per token and the formula, or the reported figure.
 * @param {CompareEntry} e
 * @param {Translate} t
 * @returns {HTMLTableRowElement}
 */
export function compareRow(e, t) {
  const m = e.model;
  if (e.reported !== undefined) {
    // passed through, never computed
    return h('tr', { 'data-model': m.id, class: 'reported' }, [
      h('th', { scope: 'row' }, [
        m.name,
        h('span', { class: 'sub' }, h('span', { class: 'badge reported' }, t('reported'))),
      ]),
      h('td', {}, [
        h('span', { class: 'big nw' }, exactBytes(e.reported)),
        h('span', { class: 'muted' }, t('reportedShort')),
      ]),
    ]);
  }
  const l = /** @type {NonNullable<CompareEntry['own']>} */ (e.own);
  return h('tr', { 'data-model': m.id }, [
    h('th', { scope: 'row' }, [
      m.name,
      h('span', { class: 'sub' }, [
        variantLabel(l),
        isPasted(m) ? h('span', { class: 'badge pasted' }, t('pasted')) : null,
      ]),
    ]),
    h('td', {}, [
      h('span', { class: 'big' }, amount(l.bytesPerToken)),
      h('span', { class: 'formula' }, l.formula),
    ]),
  ]);
}

/**
 * DeepSeek-V2's MLA against DeepSeek LLM 67B and against its own shape as MHA.
 * @param {V2Comparison} c
 * @param {Translate} t
 * @returns {HTMLLIElement[]}
 */
export function v2Items(c, t) {
  return [
    h('li', { 'data-compare': 'v2-vs-67b' }, [
      h('span', { class: 'formula' }, t('v2vs67', c.cmp67)),
    ]),
    h('li', { 'data-compare': 'v2-vs-mha' }, [
      h('span', { class: 'formula' }, t('v2vsMha', c.mha.formula, c.cmpMha)),
    ]),
    h(
      'li',
      {},
      t(
        'v2Note',
        REPORTED.v2Reduction.value,
        REPORTED.v2Reduction.kvBits,
        c.r67,
        c.v2Layers,
        c.d67Layers,
        c.rPerLayer,
      ),
    ),
  ];
}
