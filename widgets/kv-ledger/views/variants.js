// The ledger line by line: a card per attention variant (per token, its formula, one request,
// the sliding window, the state added) and a hybrid's fixed state as a card of its own.
/** @import { ConfigModel, VariantRow } from '../logic.js' */
/** @import { Translate } from './format.js' */
import { h, bytes, exactBytes } from '../../../web/dom.js';
import { isOwnRow, variantLabel } from '../logic.js';
import { STATE_DTYPE_BYTES } from '../ledger-model.js';
import { amount, tokensText } from './format.js';

/**
 * @param {ConfigModel} model
 * @param {VariantRow[]} rows
 * @param {number} T the context, tokens
 * @param {Translate} t
 * @returns {HTMLElement[]}
 */
export function variantCards(model, rows, T, t) {
  const Tt = tokensText(T);
  const cards = rows.map((r) => {
    const own = isOwnRow(model, r);
    const lines = [
      h('h3', {}, [
        `${variantLabel(r)} · ${r.kind === 'mla' ? t('mlaHeads') : t('kvHeads', r.kvHeads)}`,
        own ? h('span', { class: 'badge' }, t('own')) : null,
      ]),
      h('p', {}, [`${t('perToken')}: `, h('span', { class: 'big' }, amount(r.bytesPerToken))]),
      h('p', { class: 'formula' }, r.formula),
      h('p', {}, [`${t('perRequest', Tt)}: `, h('span', { class: 'big' }, amount(r.kvBytes))]),
      h(
        'p',
        { class: 'formula' },
        `${exactBytes(r.bytesPerToken)} × ${tokensText(r.cachedTokens)} = ${exactBytes(r.kvBytes)}`,
      ),
      r.cachedTokens < T
        ? h('p', { class: 'muted' }, t('windowed', Tt, tokensText(r.cachedTokens)))
        : null,
    ];
    if (r.stateBytes > 0) {
      lines.push(
        h(
          'p',
          { class: 'formula' },
          `${t('plusState')}: ${exactBytes(r.kvBytes)} + ${exactBytes(r.stateBytes)} = ${exactBytes(r.totalBytes)} = ${bytes(r.totalBytes)}`,
        ),
      );
    }
    return h('div', { class: `card${own ? ' own' : ''}`, 'data-kind': r.kind }, lines);
  });
  const la = model.linearAttention;
  const state = rows[0].stateBytes;
  if (la && state > 0) {
    // A state > 0 comes from a config's linear-attention layers, which name every size.
    const dtype = /** @type {keyof typeof STATE_DTYPE_BYTES} */ (la.stateDtype);
    cards.push(
      h('div', { class: 'card state', 'data-kind': 'state' }, [
        h('h3', {}, t('stateTitle', la.layers)),
        h('p', {}, h('span', { class: 'big' }, amount(state))),
        h(
          'p',
          { class: 'formula' },
          `${t(
            'stateBody',
            la.layers,
            la.numValueHeads,
            la.keyHeadDim,
            la.valueHeadDim,
            STATE_DTYPE_BYTES[dtype],
            dtype.toUpperCase(),
          )} = ${exactBytes(state)}`,
        ),
        h('p', { class: 'muted' }, t('stateNote')),
      ]),
    );
  }
  return cards;
}
