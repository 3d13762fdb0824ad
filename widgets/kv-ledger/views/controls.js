// The ledger's controls: the model, the context length (number, presets, a powers-of-two
// slider) with its error line, and the box where a teacher pastes a config.json. They report
// through the callbacks given; the element keeps the state.
/** @import { Translate } from './format.js' */
import { h } from '../../../web/dom.js';
import { sliderRow } from '../../../web/views/slider.js';
import { toggleButtons } from '../../../web/views/toggle-group.js';
import { PRESETS, MIN_CONTEXT, MAX_CONTEXT } from '../logic.js';
import { tokensText } from './format.js';

// The slider moves through powers of two, 2^10 … 2^24 tokens; its position for any length.
const SLIDER_LO = 10,
  SLIDER_HI = 24;
/** @param {number} n tokens */
export const sliderPos = (n) => Math.min(SLIDER_HI, Math.max(SLIDER_LO, Math.round(Math.log2(n))));

/**
 * Model, context length (number, presets, slider) and the context error line.
 * @param {string} uid makes the ids of this element's labels unique on the page
 * @param {number} tokens the context shown
 * @param {Translate} t
 * @param {{ model: (id: string) => void, contextInput: () => void,
 *   tokens: (n: number, fromSlider: boolean) => void }} on
 */
export function contextControls(uid, tokens, t, on) {
  const select = h('select', { id: `m-${uid}`, onchange: () => on.model(select.value) });
  const ctxInput = h('input', {
    id: `c-${uid}`,
    type: 'number',
    min: MIN_CONTEXT,
    max: MAX_CONTEXT,
    step: 1,
    inputmode: 'numeric',
    value: tokens,
    'aria-describedby': `ce-${uid}`,
    oninput: () => on.contextInput(),
  });
  const ctxError = h('p', { id: `ce-${uid}`, class: 'error', role: 'alert', hidden: true });
  const presets = toggleButtons({
    values: PRESETS,
    data: 'tokens',
    pressed: null,
    label: (n) => tokensText(n),
    onPick: (n) => on.tokens(n, false),
  });
  const sliderBox = sliderRow({
    id: `s-${uid}`,
    label: t('slider'),
    min: SLIDER_LO,
    max: SLIDER_HI,
    value: sliderPos(tokens),
    labelAttrs: { class: 'muted' },
    output: false,
    onInput: (exp) => on.tokens(2 ** exp, true),
  });
  const slider = sliderBox.input;
  const el = h('div', { class: 'controls' }, [
    h('div', { class: 'row' }, [h('label', { for: `m-${uid}` }, t('model')), select]),
    h('div', { class: 'row' }, [h('label', { for: `c-${uid}` }, t('context')), ctxInput]),
    h('div', { class: 'row', role: 'group', 'aria-label': t('presets') }, presets.buttons),
    sliderBox.el,
    ctxError,
  ]);
  return { el, select, ctxInput, ctxError, presets, slider };
}
/** @typedef {ReturnType<typeof contextControls>} ContextControls */

/**
 * "Paste a config.json": the text box, its button, the error and the status line.
 * @param {string} uid
 * @param {Translate} t
 * @param {() => void} onAdd
 */
export function pasteSection(uid, t, onAdd) {
  const area = h('textarea', {
    id: `p-${uid}`,
    rows: 8,
    spellcheck: 'false',
    placeholder: '{ "num_hidden_layers": 32, ... }',
  });
  const error = h('div', { class: 'error paste-error', role: 'alert', hidden: true });
  const status = h('p', { class: 'muted', 'aria-live': 'polite' });
  const el = h('details', { class: 'paste' }, [
    h('summary', {}, t('pasteTitle')),
    h('label', { for: `p-${uid}`, class: 'muted' }, t('pasteLabel')),
    area,
    h('div', { class: 'row' }, h('button', { type: 'button', onclick: onAdd }, t('pasteAdd'))),
    error,
    status,
  ]);
  return { el, area, error, status };
}
/** @typedef {ReturnType<typeof pasteSection>} PasteSection */
