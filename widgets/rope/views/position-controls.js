// The controls for the positions i (query) and j (key): two sliders with their values, "both
// ±1" and the box that links the sliders.
/** @import { AttnWidget } from '../../../web/widget-base.js' */
import { h } from '../../../web/dom.js';
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
    h('input', {
      type: 'range',
      id: `${which}-${uid}`,
      min: POS.min,
      max: POS.max,
      step: 1,
      value: which === 'i' ? i : j,
      'data-role': `pos-${which}`,
      oninput: (/** @type {Event} */ e) =>
        onPos(which, Number(/** @type {HTMLInputElement} */ (e.target).value)),
    });
  const sliderI = slider('i');
  const sliderJ = slider('j');
  const outI = h('output', { for: sliderI.id });
  const outJ = h('output', { for: sliderJ.id });
  const linkBox = h('input', {
    type: 'checkbox',
    'data-role': 'link',
    checked: linked,
    onchange: () => onLink(linkBox.checked),
  });
  const nodes = [
    h('div', { class: 'sliders' }, [
      h('label', { for: sliderI.id }, [h('span', {}, t('posI')), sliderI, outI]),
      h('label', { for: sliderJ.id }, [h('span', {}, t('posJ')), sliderJ, outJ]),
    ]),
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
