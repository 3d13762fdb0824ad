// How the ledger writes token counts and byte amounts.
import { bytes, exactBytes, grouped, h } from '../../../web/dom.js';

/** @typedef {(key: string, ...args: any[]) => any} Translate the widget's t() */

/** 262,144: a token count with thousands separators, in either language. */
export const tokensText = (/** @type {number} */ n) => grouped(n);

/**
 * "389,120 B = 380 KiB", each half kept on one line.
 * @param {number} b
 */
export const amount = (b) => [
  h('span', { class: 'nw' }, exactBytes(b)),
  ' ',
  h('span', { class: 'nw' }, `= ${bytes(b)}`),
];
