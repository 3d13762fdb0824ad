// The baseline config (the project's configs/baseline.json) and acceptance test 3: the KV bytes of
// a config the student types, computed by the engine's ledger, with the project's assertion
// (n_head divides n_embd) shown inline when it fails.
/** @import { Translate } from '../../lab/views/panel.js' */
/** @import { StudentConfig, ConfigBytes } from '../logic.js' */
import { h } from '../../../web/dom.js';
import { BASELINE, BYTES_ACCEPTANCE_TEST } from '../logic.js';

/**
 * A number field with its label.
 * @param {string} id
 * @param {string} label
 * @param {number} value
 * @param {(v: number) => void} onValue
 */
function field(id, label, value, onValue) {
  const input = h('input', {
    type: 'number',
    id,
    min: '1',
    step: '1',
    inputmode: 'numeric',
    value: String(value),
  });
  input.addEventListener('input', () => onValue(Number(input.value)));
  return h('label', { for: id, class: 'field' }, [label, input]);
}

/**
 * @param {{ t: Translate, config: StudentConfig, onChange: (c: StudentConfig) => void }} o
 */
export function baselineSection({ t, config, onChange }) {
  let c = { ...config };
  const set = (/** @type {Partial<StudentConfig>} */ part) => {
    c = { ...c, ...part };
    onChange(c);
  };
  const result = h('div', { 'data-role': 'bytes', 'aria-live': 'polite' });
  const dtype = h('select', { id: 'dtype' }, [
    h('option', { value: '2' }, `${t('dtypeBf16')} (2 B)`),
    h('option', { value: '4' }, `${t('dtypeF32')} (4 B)`),
  ]);
  dtype.value = String(c.dtypeBytes);
  dtype.addEventListener('change', () => set({ dtypeBytes: Number(dtype.value) }));
  const el = h('section', { class: 'baseline', 'data-role': 'baseline' }, [
    h('h3', {}, t('baselineTitle')),
    h('p', {}, t('baselineHelp', BASELINE.date)),
    h(
      'pre',
      { class: 'code', 'data-role': 'baseline-json' },
      JSON.stringify(BASELINE.config, null, 2),
    ),
    h('h3', {}, t('bytesTitle', BYTES_ACCEPTANCE_TEST)),
    h('p', { class: 'muted' }, t('bytesHelp')),
    h(
      'div',
      { class: 'fields', role: 'group', 'aria-label': t('bytesTitle', BYTES_ACCEPTANCE_TEST) },
      [
        field('n-embd', t('nEmbd'), c.nEmbd, (v) => set({ nEmbd: v })),
        field('n-head', t('nHead'), c.nHead, (v) => set({ nHead: v })),
        field('n-kv-head', t('nKvHead'), c.nKvHead, (v) => set({ nKvHead: v })),
        h('label', { for: 'dtype', class: 'field' }, [t('dtype'), dtype]),
      ],
    ),
    result,
  ]);
  return {
    el,
    /**
     * @param {StudentConfig} cfg
     * @param {ConfigBytes} r
     */
    draw(cfg, r) {
      if (r.ok)
        result.replaceChildren(
          h('p', { class: 'formula', 'data-role': 'head-dim' }, t('headDim', r.headDim)),
          h(
            'p',
            { class: 'formula big', 'data-role': 'bytes-formula' },
            t('bytesResult', String(r.ledger.formula)),
          ),
        );
      else {
        const e = t('bytesError');
        const text =
          r.field === 'n_head'
            ? e.divide(cfg.nEmbd, cfg.nHead)
            : r.field === 'n_kv_head'
              ? e.n_kv_head(r.message)
              : e.positive;
        result.replaceChildren(
          h('p', { class: 'note bad', role: 'alert', 'data-role': 'bytes-error' }, text),
        );
      }
    },
  };
}
