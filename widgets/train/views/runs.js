// The runs kept side by side: each finished run's choices, validation loss and the KV bytes per
// token the engine's ledger gives its full layers (BF16), the best loss marked.
/** @import { RunRow } from '../logic.js' */
import { grouped, h, num } from '../../../web/dom.js';
import { labelCells } from '../../../web/views/narrow-tables.js';

/**
 * @param {{ t: (key: string, ...args: any[]) => any, runs: RunRow[] }} options
 */
export function runsTable({ t, runs }) {
  const best = Math.min(...runs.map((r) => r.validLoss));
  return h('div', { class: 'scroll' }, [
    labelCells(
      /** @type {HTMLTableElement} */ (
        h('table', { class: 'runs-table' }, [
          h('thead', {}, [
            h(
              'tr',
              {},
              [t('colRun'), t('colConfig'), t('colSteps'), t('colValid'), t('colKv')].map((c) =>
                h('th', { scope: 'col' }, c),
              ),
            ),
          ]),
          h(
            'tbody',
            {},
            runs.map((r) =>
              h('tr', { class: r.validLoss === best ? 'best' : '' }, [
                h('th', { scope: 'row' }, `#${r.n}`),
                h(
                  'td',
                  {},
                  t('runConfig', r.layers, t(r.hybrid ? 'kindHybrid' : 'kindFull'), r.kvHeads),
                ),
                h('td', { class: 'n' }, grouped(r.steps)),
                h('td', { class: 'n' }, num(r.validLoss, 3)),
                h('td', { class: 'n' }, grouped(r.kvBytesPerToken)),
              ]),
            ),
          ),
        ])
      ),
    ),
  ]);
}
