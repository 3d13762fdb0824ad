// The course's two sliders: a range input with an <output> showing its value. `labelledSlider`
// puts both inside the label, after its text (<label for><span>text</span><output><input>, or
// the output after the input where the widget's grid wants it there), and the output follows the
// input as it moves; `sliderRow` sets label, input and output side by side in a row
// (<div class="row"><label for><input><output>), the output written by the widget (a value with
// its unit, "3 / 8"), or no output where the value shows elsewhere (a number box beside it).
/** @import { Props } from '../dom.js' */
import { h } from '../dom.js';

/**
 * What both take: the input's id, its label, range, value (left out: the widget sets it on its
 * first draw), any further attributes of the input (data-role, aria-*), of the label and of the
 * output, and what a move does with the new value.
 * @typedef {{ id: string, label: string, min: number, max: number, step?: number,
 *   value?: number, attrs?: Props, labelAttrs?: Props, outAttrs?: Props,
 *   onInput: (value: number) => void }} SliderSpec
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
 * @param {SliderSpec & { outputLast?: boolean }} s outputLast: the output after the input
 */
export function labelledSlider(s) {
  const out = h('output', { for: s.id, ...s.outAttrs }, String(s.value ?? ''));
  const input = rangeInput(s, (i) => (out.textContent = i.value));
  const span = h('span', {}, s.label);
  const parts = s.outputLast ? [span, input, out] : [span, out, input];
  return { el: h('label', { for: s.id, ...s.labelAttrs }, parts), input, out };
}

/**
 * A row of the label and the range input alone (`output: false`).
 * @overload
 * @param {SliderSpec & { output: false }} s
 * @returns {{ el: HTMLDivElement, input: HTMLInputElement }}
 */
/**
 * A row of the label, the range input and an empty output the widget writes.
 * @overload
 * @param {SliderSpec} s
 * @returns {{ el: HTMLDivElement, input: HTMLInputElement, out: HTMLOutputElement }}
 */
/**
 * @param {SliderSpec & { output?: boolean }} s
 * @returns {{ el: HTMLDivElement, input: HTMLInputElement, out?: HTMLOutputElement }}
 */
export function sliderRow(s) {
  const input = rangeInput(s);
  const out = s.output === false ? undefined : h('output', { for: s.id, ...s.outAttrs });
  const label = h('label', { for: s.id, ...s.labelAttrs }, s.label);
  const el = h('div', { class: 'row' }, out ? [label, input, out] : [label, input]);
  return { el, input, out };
}
