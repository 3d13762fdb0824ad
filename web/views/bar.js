// One horizontal bar: a track (.bar-track in the shared sheet) holding a fill (.bar-fill) whose
// width is a share of the track, the picture next to a number the widget writes beside it. A
// signed value's fill starts at `left` (a share too) and is hatched (.neg); marks on the track (a
// zero line, axis ticks) come with it. A bar with no share yet (share null) is an empty track.
/** @import { Child, Props } from '../dom.js' */
import { h } from '../dom.js';

/**
 * @param {number} share 0 … 1 of the track
 * @param {number | null} digits decimals of the percentage (null: as computed)
 */
const percent = (share, digits) =>
  digits === null ? `${share * 100}%` : `${(share * 100).toFixed(digits)}%`;

/**
 * @param {{ share: number | null, left?: number, neg?: boolean, digits?: number | null,
 *   tag?: 'div' | 'span', trackClass?: string, fillClass?: string, attrs?: Props,
 *   fillStyle?: Record<string, string>, marks?: Child[], marksAfter?: Child[] }} o the fill's
 *   share of the track (null: no fill), its left edge, whether the value is negative, decimals of
 *   the widths written, the elements' tag, further classes of the track and the fill, further
 *   attributes of the track (aria-hidden, or role="img" with a label), further style of the fill,
 *   marks drawn under the fill and over it
 */
export function bar({
  share,
  left,
  neg = false,
  digits = 2,
  tag = 'div',
  trackClass = 'bar-track',
  fillClass,
  attrs = {},
  fillStyle = {},
  marks = [],
  marksAfter = [],
}) {
  const fill =
    share === null
      ? null
      : h(tag, {
          class: ['bar-fill', neg ? 'neg' : '', fillClass ?? ''].filter(Boolean).join(' '),
          style: {
            ...(left === undefined ? {} : { left: percent(left, digits) }),
            width: percent(share, digits),
            ...fillStyle,
          },
        });
  const el = h(tag, { class: trackClass, ...attrs }, [...marks, fill, ...marksAfter]);
  return {
    el,
    fill,
    /** Sets the fill's width to `s` of the track. @param {number} s */
    set(s) {
      fill?.style.setProperty('width', percent(s, digits));
    },
  };
}
