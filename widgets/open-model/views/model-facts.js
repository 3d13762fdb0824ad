// What the opened model is: its name, format and architecture, its shape (layers, query and KV
// heads, head width, vocabulary), its parameters by stored type, its KV ledger, and the notes on
// what the page changes or ignores of its config.
/** @import { OpenedModel } from '../../../web/model-files/open-model-files.js' */
/** @import { Translate } from '../strings.js' */
import { bytes, grouped, h, pct } from '../../../web/dom.js';

/**
 * @param {OpenedModel} m
 * @param {Translate} t the widget's strings
 */
export function modelFacts(m, t) {
  const c = m.config;
  const stored = Object.values(m.dtypeSummary).reduce((a, s) => a + s.bytes, 0);
  const types = Object.entries(m.dtypeSummary)
    .sort((a, b) => b[1].bytes - a[1].bytes)
    .map(([type, s]) => `${type.toUpperCase()} ${pct(s.bytes / stored, 0)}`)
    .join(' · ');
  const ledger = m.ledgerRow;
  /** @type {Record<string, (v: any) => string>} */
  const noteText = t('notes');
  return h('section', {}, [
    h('h3', {}, `${t('model')}: ${m.name}`),
    h('ul', { class: 'facts' }, [
      h('li', {}, `${m.format === 'gguf' ? 'GGUF' : 'safetensors'} · ${m.arch}`),
      h('li', {}, t('shape', c.nLayers, c.nHeads, c.nKvHeads, c.dHead, grouped(c.vocab))),
      h('li', {}, t('params', grouped(m.parameters), bytes(m.weightBytes), types)),
      h(
        'li',
        { class: 'ledger' },
        t(
          'ledger',
          ledger.formula,
          bytes(ledger.bytesForContext),
          grouped(ledger.model.contextLength),
        ),
      ),
    ]),
    ...m.notes.map((n) => h('p', { class: 'note' }, noteText[n.id]?.(n.values) ?? n.text)),
  ]);
}
