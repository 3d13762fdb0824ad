// The log-scale bar chart: one request's KV bytes for each attention variant of the model's
// shape, and a hybrid's linear-attention state as a bar of its own.
/** @import { ConfigModel, VariantRow } from '../logic.js' */
/** @import { Translate } from './format.js' */
import { h, bytes, exactBytes } from '../../../web/dom.js';
import { bar } from '../../../web/views/bar.js';
import { isOwnRow, variantLabel } from '../logic.js';

// Log axis of the chart: fixed from 1 KiB (2^10 B) to 64 TiB (2^46 B), so a bar of fixed size
// (the linear-attention state) keeps the same length whatever the context.
const AXIS_LO = 10,
  AXIS_HI = 46;
/** @type {[number, string][]} gridlines: log2 of the bytes, label */
const TICKS = [
  [10, '1 KiB'],
  [20, '1 MiB'],
  [30, '1 GiB'],
  [40, '1 TiB'],
];
const axisPct = (/** @type {number} */ log2) =>
  `${(((log2 - AXIS_LO) / (AXIS_HI - AXIS_LO)) * 100).toFixed(3)}%`;
/** @param {number} b bytes @returns {number} the share of the axis up to b */
function barShare(b) {
  const x = Math.min(AXIS_HI, Math.max(AXIS_LO + 0.25, Math.log2(Math.max(b, 1))));
  return (x - AXIS_LO) / (AXIS_HI - AXIS_LO);
}

/**
 * @param {string} cls the kind first (it is the row's data-kind), then modifiers
 * @param {string} label
 * @param {number} b bytes
 * @param {string} text
 */
function barRow(cls, label, b, text) {
  return h('div', { class: `bar-row ${cls}`, 'data-kind': cls.split(' ')[0] }, [
    h('span', { class: 'lab' }, label),
    bar({
      share: barShare(b),
      digits: 3,
      marks: TICKS.slice(1).map(([x]) =>
        h('span', { class: 'tick', 'aria-hidden': 'true', style: { left: axisPct(x) } }),
      ),
    }).el,
    h('span', { class: 'val' }, text),
  ]);
}

/**
 * The chart's rows: a bar per variant (the model's own marked), the state bar when there is a
 * state, and the axis.
 * @param {ConfigModel} model
 * @param {VariantRow[]} rows
 * @param {Translate} t
 * @returns {HTMLElement[]}
 */
export function chartRows(model, rows, t) {
  const out = rows.map((r) =>
    barRow(
      `${r.kind}${isOwnRow(model, r) ? ' own' : ''}`,
      variantLabel(r),
      r.kvBytes,
      `${exactBytes(r.kvBytes)} = ${bytes(r.kvBytes)}`,
    ),
  );
  const state = rows[0].stateBytes;
  if (state > 0)
    out.push(barRow('state', t('stateLabel'), state, `${exactBytes(state)} = ${bytes(state)}`));
  out.push(
    h('div', { class: 'axis-row', 'aria-hidden': 'true' }, [
      h('span', {}),
      h(
        'div',
        { class: 'axis' },
        TICKS.map(([x, l]) => h('span', { style: { left: axisPct(x) } }, l)),
      ),
    ]),
  );
  return out;
}
