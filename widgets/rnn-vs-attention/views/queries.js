// The query picker: one button per token, the shown query pressed (and the one Tab reaches;
// the arrow keys move between them, wired by the element on their group).
/** @import { AttnWidget } from '../../../web/widget-base.js' */
import { toggleButtons } from '../../../web/views/toggle-group.js';

/**
 * @param {string[]} labels the tokens
 * @param {{ query: number, onPick: (i: number) => void, t: AttnWidget['t'] }} options the query
 *   shown, what a click does, the widget's strings
 */
export function queryButtons(labels, { query, onPick, t }) {
  return toggleButtons({
    values: labels.map((_, i) => i),
    data: 'q',
    pressed: query,
    roving: true,
    label: (i) => labels[i],
    attrs: (i) => ({ 'aria-label': t('queryBtn', labels[i], i) }),
    onPick,
  }).buttons;
}
