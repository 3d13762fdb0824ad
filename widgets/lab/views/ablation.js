// The two ablations, folded, drawn once from their data files: the KV-heads ablation (8 / 4 / 2 /
// 1 KV head(s): validation loss against KV bytes per token as a chart, and a table with each row's
// ledger formula) and the hybrid ablation (hybrid against all-full attention: loss, KV and state
// bytes, one request's bytes; one column per model, so that it fits a phone).
/** @import { LabModel, AblationRow, HybridRow } from '../logic.js' */
/** @import { Translate } from './panel.js' */
import { bytes, exactBytes, grouped, h, num, svg } from '../../../web/dom.js';
import { CATEGORY } from '../../../web/color.js';
import { scrollRegion } from '../../../web/views/scroll-region.js';
import { labelCells } from '../../../web/views/narrow-tables.js';
import {
  chartFrame,
  axisLines,
  yTicks,
  yAxisTitle,
  xAxisTitle,
  LABEL_FILL,
  LABEL_SIZE,
} from '../../../web/views/axes.js';
import { panel } from './panel.js';

/** @typedef {{ bytesPerToken: number, formula: string }} Ledger a row's KV bytes per token */

/**
 * The KV-heads ablation panel.
 * @param {{ t: Translate, lang: string, lab: LabModel, ledgers: Ledger[] }} options
 *   ledgers: the engine's ledger of each row of lab.ablation.rows (ablationLedger)
 */
export function ablationSection({ t, lang, lab, ledgers }) {
  const { rows, training, unigramLoss } = lab.ablation;
  // No row is marked as "this lesson's model": the ablation ran on another (full-attention)
  // model, and a mark there read as if the lesson's hybrid were one of its rows.
  const title = t('ablTitle', rows.map((r) => r.nKvHeads).join(' / '));
  const region = scrollRegion([ablationTable(t, rows, ledgers)], { label: title, lang });
  return panel(title, [
    h('p', { class: 'muted' }, t('ablHelp', training.steps, training.seed)),
    ablationChart(t, rows),
    region,
    h(
      'p',
      { class: 'muted' },
      `${t('shipped', rows[0].nLayers)} ${t('ablNote', num(unigramLoss, 2))}`,
    ),
  ]);
}

/**
 * Validation loss against KV bytes per token (log scale), one point per row, each labelled with
 * its G and its bytes.
 * @param {Translate} t
 * @param {AblationRow[]} rows
 */
export function ablationChart(t, rows) {
  const box = { width: 340, height: 210, left: 52, right: 18, top: 14, bottom: 52 };
  const { width: W, height: Hgt, left, right, top, bottom } = box;
  const sorted = [...rows].sort((a, b) => a.kvBytesPerTokenBf16 - b.kvBytesPerTokenBf16);
  const lo = Math.log2(sorted[0].kvBytesPerTokenBf16),
    hi = Math.log2(sorted[sorted.length - 1].kvBytesPerTokenBf16);
  /** @param {number} b */
  const x = (b) => left + ((Math.log2(b) - lo) / (hi - lo || 1)) * (W - left - right);
  const losses = rows.map((r) => r.validLoss);
  const yMin = Math.min(...losses),
    yMax = Math.max(...losses);
  const pad = Math.max((yMax - yMin) * 0.25, 0.002);
  const y0 = yMin - pad,
    y1 = yMax + pad;
  /** @param {number} v */
  const y = (v) => top + (1 - (v - y0) / (y1 - y0)) * (Hgt - top - bottom);
  const pts = sorted.map((r) => [x(r.kvBytesPerTokenBf16), y(r.validLoss)]);
  const label = sorted
    .map((r) => `G=${r.nKvHeads} ${exactBytes(r.kvBytesPerTokenBf16)} ${num(r.validLoss, 4)}`)
    .join('; ');
  /** The end labels lean inwards so that they stay inside the chart. @param {number} i */
  const anchor = (i) => (i === sorted.length - 1 ? 'end' : i === 0 ? 'start' : 'middle');
  /** @param {number} tx @param {number} ty @param {number} i @param {string} text */
  const pointLabel = (tx, ty, i, text) =>
    svg(
      'text',
      { x: tx, y: ty, 'text-anchor': anchor(i), 'font-size': LABEL_SIZE, fill: LABEL_FILL },
      text,
    );
  return chartFrame(box, t('ablChart', label), [
    ...axisLines(box),
    ...yTicks(box, [yMin, (yMin + yMax) / 2, yMax], {
      y,
      format: (v) => num(v, 3),
      gap: 6,
      grid: '#e3e3e3',
    }),
    yAxisTitle(box, t('yAxis')),
    svg('polyline', {
      points: pts.map((p) => p.join(',')).join(' '),
      fill: 'none',
      stroke: CATEGORY.a,
      'stroke-width': 2,
    }),
    ...sorted.flatMap((r, i) => [
      svg('circle', {
        cx: pts[i][0],
        cy: pts[i][1],
        r: 4.5,
        fill: CATEGORY.a,
        stroke: '#1b1b1b',
      }),
      pointLabel(pts[i][0], pts[i][1] - 9, i, `G=${r.nKvHeads}`),
      pointLabel(pts[i][0], Hgt - bottom + 15, i, `${r.kvBytesPerTokenBf16} B`),
    ]),
    xAxisTitle(box, t('xAxis'), { fromBottom: 12 }),
  ]);
}

