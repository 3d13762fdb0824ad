// A box that scrolls sideways when its table is wider than the widget (a long prompt's heatmap,
// the ablation table on a phone), made usable by keyboard: while it overflows it is a labelled
// region in the tab order (arrow keys scroll it), framed, with a hint line that stays at its
// left edge while it scrolls; while it fits it is neither (no useless tab stop). The lab's own
// minimum; a shared helper in web/ can replace it.
import { h } from '../../web/dom.js';

/**
 * An empty scroll box named `label`, showing `hint` while it overflows; fill it, then call
 * markScrollRegions.
 * @param {string} label
 * @param {string} hint
 */
export function scrollRegion(label, hint) {
  const box = h('div', { class: 'scroll', 'aria-label': label, 'data-hint': hint });
  if (typeof ResizeObserver !== 'undefined') new ResizeObserver(() => mark(box)).observe(box);
  return box;
}

/** @param {HTMLElement} box */
function mark(box) {
  const overflows = box.scrollWidth > box.clientWidth + 1;
  if (overflows) {
    box.setAttribute('tabindex', '0');
    box.setAttribute('role', 'region');
    box.classList.add('overflows');
  } else {
    box.removeAttribute('tabindex');
    box.removeAttribute('role');
    box.classList.remove('overflows');
  }
}

/**
 * After a draw: each box's role and tab stop for the content it now holds.
 * @param {HTMLElement[]} boxes
 */
export function markScrollRegions(boxes) {
  boxes.forEach(mark);
}

/** The cue that more is to the side: a dashed frame and the hint, pinned to the left edge. */
export const SCROLL_REGION_CSS = `
.scroll.overflows { border: 1px dashed #8a8a8a; border-radius: 4px; padding: 2px; }
.scroll.overflows::before { content: attr(data-hint); position: sticky; left: 0; display: block; width: max-content; font-size: 0.8em; color: #555; }
.scroll.overflows:focus-visible { outline: 3px solid #E69F00; outline-offset: 2px; }
`;
