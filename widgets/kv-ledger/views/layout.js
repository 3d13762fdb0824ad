// The boxes of the ledger that every draw fills, made once per build (a language switch builds
// them again); the element lays them out.
import { h } from '../../../web/dom.js';

/** The boxes render() fills, empty. */
export function ledgerBoxes() {
  return {
    shapeLine: h('p', { class: 'formula' }),
    ownLine: h('p', {}),
    generic: h('div', {}),
    mlaNote: h('p', { class: 'muted' }),
    limitNote: h('p', { class: 'warn', role: 'status', 'data-note': 'over-limit' }),
    windowNote: h('p', { class: 'muted', 'data-note': 'window' }),
    chartTitle: h('h3', {}),
    chart: h('div', { class: 'chart', role: 'group' }),
    legend: h('p', { class: 'muted' }),
    variants: h('div', { class: 'variants' }),
    compareBody: h('tbody', {}),
    moreBody: h('tbody', {}),
    moreSummary: h('summary', {}),
    compareNote: h('p', { class: 'muted' }),
    v2List: h('ul', { class: 'compare' }),
    moreModels: h('details', { class: 'more' }),
  };
}
/** @typedef {ReturnType<typeof ledgerBoxes>} LedgerBoxes */