/**
 * One row per model: G, kind, KV bytes per token with the ledger's formula, losses, parameters.
 * @param {Translate} t
 * @param {AblationRow[]} rows
 * @param {Ledger[]} ledgers
 */
function ablationTable(t, rows, ledgers) {
  const head = h(
    'tr',
    {},
    ['kvHeads', 'kind', 'kvBytes', 'valid', 'train', 'params'].map((k) =>
      h('th', { scope: 'col' }, t(k)),
    ),
  );
  const body = rows.map((r, i) =>
    h('tr', {}, [
      h('th', { scope: 'row' }, String(r.nKvHeads)),
      h('td', {}, r.kind.toUpperCase()),
      h('td', {}, [
        exactBytes(ledgers[i].bytesPerToken),
        h('br'),
        h('span', { class: 'formula' }, ledgers[i].formula),
      ]),
      h('td', {}, num(r.validLoss, 4)),
      h('td', {}, num(r.trainLoss, 4)),
      h('td', {}, grouped(r.parameters)),
    ]),
  );
  return labelCells(
    /** @type {HTMLTableElement} */ (
      h('table', { class: 'ablation' }, [h('thead', {}, head), h('tbody', {}, body)])
    ),
  );
}

/**
 * The hybrid ablation panel: hybrid against all-full attention, loss and bytes, one column per
 * model (so that it fits a phone).
 * @param {{ t: Translate, lang: string, lab: LabModel }} options
 */
export function hybridSection({ t, lang, lab }) {
  const a = lab.hybridAblation;
  const hybrid = a.rows.find((r) => r.name === 'hybrid') ?? a.rows[0];
  /** @type {Record<HybridRow['name'], string>} */
  const names = t('hybNames', hybrid.linearLayers, hybrid.fullLayers);
  /** @type {[string, (r: HybridRow) => string][]} */
  const quantities = [
    [t('params'), (r) => grouped(r.parameters)],
    [t('valid'), (r) => num(r.validLoss, 4)],
    [t('train'), (r) => num(r.trainLoss, 4)],
    [t('kvPerToken'), (r) => exactBytes(r.kvBytesPerTokenBf16)],
    [t('stateCol'), (r) => exactBytes(r.stateBytes.f32)],
    ...a.requestTokens.map(
      (n, i) =>
        /** @type {[string, (r: HybridRow) => string]} */ ([
          t('request', grouped(n)),
          (r) => bytes(r.requestBytes[i].bf16),
        ]),
    ),
  ];
  const head = h('tr', {}, [
    h('th', { scope: 'col' }, t('hybModel')),
    ...a.rows.map((r) =>
      h('th', { scope: 'col', class: r.name === 'hybrid' ? 'shipped' : '' }, names[r.name]),
    ),
  ]);
  const body = quantities.map(([name, value]) =>
    h('tr', {}, [
      h('th', { scope: 'row' }, name),
      ...a.rows.map((r) =>
        h('td', { class: r.name === 'hybrid' ? 'shipped num' : 'num' }, value(r)),
      ),
    ]),
  );
  const region = scrollRegion(
    [h('table', { class: 'ablation hybrid' }, [h('thead', {}, head), h('tbody', {}, body)])],
    { label: t('hybTitle'), lang },
  );
  return panel(t('hybTitle'), [
    h(
      'p',
      { class: 'muted' },
      t(
        'hybHelp',
        a.training.steps,
        a.training.seed,
        hybrid.layerTypes.length,
        hybrid.layerTypes.length / hybrid.fullLayers,
        lab.config.context,
      ),
    ),
    region,
    h('p', { class: 'muted' }, t('ablNote', num(a.unigramLoss, 2))),
  ]);
}
