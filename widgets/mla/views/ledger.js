// DeepSeek-V2's cache from the engine's ledger: per layer and per token, three bars (MLA, the
// GQA-8 DeepSeek LLM 67B, the same shape as MHA) and the two reductions.
/** @import { v2Ledger } from '../logic.js' */
import { h, exactBytes } from '../../../web/dom.js';
import { bar } from '../../../web/views/bar.js';
import { REPORTED } from '../../evolution-map/logic.js';
import { reductionFormula, reductionText } from '../../kv-ledger/logic.js';

/**
 * The section's paragraphs and bars.
 * @param {ReturnType<typeof v2Ledger>} L
 * @param {(key: string, ...args: any[]) => string} t the widget's strings
 * @returns {HTMLElement[]}
 */
export function v2LedgerView(L, t) {
  const b = L.bytes;
  const max = Math.max(b.mhaSame, b.d67, b.v2);
  /** @param {string} cls @param {string} label @param {number} bytes */
  const barRow = (cls, label, bytes) =>
    h('div', { class: `bar-row ${cls}` }, [
      h('span', { class: 'lab' }, [label, ': ', h('b', {}, exactBytes(bytes))]),
      // at least half a percent, so the smallest row still shows a fill
      bar({
        tag: 'span',
        share: Math.max(0.005, bytes / max),
        attrs: { 'aria-hidden': 'true' },
      }).el,
    ]);
  return [
    h(
      'p',
      { class: 'formula per-layer' },
      t('perLayer', L.rank, L.rope, b.numbersPerLayer, L.dtype, exactBytes(b.perLayer)),
    ),
    h('p', { class: 'formula per-token' }, t('perToken', L.v2.formula)),
    h('div', { class: 'bars' }, [
      barRow('mla', t('barMla', L.v2Name), b.v2),
      barRow('d67', t('barD67', L.d67Name), b.d67),
      barRow('mha', t('barMha', L.v2Name), b.mhaSame),
    ]),
    h('p', { class: 'formula' }, t('vs67', L.d67Name, L.d67.formula)),
    h('p', { class: 'cmp vs67' }, reductionFormula(b.v2, b.d67, L.vs67)),
    h('p', { class: 'formula' }, t('vsMha', L.mhaSame.formula)),
    h('p', { class: 'cmp vsmha' }, reductionFormula(b.v2, b.mhaSame, L.vsMha)),
    h(
      'p',
      { class: 'muted' },
      t(
        'official',
        REPORTED.v2Reduction.value,
        REPORTED.v2Reduction.kvBits,
        reductionText(L.vs67),
        reductionText(L.vsMha),
        L.layers,
        L.d67Layers,
        reductionText(L.vs67PerLayer),
      ),
    ),
  ];
}
