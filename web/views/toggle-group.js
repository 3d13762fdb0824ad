// A row of toggle buttons of which one is pressed (aria-pressed): a widget's modes or views. Each
// button carries its value in a data attribute the widget's CSS and tests can select
// (data-mode="cos"); set() presses the one of the value shown.
/** @import { Child } from '../dom.js' */
import { h } from '../dom.js';

/**
 * @template {string} V
 * @param {{ values: readonly V[], data: string, pressed: V,
 *   label: (value: V) => Child | Child[],
 *   onPick: (value: V) => void }} o the values in order, the data attribute's name (without
 *   data-), the value pressed, each button's text, what a press does
 */
export function toggleButtons({ values, data, pressed, label, onPick }) {
  const buttons = values.map((v) =>
    h(
      'button',
      {
        type: 'button',
        [`data-${data}`]: v,
        'aria-pressed': String(pressed === v),
        onclick: () => onPick(v),
      },
      label(v),
    ),
  );
  return {
    buttons,
    /** Presses the button of `value` and releases the others. @param {V} value */
    set(value) {
      buttons.forEach((b, i) => b.setAttribute('aria-pressed', String(values[i] === value)));
    },
  };
}
