// The c3-attention.json export: one button makes the file from the model in the page (the
// engine), runs the data self-check (the schema; causal rows; the shipped file, for the course's
// model) and hands the file to the browser as a download.
/** @import { Translate } from '../../lab/views/panel.js' */
/** @import { ExportRow } from '../export.js' */
import { h } from '../../../web/dom.js';
import { sci } from './checks.js';
import { EXPORT_DIGITS } from '../export.js';
import { TOLERANCE } from '../../lab/logic.js';

/** @param {{ t: Translate, onExport: () => void, candidates: number }} o */
export function exportSection({ t, onExport, candidates }) {
  const rows = h('ul', { class: 'export-checks', 'data-role': 'export-checks' });
  const status = h('p', { class: 'muted', 'data-role': 'export-status', 'aria-live': 'polite' });
  const el = h('section', { class: 'export', 'data-role': 'export' }, [
    h('h3', {}, t('exportTitle')),
    h('p', { class: 'muted' }, t('exportHelp', candidates)),
    h('div', { class: 'row' }, [
      h('button', { type: 'button', 'data-role': 'export', onclick: onExport }, t('exportButton')),
    ]),
    status,
    rows,
  ]);
  return {
    el,
    /**
     * @param {ExportRow[]} checks
     * @param {number} bytes the file's size
     * @param {boolean} trained no reference file to compare with
     */
    draw(checks, bytes, trained) {
      status.replaceChildren(
        t('exported', Math.max(1, Math.round(bytes / 1024))),
        ...(trained ? [' ', t('trainedNoReference')] : []),
      );
      rows.replaceChildren(
        h('li', { class: 'title' }, h('strong', {}, t('exportChecksTitle'))),
        ...checks.map((c) => {
          const [n, e] = c.detail.split(' ');
          const name =
            c.id === 'causal'
              ? t('exportCheck').causal(EXPORT_DIGITS)
              : c.id === 'reference'
                ? t('exportCheck').reference(sci(TOLERANCE))
                : t('exportCheck').schema;
          const detail =
            c.id === 'schema'
              ? c.ok
                ? ''
                : t('schemaError', c.detail)
              : c.id === 'causal'
                ? t('causalDetail', Number(n), e.replace('-', '−'))
                : t('referenceDetail', c.detail.replace('-', '−'));
          return h('li', { class: c.ok ? 'ok' : 'bad', 'data-export-check': c.id }, [
            h('span', { class: 'mark' }, c.ok ? '✓ ' : '✗ '),
            name,
            detail ? ` — ${detail}` : '',
          ]);
        }),
      );
    },
  };
}
