// The colour of each key token in the mix table, its legend and the dimension bars.
import { CATEGORY } from '../../../web/color.js';
import { h } from '../../../web/dom.js';

/** One colour per key token (Okabe–Ito), the text beside it says which token it is. */
const TOKEN_COLOURS = [CATEGORY.a, CATEGORY.b, CATEGORY.c, CATEGORY.d, CATEGORY.neutral];

/**
 * The colour of key token j.
 * @param {number} j
 */
export const colourOf = (j) => TOKEN_COLOURS[j % TOKEN_COLOURS.length];

/**
 * A small square in token j's colour (decoration: the label beside it names the token).
 * @param {number} j
 */
export const swatch = (j) =>
  h('span', { class: 'swatch', 'aria-hidden': 'true', style: { background: colourOf(j) } });
