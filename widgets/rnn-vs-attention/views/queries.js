// The query picker: one button per token, the shown query pressed (and the one Tab reaches;
// the arrow keys move between them, wired by the element on their group).
/** @import { AttnWidget } from '../../../web/widget-base.js' */
import { h } from '../../../web/dom.js';

/**
 * @param {string[]} labels the tokens
 * @param {{ query: number, onPick: (i: number) => void, t: AttnWidget['t'] }} options the query
 *   shown, what a click does, the widget's strings
 */
export function queryButtons(labels, { query, onPick, t }) {
  return labels.map((l, i) =>
    h(
      'button',
      {
        type: 'button',
        'data-q': i,
        'aria-pressed': String(i === query),
        tabindex: i === query ? '0' : '-1',
        'aria-label': t('queryBtn', l, i),
        onclick: () => onPick(i),
      },
      l,
    ),
  );
}
