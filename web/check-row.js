// A self-check row: a course number the widget shows, recomputed, against the text the course
// prints. DOM-free, so a widget's logic.js (run by node tests) builds its rows with it too.
//
// A row about a world's tokens is named by a template with the tokens' roles in braces
// ("no mask: {query} → {answer}"), filled from the world it ran on: the row's `name` is the filled
// English name, `key` the template its Chinese name is looked up by (a widget's strings.js
// CHECK_NAMES_ZH), `vars` what both are filled with. Another world, other tokens, same names.

/**
 * A row's `en` / `zh` hold its values as the panel shows them in that language, where they are
 * words or tokens (4.9 亿 is 4.9 × 10⁸ in English; a token is glossed); `ok` judges the values.
 * @typedef {{ expected: string, actual: string }} CheckValues
 * @typedef {{ name: string, expected: string, actual: string, ok: boolean, key?: string,
 *   vars?: Record<string, string>, en?: CheckValues, zh?: CheckValues }} CheckRow
 */

/**
 * A token with its English gloss, as an English page shows a Chinese token: glossed('小明',
 * 'Xiaoming') → '小明 (Xiaoming)', glossed('把', 'ba (object marker)') → '把 (ba, object
 * marker)'; a token that is its own gloss, or has none, stays as it is.
 * @param {string} token
 * @param {string} [en]
 */
export function glossed(token, en) {
  if (!en || en === token) return token;
  return `${token} (${en.replace(/ \((.*)\)$/, ', $1')})`;
}

/**
 * The values a name template is filled with on an English panel: each role's glossed token
 * (`role:en`, web/world.js roleTokens) where it has one.
 * @param {Record<string, string>} vars
 */
export function englishVars(vars) {
  /** @type {Record<string, string>} */
  const out = {};
  for (const [k, v] of Object.entries(vars)) if (!k.endsWith(':en')) out[k] = vars[`${k}:en`] ?? v;
  return out;
}

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

/**
 * fillName('no mask: {query} → {answer}', {query: '给了', answer: '小王'}) → 'no mask: 给了 → 小王'.
 * A name in braces that `vars` lacks stays as it is.
 * @param {string} template
 * @param {Record<string, string>} vars
 */
export function fillName(template, vars) {
  return template.replace(/\{([\w.]+)\}/g, (m, k) => vars[k] ?? m);
}

/**
 * A row whose name is a template over `vars` (a world's roleTokens and any counts the name
 * quotes): ok when `ok` says so, else when the texts are equal.
 * @param {string} template
 * @param {Record<string, string>} vars
 * @param {string} expected
 * @param {string} actual
 * @param {boolean} [ok]
 * @returns {CheckRow}
 */
export function checkNamed(template, vars, expected, actual, ok = expected === actual) {
  return { name: fillName(template, vars), key: template, vars, expected, actual, ok };
}
