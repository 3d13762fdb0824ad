// The row and column labels of the course's matrices, made to fit a phone: a token's label
// loses its gloss in a narrow widget ("ba" for "ba (object marker)"; the gloss is kept in the
// header's title and in one line under the table), word column labels are written
// bottom-to-top so five names fit across 360 px (a Chinese character stays upright), and the
// corner header says what rows and columns are ("Q↓ K→") on at most two lines. CSS:
// TABLE_LABELS_CSS, in the shared sheet.
import { h, fitText } from '../dom.js';
import { shortLabel } from '../world.js';

/** The corner header of a query × key matrix: rows are queries, columns keys. */
export const CORNER = { 'zh-CN': '查询↓ 键→', en: 'Q↓ K→' };

/**
 * The corner header's text in `lang`.
 * @param {string} lang
 */
export function cornerText(lang) {
  return CORNER[lang.startsWith('en') ? 'en' : 'zh-CN'];
}

/**
 * A row or column header: the full label, or in a narrow widget its short form ("ba" for
 * "ba (object marker)", the full one in the title and in glossLine below the table).
 * @param {string} label
 * @param {'row' | 'col'} scope
 * @param {string} [cls]
 */
export function labelHeader(label, scope, cls) {
  const short = shortLabel(label);
  // A column label of more than three characters (a word, "<bos>") is written vertically in a
  // narrow widget; a shorter one (a Chinese character) stays upright.
  const long = scope === 'col' && isLong(label);
  return h(
    'th',
    {
      scope,
      class: [cls, long ? 'hm-long' : ''].filter(Boolean).join(' ') || undefined,
      title: short === label ? undefined : label,
    },
    h('span', { class: 'hm-label' }, fitText(label, short)),
  );
}

/** @param {string} label */
const isLong = (label) => Array.from(shortLabel(label)).length > 3;

/**
 * The glosses a narrow header drops ("ba: object marker"), as one line shown only in a narrow
 * widget: [that line], or [] when no label has one (spread it into a list of children).
 * @param {string[]} labels
 */
export function glossLine(labels) {
  const glosses = labels
    .filter((l) => shortLabel(l) !== l)
    .map(
      (l) =>
        `${shortLabel(l)}: ${l
          .slice(shortLabel(l).length)
          .trim()
          .replace(/^\(|\)$/g, '')}`,
    );
  return glosses.length ? [h('p', { class: 'gloss muted' }, glosses.join(' · '))] : [];
}

/**
 * The class a table gets when its column labels are words (English): in a narrow widget they
 * are written vertically, so five names fit across a phone.
 * @param {string[]} cols
 */
export function longColumnsClass(cols) {
  return cols.some(isLong) ? 'long-cols' : '';
}

/** The labels' CSS (in the shared sheet, web/styles.js). */
export const TABLE_LABELS_CSS = `
th.hm-corner { font-weight: 400; font-size: 0.8em; color: var(--_fg-2-444); white-space: normal; word-break: keep-all; min-width: 2.6em; }
@container (max-width: 520px) {
  table.long-cols th.hm-col { vertical-align: bottom; }
  table.long-cols th.hm-col.hm-long > .hm-label { writing-mode: vertical-rl; transform: rotate(180deg); }
}
`;
