// Toggle buttons (aria-pressed). `toggleButtons`: a group of which at most one is pressed, a
// widget's modes or views, a picked token or cell, a preset that is pressed while the state is
// exactly that preset. Each button carries its value in a data attribute the widget's CSS and
// tests can select (data-mode="cos"; a table's cell its data-i / data-j, through attrs); set()
// presses the one of the value shown (null: none). Where the arrow keys move between the buttons
// (`roving`), only the pressed one is in the Tab order. `toggleButton`: one button, on or off.
/** @import { Child, Props } from '../dom.js' */
import { h } from '../dom.js';

/**
 * @template {string | number} V
 * @param {{ values: readonly V[], data?: string, pressed: V | null,
 *   label: (value: V, index: number) => Child | Child[],
 *   attrs?: (value: V, index: number) => Props, roving?: boolean,
 *   onPick: (value: V) => void }} o the values in order, the data attribute's name (without
 *   data-; none where attrs name the button's cell), the value pressed, each button's text, any
 *   further attributes of a button (a class, aria-label, style, a key handler), whether only the
 *   pressed one takes Tab, what a press does
 */
export function toggleButtons({ values, data, pressed, label, attrs, roving = false, onPick }) {
  let value = pressed;
  const buttons = values.map((v, i) =>
    h(
      'button',
      {
        type: 'button',
        ...(data === undefined ? {} : { [`data-${data}`]: v }),
        'aria-pressed': String(pressed === v),
        tabindex: roving ? (pressed === v ? '0' : '-1') : undefined,
        ...attrs?.(v, i),
        onclick: () => onPick(v),
      },
      label(v, i),
    ),
  );
  return {
    buttons,
    /** The value pressed now (null: none). */
    get value() {
      return value;
    },
    /** Presses the button of `v` and releases the others. @param {V | null} v */
    set(v) {
      value = v;
      buttons.forEach((b, i) => {
        b.setAttribute('aria-pressed', String(values[i] === v));
        if (roving) b.tabIndex = values[i] === v ? 0 : -1;
      });
    },
  };
}

/**
 * One button that is on or off (aria-pressed): a mode the student switches on and off (quiz
 * mode, the causal mask, play). The widget flips its state on a press and shows it with set().
 * @param {{ pressed: boolean, label?: Child | Child[], attrs?: Props, onToggle: () => void }} o
 *   the state now, the button's text (or none yet: the widget writes it with the state), further
 *   attributes (data-role), what a press does
 */
export function toggleButton({ pressed, label, attrs, onToggle }) {
  const button = h(
    'button',
    { type: 'button', 'aria-pressed': String(pressed), ...attrs, onclick: onToggle },
    label,
  );
  return {
    button,
    /** Shows the state `on`. @param {boolean} on */
    set(on) {
      button.setAttribute('aria-pressed', String(on));
    },
  };
}
