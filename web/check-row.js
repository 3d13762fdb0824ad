// A self-check row: a course number the widget shows, recomputed, against the text the course
// prints. DOM-free, so a widget's logic.js (run by node tests) builds its rows with it too.

/** @typedef {{ name: string, expected: string, actual: string, ok: boolean }} CheckRow */

/**
 * check('name', expected '32.5%', actual '32.5%') → a self-check row comparing the printed text.
 * @param {string} name
 * @param {string} expected
 * @param {string} actual
 * @returns {CheckRow}
 */
export function check(name, expected, actual) {
  return { name, expected, actual, ok: expected === actual };
}
