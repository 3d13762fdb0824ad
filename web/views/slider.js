// The course's two sliders: a range input with an <output> showing its value. `labelledSlider`
// puts both inside the label, after its text (<label for><span>text</span><output><input>), and
// the output follows the input as it moves; `sliderRow` sets label, input and output side by side
// in a row (<div class="row"><label for><input><output>), the output written by the widget (a
// value with its unit, "3 / 8").
import { h } from '../dom.js';

/**
 * What both take: the input's id, its label, range, value, any further attributes (data-role,
 * aria-*) and what a move does with the new value.
 * @typedef {{ id: string, label: string, min: number, max: number, step?: number,
 *   value: number, attrs?: Record<string, string>, onInput: (value: number) => void }} SliderSpec
 */

/**
 * @param {SliderSpec} s
 * @param {(input: HTMLInputElement) => void} [before] runs first on each move
 */
function rangeInput({ id, min, max, step = 1, value, attrs = {}, onInput }, before) {
  const input = h('input', {
    id,
    type: 'range',
    min,
    max,
    step,
    value,
    ...attrs,
    oninput: () => {
      before?.(input);
      onInput(Number(input.value));
    },
  });
  return input;
}

/**
 * A label holding its text, the value (kept up to date) and the range input.
 * @param {SliderSpec} s
 */
export function labelledSlider(s) {
  const out = h('output', { for: s.id }, String(s.value));
  const input = rangeInput(s, (i) => (out.textContent = i.value));
  return { el: h('label', { for: s.id }, [h('span', {}, s.label), out, input]), input, out };
}

/**
 * A row of the label, the range input and an empty output the widget writes.
 * @param {SliderSpec} s
 */
export function sliderRow(s) {
  const input = rangeInput(s);
  const out = h('output', { for: s.id });
  const el = h('div', { class: 'row' }, [h('label', { for: s.id }, s.label), input, out]);
  return { el, input, out };
}
