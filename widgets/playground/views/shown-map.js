// One map a student's show() asked for: the weights as a heatmap table with its legend, the
// formula of a cell, a note when values fall outside 0–1, and a read-out of the cell under the
// pointer or the focus.
/** @import { ColorScale } from '../../../web/color.js' */
/** @import { ShownMatrix } from '../logic.js' */
/** @import { Translate } from '../strings.js' */
import { h, pct } from '../../../web/dom.js';
import { heatmapTable, heatmapLegend } from '../../../web/views/heatmap-table.js';
import { scrollRegion } from '../../../web/views/scroll-region.js';
import { formatNumber } from '../logic.js';

/**
 * @param {ShownMatrix} mat the matrix (nested rows, as the worker posted them)
 * @param {string[]} rows row labels
 * @param {string[]} cols column labels
 * @param {{ t: Translate, scale: ColorScale, lang: string }} o
 */
export function shownMap(mat, rows, cols, { t, scale, lang }) {
  const readout = h('p', { class: 'formula hm-readout', 'aria-live': 'polite' });
  /**
   * @param {number} i
   * @param {number} j
   */
  const onFocus = (i, j) => {
    const v = mat.rows[i][j];
    readout.textContent = t('readout', rows[i], cols[j], pct(v, 1), formatNumber(v));
  };
  const outside = mat.rows.some((r) => r.some((v) => !(v >= 0 && v <= 1)));
  const caption = t('mapTitle', mat.title);
  return h('figure', { class: 'map' }, [
    h('figcaption', {}, caption),
    scrollRegion(
      heatmapTable({ weights: mat.rows, rows, cols, digits: 1, caption, onFocus, lang, scale }),
      { label: caption, lang },
    ),
    heatmapLegend(scale),
    h('p', { class: 'formula' }, t('mapFormula')),
    outside ? h('p', { class: 'muted' }, t('outOfRange')) : null,
    readout,
  ]);
}
