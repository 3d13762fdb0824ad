// The controls for the positions i (query) and j (key): two sliders with their values, "both
// ±1" and the box that links the sliders.
/** @import { AttnWidget } from '../../../web/widget-base.js' */
import { h } from '../../../web/dom.js';
import { labelledSlider } from '../../../web/views/slider.js';
import { POS } from '../logic.js';

/**
 * @param {{ i: number, j: number, linked: boolean, t: AttnWidget['t'],
 *   onPos: (which: 'i' | 'j', value: number) => void, onShift: (delta: number) => void,
 *   onLink: (linked: boolean) => void }} options the positions and the link now, the widget's
 *   strings, and what a slider, a button and the box do
 * @returns {{ nodes: HTMLDivElement[], sliderI: HTMLInputElement, sliderJ: HTMLInputElement,
 *   outI: HTMLOutputElement, outJ: HTMLOutputElement }} the rows to show, and the parts a draw
 *   updates
 */
export function positionControls({ i, j, linked, t, onPos, onShift, onLink }) {
  const uid = Math.random().toString(36).slice(2, 8);
  /** @param {'i' | 'j'} which */
  const slider = (which) =>
    labelledSlider({
      id: `${which}-${uid}`,
      label: t(which === 'i' ? 'posI' : 'posJ'),
      min: POS.min,
      max: POS.max,
      value: which === 'i' ? i : j,
      attrs: { 'data-role': `pos-${which}` },
      outputLast: true,
      onInput: (value) => onPos(which, value),
    });
  const rowI = slider('i');
  const rowJ = slider('j');
  const { input: sliderI, out: outI } = rowI;
  const { input: sliderJ, out: outJ } = rowJ;
  const linkBox = h('input', {
    type: 'checkbox',
    'data-role': 'link',
    checked: linked,
    onchange: () => onLink(linkBox.checked),
  });
  const nodes = [
    h('div', { class: 'sliders' }, [rowI.el, rowJ.el]),
    h('div', { class: 'row' }, [
      h(
        'button',
        { type: 'button', 'data-role': 'both-down', onclick: () => onShift(-1) },
        t('bothDown'),
      ),
      h(
        'button',
        { type: 'button', 'data-role': 'both-up', onclick: () => onShift(1) },
        t('bothUp'),
      ),
      h('label', {}, [linkBox, t('link')]),
    ]),
  ];
  return { nodes, sliderI, sliderJ, outI, outJ };
}
